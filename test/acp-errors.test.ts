/**
 * ACP's binding refuses in ACP's flat Error, row by row of issue #47 §2's table: versions (with
 * supported_versions), authentication (401/403, type invalid_request), idempotency (AC §6:
 * replay with Idempotent-Replayed, 422 conflict, 409 in flight, 400 missing), schema errors, 404,
 * 405, 429; the Idempotency-Key and Request-Id sent are echoed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords } from '../server/db/schema';
import { requestFingerprint } from '../server/trpc/idempotency';
import { freshKey, testApp, testDatabase, type TestApp } from './support/app';
import { acpCall, acpError, conforms, platformKey } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { verifiedBuyer } from './support/developer';

let t: TestApp;
let key: string;
let kettle: string;

beforeAll(async () => {
  t = await testApp();
  await seedCatalog(t.app.services.db, [{ seller: seller('north-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  kettle = await variantId(t.app.services.db, 'Enamel Kettle');
  ({ key } = await platformKey(t));
});
afterAll(async () => {
  await t?.close();
});

const keyIdOf = async (secret: string) => ((await t.app.services.credentials.bearer(`Bearer ${secret}`)) as { keyId: string }).keyId;
const body = () => ({ line_items: [{ id: kettle }], currency: 'usd', capabilities: {} });
const create = (headers: Record<string, string | null> = {}, sent: unknown = body(), as: string | null = key) => acpCall(t, as, 'POST', '/acp/checkout_sessions', sent, headers);

describe('API-Version', () => {
  it('missing: 400 missing_api_version with supported_versions', async (ctx) => {
    const refused = acpError(await create({ 'API-Version': null }), ctx, 400, 'missing_api_version');
    expect(refused).toMatchObject({ type: 'invalid_request', supported_versions: ['2026-04-17'] });
  });

  it('another: 400 unsupported_api_version with supported_versions, before authentication', async (ctx) => {
    const refused = acpError(await create({ 'API-Version': '2025-09-29' }, body(), null), ctx, 400, 'unsupported_api_version');
    expect(refused.supported_versions).toEqual(['2026-04-17']);
  });
});

describe('authentication', () => {
  it('no key, an unknown or a revoked key: 401 invalid_request', async (ctx) => {
    expect(acpError(await create({}, body(), null), ctx, 401, 'unauthorized').type).toBe('invalid_request');
    acpError(await create({}, body(), `ak_live_${'x'.repeat(43)}`), ctx, 401, 'unauthorized');
  });

  it('a key without acp:platform, a buyer token: 403 forbidden', async (ctx) => {
    const { key: plain } = await platformKey(t, ['buyer:write']);
    expect(acpError(await create({}, body(), plain), ctx, 403, 'forbidden').type).toBe('invalid_request');
    const { key: other, accountId } = await platformKey(t);
    const buyer = await verifiedBuyer(t.app.services.db, accountId, await keyIdOf(other));
    acpError(await create({}, body(), buyer.token), ctx, 403, 'forbidden');
  });
});

describe('idempotency (AC §6)', () => {
  it('the same key and body replays the answer with Idempotent-Replayed; echoes Idempotency-Key and Request-Id', async (ctx) => {
    const headers = { 'Idempotency-Key': 'k1', 'Request-Id': 'req-acp-000001' };
    const first = await create(headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-key')).toBe('k1');
    expect(first.headers.get('request-id')).toBe('req-acp-000001');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(conforms(again, ctx, 'agentic_checkout', 'CheckoutSession')).toEqual(first.body);
  });

  it('the same key with another body: 422 idempotency_conflict; on another path it is another key', async (ctx) => {
    const k = freshKey();
    expect((await create({ 'Idempotency-Key': k })).status).toBe(201);
    acpError(await create({ 'Idempotency-Key': k }, { ...body(), buyer: { email: 'ada@example.com' } }), ctx, 422, 'idempotency_conflict');
    expect((await acpCall(t, key, 'POST', '/acp/carts', { line_items: [{ id: kettle }] }, { 'Idempotency-Key': k })).status).toBe(201);
  });

  it('a request still in flight: 409 idempotency_in_flight with Retry-After', async (ctx) => {
    const k = freshKey();
    const keyId = await keyIdOf(key);
    await t.app.services.db.insert(idempotencyRecords).values({ namespace: `key:${keyId} /acp/checkout_sessions`, key: k, fingerprint: requestFingerprint('acp.checkout.create', { line_items: [{ id: kettle, quantity: 1 }], currency: 'usd', capabilities: {} }), state: 'running', createdAt: new Date() });
    const refused = await create({ 'Idempotency-Key': k });
    acpError(refused, ctx, 409, 'idempotency_in_flight');
    expect(refused.headers.get('retry-after')).toBe('1');
  });

  it('no key: 400 idempotency_key_required; a key over 255 characters is refused', async (ctx) => {
    acpError(await create({ 'Idempotency-Key': null }), ctx, 400, 'idempotency_key_required');
    acpError(await create({ 'Idempotency-Key': 'k'.repeat(256) }), ctx, 400, 'idempotency_key_invalid');
  });
});

describe('the rest of the table', () => {
  it('invalid JSON and schema errors are 400; unknown paths 404, wrong methods 405; never {error, code}', async (ctx) => {
    const res = await t.call('POST', '/acp/checkout_sessions', { headers: { 'API-Version': '2026-04-17', Authorization: `Bearer ${key}`, 'Idempotency-Key': freshKey(), 'content-type': 'application/json' }, raw: '{"line_items":' });
    const invalid = { status: res.status, headers: res.headers, body: await res.json() };
    acpError(invalid, ctx, 400, 'invalid_json');
    acpError(await acpCall(t, key, 'GET', '/acp/nowhere'), ctx, 404, 'not_found');
    acpError(await acpCall(t, key, 'DELETE', '/acp/checkout_sessions'), ctx, 405, 'method_not_allowed');
  });

  it('429 rate_limited is invalid_request with Retry-After', async (ctx) => {
    const limited = await testApp({ RATE_LIMIT_CREDENTIAL: '2/60' }, t.db);
    try {
      let last;
      for (let i = 0; i < 4; i++) last = await acpCall(limited, key, 'GET', '/acp/checkout_sessions/cart_x');
      const refused = acpError(last!, ctx, 429, 'rate_limited');
      expect(refused.type).toBe('invalid_request');
      expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('the database gone', () => {
  it('503 service_unavailable with Retry-After, in ACP’s Error', async (ctx) => {
    const db = await testDatabase();
    const gone = await testApp({}, db);
    const platform = await platformKey(gone);
    await db.database.close();
    const answer = await acpCall(gone, platform.key, 'POST', '/acp/checkout_sessions', body());
    expect(acpError(answer, ctx, 503, 'service_unavailable').type).toBe('service_unavailable');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    if (db.url) await db.drop().catch(() => {});
  });
});
