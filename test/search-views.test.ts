/**
 * What a search answer costs an agent, on the demo catalog: the compact view (its byte budget, its
 * fields against the full view's, its JSON-LD), facets by view, the output schemas, and walks that
 * change view or facets between pages. The bytes-per-product figures are printed; the MCP default
 * (compact) and its budget are in mcp.test.ts.
 */
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import jsonld from 'jsonld';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { SEARCH_CONTEXT_PATH } from '../server/catalog/jsonld';
import { buildTools } from '../server/mcp/tools';
import { SEARCH_CANDIDATE_CAP } from '../server/catalog/search-sql';
import { compactSearchResult, searchResult } from '../server/routers/catalog';
import { agentHeaders, BASE, testApp, type TestApp } from './support/app';

type Json = Record<string, any>;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await ensureDemoCatalog(t.db.database.db);
});
afterAll(() => t.close());

async function answer(query: string): Promise<{ body: Json; bytes: number }> {
  const res = await t.call('GET', `/api/agent/search?${query}`, { headers: agentHeaders() });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** Searches of 10 products each on the demo catalog: browses, text searches, a category, a sort. */
const QUERIES = ['limit=10', 'q=jacket&limit=10', 'q=coffee&limit=10', 'q=shoes&limit=10', 'category=electronics&limit=10', 'sort_by=price_asc&limit=10', 'q=bag&limit=10'];
const VIEWS = { full: '', 'full, facets=false': '&facets=false', compact: '&view=compact', 'compact, facets': '&view=compact&facets=true' };
const COMPACT_BUDGET = 430;

/** The compact product's offer, derived from the full view's product. */
function compactOffers(full: Json): Json {
  const offers: Json[] = full.offers;
  const availability = offers.some((o) => o.availability === 'https://schema.org/InStock') ? 'schema:InStock' : 'schema:OutOfStock';
  if (offers.length === 1) {
    return { '@type': 'Offer', identifier: offers[0].identifier, price: offers[0].price, availability, seller: offers[0].seller.identifier };
  }
  const cents = offers.map((o) => Math.round(Number(o.price) * 100));
  const [low, high] = [Math.min(...cents), Math.max(...cents)];
  const dollars = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  return {
    '@type': 'AggregateOffer',
    offerCount: offers.length,
    lowPrice: dollars(low),
    ...(high > low && { highPrice: dollars(high) }),
    availability,
    seller: offers[0].seller.identifier,
  };
}

/** Every path in `value` that holds null or an empty array. */
function emptyPaths(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => emptyPaths(v, `${path}[${i}]`)) : [path];
  if (typeof value === 'object') return Object.entries(value as Json).flatMap(([k, v]) => emptyPaths(v, `${path}.${k}`));
  return [];
}

/** Every object key anywhere in `value`, with its path. */
function keyPaths(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value as Json).flatMap(([k, v]) => [`${path}.${k}`, ...keyPaths(v, `${path}.${k}`)]);
  return [];
}

describe('bytes per product', () => {
  it(`a 10-product compact search answers at most ${COMPACT_BUDGET} bytes a product, all told (minified UTF-8 body ÷ products)`, async () => {
    const table: Record<string, Record<string, number>> = {};
    for (const query of QUERIES) {
      const perProduct: Record<string, number> = {};
      for (const [view, params] of Object.entries(VIEWS)) {
        const { body, bytes } = await answer(query + params);
        expect(body.numberOfItems, query).toBe(10);
        // The service answers minified JSON: the bytes are what an agent reads.
        expect(bytes).toBe(Buffer.byteLength(JSON.stringify(body)));
        perProduct[view] = Math.round(bytes / body.numberOfItems);
      }
      expect(perProduct.compact, query).toBeLessThanOrEqual(COMPACT_BUDGET);
      expect(perProduct.compact, query).toBeLessThanOrEqual(0.4 * perProduct['full, facets=false']);
      table[query] = perProduct;
    }
    console.log(`JSON bytes per product of a 10-product search answer, demo catalog (compact budget ${COMPACT_BUDGET}):`);
    console.table(table);
  });
});

describe('the compact view', () => {
  it('keeps per product its productID, name, brand, first image and offer: an Offer for one variant, an AggregateOffer for several', async () => {
    const shapes = new Set<string>();
    for (const q of ['q=jacket&limit=20', 'q=wireless+headphones&limit=20', 'q=coffee&limit=20']) {
      const [{ body: full }, { body: compact }] = await Promise.all([answer(q), answer(`${q}&view=compact`)]);
      expect(compact.itemListElement.length).toBe(full.itemListElement.length);
      full.itemListElement.forEach(({ item: f }: Json, i: number) => {
        const c = compact.itemListElement[i];
        expect(c).toEqual({
          '@type': 'Product',
          productID: f.productID,
          name: f.name,
          ...(f.brand && { brand: f.brand.name }),
          ...(f.image.length && { image: f.image[0] }),
          offers: compactOffers(f),
        });
        shapes.add(c.offers['@type']);
      });
      // The rest of the answer is the full view's, less what is null and the facets (off by default).
      const { itemListElement: _f, facets: _facets, facets_approximate: _fa, '@context': _fc, nextCursor, ...fullRest } = full;
      const { itemListElement: _c, '@context': context, nextCursor: compactCursor, ...compactRest } = compact;
      expect(compactRest).toEqual(fullRest);
      expect(context).toEqual(['https://schema.org', `${BASE}${SEARCH_CONTEXT_PATH}`]);
      expect(compactCursor).toBe(nextCursor ?? undefined);
    }
    expect([...shapes].sort()).toEqual(['AggregateOffer', 'Offer']);
  });

  it('holds no null and no empty array, has one @context, one image a product, and only terms its context defines', async () => {
    const context = JSON.parse(await (await t.call('GET', SEARCH_CONTEXT_PATH)).text())['@context'];
    for (const query of [...QUERIES, 'q=wireless+headphones&limit=50', 'q=nothingmatchesthis', 'q=jacket&limit=5&facets=true']) {
      const { body } = await answer(`${query}&view=compact`);
      expect(emptyPaths(body), query).toEqual([]);
      expect(keyPaths(body).filter((p) => p.endsWith('.@context')), query).toEqual(['$.@context']);
      for (const product of body.itemListElement ?? []) expect(product.image === undefined || typeof product.image === 'string').toBe(true);
      // Top-level keys beyond schema.org's own (ItemList, its count and elements) are our terms.
      for (const key of Object.keys(body)) {
        if (!['@context', '@type', 'numberOfItems', 'itemListElement'].includes(key)) expect(context, `${query}: ${key}`).toHaveProperty(key);
      }
    }
    const last = await answer('q=wireless+headphones&limit=50&view=compact');
    expect(last.body).not.toHaveProperty('nextCursor');
    const none = await answer('q=nothingmatchesthis&view=compact');
    expect(none.body).toMatchObject({ numberOfItems: 0, totalResults: 0 });
    expect(none.body).not.toHaveProperty('itemListElement');
  });

  it('expands as JSON-LD, offline and in safe mode (no term dropped), to the schema.org statements the full view makes', async () => {
    const schemaOrg = JSON.parse(fs.readFileSync(new URL('./fixtures/schemaorg-context.json', import.meta.url), 'utf8'));
    const ours = JSON.parse(await (await t.call('GET', SEARCH_CONTEXT_PATH)).text());
    const documentLoader = async (url: string) => {
      if (url.replace(/\/$/, '') === 'https://schema.org') return { contextUrl: undefined, documentUrl: url, document: schemaOrg };
      if (url === `${BASE}${SEARCH_CONTEXT_PATH}`) return { contextUrl: undefined, documentUrl: url, document: ours };
      throw new Error(`offline test: refused to load ${url}`);
    };
    const S = 'https://schema.org/';
    const expand = async (body: Json) => {
      const [list] = (await jsonld.expand(body, { documentLoader, safe: true } as never)) as unknown as Json[];
      expect(list['@type']).toEqual([`${S}ItemList`]);
      return list;
    };
    const query = 'q=jacket&limit=20&facets=true';
    const [{ body: fullBody }, { body: compactBody }] = await Promise.all([answer(query), answer(`${query}&view=compact`)]);
    const compact = await expand(compactBody);
    // Our own terms expand to our vocabulary, as JSON literals.
    expect(compact['urn:agentcommerce:search:totalResults']).toEqual([{ '@type': '@json', '@value': compactBody.totalResults }]);
    expect(compact['urn:agentcommerce:search:facets'][0]['@value']).toEqual(compactBody.facets);
    const fullList = (await jsonld.expand({ ...fullBody, facets: undefined, nextCursor: undefined }, { documentLoader } as never)) as unknown as Json[];
    const fullProducts = (fullList[0][`${S}itemListElement`] as Json[]).map((e) => e[`${S}item`][0]);
    const products = compact[`${S}itemListElement`] as Json[];
    expect(products.length).toBe(fullProducts.length);
    products.forEach((product, i) => {
      const full = fullProducts[i];
      expect(product['@type']).toEqual([`${S}Product`]);
      expect(product[`${S}name`]).toEqual(full[`${S}name`]);
      expect(product[`${S}image`]).toEqual([full[`${S}image`][0]]);
      const [offer] = product[`${S}offers`];
      const fullOffers = full[`${S}offers`] as Json[];
      if (fullOffers.length === 1) {
        expect(offer['@type']).toEqual([`${S}Offer`]);
        for (const term of ['identifier', 'price']) expect(offer[`${S}${term}`], term).toEqual(fullOffers[0][`${S}${term}`]);
        expect(offer[`${S}availability`]).toEqual(fullOffers[0][`${S}availability`]);
        expect(offer[`${S}seller`]).toEqual(fullOffers[0][`${S}seller`][0][`${S}identifier`]);
      } else {
        expect(offer['@type']).toEqual([`${S}AggregateOffer`]);
        expect(offer[`${S}offerCount`]).toEqual([{ '@value': fullOffers.length }]);
        expect(offer[`${S}availability`][0]['@id']).toMatch(/^https:\/\/schema\.org\/(In|OutOf)Stock$/);
      }
    });
  });

  it('its context document defines each of its own terms, from the schema, and is served bare', async () => {
    const res = await t.call('GET', SEARCH_CONTEXT_PATH);
    expect(res.status).toBe(200);
    const { '@context': context } = await res.json();
    const own = Object.keys(compactSearchResult.shape).filter((k) => !['@context', '@type', 'numberOfItems', 'itemListElement'].includes(k));
    expect(Object.keys(context).sort()).toEqual(own.sort());
    for (const term of own) expect(context[term]).toEqual({ '@id': `urn:agentcommerce:search:${term}`, '@type': '@json' });
  });
});

describe('facets', () => {
  it('come with the full view by default, not with the compact one; facets=true and false say otherwise', async () => {
    const has = async (query: string) => 'facets' in (await answer(`q=jacket&${query}`)).body;
    expect(await has('')).toBe(true);
    expect(await has('facets=false')).toBe(false);
    expect(await has('view=compact')).toBe(false);
    expect(await has('view=compact&facets=true')).toBe(true);
    const { body: withFacets } = await answer('q=jacket');
    const { body } = await answer('q=jacket&facets=false');
    expect(withFacets).toHaveProperty('facets_approximate', false);
    expect(body).not.toHaveProperty('facets_approximate');
    expect(body.totalResults).toBe(withFacets.totalResults);
    expect(body.itemListElement).toEqual(withFacets.itemListElement);
  });

  it('is refused when not a boolean, as is an unknown view', async () => {
    for (const query of ['facets=no', 'view=tiny']) {
      const res = await t.call('GET', `/api/agent/search?${query}`, { headers: agentHeaders() });
      expect(res.status, query).toBe(400);
      expect((await res.json()).code).toBe('invalid_request');
    }
  });
});

describe('totalResults on the demo catalog', () => {
  it('is a lower bound, flagged, for a browse of all 5,000 products; exact for a narrow query', async () => {
    const { body: browse } = await answer('limit=1&facets=false');
    expect(browse).toMatchObject({ totalResults: SEARCH_CANDIDATE_CAP + 1, totalResults_approximate: true });
    const { body: narrow } = await answer('q=wireless+headphones&limit=50');
    expect(narrow).toMatchObject({ totalResults: narrow.numberOfItems, totalResults_approximate: false, facets_approximate: false });
  });
});

describe('the output schema', () => {
  it('validates full, compact and facet-less answers under a strict JSON Schema 2020-12 validator, and refuses a mixed-up one', async () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(z.toJSONSchema(z.union([searchResult, compactSearchResult]), { io: 'output' }) as object);
    const validateCompact = ajv.compile(z.toJSONSchema(compactSearchResult, { io: 'output' }) as object);
    // The MCP tool's outputSchema: the same structure, its repeated parts shared through $defs.
    const tool = buildTools(t.app.services.operations).find((tool) => tool.name === 'search_catalog')!;
    const validateTool = new Ajv2020({ strict: false }).compile(tool.outputSchema);
    for (const params of [...Object.values(VIEWS), '&view=compact&facets=false']) {
      const { body } = await answer(`q=jacket&limit=5${params}`);
      expect(validate(body), `${params}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validateTool(body), params).toBe(true);
    }
    const { body } = await answer('q=jacket&limit=1&view=compact');
    expect(validateCompact(body)).toBe(true);
    const mixed = { ...body.itemListElement[0], description: 'a full-view field on a compact product' };
    expect(validate({ ...body, itemListElement: [mixed] })).toBe(false);
    const { totalResults_approximate: _, ...unflagged } = body;
    expect(validate(unflagged)).toBe(false);
  });
});

describe('the MCP tool’s compact default', () => {
  it('is advertised in its schema, and a default its input would refuse stops the tools from being built', () => {
    const operations = t.app.services.operations;
    const search = buildTools(operations).find((tool) => tool.name === 'search_catalog')!;
    expect(search.defaults).toEqual({ view: 'compact' });
    expect((search.inputSchema.properties as Json).view.default).toBe('compact');
    const broken = operations.map((o) => (o.tool?.name === 'search_catalog' ? { ...o, tool: { ...o.tool, defaults: { view: 'tiny' } } } : o));
    expect(() => buildTools(broken)).toThrow(/search_catalog: default view="tiny"/);
  });
});

describe('cursors', () => {
  it('are not bound to view or facets: a walk may change them between pages', async () => {
    const uniform: string[] = [];
    let cursor: string | null = null;
    do {
      const { body }: { body: Json } = await answer(`q=jacket&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      uniform.push(...body.itemListElement.map((e: Json) => e.item.name));
      cursor = body.nextCursor;
    } while (cursor);
    const mixed: string[] = [];
    const views = Object.values(VIEWS);
    let page = 0;
    do {
      const { body }: { body: Json } = await answer(`q=jacket&limit=7${views[page % views.length]}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const compact = Array.isArray(body['@context']);
      if (!compact) body.itemListElement.forEach((e: Json, i: number) => expect(e.position).toBe(mixed.length + i + 1));
      expect(body.totalResults).toBe(uniform.length);
      mixed.push(...body.itemListElement.map((e: Json) => (compact ? e.name : e.item.name)));
      cursor = body.nextCursor ?? null;
      page++;
    } while (cursor);
    expect(page).toBeGreaterThan(views.length);
    expect(mixed).toEqual(uniform);
    // What the list is stays bound: another filter with that cursor is refused.
    const { body: first } = await answer('q=jacket&limit=7&view=compact');
    const res = await t.call('GET', `/api/agent/search?q=jacket&in_stock=true&view=compact&cursor=${encodeURIComponent(first.nextCursor)}`, { headers: agentHeaders() });
    expect((await res.json()).code).toBe('invalid_cursor');
  });
});
