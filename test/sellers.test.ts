import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProducts } from '../server/catalog/writer';
import { normaliseHost } from '../server/catalog/domain-name';
import { product, seedCatalog, seller } from './support/catalog-fixtures';
import { agentHeaders, BASE, testApp, type TestApp } from './support/app';
import { businessProfileValidator, ownProfileValidator, UCP_SCHEMAS_MISSING } from './support/ucp-schemas';

let t: TestApp;
let sellerIds: Map<string, string>;
type Json = Record<string, any>;

const fillers = Array.from({ length: 25 }, (_, i) => seller(`store-${String(i).padStart(2, '0')}`));
const catalog = [
  {
    seller: seller('acme-outdoors', { name: 'Acme Outdoors', domains: ['acme-outdoors.example', 'Shop.Acme.example.'] }),
    products: [{ title: 'Trail Backpack' }, { title: 'Camping Lantern' }, { title: 'Dome Tent' }],
  },
  { seller: seller('beta-audio', { name: 'Beta Audio' }), products: [{ title: 'Wireless Headphones' }] },
  {
    seller: seller('cafe-deja-vu', {
      name: 'Café Déjà Vu',
      domains: ['cafedejavu.example'],
      delivery: [
        { country: 'FR', price_cents: 690, min_days: 1, max_days: 3 },
        { country: 'DE', price_cents: 990, free_over_cents: 8000, min_days: 3, max_days: 6 },
        { country: 'BE', price_cents: 790, free_over_cents: 6000, min_days: 2, max_days: 4 },
      ],
    }),
    products: [],
  },
  { seller: seller('twin-a', { name: 'Twin Shop' }), products: [] },
  { seller: seller('twin-b', { name: 'twin shop' }), products: [] },
  ...fillers.map((s) => ({ seller: s, products: [] })),
];
const ALL_HANDLES = catalog.map((c) => c.seller.handle).sort();

beforeAll(async () => {
  t = await testApp();
  sellerIds = await seedCatalog(t.db.database.db, catalog);
});
afterAll(() => t.close());

async function get(path: string, expectStatus = 200, headers = agentHeaders()): Promise<Json> {
  const res = await t.call('GET', path, { headers });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(expectStatus);
  return body;
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function walkSellers(query: string): Promise<Json[]> {
  const out: Json[] = [];
  let cursor: string | null = null;
  do {
    const body: Json = await get(`/api/agent/sellers?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    out.push(...body.sellers);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

describe('GET /api/agent/sellers', () => {
  it('pages by handle, 20 by default, with a live catalog size and a delivery summary', async () => {
    const first = await get('/api/agent/sellers');
    expect(first.sellers).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const acme = first.sellers.find((s: Json) => s.handle === 'acme-outdoors');
    expect(acme).toEqual({
      handle: 'acme-outdoors',
      name: 'Acme Outdoors',
      domains: ['acme-outdoors.example', 'shop.acme.example'],
      description: 'The acme-outdoors store.',
      currency: 'USD',
      catalog_size: 3,
      delivery_coverage: { countries: ['CA', 'US'], min_price_cents: 499, free_over_cents_min: 5000, fastest_days: 2, slowest_days: 10 },
    });
    const walked = (await walkSellers('limit=7')).map((s) => s.handle);
    expect(walked).toEqual(ALL_HANDLES);
  });

  it('counts the catalog live', async () => {
    await writeProducts(t.db.database.db, sellerIds.get('beta-audio')!, [product({ title: 'Wired Headphones' })]);
    const { sellers } = await get('/api/agent/sellers?q=beta');
    expect(sellers.map((s: Json) => [s.handle, s.catalog_size])).toEqual([['beta-audio', 2]]);
  });

  it.each([
    ['deja', ['cafe-deja-vu']],
    ['DÉJÀ VU', ['cafe-deja-vu']],
    ['cafe-deja', ['cafe-deja-vu']],
    ['outdors', ['acme-outdoors']],
    ['twin', ['twin-a', 'twin-b']],
    ['%', []],
    ['_', []],
  ])('q=%s matches names and handles ignoring case and accents', async (text, handles) => {
    const { sellers } = await get(`/api/agent/sellers?${q({ q: text })}`);
    expect(sellers.map((s: Json) => s.handle)).toEqual(handles);
  });

  it('ships_to keeps sellers delivering to that country', async () => {
    const { sellers } = await get('/api/agent/sellers?ships_to=DE');
    expect(sellers).toHaveLength(1);
    expect(sellers[0].delivery_coverage).toEqual({
      countries: ['BE', 'DE', 'FR'],
      min_price_cents: 690,
      free_over_cents_min: 6000,
      fastest_days: 1,
      slowest_days: 6,
    });
    expect((await get('/api/agent/sellers?ships_to=de')).sellers).toHaveLength(1);
    expect((await walkSellers('ships_to=US&limit=11')).length).toBe(ALL_HANDLES.length - 1);
    expect((await get('/api/agent/sellers?ships_to=JP')).sellers).toEqual([]);
  });

  it.each([
    ['ships_to=DEU', 'invalid_request'],
    ['limit=0', 'invalid_request'],
    ['limit=51', 'invalid_request'],
    ['cursor=nonsense', 'invalid_cursor'],
  ])('%s → 400 %s', async (query, code) => {
    expect((await get(`/api/agent/sellers?${query}`, 400)).code).toBe(code);
  });

  it('refuses a cursor of another query or a tampered one', async () => {
    const { nextCursor } = await get('/api/agent/sellers?limit=2&ships_to=US');
    expect((await get(`/api/agent/sellers?limit=2&cursor=${encodeURIComponent(nextCursor)}`, 400)).code).toBe('invalid_cursor');
    const [body, sig] = nextCursor.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload.key = 'a';
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    expect((await get(`/api/agent/sellers?limit=2&ships_to=US&cursor=${encodeURIComponent(forged)}`, 400)).code).toBe('invalid_cursor');
  });
});

describe('GET /api/agent/seller', () => {
  it('answers the public profile with delivery zones, catalog size and links', async () => {
    const body = await get('/api/agent/seller?handle=acme-outdoors');
    expect(body).toEqual({
      id: sellerIds.get('acme-outdoors'),
      handle: 'acme-outdoors',
      name: 'Acme Outdoors',
      domains: ['acme-outdoors.example', 'shop.acme.example'],
      description: 'The acme-outdoors store.',
      logo: null,
      currency: 'USD',
      catalog_size: 3,
      delivery_coverage: { countries: ['CA', 'US'], min_price_cents: 499, free_over_cents_min: 5000, fastest_days: 2, slowest_days: 10 },
      delivery_zones: catalog[0].seller.delivery,
      links: {
        policies: `${BASE}/api/agent/policies?handle=acme-outdoors`,
        manifest: `${BASE}/store/acme-outdoors/.well-known/ucp`,
        search: `${BASE}/api/agent/search?seller_handle=acme-outdoors`,
      },
    });
  });

  it.each([
    'https://WWW.Acme-Outdoors.example:443/p/x?y=1#top',
    'acme-outdoors.example',
    'ACME-OUTDOORS.EXAMPLE.',
    'http://user:pw@acme-outdoors.example:8080',
    'shop.acme.example/collections/all',
    'https://blog.acme-outdoors.example/post/1',
  ])('finds a store by any URL or host on its site: %s', async (domain) => {
    expect((await get(`/api/agent/seller?${q({ domain })}`)).handle).toBe('acme-outdoors');
  });

  it('normalises hosts', () => {
    expect(normaliseHost('https://WWW.Shop.example:443/p/x?y')).toBe('shop.example');
    expect(normaliseHost('Shop.Example.')).toBe('shop.example');
    expect(normaliseHost('not a host')).toBeNull();
    expect(normaliseHost('localhost')).toBeNull();
  });

  it.each(['Café Déjà Vu', 'cafe deja vu', 'CAFÉ   DÉJÀ VU '])('finds a store by name ignoring case and accents: %s', async (name) => {
    expect((await get(`/api/agent/seller?${q({ name })}`)).handle).toBe('cafe-deja-vu');
  });

  it('asks for a handle when a name is shared', async () => {
    const body = await get(`/api/agent/seller?${q({ name: 'Twin Shop' })}`, 400);
    expect(body.code).toBe('invalid_seller_selector');
    expect(body.details.matches.map((m: Json) => m.handle).sort()).toEqual(['twin-a', 'twin-b']);
  });

  it.each([
    ['', 'invalid_seller_selector'],
    ['handle=acme-outdoors&name=Acme+Outdoors', 'invalid_seller_selector'],
    ['handle=', 'invalid_seller_selector'],
    ['domain=%20%20', 'invalid_seller_selector'],
    ['domain=http%3A%2F%2F', 'invalid_seller_selector'],
    ['shop=acme-outdoors', 'invalid_request'],
  ])('?%s → 400 %s', async (query, code) => {
    expect((await get(`/api/agent/seller?${query}`, 400)).code).toBe(code);
  });

  it.each([
    ['handle', 'acme-outdors'],
    ['domain', 'https://www.acme-outdors.example/p/1'],
    ['name', 'Acme Outdors'],
  ])('a miss by %s answers SELLER_NOT_FOUND with did_you_mean', async (by, value) => {
    const body = await get(`/api/agent/seller?${q({ [by]: value })}`, 404);
    expect(body.code).toBe('SELLER_NOT_FOUND');
    expect(body.error).toContain(value);
    expect(body.details.did_you_mean[0]).toEqual({ handle: 'acme-outdoors', name: 'Acme Outdoors' });
    expect(body.details.did_you_mean.length).toBeLessThanOrEqual(3);
  });

  it('a miss with nothing similar suggests nothing', async () => {
    expect((await get('/api/agent/seller?handle=zzqqxx', 404)).details.did_you_mean).toEqual([]);
  });
});

describe('GET /api/agent/policies', () => {
  it('answers the store policies by any selector', async () => {
    const byHandle = await get('/api/agent/policies?handle=cafe-deja-vu');
    expect(byHandle).toEqual({ seller: { handle: 'cafe-deja-vu', name: 'Café Déjà Vu' }, policies: catalog[2].seller.policies });
    expect(await get(`/api/agent/policies?${q({ domain: 'https://www.cafedejavu.example/' })}`)).toEqual(byHandle);
    expect(await get(`/api/agent/policies?${q({ name: 'cafe deja vu' })}`)).toEqual(byHandle);
  });

  it('misses like the seller lookup', async () => {
    const body = await get('/api/agent/policies?handle=cafe-deja', 404);
    expect(body.code).toBe('SELLER_NOT_FOUND');
    expect(body.details.did_you_mean[0].handle).toBe('cafe-deja-vu');
    expect((await get('/api/agent/policies?handle=a&domain=b', 400)).code).toBe('invalid_seller_selector');
  });
});

describe('GET /store/{handle}/.well-known/ucp', () => {
  it('is a valid UCP business profile scoped to the seller, cacheable, with no UCP-Agent needed', async () => {
    const res = await t.call('GET', '/store/acme-outdoors/.well-known/ucp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const profile = await res.json();
    const validate = ownProfileValidator();
    expect(validate(profile), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(profile.name).toBe('Acme Outdoors');
    expect(profile.seller).toEqual({ handle: 'acme-outdoors', name: 'Acme Outdoors', domains: ['acme-outdoors.example', 'shop.acme.example'] });
    expect(JSON.stringify(profile)).toContain(`${BASE}/api/agent/search?seller_handle=acme-outdoors`);
    // UCP's shopping binding at the seller's own endpoint: the same operations over its products only.
    expect(profile.ucp.services['dev.ucp.shopping'].map((s: { endpoint: string }) => s.endpoint)).toEqual([
      `${BASE}/store/acme-outdoors/ucp`,
      `${BASE}/store/acme-outdoors/ucp/mcp`,
    ]);
  });

  it('conforms to the official UCP 2026-04-08 business_profile schema', async (ctx) => {
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    const profile = await t.call('GET', '/store/acme-outdoors/.well-known/ucp').then((r) => r.json());
    const validate = businessProfileValidator();
    expect(validate(profile), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('an unknown store is SELLER_NOT_FOUND with did_you_mean', async () => {
    const body = await get('/store/beta-audi/.well-known/ucp', 404, {});
    expect(body.code).toBe('SELLER_NOT_FOUND');
    expect(body.details.did_you_mean[0]).toEqual({ handle: 'beta-audio', name: 'Beta Audio' });
  });
});
