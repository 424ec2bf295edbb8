import fs from 'node:fs';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCatalog } from '../server/catalog/search';
import { PgDialect } from 'drizzle-orm/pg-core';
import { prefixUpperBound, searchSql, type SearchKey, type SearchQuery } from '../server/catalog/search-sql';
import { correctableWords } from '../server/catalog/typo';
import { writeProducts } from '../server/catalog/writer';
import { rows } from '../server/db/client';
import { SEARCH_SHARDS, searchShard } from '../server/db/schema';
import { sql } from 'drizzle-orm';
import { product, seedCatalog, seller, type ProductSpec } from './support/catalog-fixtures';
import { agentHeaders, testApp, type TestApp } from './support/app';

let t: TestApp;
let sellerIds: Map<string, string>;
const T0 = Date.parse('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const audio: ProductSpec[] = [
  { title: 'Wireless Headphones', brand: 'Sonic', category: 'Electronics > Audio > Headphones', createdAt: at(1), variants: [[12950, 3], [14950, 0]] },
  {
    // Says "wireless headphones" far more often than the exact match: ranks above it without the boost.
    title: 'Sonic Wireless Headphones Wireless Edition',
    brand: 'Wireless',
    category: 'Electronics > Audio > Headphones',
    description: 'Wireless headphones: the wireless headphones for wireless headphones fans.',
    createdAt: at(2),
    variants: [[19900, 10]],
  },
  { title: 'Noise Cancelling Wireless Headphones', brand: 'Hush', category: 'Electronics > Audio > Headphones', createdAt: at(3), variants: [[24900, null]] },
  { title: 'Wired Headphones', brand: 'Sonic', category: 'Electronics > Audio > Headphones', createdAt: at(4), variants: [[2900, 0]] },
  { title: 'Wireless Speaker', brand: 'Boom', category: 'Electronics > Audio > Speakers', createdAt: at(5), variants: [[5900, 2], [4900, 0]] },
  { title: 'Portable Radio', description: 'Works with wireless headphones.', category: 'Electronics > Audio', createdAt: at(6), variants: [[3900, 7]] },
];
const outdoors: ProductSpec[] = [
  { title: 'Trail Backpack 30L', category: 'Outdoors > Bags', createdAt: at(10), variants: [[8900, 4]] },
  { title: 'Trail Backpack 50L', category: 'Outdoors > Bags', createdAt: at(11), variants: [[10900, 0], [11900, 12]] },
  { title: 'Camping Lantern', category: 'Outdoors > Lighting', createdAt: at(12), variants: [[2500, null]] },
  { title: 'Dome Tent', category: 'Outdoors > Tents 100%', createdAt: at(13), variants: [[15900, 1]] },
];
// Pairs share a created_at, so the newest keyset's id tie-break is exercised.
const gadgets: ProductSpec[] = Array.from({ length: 45 }, (_, n) => ({
  title: `Widget Gadget ${n}`,
  category: 'Home > Gadgets',
  createdAt: at(100 + Math.floor(n / 2)),
  variants: [[((n * 137) % 5000) + 100, n % 3 === 0 ? 0 : n % 5 === 0 ? null : (n % 7) + 1]],
}));
const ALL = [...audio, ...outdoors, ...gadgets];

beforeAll(async () => {
  t = await testApp();
  sellerIds = await seedCatalog(t.db.database.db, [
    { seller: seller('beta-audio'), products: audio },
    { seller: seller('acme-outdoors'), products: outdoors },
    { seller: seller('gamma-home'), products: gadgets },
  ]);
});
afterAll(() => t.close());

type Json = Record<string, any>;

async function search(query: string, expectStatus = 200): Promise<Json> {
  const res = await t.call('GET', `/api/agent/search?${query}`, { headers: agentHeaders() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(expectStatus);
  return body;
}

const names = (body: Json): string[] => body.itemListElement.map((e: Json) => e.item.name);
const price = (o: Json) => Math.round(Number(o.price) * 100);
const cheapest = (offers: Json[]) => Math.min(...offers.map(price));
const inStock = (o: Json) => o.availability === 'https://schema.org/InStock';

/** Every page of a query, following nextCursor; `between` runs after each page. */
async function walk(query: string, between?: (page: number) => Promise<void>): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const body: Json = await search(cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);
    body.itemListElement.forEach((e: Json, i: number) => expect(e.position).toBe(items.length + i + 1));
    items.push(...body.itemListElement.map((e: Json) => e.item));
    cursor = body.nextCursor;
    if (!cursor) return items;
    await between?.(page);
  }
  throw new Error('walk did not end');
}

describe('search response', () => {
  it('is a schema.org ItemList served as application/ld+json', async () => {
    const res = await t.call('GET', '/api/agent/search?q=wireless+speaker', { headers: agentHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const body = await res.json();
    expect(body).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: body.itemListElement.length });
    const item = body.itemListElement[0].item;
    expect(item).toMatchObject({
      '@type': 'Product',
      '@id': `urn:agentcommerce:product:${item.productID}`,
      name: 'Wireless Speaker',
      brand: { '@type': 'Brand', name: 'Boom' },
      category: 'Electronics > Audio > Speakers',
    });
    expect(item.productID).toMatch(/^prod_/);
    expect(item.offers).toEqual([
      {
        '@type': 'Offer',
        identifier: expect.stringMatching(/^var_/),
        sku: expect.any(String),
        price: '49.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        inventoryLevel: { '@type': 'QuantitativeValue', value: 0 },
        seller: { '@type': 'Organization', name: 'Beta Audio', identifier: 'beta-audio' },
      },
      expect.objectContaining({ price: '59.00', availability: 'https://schema.org/InStock', inventoryLevel: { '@type': 'QuantitativeValue', value: 2 } }),
    ]);
    expect(body.facets_approximate).toBe(false);
    expect(body).not.toHaveProperty('query_corrected');
  });

  it('omits inventoryLevel for untracked stock, which is in stock', async () => {
    const body = await search('q=%22noise+cancelling%22');
    expect(body.itemListElement[0].item.offers[0]).not.toHaveProperty('inventoryLevel');
    expect(body.itemListElement[0].item.offers[0].availability).toBe('https://schema.org/InStock');
  });

  it('expands as JSON-LD to schema.org Product and Offer, offline', async () => {
    const context = JSON.parse(fs.readFileSync(new URL('./fixtures/schemaorg-context.json', import.meta.url), 'utf8'));
    const loaded: string[] = [];
    const documentLoader = async (url: string) => {
      loaded.push(url);
      if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`offline test: refused to load ${url}`);
      return { contextUrl: undefined, documentUrl: url, document: context };
    };
    const doc = await search('q=wireless+speaker');
    const [list] = (await jsonld.expand(doc, { documentLoader } as never)) as unknown as Json[];
    expect(loaded).toEqual(['https://schema.org']);
    const S = 'https://schema.org/';
    expect(list['@type']).toEqual([`${S}ItemList`]);
    const listItem = list[`${S}itemListElement`][0];
    expect(listItem['@type']).toEqual([`${S}ListItem`]);
    const prod = listItem[`${S}item`][0];
    expect(prod['@type']).toEqual([`${S}Product`]);
    expect(prod['@id']).toBe(doc.itemListElement[0].item['@id']);
    expect(prod[`${S}name`]).toEqual([{ '@value': 'Wireless Speaker' }]);
    expect(prod[`${S}brand`][0]['@type']).toEqual([`${S}Brand`]);
    const offer = prod[`${S}offers`][0];
    expect(offer['@type']).toEqual([`${S}Offer`]);
    expect(offer[`${S}price`]).toEqual([{ '@value': '49.00' }]);
    expect(offer[`${S}priceCurrency`]).toEqual([{ '@value': 'USD' }]);
    expect(offer[`${S}availability`]).toEqual([{ '@id': `${S}OutOfStock` }]);
    expect(offer[`${S}seller`][0]['@type']).toEqual([`${S}Organization`]);
    expect(offer[`${S}inventoryLevel`][0]['@type']).toEqual([`${S}QuantitativeValue`]);
  });
});

describe('relevance', () => {
  it('ranks an exact title match first, then title matches above description-only ones', async () => {
    const body = await search('q=Wireless+Headphones');
    const got = names(body);
    expect(got[0]).toBe('Wireless Headphones');
    expect(got[1]).toBe('Sonic Wireless Headphones Wireless Edition');
    expect(got).toContain('Noise Cancelling Wireless Headphones');
    expect(got.at(-1)).toBe('Portable Radio');
    expect(got).not.toContain('Wired Headphones');
  });

  it('supports phrases, exclusions and or', async () => {
    expect(names(await search('q=headphones+-wireless'))).toEqual(['Wired Headphones']);
    expect(names(await search('q=%22wired+headphones%22'))).toEqual(['Wired Headphones']);
    expect(new Set(names(await search('q=lantern+or+tent')))).toEqual(new Set(['Camping Lantern', 'Dome Tent']));
  });
});

describe('typo tolerance', () => {
  it('corrects every misspelt word against the catalog vocabulary', async () => {
    const body = await search('q=wirelss+headphnes');
    expect(body.query_corrected).toBe('wireless headphones');
    expect(names(body)[0]).toBe('Wireless Headphones');
    expect(names(body)).toContain('Noise Cancelling Wireless Headphones');
  });

  it('corrects a misspelt word among correct ones and keeps the rest verbatim', async () => {
    const body = await search('q=Sonic+wireless+headphnes');
    expect(body.query_corrected).toBe('Sonic wireless headphones');
    expect(names(body)).toContain('Sonic Wireless Headphones Wireless Edition');
  });

  it('leaves quoted phrases, exclusions and known words alone', async () => {
    const quoted = await search('q=%22wirelss%22');
    expect(quoted).not.toHaveProperty('query_corrected');
    expect(quoted.numberOfItems).toBe(0);
    const excluded = await search('q=headphones+-wirelss');
    expect(excluded).not.toHaveProperty('query_corrected');
    // "headphone" is not in the vocabulary, but shares the stem of "headphones": nothing to correct.
    expect(await search('q=headphone')).not.toHaveProperty('query_corrected');
  });
});

describe('filters', () => {
  it('combines category, seller, price range and stock, pricing by the cheapest matching variant', async () => {
    const body = await search('category=ELECTRONICS+%3E+audio&seller_handle=beta-audio&min_price_cents=5000&max_price_cents=20000&in_stock=true&sort_by=price_asc');
    // Wireless Speaker's cheapest variant (49.00) is sold out: in stock it costs 59.00.
    expect(names(body)).toEqual(['Wireless Speaker', 'Wireless Headphones', 'Sonic Wireless Headphones Wireless Edition']);
    const without = await search('category=electronics+%3E+audio&min_price_cents=5000&max_price_cents=20000&sort_by=price_asc');
    expect(names(without)).toEqual(['Wireless Headphones', 'Sonic Wireless Headphones Wireless Edition']);
  });

  it('min_stock prices by the cheapest variant holding that many units (untracked qualifies)', async () => {
    const body = await search('min_stock=10&sort_by=price_asc&limit=50');
    const expected = ALL.filter((p) => p.variants!.some(([, s]) => s === null || s >= 10)).map((p) => p.title);
    expect(new Set(names(body))).toEqual(new Set(expected));
    // Trail Backpack 50L: 109.00 has no stock, 119.00 has 12.
    expect(names(await search('min_stock=10&max_price_cents=11000&category=outdoors'))).toEqual(['Camping Lantern']);
    expect(names(await search('max_price_cents=11000&category=outdoors+%3E+bags&sort_by=price_asc'))).toEqual(['Trail Backpack 30L', 'Trail Backpack 50L']);
  });

  it('in_stock=false keeps products with nothing in stock', async () => {
    const body = await search('in_stock=false&limit=50');
    const expected = ALL.filter((p) => p.variants!.every(([, s]) => s === 0)).map((p) => p.title);
    expect(new Set(names(body))).toEqual(new Set(expected));
  });

  it('category is a case-insensitive path prefix in which % and _ are literal', async () => {
    expect(names(await search('category=outdoors+%3E+tents+100%25'))).toEqual(['Dome Tent']);
    expect(names(await search('category=outdoors+%3E+t_nts'))).toEqual([]);
    expect(names(await search('category=%25'))).toEqual([]);
    expect(new Set(names(await search('category=Outdoors+%3E+B')))).toEqual(new Set(['Trail Backpack 30L', 'Trail Backpack 50L']));
    // Every sort of a category browse, newest (above) included, merges one run per category leaf.
    expect(names(await search('category=outdoors+%3E+tents+100%25&sort_by=price_asc'))).toEqual(['Dome Tent']);
    expect(names(await search('category=outdoors+%3E+t_nts&sort_by=price_desc'))).toEqual([]);
    expect(names(await search('category=Outdoors+%3E+B&sort_by=price_desc'))).toEqual(['Trail Backpack 50L', 'Trail Backpack 30L']);
  });

  it('an unknown seller_handle is SELLER_NOT_FOUND with suggestions', async () => {
    const body = await search('seller_handle=beta-audoi', 404);
    expect(body.code).toBe('SELLER_NOT_FOUND');
    expect(body.details.did_you_mean[0]).toEqual({ handle: 'beta-audio', name: 'Beta Audio' });
  });
});

describe('sorting', () => {
  const created = new Map(ALL.map((p) => [p.title, p.createdAt!.getTime()]));

  it('browses newest first by default', async () => {
    const items = await walk('limit=50');
    const times = items.map((i) => created.get(i.name)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items).toHaveLength(ALL.length);
  });

  it.each([
    ['price_asc', 1],
    ['price_desc', -1],
  ])('%s orders by the cheapest variant', async (sort, dir) => {
    const prices = (await walk(`sort_by=${sort}&limit=50`)).map((i) => cheapest(i.offers));
    expect(prices).toEqual([...prices].sort((a, b) => dir * (a - b)));
  });

  it('price_asc with in_stock=true orders by the cheapest in-stock variant', async () => {
    const prices = (await walk('sort_by=price_asc&in_stock=true&limit=50')).map((i) => cheapest(i.offers.filter(inStock)));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('newest with q sorts the matches by date', async () => {
    expect(names(await search('q=headphones&sort_by=newest'))).toEqual([
      'Portable Radio',
      'Wired Headphones',
      'Noise Cancelling Wireless Headphones',
      'Sonic Wireless Headphones Wireless Edition',
      'Wireless Headphones',
    ]);
  });
});

describe('cursor pagination', () => {
  const gadgetTitles = gadgets.map((g) => g.title).sort();

  it.each(['limit=7', 'sort_by=price_asc&limit=6', 'sort_by=price_desc&in_stock=true&limit=4', 'q=gadget&limit=4', 'min_stock=3&sort_by=price_asc&limit=3', 'min_stock=2&sort_by=price_desc&max_price_cents=50000&limit=2'])(
    'walks %s without duplicates or gaps',
    async (query) => {
      const items = await walk(query);
      const ids = items.map((i) => i.productID);
      expect(new Set(ids).size).toBe(ids.length);
      const reference = await walk(query.replace(/limit=\d+/, 'limit=50'));
      expect(ids.length).toBeGreaterThan(10);
      expect(new Set(ids)).toEqual(new Set(reference.map((i) => i.productID)));
    },
  );

  it.each([
    ['newest', undefined],
    ['price_asc', undefined],
    ['price_desc', undefined],
    // Under a category the walk merges the category's leaves.
    ['newest', 'home'],
    ['price_asc', 'home > gadgets'],
    ['price_desc', 'HOME'],
  ] as const)(
    'gives a text search in %s order (category %s) the same pages whether it walks the order or sorts all matches',
    async (sort_by, category) => {
      const secret = t.app.services.keys.key('cursor');
      // Walks of 1 and 4 rows fall short on most pages and sort instead; 2,500 always walks here.
      const pages = async (textOrderWalk: number) => {
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await searchCatalog(t.db.database.db, secret, { q: 'gadget', category, sort_by, limit: 3, cursor }, { textOrderWalk });
          ids.push(...page.items.map((i) => i.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return ids;
      };
      const walked = await pages(2500);
      expect(walked.length).toBeGreaterThan(10);
      expect(await pages(1)).toEqual(walked);
      expect(await pages(4)).toEqual(walked);
    },
  );

  it.each(['category=home&limit=5', 'category=home&sort_by=price_asc&limit=5', 'category=home&sort_by=price_desc&limit=5', 'q=gadget&limit=5'])(
    'stays complete for %s when products are inserted between pages',
    async (query) => {
      let inserted = 0;
      const items = await walk(query, async (page) => {
        const fresh = [0, 1].map((k) =>
          product({ title: `Widget Gadget Fresh ${query} ${page} ${k}`, category: 'Home > Gadgets', variants: [[((page * 997 + k * 1733) % 5000) + 100, 3]] }),
        );
        await writeProducts(t.db.database.db, sellerIds.get('gamma-home')!, fresh);
        inserted += fresh.length;
      });
      expect(inserted).toBeGreaterThan(10);
      const ids = items.map((i) => i.productID);
      expect(new Set(ids).size).toBe(ids.length);
      const original = items.map((i) => i.name).filter((n) => !n.includes('Fresh'));
      expect(original.sort()).toEqual(gadgetTitles);
    },
  );

  it('keeps the query and positions across pages; limit may change', async () => {
    const first = await search('q=headphnes&limit=2');
    expect(first.query_corrected).toBe('headphones');
    const second = await search(`q=headphnes&limit=3&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.query_corrected).toBe('headphones');
    expect(second.itemListElement.map((e: Json) => e.position)).toEqual([3, 4, 5]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses tampered, foreign and malformed cursors', async () => {
    const { nextCursor } = await search('q=gadget&limit=2');
    const [body, sig] = nextCursor.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload.served = 0;
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    const flipped = `${body}.${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    const sellersCursor = (await (await t.call('GET', '/api/agent/sellers?limit=1', { headers: agentHeaders() })).json()).nextCursor;
    for (const query of [
      `q=gadget&cursor=${encodeURIComponent(forged)}`,
      `q=gadget&cursor=${encodeURIComponent(flipped)}`,
      `q=gadget&cursor=garbage`,
      `q=widget&cursor=${encodeURIComponent(nextCursor)}`,
      `q=gadget&sort_by=newest&cursor=${encodeURIComponent(nextCursor)}`,
      `q=gadget&in_stock=true&cursor=${encodeURIComponent(nextCursor)}`,
      `q=gadget&cursor=${encodeURIComponent(sellersCursor)}`,
    ]) {
      expect((await search(query, 400)).code, query).toBe('invalid_cursor');
    }
  });
});

describe('facets', () => {
  async function countsOf(query: string) {
    const items = await walk(query);
    const tally = (values: string[]) => {
      const m = new Map<string, number>();
      for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
      return m;
    };
    return {
      category: tally(items.map((i) => i.category)),
      seller_handle: tally(items.map((i) => i.offers[0].seller.identifier)),
      availability: tally(items.map((i) => (i.offers.some(inStock) ? 'in_stock' : 'out_of_stock'))),
    };
  }
  const asMap = (values: { value: string; count: number }[]) => new Map(values.map((v) => [v.value, v.count]));

  it.each(['q=headphones&limit=2', 'limit=9', 'category=outdoors&limit=3', 'q=wireless&min_price_cents=5000&limit=1'])(
    'count the whole match set of %s, not the page',
    async (query) => {
      const first = await search(query);
      expect(first.facets_approximate).toBe(false);
      const counted = await countsOf(query);
      for (const facet of ['category', 'seller_handle', 'availability'] as const) {
        expect(asMap(first.facets[facet]), facet).toEqual(counted[facet]);
      }
    },
  );

  it('are approximate, over a bounded candidate set, when the match set exceeds the cap', async () => {
    const secret = t.app.services.keys.key('cursor');
    const db = t.db.database.db;
    const capped = await searchCatalog(db, secret, { q: 'gadget', limit: 5 }, { candidateCap: 10 });
    expect(capped.approximate).toBe(true);
    // The candidate set is the first cap + 1 matches: finding all of them is what says "more than cap".
    for (const facet of [capped.facets!.category, capped.facets!.seller_handle, capped.facets!.availability]) {
      expect(facet.reduce((n, f) => n + f.count, 0)).toBe(11);
    }
    const browse = await searchCatalog(db, secret, { limit: 5, category: 'home' }, { candidateCap: 10 });
    expect(browse.approximate).toBe(true);
    const exact = await searchCatalog(db, secret, { q: 'headphones', limit: 5 }, { candidateCap: 10 });
    expect(exact.approximate).toBe(false);
    expect(exact.facets!.category.reduce((n, f) => n + f.count, 0)).toBe(5);
  });
});

describe('totalResults', () => {
  it.each(['q=headphones&limit=2', 'limit=9', 'category=outdoors&limit=3', 'q=wireless&min_price_cents=5000&limit=1', 'q=gadget&sort_by=price_asc&limit=7', 'in_stock=false&limit=2', 'q=nothingmatchesthis'])(
    'is exact for %s, on every page, with or without facets',
    async (query) => {
      const all = await walk(query);
      for (const variant of [query, `${query}&facets=false`, `${query}&view=compact`]) {
        const first = await search(variant);
        expect(first, variant).toMatchObject({ totalResults: all.length, totalResults_approximate: false });
        if (first.nextCursor) {
          const second = await search(`${variant}&cursor=${encodeURIComponent(first.nextCursor)}`);
          expect(second, variant).toMatchObject({ totalResults: all.length, totalResults_approximate: false });
        }
      }
    },
  );

  it('is a lower bound, the candidate set’s size, above the cap; facets=false counts it alike', async () => {
    const secret = t.app.services.keys.key('cursor');
    const db = t.db.database.db;
    for (const params of [{ q: 'gadget' }, { category: 'home' }, { sort_by: 'price_asc' as const }]) {
      for (const facets of [true, false]) {
        const page = await searchCatalog(db, secret, { ...params, limit: 5, facets }, { candidateCap: 10 });
        expect(page, JSON.stringify(params)).toMatchObject({ totalResults: 11, approximate: true });
        expect(page.facets !== undefined).toBe(facets);
        const next = await searchCatalog(db, secret, { ...params, limit: 5, facets, cursor: page.nextCursor! }, { candidateCap: 10 });
        expect(next).toMatchObject({ totalResults: 11, approximate: true });
      }
    }
    const exact = await searchCatalog(db, secret, { q: 'headphones', limit: 2, facets: false }, { candidateCap: 10 });
    expect(exact).toMatchObject({ totalResults: 5, approximate: false });
    expect(exact).not.toHaveProperty('facets');
  });
});

describe('invalid parameters', () => {
  it.each([
    ['limit=0', 'invalid_request'],
    ['limit=51', 'invalid_request'],
    ['limit=ten', 'invalid_request'],
    ['sort_by=best', 'invalid_request'],
    ['sort_by=relevance', 'invalid_request'],
    ['q=%20&sort_by=relevance', 'invalid_request'],
    ['min_price_cents=-1', 'invalid_request'],
    ['min_price_cents=5000&max_price_cents=100', 'invalid_price_range'],
    ['in_stock=yes', 'invalid_request'],
    ['in_stock=false&min_stock=2', 'invalid_request'],
    ['min_stock=0', 'invalid_request'],
    ['price_min=100', 'invalid_request'],
  ])('%s → 400 %s', async (query, code) => {
    const body = await search(query, 400);
    expect(body.code).toBe(code);
    if (code === 'invalid_request') expect(body.details.issues.length).toBeGreaterThan(0);
  });

  it('needs the UCP-Agent header', async () => {
    const res = await t.call('GET', '/api/agent/search?q=tent');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('ucp_agent_required');
  });
});

describe('the sharded full-text index', () => {
  it('finds every match, whichever shard holds it', async () => {
    const perShard = await Promise.all(
      Array.from({ length: SEARCH_SHARDS }, async (_, shard) => {
        const [{ n }] = await rows<{ n: number }>(
          t.db.database.db,
          sql`SELECT count(*)::int AS n FROM products p WHERE p.title LIKE 'Widget Gadget %' AND ${searchShard(sql`p.id`, shard)}`,
        );
        return n;
      }),
    );
    const gadgets = perShard.reduce((a, n) => a + n, 0); // 45, and those other tests inserted
    expect(perShard.filter((n) => n > 0).length).toBeGreaterThan(1);
    const first = await search('q=gadget&limit=5');
    expect(first.facets_approximate).toBe(false);
    expect(first.facets.category.reduce((a: number, f: Json) => a + f.count, 0)).toBe(gadgets);
    expect(new Set((await walk('q=gadget&limit=50')).map((i) => i.productID)).size).toBe(gadgets);
    // Sorts other than relevance read the whole match set through the same shards.
    expect((await walk('q=gadget&sort_by=price_asc&limit=50')).length).toBe(gadgets);
  });
});

describe('a text search narrowed by category, seller or price', () => {
  const db = () => t.db.database.db;
  const lexemeCategories = ["Apparel > Men's > Boots", 'Apparel > Back\\Slash', 'Apparel > A & B | C:*', 'Apparel > Socks'];

  beforeAll(async () => {
    await writeProducts(db(), sellerIds.get('acme-outdoors')!, [
      ...lexemeCategories.map((category, i) => product({ title: `Merino Trail Item ${i}`, category, createdAt: at(300 + i), variants: [[1000 + i * 100, 5]] })),
      product({ title: 'Merino Trail Blanket', category: 'Home > Bedding', createdAt: at(310), variants: [[5000, 1]] }),
      // Either side of the price buckets' edges (powers of two); out of stock at its lowest price.
      ...[1023, 1024, 2047, 2048].map((cents, i) =>
        product({ title: `Merino Trail Edge ${cents}`, category: 'Outdoors > Edges', createdAt: at(320 + i), variants: [[cents, 0], [cents + 500, 2]] }),
      ),
    ]);
  });

  interface Filters {
    category?: string;
    seller?: string;
    min?: number;
    max?: number;
    inStock?: boolean;
    minStock?: number;
  }

  /** Every product id of a search, walking all its pages. */
  async function ids(q: string, f: Filters, sort_by: 'relevance' | 'newest' | 'price_asc', categoryTermsMax?: number) {
    const secret = t.app.services.keys.key('cursor');
    const params = {
      ...{ q, category: f.category, seller_handle: f.seller, sort_by },
      ...{ min_price_cents: f.min, max_price_cents: f.max, in_stock: f.inStock, min_stock: f.minStock },
    };
    const out: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await searchCatalog(db(), secret, { ...params, limit: 2, cursor }, { categoryTermsMax });
      out.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }

  /** The same filters without the search indexes' help: the reference answer. */
  async function reference(q: string, f: Filters) {
    // The effective price: of the cheapest variant holding min_stock units, or in stock, or any.
    const price =
      f.minStock !== undefined
        ? sql`(SELECT min(v.price_cents) FROM variants v WHERE v.product_id = p.id AND (v.stock IS NULL OR v.stock >= ${f.minStock}::int))`
        : f.inStock
          ? sql`p.price_min_in_stock`
          : sql`p.price_min`;
    const found = await rows<{ id: string }>(
      db(),
      sql`SELECT p.id FROM products p JOIN sellers s ON s.id = p.seller_id
          WHERE p.search_vector @@ websearch_to_tsquery('english', ${q})
            AND (${f.category ?? null}::text IS NULL OR starts_with(p.category_key, lower(${f.category ?? null}::text)))
            AND (${f.seller ?? null}::text IS NULL OR s.handle = ${f.seller ?? null}::text)
            AND ${price} BETWEEN ${f.min ?? 0}::int AND ${f.max ?? 2147483647}::int`,
    );
    return found.map((r) => r.id).sort();
  }

  // [q, filters, how many products the answer holds: none of these may pass for being empty]
  it.each<[string, Filters, number]>([
    ['merino trail', { category: 'apparel' }, 4],
    ['merino trail', { category: "Apparel > Men's" }, 1],
    ['merino trail', { category: 'apparel > back\\' }, 1],
    ['merino trail', { category: 'Apparel > A & B | C:' }, 1],
    ['merino trail', { category: 'apparel > a' }, 1], // a prefix that ends inside a segment
    ['merino trail', { category: 'home', seller: 'acme-outdoors' }, 1],
    ['merino trail', { seller: 'acme-outdoors' }, 9],
    ['wireless', { category: 'electronics > audio', seller: 'beta-audio' }, 5],
    ['wireless', { category: 'outdoors' }, 0], // matches elsewhere, none in the category
    ['wireless', { category: 'no such category' }, 0],
    ['merino trail', { category: 'apparel', seller: 'gamma-home' }, 0], // nor from this seller
    ['merino trail', { min: 1024 }, 7],
    ['merino trail', { max: 2047 }, 7],
    ['merino trail', { min: 1024, max: 2047, category: 'outdoors' }, 2],
    // In stock, the effective price is above the indexed lowest price (Edge 1023 is 1,523 in stock).
    ['merino trail', { min: 1024, inStock: true }, 8],
    ['merino trail', { max: 2047, inStock: true }, 6],
    ['merino trail', { min: 1024, minStock: 2 }, 7],
    ['merino trail', { min: 1_000_000 }, 0],
  ])('answers exactly the filtered matches: q=%s %o', async (q, filters, size) => {
    const expected = await reference(q, filters);
    expect(expected).toHaveLength(size);
    for (const sortBy of ['relevance', 'newest', 'price_asc'] as const) {
      // The category's keys as lexemes (the default), and past a lower limit its prefix instead.
      for (const most of filters.category ? [undefined, 1, 0] : [undefined]) {
        const got = await ids(q, filters, sortBy, most);
        expect(new Set(got).size, `${sortBy} ${most}`).toBe(got.length);
        expect([...got].sort(), `${sortBy} ${most}`).toEqual(expected);
      }
    }
  });
});

describe('category facet', () => {
  it('counts spellings of one category path as one value, as the category filter does', async () => {
    const db = t.db.database.db;
    await writeProducts(db, sellerIds.get('acme-outdoors')!, [
      product({ title: 'Enamel Camp Mug', category: 'Outdoors > Cookware' }),
      product({ title: 'Steel Camp Mug', category: 'OUTDOORS > cookware' }),
    ]);
    const body = await search('q=camp mug');
    expect(body.facets.category).toHaveLength(1);
    expect(body.facets.category[0].count).toBe(2);
    expect(['Outdoors > Cookware', 'OUTDOORS > cookware']).toContain(body.facets.category[0].value);
    const filtered = await search(`category=${encodeURIComponent(body.facets.category[0].value)}`);
    expect(filtered.numberOfItems).toBe(2);
  });

  it('shows a category as it was first written, whatever spelling comes after', async () => {
    const db = t.db.database.db;
    // The first is the dearest: the spelling shown is not the cheapest product's either.
    await writeProducts(db, sellerIds.get('acme-outdoors')!, [product({ title: 'Folding Trail Stool', category: 'Outdoors > Trail Seating', variants: [[9900, 3]] })]);
    await writeProducts(db, sellerIds.get('gamma-home')!, [
      product({ title: 'Canvas Trail Stool', category: 'OUTDOORS > TRAIL SEATING', variants: [[1900, 3]] }),
      product({ title: 'Walnut Trail Stool', category: 'outdoors > trail seating', variants: [[2900, 3]] }),
    ]);
    const body = await search('q=trail stool');
    expect(body.facets.category).toEqual([{ value: 'Outdoors > Trail Seating', count: 3 }]);
  });
});

describe('category prefix', () => {
  it('is exact at the byte-range edges, outside ASCII too, under every sort', async () => {
    await writeProducts(t.db.database.db, sellerIds.get('gamma-home')!, [
      product({ title: 'Santoku Knife', category: 'Küche > Messer' }),
      product({ title: 'Bread Knife', category: 'Küche > Messer > Brot' }),
      // Neighbours just outside the prefix in code point order: ü + 1 = ý, and "messer" + 1.
      product({ title: 'Neighbour One', category: 'Kýche' }),
      product({ title: 'Neighbour Two', category: 'Küche > Messes' }),
    ]);
    for (const sort of ['', '&sort_by=price_asc', '&sort_by=price_desc']) {
      const body = await search(`category=${encodeURIComponent('KÜCHE > messer')}${sort}`);
      expect(new Set(names(body)), sort).toEqual(new Set(['Santoku Knife', 'Bread Knife']));
      expect(body.facets.category.reduce((n: number, f: Json) => n + f.count, 0)).toBe(2);
    }
  });

  it('has an upper bound in code point order, wherever the last character is', () => {
    expect(prefixUpperBound('home > kitchen')).toBe('home > kitcheo');
    expect(prefixUpperBound('küche')).toBe('küchf');
    expect(prefixUpperBound('caf\u00e9')).toBe('caf\u00ea');
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000'); // skips the surrogates
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('\u{10ffff}')).toBeUndefined();
  });
});

describe('statement plans', () => {
  const compiled = (q: Partial<SearchQuery>) => new PgDialect().sqlToQuery(searchSql({ sortBy: 'newest', limit: 10, ...q })).sql;
  const replanned = (q: Partial<SearchQuery>) => /LIMIT \$\d/.test(compiled(q));

  it('lets shapes whose structure fixes the plan run on a cached generic plan', () => {
    for (const q of [
      { text: 'dog bed', sortBy: 'relevance' as const },
      { text: 'dog bed', sortBy: 'price_asc' as const, inStock: true },
      { categoryPrefix: 'home' },
      { categoryPrefix: 'home', sortBy: 'price_desc' as const, minPriceCents: 100 },
      { sellerHandle: 'acme', minPriceCents: 100, maxPriceCents: 200 },
      { minPriceCents: 100, maxPriceCents: 200, sortBy: 'price_asc' as const },
      { after: ['1', 'prod_x'] as SearchKey },
    ]) {
      expect(replanned(q), JSON.stringify(q)).toBe(false);
    }
    // The text query is parsed once, in a CTE, and every match reads it through a sub-select:
    // opaque to the planner, so custom plans look no cheaper than the generic one.
    const text = compiled({ text: 'dog bed', sortBy: 'relevance' });
    expect(text.match(/websearch_to_tsquery/g)).toHaveLength(1);
    expect(text.match(/@@ \(SELECT q\.tsquery FROM query q\)/g)).toHaveLength(SEARCH_SHARDS);
  });

  it('compiles a shape once: the next search of that shape carries its own values, none of the first one\'s', () => {
    const shape = (text: string, v: { category: string; seller: string; min: number; max: number; key: SearchKey }): SearchQuery => ({
      text,
      correct: correctableWords(text),
      categoryPrefix: v.category,
      sellerHandle: v.seller,
      minPriceCents: v.min,
      maxPriceCents: v.max,
      minStock: v.min + 1,
      sortBy: 'price_desc',
      limit: 7,
      after: v.key,
    });
    const first = shape('wirelss headphnes "noise"', { category: 'electronics', seller: 'acme', min: 101, max: 9001, key: [4242, 'prod_first'] });
    const second = shape('travle mugg -plastic', { category: 'kitchen > mugs', seller: 'zeta-home', min: 202, max: 8002, key: [5353, 'prod_second'] });
    const a = new PgDialect().sqlToQuery(searchSql(first));
    const b = new PgDialect().sqlToQuery(searchSql(second));
    expect(b.sql).toBe(a.sql);
    // With corrections the text travels as the words and the gaps around them.
    const firstValues = [' "noise"', 'wirelss', 'headphnes', 'electronics', 'acme', 101, 102, 9001, 4242, 'prod_first'];
    for (const v of firstValues) expect(b.params, String(v)).not.toContain(v);
    for (const v of [' -plastic', 'travle mugg', 'kitchen > mugs', prefixUpperBound('kitchen > mugs'), 'zeta-home', 202, 203, 8002, 5353, 'prod_second']) {
      expect(b.params, String(v)).toContain(v);
    }
  });

  it('compiles a search without facets to its own statement, which only counts the candidate set', () => {
    for (const q of [{}, { text: 'dog bed', sortBy: 'relevance' as const }, { categoryPrefix: 'home', sortBy: 'price_asc' as const }]) {
      const [withFacets, without] = [compiled(q), compiled({ ...q, facets: false })];
      expect(withFacets).toContain('GROUPING SETS');
      expect(without).not.toContain('GROUPING SETS');
      expect(without).not.toContain('json_agg(json_build_object(\'value\'');
      expect(compiled(q)).toBe(withFacets); // the cache keeps both shapes apart
    }
  });

  it('plans again for the values where their selectivity picks the plan', () => {
    for (const q of [{ minStock: 5 }, { inStock: false }, { minPriceCents: 100 }, { maxPriceCents: 100, sortBy: 'newest' as const }]) {
      expect(replanned(q), JSON.stringify(q)).toBe(true);
    }
  });
});

describe('exact title match', () => {
  it('ranks first for titles outside ASCII too', async () => {
    await writeProducts(t.db.database.db, sellerIds.get('gamma-home')!, [
      // Says the words more often, so it outranks the exact title without the bonus.
      product({ title: 'Crème Brûlée Torch Crème Brûlée Set', description: 'Crème brûlée torch for crème brûlée.', category: 'Home > Kitchen' }),
      product({ title: 'Crème Brûlée Torch', category: 'Home > Kitchen' }),
    ]);
    const body = await search(`q=${encodeURIComponent('CRÈME brûlée torch')}`);
    expect(body.itemListElement[0].item.name).toBe('Crème Brûlée Torch');
  });
});
