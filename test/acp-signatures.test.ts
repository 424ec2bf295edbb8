/**
 * ACP request signatures over HTTP (decision 4; docs/acp.md "Request signatures"): with a signing
 * key registered for the platform's account, a `Signature` sent is checked after the credential
 * and before the idempotency key, over `<Timestamp>.<RFC 8785 body>`. A good one is taken (201);
 * a bad one, or one whose Timestamp is stale, is 401 in ACP's flat Error and stores nothing under
 * its Idempotency-Key; a request without a Signature is taken on the bearer key alone.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAcpPlatform } from '../server/keys/acp-platforms';
import { canonicalJson } from '../server/lib/canonical-json';
import { freshKey, testApp, type TestApp } from './support/app';
import { acpCall, acpError, conforms, platformKey } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';

let t: TestApp;
let key: string;
let kettle: string;
let privateKey: KeyObject;

beforeAll(async () => {
  t = await testApp();
  await seedCatalog(t.app.services.db, [{ seller: seller('signed-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  kettle = await variantId(t.app.services.db, 'Enamel Kettle');
  const platform = await platformKey(t);
  key = platform.key;
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  privateKey = pair.privateKey;
  await updateAcpPlatform(t.app.services.db, t.app.services.keys, platform.accountId, { signing_jwk: pair.publicKey.export({ format: 'jwk' }) });
});
afterAll(async () => {
  await t?.close();
});

/** Members in another order than the signer's: the signature covers the RFC 8785 form, not the bytes sent. */
const body = () => ({ currency: 'usd', capabilities: {}, line_items: [{ quantity: 1, id: kettle }] });

/** The Signature and Timestamp headers a platform sends: ES256 (r‖s) over `<Timestamp>.<RFC 8785 body>`. */
function signed(sent: unknown, at = new Date()): Record<string, string> {
  const timestamp = at.toISOString();
  const bytes = Buffer.from(`${timestamp}.${sent === undefined ? '' : canonicalJson(sent)}`);
  return { Signature: sign('sha256', bytes, { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url'), Timestamp: timestamp };
}

const create = (headers: Record<string, string>, sent: unknown = body()) => acpCall(t, key, 'POST', '/acp/checkout_sessions', sent, headers);

describe('a request Signature, with a signing key registered', () => {
  it('a good one is taken: 201', async (ctx) => {
    const created = await create(signed(body()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    conforms(created, ctx, 'agentic_checkout', 'CheckoutSession');
    // A GET signs the Timestamp and nothing after the dot.
    const read = await acpCall(t, key, 'GET', `/acp/checkout_sessions/${created.body.id}`, undefined, signed(undefined));
    expect(read.status).toBe(200);
  });

  it('none: taken on the bearer key alone', async () => {
    expect((await create({})).status).toBe(201);
  });

  it('a bad one is 401 invalid_request / acp_signature_invalid, storing nothing under its Idempotency-Key', async (ctx) => {
    const idempotencyKey = freshKey();
    const forAnother = signed({ ...body(), currency: 'eur' });
    const refused = acpError(await create({ ...forAnother, 'Idempotency-Key': idempotencyKey }), ctx, 401, 'acp_signature_invalid');
    expect(refused.type).toBe('invalid_request');
    expect(acpError(await create({ Signature: 'bm90LWEtc2lnbmF0dXJl', Timestamp: new Date().toISOString() }), ctx, 401, 'acp_signature_invalid').message).toMatch(/does not verify/);
    expect(acpError(await create({ Signature: signed(body()).Signature }), ctx, 401, 'acp_signature_invalid').message).toMatch(/needs a Timestamp/);
    // The refusal came before the key was claimed: the same key with a good signature runs.
    const taken = await create({ ...signed(body()), 'Idempotency-Key': idempotencyKey });
    expect([taken.status, taken.headers.get('idempotent-replayed')]).toEqual([201, null]);
  });

  it('a stale Timestamp is 401, and so is a captured request sent again with a fresh one', async (ctx) => {
    const stale = signed(body(), new Date(Date.now() - 301_000));
    expect(acpError(await create(stale), ctx, 401, 'acp_signature_invalid').message).toMatch(/more than 300 s/);
    acpError(await create({ Signature: stale.Signature, Timestamp: new Date().toISOString() }), ctx, 401, 'acp_signature_invalid');
  });
});
