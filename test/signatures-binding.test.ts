/**
 * Request signatures under the rules of UCP's shopping binding (`verify(…, { binding: true })`,
 * UCP's signatures.md): a signature whose parameters carry only keyid verifies; created and expires
 * are checked when sent; no nonce is asked for, but one that is sent is remembered and its replay
 * refused. The seed API's rules are unchanged (created, expires and nonce on every signature), on
 * the verifier and through the seed gateway. The service's own verifier, its shared nonce store
 * (the test database) and keys fetched from a local HTTPS profile server (test/support/profile-server.ts);
 * requests signed with http-message-signatures as an agent would.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMessage } from '../server/signatures/message';
import { SIGNATURE_LIMITS, type NonceStore, type Verification } from '../server/signatures/verify';
import { BASE, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { profileServer, type ProfileServer } from './support/profile-server';
import { requiredFields, signRequest, testKey, ucpSign, type Unsigned } from './support/signing';
import { contentDigest } from '../server/signatures/content-digest';
import { DatabaseDeadlineError } from '../server/db/deadline';
import { ApiError } from '../server/errors/catalogue';

let ps: ProfileServer;
let db: TestDatabase;
let t: TestApp;
let PROFILE: string;
/** UCP's required algorithm, published in UCP 2026-04-08's signing_keys[]. */
const es256 = testKey('ES256');
const ed25519 = testKey('Ed25519');

beforeAll(async () => {
  ps = await profileServer();
  PROFILE = `${ps.origin}/.well-known/ucp`;
  ps.routes.set('/.well-known/ucp', {
    body: { ucp: { version: '2026-04-08' }, signing_keys: [es256.jwk, ed25519.jwk] },
    headers: { 'cache-control': 'public, max-age=600' },
  });
  db = await testDatabase();
  t = await testApp(ps.env, db);
});
afterAll(async () => {
  await db?.drop();
  await ps?.close();
});

const now = () => Math.floor(Date.now() / 1000);

interface Call {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function unsigned({ method = 'GET', path = '/ucp/catalog/product', headers = {}, body }: Call): Unsigned {
  const all: Record<string, string> = { 'ucp-agent': `profile="${PROFILE}"`, ...headers };
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (text !== undefined) all['content-type'] = 'application/json';
  return { method, url: BASE + path, headers: all, body: text };
}

/** The request as the gateway hands it to the verifier (a new message each time: the verifier keeps one result per message). */
function message(req: Unsigned, headers: Record<string, string>): HttpMessage {
  const url = new URL(req.url);
  return { method: req.method, url: url.pathname + url.search, headers: new Headers(headers), body: req.body === undefined ? null : new TextEncoder().encode(req.body) };
}

/** The service's nonce store, with the expiry of each nonce it is asked to keep. */
function nonceStore(): NonceStore & { kept: number[] } {
  const kept: number[] = [];
  return {
    kept,
    rememberNonce(key, expiresAtMs) {
      kept.push(expiresAtMs);
      return t.app.services.shared.rememberNonce(key, expiresAtMs);
    },
  };
}

async function verify(req: Unsigned, headers: Record<string, string>, options?: { binding?: boolean }, nonces: NonceStore = nonceStore()): Promise<Verification> {
  return t.app.services.signatures.verify(message(req, headers), { url: PROFILE, host: ps.host }, nonces, undefined, options);
}

const binding = { binding: true };

describe('UCP’s binding: keyid alone', () => {
  it('verifies a signature whose parameters carry only keyid (UCP’s GET example), as signed', async () => {
    const req = unsigned({});
    const headers = await ucpSign(req, es256);
    expect(headers['Signature-Input']).toMatch(/^sig1=\("@method" "@authority" "@path" "ucp-agent"\);keyid="[^"]+"$/);
    const outcome = await verify(req, headers, binding);
    expect(outcome).toEqual({ ok: true, keyid: es256.jwk.kid, regime: 'default', profile: PROFILE, coversServiceBuyer: false });
  });

  it('verifies UCP’s POST example: idempotency-key, content-digest and content-type covered, no other parameter', async () => {
    const req = unsigned({ method: 'POST', path: '/ucp/checkout-sessions', headers: { 'idempotency-key': crypto.randomUUID() }, body: { line_items: [{ item: { id: 'p1' }, quantity: 2 }] } });
    const headers = await ucpSign(req, es256, {}, ['@method', '@authority', '@path', 'ucp-agent', 'idempotency-key', 'content-digest', 'content-type']);
    expect(headers['Signature-Input']).toBe(`sig1=("@method" "@authority" "@path" "ucp-agent" "idempotency-key" "content-digest" "content-type");keyid="${es256.jwk.kid}"`);
    expect(await verify(req, headers, binding)).toMatchObject({ ok: true, keyid: es256.jwk.kid });
    // No nonce, so nothing to replay: the same request verifies again (its Idempotency-Key answers a retry).
    expect(await verify(req, headers, binding)).toMatchObject({ ok: true });
  });

  it('on MCP 2026-07-28, verifies a signature covering Mcp-Method and Mcp-Name (docs/ucp.md recommends it), and one leaving them out', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: {} } };
    const req = unsigned({ method: 'POST', path: '/ucp/mcp', headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'search_catalog' }, body });
    const fields = ['@method', '@authority', '@path', 'ucp-agent', 'content-digest', 'content-type'];
    expect(await verify(req, await ucpSign(req, es256, {}, [...fields, 'mcp-method', 'mcp-name']), binding)).toMatchObject({ ok: true });
    expect(await verify(req, await ucpSign(req, es256, {}, fields), binding)).toMatchObject({ ok: true });
  });

  it('takes any key of signing_keys[], alg following the key’s crv; an alg sent must fit it', async () => {
    const req = unsigned({});
    expect(await verify(req, await ucpSign(req, ed25519), binding)).toMatchObject({ ok: true, keyid: ed25519.jwk.kid });
    expect(await verify(req, await ucpSign(req, es256, { alg: 'ecdsa-p256-sha256' }), binding)).toMatchObject({ ok: true });
    expect(await verify(req, await ucpSign(req, es256, { alg: 'ed25519' }), binding)).toMatchObject({ ok: false, code: 'signature_algorithm_unsupported' });
  });

  it('asks for the same covered components as the seed API (UCP’s own list)', async () => {
    const req = unsigned({ method: 'POST', path: '/ucp/carts', headers: { 'idempotency-key': crypto.randomUUID() }, body: { line_items: [] } });
    for (const left of ['content-digest', 'idempotency-key', 'ucp-agent', '@authority']) {
      const fields = requiredFields({ ...req, headers: { ...req.headers, 'content-digest': contentDigest(req.body!) } }).filter((f) => f !== left);
      const outcome = await verify(req, await ucpSign(req, es256, {}, fields), binding);
      expect(outcome, left).toMatchObject({ ok: false, code: 'signature_components_missing' });
      expect((outcome as { reason: string }).reason).toContain(left);
    }
  });

  it('does not verify a signature made with another key, or over another body (an advisory, not a throw)', async () => {
    const req = unsigned({});
    expect(await verify(req, await ucpSign(req, testKey('ES256', es256.jwk.kid)), binding)).toMatchObject({ ok: false, code: 'signature_invalid' });
    const post = unsigned({ method: 'POST', path: '/ucp/carts', headers: { 'idempotency-key': crypto.randomUUID() }, body: { line_items: [] } });
    const headers = await ucpSign(post, es256);
    expect(await verify({ ...post, body: '{"line_items":[1]}' }, headers, binding)).toMatchObject({ ok: false, code: 'signature_digest_mismatch' });
  });
});

describe('UCP’s binding: created and expires, checked when sent', () => {
  it('verifies with created alone, expires alone, or both', async () => {
    const req = unsigned({});
    for (const params of [{ created: now() }, { expires: now() + 300 }, { created: now() - 30, expires: now() + 300 }]) {
      expect(await verify(req, await ucpSign(req, es256, params), binding), JSON.stringify(params)).toMatchObject({ ok: true });
    }
  });

  it('signature_expired: expires more than 60 s ago, with or without created (60 s of skew still verify)', async () => {
    const req = unsigned({});
    for (const params of [{ expires: now() - 61 }, { created: now() - 600, expires: now() - 61 }]) {
      const outcome = await verify(req, await ucpSign(req, es256, params), binding);
      expect(outcome, JSON.stringify(params)).toMatchObject({ ok: false, code: 'signature_expired' });
    }
    expect(await verify(req, await ucpSign(req, es256, { expires: now() - 50 }), binding)).toMatchObject({ ok: true });
  });

  it('signature_params_invalid: created ahead of the clock, expires before created or more than a day after it', async () => {
    const req = unsigned({});
    for (const params of [
      { created: now() + 120 },
      { created: now(), expires: now() - 1 },
      { created: now(), expires: now() + SIGNATURE_LIMITS.lifetimeSeconds + 1 },
    ]) {
      expect(await verify(req, await ucpSign(req, es256, params), binding), JSON.stringify(params)).toMatchObject({ ok: false, code: 'signature_params_invalid' });
    }
  });
});

describe('UCP’s binding: a nonce, when sent', () => {
  it('is not asked for: nothing is remembered without one', async () => {
    const req = unsigned({});
    const nonces = nonceStore();
    expect(await verify(req, await ucpSign(req, es256), binding, nonces)).toMatchObject({ ok: true });
    expect(nonces.kept).toEqual([]);
  });

  it('is remembered, and its replay refused (signature_replayed), as on the seed API', async () => {
    const req = unsigned({});
    const nonce = randomBytes(16).toString('base64url');
    const headers = await ucpSign(req, es256, { nonce });
    expect(await verify(req, headers, binding)).toMatchObject({ ok: true });
    expect(await verify(req, headers, binding)).toMatchObject({ ok: false, code: 'signature_replayed' });
    // Replayed under the seed API's rules too: one store, one key per (profile, keyid, nonce).
    const seed = await signRequest(req, { key: es256, nonce: randomBytes(16).toString('base64url') });
    expect(await verify(req, seed)).toMatchObject({ ok: true });
    expect(await verify(req, seed, binding)).toMatchObject({ ok: false, code: 'signature_replayed' });
  });

  it('is kept until expires + 60 s, or for a day when the signature has no expires', async () => {
    const req = unsigned({});
    const expires = now() + 300;
    const withExpiry = nonceStore();
    expect(await verify(req, await ucpSign(req, es256, { nonce: randomBytes(16).toString('base64url'), expires }), binding, withExpiry)).toMatchObject({ ok: true });
    expect(withExpiry.kept).toEqual([(expires + SIGNATURE_LIMITS.toleranceSeconds) * 1000]);
    const without = nonceStore();
    const before = now();
    expect(await verify(req, await ucpSign(req, es256, { nonce: randomBytes(16).toString('base64url') }), binding, without)).toMatchObject({ ok: true });
    const day = (SIGNATURE_LIMITS.lifetimeSeconds + SIGNATURE_LIMITS.toleranceSeconds) * 1000;
    expect(without.kept[0]).toBeGreaterThanOrEqual(before * 1000 + day);
    expect(without.kept[0]).toBeLessThanOrEqual((now() + 1) * 1000 + day);
  });

  it('must still be 8–128 characters', async () => {
    const req = unsigned({});
    expect(await verify(req, await ucpSign(req, es256, { nonce: 'short' }), binding)).toMatchObject({ ok: false, code: 'signature_params_invalid' });
  });
});

describe('a nonce store that does not answer', () => {
  const failing = (err: Error): NonceStore => ({ rememberNonce: () => Promise.reject(err) });
  const redisDown = () => new ApiError('service_unavailable', { headers: { 'Retry-After': '5' } });

  it('leaves a seed API call unsigned with signature_nonce_unchecked (Redis out of reach, or the database)', async () => {
    const req = unsigned({});
    for (const err of [redisDown(), new DatabaseDeadlineError('the nonce')]) {
      const outcome = await verify(req, await signRequest(req, { key: es256 }), {}, failing(err));
      expect(outcome).toMatchObject({ ok: false, code: 'signature_nonce_unchecked' });
    }
  });

  it('fails the binding’s call with the store’s 503, which refuses a signature it cannot use', async () => {
    const req = unsigned({});
    const down = redisDown();
    await expect(verify(req, await ucpSign(req, es256, { nonce: randomBytes(16).toString('base64url') }), binding, failing(down))).rejects.toBe(down);
    // Without a nonce there is nothing to ask the store.
    expect(await verify(req, await ucpSign(req, es256), binding, failing(down))).toMatchObject({ ok: true });
  });

  it('is not taken for an outage when it fails otherwise: the error stands, on both', async () => {
    const req = unsigned({});
    const bug = new TypeError('not a store failure');
    await expect(verify(req, await signRequest(req, { key: es256 }), {}, failing(bug))).rejects.toBe(bug);
    await expect(verify(req, await ucpSign(req, es256, { nonce: randomBytes(16).toString('base64url') }), binding, failing(bug))).rejects.toBe(bug);
  });
});

describe('the seed API’s rules, unchanged', () => {
  it('still need created, expires and nonce', async () => {
    const req = unsigned({});
    const outcome = await verify(req, await ucpSign(req, es256));
    expect(outcome).toMatchObject({ ok: false, code: 'signature_params_invalid' });
    for (const name of ['created', 'expires', 'nonce']) expect((outcome as { reason: string }).reason).toContain(name);
    expect(await verify(req, await ucpSign(req, es256, { created: now(), expires: now() + 300 }))).toMatchObject({ ok: false, code: 'signature_params_invalid' });
    expect(await verify(req, await signRequest(req, { key: es256 }))).toMatchObject({ ok: true });
  });

  it('keep one result per message and rules: the same message verified under both', async () => {
    const req = unsigned({});
    const msg = message(req, await ucpSign(req, es256));
    const profile = { url: PROFILE, host: ps.host };
    const { signatures, shared } = t.app.services;
    expect(await signatures.verify(msg, profile, shared)).toMatchObject({ ok: false, code: 'signature_params_invalid' });
    expect(await signatures.verify(msg, profile, shared, undefined, binding)).toMatchObject({ ok: true });
    expect(await signatures.verify(msg, profile, shared)).toMatchObject({ ok: false, code: 'signature_params_invalid' });
  });

  it('apply through the seed gateway: a keyid-only signature leaves the call open, advised', async () => {
    const req = unsigned({ path: '/api/agent/platform/limits' });
    const res = await t.call('GET', '/api/agent/platform/limits', { headers: await ucpSign(req, es256) });
    expect(res.status).toBe(200);
    expect(res.headers.get('service-advisory')).toBe('signature_params_invalid');
    expect(res.headers.get('service-agent-trust')).toBe('open');
  });
});
