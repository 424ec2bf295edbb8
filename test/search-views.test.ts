/**
 * What a search answer costs an agent, on the demo catalog: the compact view, facets=false, their
 * JSON-LD and JSON Schema validity, and walks that change view or facets between pages. The
 * bytes-per-product figures are printed; the MCP default (compact) is in mcp.test.ts.
 */
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import jsonld from 'jsonld';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { buildTools } from '../server/mcp/tools';
import { SEARCH_CANDIDATE_CAP } from '../server/catalog/search-sql';
import { searchResult } from '../server/routers/catalog';
import { agentHeaders, testApp, type TestApp } from './support/app';

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

const QUERIES = ['limit=10', 'q=wireless+headphones&limit=10', 'q=jacket&limit=10', 'q=coffee&limit=10', 'category=electronics&limit=10', 'sort_by=price_asc&limit=10'];
const VIEWS = { full: '', 'full, facets=false': '&facets=false', compact: '&view=compact', 'compact, facets=false': '&view=compact&facets=false' };

describe('bytes per product', () => {
  it('compact without facets is about half of full without facets; a product takes at most 400 bytes before its offers', async () => {
    const table: Record<string, Record<string, number>> = {};
    for (const query of QUERIES) {
      const perProduct: Record<string, number> = {};
      for (const [view, params] of Object.entries(VIEWS)) {
        const { body, bytes } = await answer(query + params);
        expect(body.numberOfItems).toBeGreaterThan(0);
        perProduct[view] = Math.round(bytes / body.numberOfItems);
        if (view !== 'compact, facets=false') continue;
        for (const { item } of body.itemListElement) {
          // Each offer is what a cart needs; all the rest of a product fits in 400 bytes.
          const offers = item.offers.map((o: Json) => Buffer.byteLength(JSON.stringify(o)) + 1);
          const product = Buffer.byteLength(JSON.stringify({ ...item, offers: [] }));
          expect(product, item.name).toBeLessThanOrEqual(400);
          for (const offer of offers) expect(offer, item.name).toBeLessThanOrEqual(200);
        }
      }
      expect(perProduct['compact, facets=false'], query).toBeLessThanOrEqual(0.55 * perProduct['full, facets=false']);
      expect(perProduct.compact, query).toBeLessThan(perProduct.full);
      table[query] = perProduct;
    }
    console.log('JSON bytes per product of the search answer, demo catalog:');
    console.table(table);
  });
});

describe('the compact view', () => {
  it('keeps productID, name, brand, category, one image and per offer what carts and choices need', async () => {
    const q = 'q=wireless+headphones&limit=20';
    const [{ body: full }, { body: compact }] = await Promise.all([answer(q), answer(`${q}&view=compact`)]);
    expect(compact.itemListElement.length).toBe(full.itemListElement.length);
    full.itemListElement.forEach(({ item: f, position }: Json, i: number) => {
      const c = compact.itemListElement[i];
      expect(c.position).toBe(position);
      expect(c.item).toEqual({
        '@type': 'Product',
        productID: f.productID,
        name: f.name,
        ...(f.brand && { brand: f.brand.name }),
        category: f.category,
        ...(f.image.length && { image: f.image[0] }),
        offers: f.offers.map((o: Json) => ({
          '@type': 'Offer',
          identifier: o.identifier,
          sku: o.sku,
          price: o.price,
          priceCurrency: o.priceCurrency,
          availability: o.availability.replace('https://schema.org/', 'schema:'),
          seller: o.seller.identifier,
        })),
      });
    });
    const { itemListElement: _f, ...fullRest } = full;
    const { itemListElement: _c, ...compactRest } = compact;
    expect(compactRest).toEqual(fullRest);
  });

  it('expands as JSON-LD to the same schema.org statements the full view makes about those fields, offline', async () => {
    const context = JSON.parse(fs.readFileSync(new URL('./fixtures/schemaorg-context.json', import.meta.url), 'utf8'));
    const documentLoader = async (url: string) => {
      if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`offline test: refused to load ${url}`);
      return { contextUrl: undefined, documentUrl: url, document: context };
    };
    const S = 'https://schema.org/';
    const expanded = async (query: string) => {
      const [list] = (await jsonld.expand((await answer(query)).body, { documentLoader } as never)) as unknown as Json[];
      expect(list['@type']).toEqual([`${S}ItemList`]);
      return list[`${S}itemListElement`][0][`${S}item`][0];
    };
    const [full, compact] = await Promise.all([expanded('q=wireless+headphones'), expanded('q=wireless+headphones&view=compact')]);
    expect(compact['@type']).toEqual([`${S}Product`]);
    for (const term of ['productID', 'name', 'category']) expect(compact[`${S}${term}`], term).toEqual(full[`${S}${term}`]);
    expect(compact[`${S}image`]).toEqual([full[`${S}image`][0]]);
    expect(compact[`${S}brand`]).toEqual(full[`${S}brand`][0][`${S}name`]);
    const [offer] = compact[`${S}offers`];
    const [fullOffer] = full[`${S}offers`];
    expect(offer['@type']).toEqual([`${S}Offer`]);
    for (const term of ['identifier', 'sku', 'price', 'priceCurrency', 'availability']) expect(offer[`${S}${term}`], term).toEqual(fullOffer[`${S}${term}`]);
    expect(offer[`${S}availability`][0]['@id']).toMatch(/^https:\/\/schema\.org\/(In|OutOf)Stock$/);
    expect(offer[`${S}seller`]).toEqual(fullOffer[`${S}seller`][0][`${S}identifier`]);
  });
});

describe('facets=false', () => {
  it('leaves facets and facets_approximate out and keeps the count', async () => {
    const { body: withFacets } = await answer('q=jacket');
    const { body } = await answer('q=jacket&facets=false');
    expect(withFacets).toHaveProperty('facets');
    expect(withFacets).toHaveProperty('facets_approximate', false);
    expect(body).not.toHaveProperty('facets');
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
    const validate = ajv.compile(z.toJSONSchema(searchResult, { io: 'output' }) as object);
    // The MCP tool's outputSchema: the same schema, inlined without $ref.
    const tool = buildTools(t.app.services.operations).find((tool) => tool.name === 'search_catalog')!;
    const validateTool = ajv.compile(tool.outputSchema);
    for (const params of Object.values(VIEWS)) {
      const { body } = await answer(`q=jacket&limit=5${params}`);
      expect(validate(body), `${params}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validateTool(body)).toBe(true);
    }
    const { body } = await answer('q=jacket&limit=1&view=compact');
    const item = body.itemListElement[0].item;
    const mixed = { ...item, description: 'a full-view field on a compact product' };
    expect(validate({ ...body, itemListElement: [{ ...body.itemListElement[0], item: mixed }] })).toBe(false);
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
      uniform.push(...body.itemListElement.map((e: Json) => e.item.productID));
      cursor = body.nextCursor;
    } while (cursor);
    const mixed: string[] = [];
    const views = Object.values(VIEWS);
    let page = 0;
    do {
      const { body }: { body: Json } = await answer(`q=jacket&limit=7${views[page % views.length]}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      body.itemListElement.forEach((e: Json, i: number) => expect(e.position).toBe(mixed.length + i + 1));
      expect(body.totalResults).toBe(uniform.length);
      mixed.push(...body.itemListElement.map((e: Json) => e.item.productID));
      cursor = body.nextCursor;
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
