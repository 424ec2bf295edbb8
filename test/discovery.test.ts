import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfileValidator, ownProfileValidator, UCP_SCHEMAS_MISSING } from './support/ucp-schemas';
import { testApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ UCP_NAMESPACE: 'com.agentcommerce', PROFILE_HOST_REFUSED_FROM: '2027-03-01' });
});
afterAll(() => t.close());

describe('GET /.well-known/ucp', () => {
  it('is a UCP 2026-04-08 business profile that validates against its own schema', async () => {
    const res = await t.call('GET', '/.well-known/ucp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const profile = await res.json();
    const validate = ownProfileValidator();
    expect(validate(profile), JSON.stringify(validate.errors)).toBe(true);
    expect(profile.ucp.version).toBe('2026-04-08');
  });

  it('conforms to the official UCP 2026-04-08 business_profile schema', async (ctx) => {
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    const profile = await t.call('GET', '/.well-known/ucp').then((r) => r.json());
    const validate = businessProfileValidator();
    expect(validate(profile), JSON.stringify(validate.errors)).toBe(true);
  });

  it('advertises the REST and MCP transports under the service namespace', async () => {
    const { ucp } = await t.call('GET', '/.well-known/ucp').then((r) => r.json());
    const base = t.config.publicBaseUrl;
    const [rest, mcp] = ucp.services['com.agentcommerce.api'];
    expect(rest).toMatchObject({
      transport: 'rest',
      endpoint: `${base}/api/agent`,
      schema: `${base}/api/openapi.json`,
      spec: `${base}/api/agent/docs/rest`,
    });
    expect(mcp).toMatchObject({ transport: 'mcp', endpoint: `${base}/api/mcp`, schema: `${base}/api/mcp/openrpc.json` });
    expect(Object.keys(ucp.capabilities)).toEqual([
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.catalog.lookup',
      'dev.ucp.shopping.cart',
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.fulfillment',
      'dev.ucp.shopping.order',
      'com.agentcommerce.catalog',
      'com.agentcommerce.checkout',
      'dev.ucp.common.identity_linking',
    ]);
    // UCP's own identity linking, as its schema has it: the one user-authenticated scope offered.
    expect(ucp.capabilities['dev.ucp.common.identity_linking'][0]).toMatchObject({
      version: '2026-04-08',
      spec: 'https://ucp.dev/specification/identity-linking',
      schema: 'https://ucp.dev/schemas/common/identity_linking.json',
      config: { scopes: { 'dev.ucp.shopping.order:read': { description: { plain: expect.any(String) } } } },
    });
    expect(ucp.capabilities['com.agentcommerce.checkout'][0].config).toEqual({
      cart: `${base}/api/agent/cart`,
      quick_buy: `${base}/api/agent/quick-buy`,
      payment_link: `${base}/api/agent/payment-link`,
      limits: `${base}/api/agent/platform/limits`,
    });
    // A dev.ucp.* entry names UCP's own spec and schema (a URL's origin matches its namespace's authority);
    // the service's own entries name this deployment's.
    for (const [name, entries] of Object.entries<{ spec: string; schema: string }[]>(ucp.capabilities)) {
      for (const { spec, schema } of entries) {
        const origin = name.startsWith('dev.ucp.') ? 'https://ucp.dev' : base;
        expect([new URL(spec).origin, new URL(schema).origin], name).toEqual([origin, origin]);
      }
    }
    expect(ucp.payment_handlers['com.agentcommerce.payment_link'][0]).toMatchObject({ id: 'payment_link' });
  });

  it('advertises UCP’s shopping binding: REST at <base>/ucp and MCP at <base>/ucp/mcp, with the catalog capabilities', async () => {
    const { ucp } = await t.call('GET', '/.well-known/ucp').then((r) => r.json());
    const base = t.config.publicBaseUrl;
    const spec = 'https://ucp.dev/2026-04-08/specification/overview';
    expect(ucp.services['dev.ucp.shopping']).toEqual([
      { version: '2026-04-08', spec, transport: 'rest', endpoint: `${base}/ucp`, schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json' },
      { version: '2026-04-08', spec, transport: 'mcp', endpoint: `${base}/ucp/mcp`, schema: 'https://ucp.dev/2026-04-08/services/shopping/mcp.openrpc.json' },
    ]);
    expect(ucp.capabilities['dev.ucp.shopping.catalog.search']).toEqual([
      {
        version: '2026-04-08',
        spec: 'https://ucp.dev/2026-04-08/specification/catalog/search',
        schema: 'https://ucp.dev/2026-04-08/schemas/shopping/catalog_search.json',
      },
    ]);
    expect(ucp.capabilities['dev.ucp.shopping.catalog.lookup'][0].schema).toBe('https://ucp.dev/2026-04-08/schemas/shopping/catalog_lookup.json');
  });

  it('publishes each advisory code with its refused_from date', async () => {
    const profile = await t.call('GET', '/.well-known/ucp').then((r) => r.json());
    expect(profile.advisories).toEqual([
      expect.objectContaining({ code: 'reserved_profile_host', refused_from: '2027-03-01' }),
      expect.objectContaining({ code: 'ip_profile_host', refused_from: '2027-03-01' }),
    ]);
  });

  it('follows the configured namespace and origin', async () => {
    const other = await testApp({ UCP_NAMESPACE: 'net.example.shopping', PUBLIC_BASE_URL: 'https://shop.acme.dev' }, t.db);
    const { ucp } = await other.call('GET', '/.well-known/ucp').then((r) => r.json());
    expect(ucp.services['net.example.shopping.api'][0].endpoint).toBe('https://shop.acme.dev/api/agent');
  });
});
