/**
 * UCP's shopping binding on REST, end to end (issue #33): a platform that knows only the base URL
 * finds the binding in /.well-known/ucp, negotiates with its profile (served over HTTPS on a pinned
 * .test name, test/support/profile-server.ts), searches and looks up products at the network's
 * endpoint and at a seller's; every answer validates against the official UCP schemas.
 * Identity (profiles, keys and the account's agent profiles), the binding's error shapes and
 * Request-Id. Negotiation's own cases are test/negotiation.test.ts; MCP is test/ucp-mcp.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { addAgentProfile } from '../server/keys/agent-profiles';
import { freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { signedInDeveloper, type Developer } from './support/developer';
import { platformProfile } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { testKey, ucpSign } from './support/signing';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { mintKey } from './support/x402-agent';

type Json = Record<string, any>;

const SEARCH_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_search.json#/$defs/search_response';
const LOOKUP_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/lookup_response';
const PRODUCT_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/get_product_response';
const ERROR_RESPONSE = 'https://ucp.dev/schemas/shopping/types/error_response.json';

let ps: ProfileServer;
let db: TestDatabase;
let t: TestApp;
let PLATFORM: string;
let dev: Developer;
const platformKey = testKey('ES256');

beforeAll(async () => {
  ps = await profileServer();
  PLATFORM = `${ps.origin}/platform.json`;
  ps.routes.set('/platform.json', { body: platformProfile({ signing_keys: [platformKey.jwk] }), headers: { 'cache-control': 'max-age=600' } });
  ps.routes.set('/no-catalog.json', { body: platformProfile({ capabilities: {} }) });
  ps.routes.set('/other-version.json', { body: platformProfile({ version: '2026-01-11' }) });
  ps.routes.set('/not-a-profile.json', { body: { hello: 'world' } });
  db = await testDatabase();
  t = await testApp(ps.env, db);
  await ensureDemoCatalog(t.app.services.db);
  dev = await signedInDeveloper(t.app.services.db);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await ps?.close();
});

const agent = (url = PLATFORM) => `profile="${url}"`;

async function post(path: string, body: unknown, headers: Record<string, string> = { 'UCP-Agent': agent() }): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await t.call('POST', path, { headers, body });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

function conforms(schema: string, body: unknown, ctx: { skip(reason: string): void }): void {
  if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema(schema)!;
  expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
}

describe('the catalog at <base>/ucp', () => {
  it('searches with the seed engine and answers UCP’s search_response with the negotiated capability', async (ctx) => {
    const { status, body } = await post('/ucp/catalog/search', { query: 'headphones', pagination: { limit: 3 } });
    expect(status).toBe(200);
    expect(body.ucp).toEqual({ version: '2026-04-08', status: 'success', capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] } });
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0].variants[0].price).toEqual({ amount: expect.any(Number), currency: 'USD' });
    conforms(SEARCH_RESPONSE, body, ctx);
  });

  it('takes no Idempotency-Key on the catalog POSTs (they are reads)', async () => {
    const { status } = await post('/ucp/catalog/search', { query: 'coffee' });
    expect(status).toBe(200);
  });

  it('looks up by product id and variant id, and answers one product; a variant found here is the seed API’s', async (ctx) => {
    const search = await post('/ucp/catalog/search', { query: 'jacket', pagination: { limit: 2 } });
    const [product] = search.body.products;
    const variant = product.variants[0];
    const lookup = await post('/ucp/catalog/lookup', { ids: [product.id, variant.id, variant.id, 'prod_unknown'] });
    expect(lookup.status).toBe(200);
    expect(lookup.body.ucp.capabilities).toEqual({ 'dev.ucp.shopping.catalog.lookup': [{ version: '2026-04-08' }] });
    conforms(LOOKUP_RESPONSE, lookup.body, ctx);
    const one = await post('/ucp/catalog/product', { id: product.id });
    expect(one.status).toBe(200);
    expect(one.body.product.id).toBe(product.id);
    conforms(PRODUCT_RESPONSE, one.body, ctx);
    // The seed API knows the same variant.
    const seed = await t.call('GET', `/api/agent/product?id=${product.id}`, { headers: { 'UCP-Agent': 'profile="https://agent.shopbot.dev/profile.json"' } });
    expect(JSON.stringify(await seed.json())).toContain(variant.id);
  });

  it('an unknown product is the business outcome not_found: HTTP 200, UCP’s error_response exactly', async (ctx) => {
    const { status, body } = await post('/ucp/catalog/product', { id: 'prod_does_not_exist' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ucp: { version: '2026-04-08', status: 'error' }, messages: [{ type: 'error', code: 'not_found', severity: 'unrecoverable' }] });
    expect(Object.keys(body).sort()).toEqual(['continue_url', 'messages', 'ucp']);
    conforms(ERROR_RESPONSE, body, ctx);
  });

  it('bad input is a 400 in UCP’s transport shape, which keeps {error, code}', async () => {
    const { status, body } = await post('/ucp/catalog/search', {});
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_request', content: expect.any(String), error: body.content, messages: [{ type: 'error', code: 'invalid_request', severity: 'recoverable' }] });
  });

  it('an unknown path under /ucp is a 404 in the same shape', async () => {
    const { status, body } = await post('/ucp/catalog/nothing', {});
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'not_found', content: expect.any(String), error: expect.any(String), messages: [expect.objectContaining({ code: 'not_found' })] });
  });
});

describe('a seller’s endpoint <base>/store/{handle}/ucp', () => {
  it('searches that seller’s products only', async () => {
    const { status, body } = await post('/store/acme-outdoors/ucp/catalog/search', { query: 'jacket' });
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    for (const product of body.products) for (const variant of product.variants) expect(JSON.stringify(variant.seller)).toContain('acme-outdoors');
  });

  it('another seller’s product is not_found there', async () => {
    const elsewhere = await post('/ucp/catalog/search', { query: 'headphones' });
    const other = elsewhere.body.products.find((p: Json) => !JSON.stringify(p.variants[0].seller).includes('acme-outdoors'));
    const { status, body } = await post('/store/acme-outdoors/ucp/catalog/product', { id: other.id });
    expect(status).toBe(200);
    expect(body.messages[0].code).toBe('not_found');
  });

  it('a handle no seller has is no endpoint: 404', async () => {
    const { status, body } = await post('/store/no-such-seller/ucp/catalog/search', { query: 'jacket' });
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });
});

describe('negotiation on REST', () => {
  it('UCP-Agent missing, or the bare URL form: 400 invalid_profile_url with continue_url', async () => {
    for (const headers of [{}, { 'UCP-Agent': PLATFORM }] as Record<string, string>[]) {
      const { status, body } = await post('/ucp/catalog/search', { query: 'jacket' }, headers);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_profile_url', continue_url: `${t.config.publicBaseUrl}/` });
    }
  });

  it('a profile that does not answer 200: 424 profile_unreachable', async () => {
    const { status, body } = await post('/ucp/catalog/search', { query: 'jacket' }, { 'UCP-Agent': agent(`${ps.origin}/missing.json`) });
    expect([status, body.code]).toEqual([424, 'profile_unreachable']);
  });

  it('not a platform profile: 422 profile_malformed; another version: 422 version_unsupported', async () => {
    const malformed = await post('/ucp/catalog/search', { query: 'jacket' }, { 'UCP-Agent': agent(`${ps.origin}/not-a-profile.json`) });
    expect([malformed.status, malformed.body.code]).toEqual([422, 'profile_malformed']);
    const version = await post('/ucp/catalog/search', { query: 'jacket' }, { 'UCP-Agent': agent(`${ps.origin}/other-version.json`) });
    expect([version.status, version.body.code]).toEqual([422, 'version_unsupported']);
  });

  it('a profile without the catalog capability: 200 capabilities_incompatible, a valid error_response', async (ctx) => {
    const { status, body } = await post('/ucp/catalog/search', { query: 'jacket' }, { 'UCP-Agent': agent(`${ps.origin}/no-catalog.json`) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ucp: { status: 'error', capabilities: {} }, messages: [{ code: 'capabilities_incompatible', severity: 'unrecoverable' }] });
    conforms(ERROR_RESPONSE, body, ctx);
  });

  it('a cached profile is not fetched again within its max-age', async () => {
    const before = ps.hits.get('/platform.json') ?? 0;
    await post('/ucp/catalog/search', { query: 'boots' });
    await post('/ucp/catalog/search', { query: 'socks' });
    expect(ps.hits.get('/platform.json') ?? 0).toBe(before === 0 ? 1 : before);
  });
});

describe('identity on the binding', () => {
  it('a key acts for a profile its account lists, and is refused 403 profile_not_trusted for any other', async () => {
    const key = await mintKey(t, dev, []);
    const headers = { 'UCP-Agent': agent(), Authorization: `Bearer ${key}` };
    const refused = await post('/ucp/catalog/search', { query: 'jacket' }, headers);
    expect([refused.status, refused.body.code]).toEqual([403, 'profile_not_trusted']);
    await addAgentProfile(t.app.services.db, dev.accountId, PLATFORM);
    const allowed = await post('/ucp/catalog/search', { query: 'jacket' }, headers);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('service-agent-trust')).toBe('credential;kind=key');
    // The same key as X-API-Key; a different credential beside it is a conflict.
    expect((await post('/ucp/catalog/search', { query: 'jacket' }, { 'UCP-Agent': agent(), 'X-API-Key': key })).status).toBe(200);
    const conflict = await post('/ucp/catalog/search', { query: 'jacket' }, { ...headers, 'X-API-Key': 'ak_live_other' });
    expect([conflict.status, conflict.body.code]).toEqual([400, 'conflicting_credentials']);
  });

  it('an unknown credential is 401 in UCP’s shape', async () => {
    const { status, body } = await post('/ucp/catalog/search', { query: 'jacket' }, { 'UCP-Agent': agent(), Authorization: 'Bearer ak_live_nothing' });
    expect([status, body.code]).toEqual([401, 'invalid_credential']);
    expect(body.messages[0]).toMatchObject({ type: 'error', code: 'invalid_credential' });
  });

  it('echoes a Request-Id sent and makes one when none is', async () => {
    const id = `req-${freshKey()}`;
    const res = await t.call('POST', '/ucp/catalog/search', { headers: { 'UCP-Agent': agent(), 'Request-Id': id }, body: { query: 'jacket' } });
    expect(res.headers.get('request-id')).toBe(id);
    const other = await t.call('POST', '/ucp/catalog/search', { headers: { 'UCP-Agent': agent() }, body: { query: 'jacket' } });
    expect(other.headers.get('request-id')).toMatch(/^req_/);
  });
});

describe('request signatures on the binding (signatures.md)', () => {
  const body = JSON.stringify({ query: 'jacket' });
  const unsigned = () => ({
    method: 'POST',
    url: `${t.config.publicBaseUrl}/ucp/catalog/search`,
    headers: { 'ucp-agent': agent(), 'content-type': 'application/json' },
    body,
  });
  const send = (headers: Record<string, string>) => t.call('POST', '/ucp/catalog/search', { headers, raw: body });

  it('a signature naming only keyid, as UCP’s examples sign, verifies: the caller is signed', async () => {
    const headers = await ucpSign(unsigned(), platformKey);
    expect(headers['Signature-Input']).toMatch(/;keyid="[^"]+"$/);
    const fetched = ps.hits.get('/platform.json');
    const res = await send(headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('service-agent-trust')).toBe(`signed;keyid="${platformKey.jwk.kid}"`);
    // The key came from the negotiated profile: it was not fetched a second time.
    expect(ps.hits.get('/platform.json')).toBe(fetched);
  });

  it('a nonce the shared store cannot check (Redis out of reach) is 503 with Retry-After, never served unchecked', async () => {
    const outage = await testApp({ ...ps.env, REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMITS: 'off' }, db);
    try {
      const headers = await ucpSign(unsigned(), platformKey, { nonce: `nonce-${freshKey()}` });
      const res = await outage.call('POST', '/ucp/catalog/search', { headers, raw: body });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      // Unsigned, the same store-less instance answers: only the nonce needed the store.
      const open = await outage.call('POST', '/ucp/catalog/search', { headers: { 'UCP-Agent': agent() }, body: { query: 'jacket' } });
      expect(open.status).toBe(200);
    } finally {
      await outage.app.services.shared.close();
    }
  });

  it('a signature that does not verify is refused in UCP’s terms, where the seed API would only advise', async () => {
    const headers = await ucpSign(unsigned(), platformKey);
    const tampered = await send({ ...headers, 'content-digest': 'sha-256=:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=:' });
    expect([tampered.status, (await tampered.json()).code]).toEqual([400, 'digest_mismatch']);
    const other = await ucpSign(unsigned(), testKey('ES256'));
    const unknownKey = await send(other);
    const refused = await unknownKey.json();
    expect([unknownKey.status, refused.code]).toEqual([401, 'key_not_found']);
    expect(refused.messages[0]).toMatchObject({ code: 'key_not_found', severity: 'recoverable' });
  });
});
