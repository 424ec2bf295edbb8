/**
 * Request signatures end to end: an agent signs with http-message-signatures (the client library),
 * its profile and key directory are served by a local HTTPS server under a pinned .test name
 * (test/support/profile-server.ts), and the service verifies through its real gateway and MCP
 * server, on the test database (PGlite, or Postgres with DATABASE_URL). ES256, ES384 and Ed25519;
 * the default regime (signing_keys[], keys[]) and Web Bot Auth (both Signature-Agent forms, the
 * directory, thumbprints); every advisory forced; the cache and the refetch of a rotated key;
 * replays across instances; a signed MCP tools/call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedbackReports } from '../server/db/schema';
import { createContext } from '../server/trpc/context';
import { signatureSent } from '../server/trpc/signature';
import type { Verification } from '../server/signatures/verify';
import { BASE, freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { AT_REFUSAL, BEFORE_REFUSAL, setClock } from './support/clock';
import { profileServer, type ProfileServer } from './support/profile-server';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { requiredFields, signRequest, testKey, thumbprint, type SignOptions, type TestKey, type Unsigned } from './support/signing';

let ps: ProfileServer;
let db: TestDatabase;
let t: TestApp;
let PROFILE: string;
const es256 = testKey('ES256');
const es384 = testKey('ES384');
const ed25519 = testKey('Ed25519');
/** Published only in the key directory (Web Bot Auth). */
const botKey = testKey('Ed25519');
const outcomes: Verification[] = [];

const profileDocument = (extra: Record<string, unknown> = {}) => ({
  ucp: { version: '2026-04-08' },
  signing_keys: [es256.jwk],
  keys: [es384.jwk, ed25519.jwk],
  ...extra,
});

beforeAll(async () => {
  ps = await profileServer();
  PROFILE = `${ps.origin}/profile.json`;
  ps.routes.set('/profile.json', { body: profileDocument(), headers: { 'cache-control': 'max-age=600' } });
  ps.routes.set('/.well-known/http-message-signatures-directory', {
    body: { keys: [botKey.jwk] },
    headers: { 'content-type': 'application/http-message-signatures-directory+json' },
  });
  ps.routes.set('/bots/directory.json', { body: { keys: [botKey.jwk] } });
  db = await testDatabase();
  t = await testApp(ps.env, db);
  const { signatures } = t.app.services;
  const verify = signatures.verify.bind(signatures);
  vi.spyOn(signatures, 'verify').mockImplementation(async (...args) => {
    const outcome = await verify(...args);
    outcomes.push(outcome);
    return outcome;
  });
});
afterAll(async () => {
  await db?.drop();
  await ps?.close();
});
afterEach(() => {
  outcomes.length = 0;
});

interface Call {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: unknown;
  key?: TestKey;
  sign?: Partial<SignOptions>;
  /** Changes the signed headers before sending (tampering). */
  alter?: (headers: Record<string, string>) => void;
}

function unsigned({ method = 'GET', path = '/api/agent/platform/limits', headers = {}, body }: Call): Unsigned {
  const all: Record<string, string> = { 'ucp-agent': `profile="${PROFILE}"`, ...headers };
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (text !== undefined) all['content-type'] = 'application/json';
  return { method, url: BASE + path, headers: all, body: text };
}

async function signed(call: Call): Promise<Record<string, string>> {
  const headers = await signRequest(unsigned(call), { key: call.key ?? es256, ...call.sign });
  call.alter?.(headers);
  return headers;
}

async function send(call: Call, headers?: Record<string, string>): Promise<{ res: Response; outcome: Verification | undefined; advisories: string | null }> {
  const req = unsigned(call);
  outcomes.length = 0;
  const res = await t.call(req.method, call.path ?? '/api/agent/platform/limits', { headers: headers ?? (await signed(call)), raw: req.body });
  return { res, outcome: outcomes.at(-1), advisories: res.headers.get('service-advisory') };
}

/** Sends the call signed and expects it verified, with no advisory. */
async function verified(call: Call): Promise<Extract<Verification, { ok: true }>> {
  const { res, outcome, advisories } = await send(call);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
  expect(advisories).toBeNull();
  // The caller is taken for the signed agent (server/limits/: its tier and its own allowance).
  const { keyid, regime } = outcome as Extract<Verification, { ok: true }>;
  expect(res.headers.get('service-agent-trust')).toMatch(new RegExp(`^signed;keyid="${keyid}"${regime === 'web-bot-auth' ? ';web-bot-auth' : ''}`));
  expect(res.headers.get('ratelimit-policy')).toMatch(/^"signed";/);
  return outcome as Extract<Verification, { ok: true }>;
}

/** Sends the call and expects it served as open, with exactly the one advisory `code`. */
async function advised(call: Call, code: string, headers?: Record<string, string>): Promise<string> {
  const { res, outcome, advisories } = await send(call, headers);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  expect(outcome).toMatchObject({ ok: false, code });
  expect(advisories).toBe(code);
  expect(res.headers.get('service-agent-trust')).toBe('open');
  const [entry] = body['service:advisories'];
  expect(entry).toMatchObject({ code, refused_from: null, documentation: `${BASE}/api/agent/docs/overview#advisory-${code}` });
  return entry.message;
}

describe('the default regime: keys from the UCP-Agent profile', () => {
  it.each([
    ['ES256 from signing_keys[] (UCP 2026-04-08)', es256],
    ['ES384 from keys[] (a JWK Set)', es384],
    ['Ed25519 from keys[]', ed25519],
  ])('verifies %s', async (_, key) => {
    const outcome = await verified({ key });
    expect(outcome).toMatchObject({ keyid: key.jwk.kid, regime: 'default', profile: PROFILE, coversServiceBuyer: false });
  });

  it('reads keys as UCP 2026-04-08 publishes them (its signing_key schema)', (ctx) => {
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    const validate = ucpAjv().getSchema('https://ucp.dev/schemas/discovery/profile.json#/$defs/signing_key')!;
    for (const key of [es256, es384, ed25519]) expect(validate(key.jwk), JSON.stringify(validate.errors)).toBe(true);
  });

  it('covers the query as received, and a body by its Content-Digest (sha-256 or sha-512)', async () => {
    await verified({ path: '/api/agent/search?q=merino%20socks&limit=2' });
    const body = { category: 'other', severity: 'friction', message: `signed ${freshKey()}`, context: { endpoint: '/api/agent/feedback' } };
    await verified({ method: 'POST', path: '/api/agent/feedback', headers: { 'idempotency-key': freshKey() }, body, key: ed25519 });
    const text = JSON.stringify(body);
    const sha512 = (await import('../server/signatures/content-digest')).contentDigest(text, 'sha-512');
    await verified({ method: 'POST', path: '/api/agent/feedback', headers: { 'idempotency-key': freshKey(), 'content-digest': sha512 }, body });
  });

  it('takes the alg parameter when it fits the key', async () => {
    await verified({ key: es384, sign: { alg: 'ecdsa-p384-sha384' } });
  });

  it('marks a covered, kept Service-Buyer as attested, and the feedback report records it', async () => {
    const message = `attested ${freshKey()}`;
    const outcome = await verified({
      method: 'POST',
      path: '/api/agent/feedback',
      headers: { 'idempotency-key': freshKey(), 'service-buyer': 'ref="buyer-0001", session="chat-1"' },
      body: { category: 'other', severity: 'friction', message },
    });
    expect(outcome.coversServiceBuyer).toBe(true);
    const [row] = await db.database.db.select().from(feedbackReports).where(eq(feedbackReports.message, message));
    expect(row).toMatchObject({ buyerRef: 'buyer-0001', buyerRefAttested: true });
    // Not covered: kept, but not attested.
    const plain = `not attested ${freshKey()}`;
    const req = unsigned({ method: 'POST', path: '/api/agent/feedback', headers: { 'idempotency-key': freshKey() }, body: { category: 'other', severity: 'friction', message: plain } });
    const headers = await signRequest(req, { key: es256 });
    headers['service-buyer'] = 'ref="buyer-0002"';
    const res = await t.call('POST', '/api/agent/feedback', { headers, raw: req.body });
    expect(res.status).toBe(202);
    const [other] = await db.database.db.select().from(feedbackReports).where(eq(feedbackReports.message, plain));
    expect(other).toMatchObject({ buyerRef: 'buyer-0002', buyerRefAttested: false });
  });

  it('serves the pinned profile host without the reserved-host advisory (another port is advised, then refused)', async () => {
    const other = `profile="https://${ps.host}:1/profile.json"`;
    for (const [when, status] of [[BEFORE_REFUSAL, 200], [AT_REFUSAL, 400]] as const) {
      const realClock = setClock(when);
      try {
        const res = await t.call('GET', '/api/agent/platform/limits', { headers: { 'ucp-agent': `profile="${PROFILE}"` } });
        expect(res.status).toBe(200);
        expect(res.headers.get('service-advisory')).toBeNull();
        const unpinned = await t.call('GET', '/api/agent/platform/limits', { headers: { 'ucp-agent': other } });
        expect(unpinned.status).toBe(status);
        if (status === 200) expect(unpinned.headers.get('service-advisory')).toMatch(/^reserved_profile_host/);
        else expect((await unpinned.json()).code).toBe('reserved_profile_host');
      } finally {
        realClock();
      }
    }
  });

  it('tries at most three labels in order: the first that verifies counts', async () => {
    const call: Call = {};
    const good = await signed(call);
    const bad = await signRequest(unsigned(call), { key: es256, keyid: 'no-such-kid', label: 'first' });
    // Two labels: the first names an unknown key, the second verifies.
    const { 'Signature-Input': input, Signature: signature, ...rest } = good;
    const headers = { ...rest, 'signature-input': `${bad['Signature-Input']}, ${input}`, signature: `${bad.Signature}, ${signature}` };
    const { outcome, advisories } = await send(call, headers);
    expect(outcome).toMatchObject({ ok: true, keyid: es256.jwk.kid });
    expect(advisories).toBeNull();
  });
});

describe('Web Bot Auth: the Signature-Agent directory, keyid as the thumbprint', () => {
  it('reads Signature-Agent as a dictionary member named by the label; / is the well-known directory', async () => {
    const keyid = await thumbprint(botKey);
    const outcome = await verified({ key: botKey, headers: { 'signature-agent': `sig1="${ps.origin}/"` }, sign: { keyid, tag: 'web-bot-auth' } });
    expect(outcome).toMatchObject({ regime: 'web-bot-auth', keyid, profile: PROFILE });
  });

  it('reads the legacy sf-string form, and fetches any other path as it is', async () => {
    const keyid = await thumbprint(botKey);
    ps.hits.delete('/bots/directory.json');
    await verified({ key: botKey, headers: { 'signature-agent': `"${ps.origin}/bots/directory.json"` }, sign: { keyid, tag: 'web-bot-auth' } });
    expect(ps.hits.get('/bots/directory.json')).toBe(1);
  });

  it('needs the thumbprint, not the kid', async () => {
    const message = await advised({ key: botKey, headers: { 'signature-agent': `sig1="${ps.origin}"` }, sign: { tag: 'web-bot-auth' } }, 'signature_key_unknown');
    expect(message).toContain('thumbprint');
  });

  it.each([
    ['on another host', (origin: string) => `sig1="https://other.test${origin.slice(origin.lastIndexOf(':'))}/"`, 'not on the profile'],
    ['over http', (origin: string) => `sig1="${origin.replace('https:', 'http:')}/"`, 'https'],
    ['without the label’s member', (origin: string) => `other="${origin}/"`, 'no member named sig1'],
    ['an unquoted token', () => 'sig1=agents', 'not a quoted URL'],
  ])('refuses a Signature-Agent %s (signature_agent_mismatch)', async (_, value, reason) => {
    const keyid = await thumbprint(botKey);
    const call: Call = { key: botKey, headers: { 'signature-agent': value(ps.origin) } };
    // Covered whole: a dictionary without the label's member has no member to cover.
    const fields = [...requiredFields(unsigned(call)).filter((f) => !f.startsWith('signature-agent')), 'signature-agent'];
    const message = await advised({ ...call, sign: { keyid, tag: 'web-bot-auth', fields } }, 'signature_agent_mismatch');
    expect(message).toContain(reason);
  });

  it('needs Signature-Agent with web-bot-auth', async () => {
    const keyid = await thumbprint(botKey);
    await advised({ key: botKey, sign: { keyid, tag: 'web-bot-auth' } }, 'signature_agent_mismatch');
  });
});

describe('every advisory: the call is served as open', () => {
  it('signature_malformed: not a dictionary, no Signature, no byte sequence', async () => {
    const good = await signed({});
    await advised({}, 'signature_malformed', { ...good, 'Signature-Input': 'sig1=(("@method")' });
    const { Signature: _, ...noSignature } = good;
    await advised({}, 'signature_malformed', noSignature);
    await advised({}, 'signature_malformed', { ...good, Signature: 'sig1="not bytes"' });
    await advised({}, 'signature_malformed', { ...good, 'Signature-Input': 'sig1="@method"' });
  });

  it.each([
    ['@authority', (fields: string[]) => fields.filter((f) => f !== '@authority'), {}],
    ['ucp-agent', (fields: string[]) => fields.filter((f) => f !== 'ucp-agent'), {}],
    ['@query', (fields: string[]) => fields.filter((f) => f !== '@query'), { path: '/api/agent/search?q=socks' }],
    ['content-digest', (fields: string[]) => fields.filter((f) => f !== 'content-digest'), { method: 'POST', path: '/api/agent/feedback', body: { category: 'other', severity: 'friction', message: 'x' } }],
    ['idempotency-key', (fields: string[]) => fields.filter((f) => f !== 'idempotency-key'), { method: 'POST', path: '/api/agent/feedback', body: { category: 'other', severity: 'friction', message: 'y' } }],
  ])('signature_components_missing: %s', async (name, pick, extra: Call) => {
    const call: Call = { ...extra, headers: extra.method === 'POST' ? { 'idempotency-key': freshKey() } : {} };
    const fields = pick(requiredFields(unsigned(call)));
    const message = await advised({ ...call, sign: { fields } }, 'signature_components_missing');
    expect(message).toContain(name);
  });

  it('signature_components_missing: Signature-Agent covered whole or as the label’s member', async () => {
    const keyid = await thumbprint(botKey);
    const call: Call = { key: botKey, headers: { 'signature-agent': `sig1="${ps.origin}/"` }, sign: { keyid, tag: 'web-bot-auth' } };
    const fields = requiredFields(unsigned(call)).filter((f) => !f.startsWith('signature-agent'));
    await advised({ ...call, sign: { ...call.sign, fields } }, 'signature_components_missing');
    await verified({ ...call, sign: { ...call.sign, fields: [...fields, 'signature-agent'] } });
  });

  // Times from the clock when each test runs: on a busy machine the file's collection may be over a minute earlier.
  it.each([
    ['a short nonce', () => ({ nonce: 'short' })],
    ['a nonce over 128 characters', () => ({ nonce: 'n'.repeat(129) })],
    ['expires more than a day after created', () => ({ created: Math.floor(Date.now() / 1000), expires: Math.floor(Date.now() / 1000) + 86_401 })],
    ['created more than 60 s ahead', () => ({ created: Math.floor(Date.now() / 1000) + 120, expires: Math.floor(Date.now() / 1000) + 400 })],
    ['expires before created', () => ({ created: Math.floor(Date.now() / 1000), expires: Math.floor(Date.now() / 1000) - 1 })],
  ])('signature_params_invalid: %s', async (_, sign) => {
    await advised({ sign: sign() }, 'signature_params_invalid');
  });

  it('signature_params_invalid: no nonce', async () => {
    const call: Call = {};
    const req = unsigned(call);
    const { httpbis, createSigner } = await import('http-message-signatures');
    const now = new Date();
    const out = await httpbis.signMessage(
      { key: createSigner(es256.privateKey, es256.algorithm, es256.jwk.kid), fields: requiredFields(req), params: ['created', 'expires', 'keyid'], paramValues: { created: now, expires: new Date(now.getTime() + 60_000) } },
      { method: req.method, url: req.url, headers: req.headers },
    );
    await advised(call, 'signature_params_invalid', out.headers as Record<string, string>);
  });

  it('signature_expired: expires more than 60 s ago (60 s of skew still verify)', async () => {
    const now = Math.floor(Date.now() / 1000);
    await advised({ sign: { created: now - 600, expires: now - 61 } }, 'signature_expired');
    await verified({ sign: { created: now - 600, expires: now - 50 } });
  });

  it('signature_digest_mismatch: the body is not the one digested', async () => {
    const call: Call = { method: 'POST', path: '/api/agent/feedback', headers: { 'idempotency-key': freshKey() }, body: { category: 'other', severity: 'friction', message: 'digest' } };
    const headers = await signed({ ...call, headers: { ...call.headers, 'content-digest': 'sha-256=:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=:' } });
    await advised(call, 'signature_digest_mismatch', headers);
    const other = await signed({ ...call, headers: { ...call.headers, 'idempotency-key': freshKey(), 'content-digest': 'md5=:AAAAAAAAAAAAAAAAAAAAAA==:' } });
    await advised({ ...call, headers: { 'idempotency-key': other['idempotency-key'] } }, 'signature_digest_mismatch', other);
  });

  it('signature_profile_unavailable: the profile cannot be had (404, not JSON)', async () => {
    ps.routes.set('/broken.json', { body: 'not json' });
    for (const path of ['/missing.json', '/broken.json']) {
      const profile = `${ps.origin}${path}`;
      const message = await advised({ headers: { 'ucp-agent': `profile="${profile}"` } }, 'signature_profile_unavailable');
      expect(message).toContain(path);
    }
  });

  it('signature_key_unknown: no key has the kid', async () => {
    await advised({ sign: { keyid: 'nobody' } }, 'signature_key_unknown');
  });

  it('signature_algorithm_unsupported: an RSA key, a JWK alg or a Signature-Input alg that does not fit', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const rsa = { ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }) as Record<string, string>), kid: 'rsa-1' };
    const misfit = testKey('ES256', 'misfit');
    ps.routes.set('/odd.json', { body: { keys: [rsa, { ...misfit.jwk, alg: 'ES384' }] } });
    const odd = { 'ucp-agent': `profile="${ps.origin}/odd.json"` };
    expect(await advised({ headers: odd, sign: { keyid: 'rsa-1' } }, 'signature_algorithm_unsupported')).toContain('RSA');
    expect(await advised({ headers: odd, key: misfit }, 'signature_algorithm_unsupported')).toContain('ES384');
    await advised({ key: es256, sign: { alg: 'ed25519' } }, 'signature_algorithm_unsupported');
  });

  it('signature_invalid: another key under the kid, a header changed after signing, another authority', async () => {
    const impostor = testKey('ES256', es256.jwk.kid);
    await advised({ key: impostor }, 'signature_invalid');
    await advised({}, 'signature_invalid', await signed({ alter: (h) => (h['ucp-agent'] = `profile="${PROFILE}", extra="1"`) }));
    // Signed for another host: @authority is PUBLIC_BASE_URL's, whatever Host says.
    const req = unsigned({});
    const elsewhere = await signRequest({ ...req, url: req.url.replace(BASE, 'https://evil.example') }, { key: es256 });
    await advised({}, 'signature_invalid', elsewhere);
  });

  it('signature_replayed: the same signed request twice', async () => {
    const headers = await signed({});
    const first = await send({}, headers);
    expect(first.outcome).toMatchObject({ ok: true });
    await advised({}, 'signature_replayed', headers);
  });

  it('a nonce used on one instance is replayed on another (one shared store)', async () => {
    const other = await testApp(ps.env, db);
    const headers = await signed({});
    const req = unsigned({});
    const res = await other.call('GET', '/api/agent/platform/limits', { headers, raw: req.body });
    expect(res.headers.get('service-advisory')).toBeNull();
    await advised({}, 'signature_replayed', headers);
  });
});

describe('a nonce store that does not answer', () => {
  it('serves the seed API call unsigned with signature_nonce_unchecked (Redis out of reach), and never takes the nonce as new', async () => {
    const outage = await testApp({ ...ps.env, REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMITS: 'off' }, db);
    try {
      const headers = await signed({});
      const res = await outage.call('GET', '/api/agent/platform/limits', { headers });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.headers.get('service-advisory')).toBe('signature_nonce_unchecked');
      expect(res.headers.get('service-agent-trust')).toBe('open');
      expect(body['service:advisories']).toEqual([expect.objectContaining({ code: 'signature_nonce_unchecked', documentation: `${BASE}/api/agent/docs/overview#advisory-signature_nonce_unchecked` })]);
      // The nonce was not remembered anywhere: with the store back, it is still fresh once.
      const first = await send({}, headers);
      expect(first.outcome).toMatchObject({ ok: true });
      await advised({}, 'signature_replayed', headers);
    } finally {
      await outage.app.services.shared.close();
    }
  });
});

describe('what is not verified', () => {
  it('an unsigned call: no verification, no advisory', async () => {
    const res = await t.call('GET', '/api/agent/platform/limits', { headers: { 'ucp-agent': `profile="${PROFILE}"` } });
    expect(res.status).toBe(200);
    expect(outcomes).toHaveLength(0);
  });

  it('a signature beside Authorization (the credential is the caller), or on a call naming no profile', () => {
    const message = { method: 'GET', url: '/api/agent/platform/limits', headers: new Headers({ 'signature-input': 'sig1=()' }), body: null };
    const ctx = createContext(t.app.services, { transport: 'rest', message });
    ctx.caller.agent = { url: PROFILE, host: ps.host, hostKind: 'public' };
    expect(signatureSent(ctx)).toBe(true);
    ctx.caller.credential = { kind: 'key' } as never;
    expect(signatureSent(ctx)).toBe(false);
    ctx.caller.credential = undefined;
    ctx.caller.agent = undefined;
    expect(signatureSent(ctx)).toBe(false);
  });
});

describe('the profile cache', () => {
  it('fetches a profile once while cached; an unknown kid refetches once, then is unknown', async () => {
    const path = '/rotating.json';
    const old = testKey('Ed25519');
    ps.routes.set(path, { body: { keys: [old.jwk] } });
    const headers = { 'ucp-agent': `profile="${ps.origin}${path}"` };
    await verified({ headers, key: old });
    await verified({ headers, key: old });
    expect(ps.hits.get(path)).toBe(1);
    // The agent rotates its key: the first call with the new kid fetches the profile again.
    const next = testKey('Ed25519');
    ps.routes.set(path, { body: { keys: [old.jwk, next.jwk] } });
    await verified({ headers, key: next });
    expect(ps.hits.get(path)).toBe(2);
    // Another new kid within 60 s: no refetch.
    const third = testKey('Ed25519');
    ps.routes.set(path, { body: { keys: [old.jwk, next.jwk, third.jwk] } });
    await advised({ headers, key: third }, 'signature_key_unknown');
    expect(ps.hits.get(path)).toBe(2);
  });

  it('remembers a failure for a while (no fetch per call)', async () => {
    const path = '/flaky.json';
    ps.routes.set(path, { status: 500, body: {} });
    const headers = { 'ucp-agent': `profile="${ps.origin}${path}"` };
    await advised({ headers }, 'signature_profile_unavailable');
    ps.routes.set(path, { body: profileDocument() });
    await advised({ headers }, 'signature_profile_unavailable');
    expect(ps.hits.get(path)).toBe(1);
  });
});

describe('MCP', () => {
  const rpc = (id: number, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...(meta && { _meta: meta }) } });

  async function mcpCall(body: string, headers: Record<string, string>): Promise<any> {
    const res = await t.app.fetch(new Request(`${BASE}/api/mcp`, { method: 'POST', headers: { accept: 'application/json, text/event-stream', ...headers }, body }));
    expect(res.status).toBe(200);
    return res.json();
  }

  it('verifies a signed tools/call (the UCP-Agent header names the profile)', async () => {
    const body = rpc(1, 'get_platform_limits', {});
    const headers = await signRequest(
      { method: 'POST', url: `${BASE}/api/mcp`, headers: { 'content-type': 'application/json', 'ucp-agent': `profile="${PROFILE}"` }, body },
      { key: ed25519 },
    );
    outcomes.length = 0;
    const answer = await mcpCall(body, headers);
    expect(answer.result.isError).toBeFalsy();
    expect(outcomes).toEqual([expect.objectContaining({ ok: true, keyid: ed25519.jwk.kid, profile: PROFILE })]);
    expect(answer.result._meta?.['ai.service/advisories']).toBeUndefined();
    expect(answer.result._meta['ai.service/agent-trust']).toBe(`signed;keyid="${ed25519.jwk.kid}"`);
  });

  it('verifies once for a batch: its calls share the POST and its nonce', async () => {
    const body = `[${rpc(1, 'get_platform_limits', {})}, ${rpc(2, 'get_platform_limits', {})}]`;
    const headers = await signRequest(
      { method: 'POST', url: `${BASE}/api/mcp`, headers: { 'content-type': 'application/json', 'ucp-agent': `profile="${PROFILE}"` }, body },
      { key: es256 },
    );
    const answers = await mcpCall(body, headers);
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer.result._meta?.['ai.service/advisories']).toBeUndefined();
  });

  it('does not take a signature for a profile named only in _meta', async () => {
    const body = rpc(3, 'get_platform_limits', {}, { 'ucp-agent': { profile: PROFILE } });
    const headers = await signRequest({ method: 'POST', url: `${BASE}/api/mcp`, headers: { 'content-type': 'application/json' }, body }, { key: es256 });
    const answer = await mcpCall(body, headers);
    expect(answer.result._meta['ai.service/advisories']).toEqual([expect.objectContaining({ code: 'signature_components_missing' })]);
  });

  it('a replayed MCP POST is advised', async () => {
    const body = rpc(4, 'get_platform_limits', {});
    const headers = await signRequest(
      { method: 'POST', url: `${BASE}/api/mcp`, headers: { 'content-type': 'application/json', 'ucp-agent': `profile="${PROFILE}"` }, body },
      { key: es384 },
    );
    await mcpCall(body, headers);
    const again = await mcpCall(body, headers);
    expect(again.result._meta['ai.service/advisories']).toEqual([expect.objectContaining({ code: 'signature_replayed' })]);
  });
});

describe('the served docs', () => {
  it('say how to sign, and explain each advisory', async () => {
    const doc = await (await t.call('GET', '/api/agent/docs/overview')).json();
    const signing = doc.signed_requests;
    expect(signing.anchor).toBe('signed-requests');
    expect(signing.covered_components.join(' ')).toContain('api.test.local');
    expect(signing.keys).toMatch(/ES256.*ES384.*Ed25519/);
    expect(signing.web_bot_auth.directory).toContain('/.well-known/http-message-signatures-directory');
    const codes = new Map<string, { message: string; refused_from: string | null }>(doc.advisories.codes.map((c: { code: string }) => [c.code, c]));
    for (const code of ['signature_malformed', 'signature_components_missing', 'signature_params_invalid', 'signature_expired', 'signature_digest_mismatch', 'signature_agent_mismatch', 'signature_profile_unavailable', 'signature_key_unknown', 'signature_algorithm_unsupported', 'signature_invalid', 'signature_replayed', 'signature_nonce_unchecked']) {
      expect(codes.get(code)).toMatchObject({ refused_from: null });
      expect(signing.advisories).toContain(code);
    }
  });
});
