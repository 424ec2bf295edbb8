/**
 * UCP's catalog over the network catalog (issue #33 §5): search_catalog, lookup_catalog and
 * get_product as server/ucp/catalog.ts answers them over the demo catalog and a seller of
 * several-variant products, each answer checked against the official UCP 2026-04-08 schemas
 * (and against the binding's own zod schemas, which must describe it exactly).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { upsertSellers, writeProducts, type VariantInput } from '../server/catalog/writer';
import type { Db } from '../server/db/client';
import { ApiError } from '../server/errors/catalogue';
import { LOOKUP_MAX_IDS } from '../server/catalog/lookup';
import { getProduct, lookupProducts, searchProducts, SEARCH_LIMIT_MAX, type CatalogScope } from '../server/ucp/catalog';
import {
  getProductRequest,
  getProductResponse,
  lookupRequest,
  lookupResponse,
  searchRequest,
  searchResponse,
} from '../server/ucp/catalog-schemas';
import type { UcpResponseMeta } from '../server/errors/ucp';
import { testApp, type TestApp } from './support/app';
import { seller } from './support/catalog-fixtures';
import { ucpAjv, UCP_SCHEMAS_MISSING } from './support/ucp-schemas';

type Json = Record<string, any>;

const VERSION = '2026-04-08';
const SEARCH_SCHEMA = 'https://ucp.dev/schemas/shopping/catalog_search.json#/$defs/search_response';
const LOOKUP_SCHEMA = 'https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/lookup_response';
const PRODUCT_SCHEMA = 'https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/get_product_response';
const OUTFITTERS = 'variant-outfitters';
const UNKNOWN_PRODUCT = 'prod_00000000000000000000000000';

/** Navy in every size; Sky Blue in S, M and L only; Navy XS out of stock. */
const NAVY = ['XS', 'S', 'M', 'L', 'XL'];
const SKY = ['S', 'M', 'L'];

let t: TestApp;
let db: Db;
let secret: Buffer;
let parka: string;
let beanie: string;
/** Variant ids of the parka by "colour size". */
const parkaVariants = new Map<string, string>();

beforeAll(async () => {
  t = await testApp();
  db = t.db.database.db;
  secret = t.app.services.keys.key('cursor');
  await ensureDemoCatalog(db);
  const ids = await upsertSellers(db, [seller(OUTFITTERS)]);
  const parkaVariant = (color: string, size: string, i: number): VariantInput => ({
    sku: `VO-PARKA-${color.replace(' ', '').toUpperCase()}-${size}`,
    options: { size, color },
    priceCents: 24900 + (color === 'Navy' ? 0 : 1000) + i * 100,
    currency: 'USD',
    stock: color === 'Navy' && size === 'XS' ? 0 : 7,
    gtin: color === 'Navy' && size === 'M' ? '00012345678905' : null,
  });
  await writeProducts(db, ids.get(OUTFITTERS)!, [
    {
      externalId: 'parka',
      title: 'Expedition Down Parka',
      description: 'A long parka filled with responsibly sourced down, for the coldest days.',
      brand: 'Variant Outfitters',
      category: 'Apparel & Accessories > Clothing > Outerwear',
      images: ['https://img.example/parka-1.jpg', 'https://img.example/parka-2.jpg'],
      url: 'https://variant-outfitters.example/parka',
      variants: [...NAVY.map((size, i) => parkaVariant('Navy', size, i)), ...SKY.map((size, i) => parkaVariant('Sky Blue', size, i))],
    },
    {
      externalId: 'beanie',
      title: 'Expedition Beanie',
      description: 'A warm beanie.',
      brand: null,
      category: 'Apparel & Accessories > Clothing Accessories > Hats',
      images: ['https://img.example/beanie.jpg'],
      variants: [{ sku: 'VO-BEANIE', options: {}, priceCents: 2900, currency: 'USD', stock: null }],
    },
  ]);
  const found = await search({ query: 'expedition' }, { sellerHandle: OUTFITTERS });
  parka = found.products.find((p: Json) => p.title === 'Expedition Down Parka').id;
  beanie = found.products.find((p: Json) => p.title === 'Expedition Beanie').id;
  const all = await product({ id: parka, selected: [] });
  // Every variant, from the detail of each colour.
  for (const color of ['Navy', 'Sky Blue']) {
    const { product: p } = await product({ id: parka, selected: [{ name: 'color', label: color }] });
    for (const v of p.variants) parkaVariants.set(`${color} ${v.options.find((o: Json) => o.name === 'size').label}`, v.id);
  }
  expect(all.product.id).toBe(parka);
  expect(parkaVariants.size).toBe(NAVY.length + SKY.length);
});
afterAll(() => t.close());

/** The `ucp` member the binding's routers add. */
const ucp = (capability: string): UcpResponseMeta => ({ version: VERSION, capabilities: { [capability]: [{ version: VERSION }] } });

/** The answer as the binding sends it, checked against the binding's own schema: it must describe every member. */
function answer<S extends z.ZodType>(schema: S, capability: string, result: object): Json {
  const body = { ucp: ucp(capability), ...result };
  expect(schema.parse(body), 'the zod schema leaves out a member of the answer').toEqual(body);
  return body;
}

async function search(request: Json, scope?: CatalogScope): Promise<Json> {
  return answer(searchResponse, 'dev.ucp.shopping.catalog.search', await searchProducts(db, secret, searchRequest.parse(request), scope));
}
async function lookup(request: Json, scope?: CatalogScope): Promise<Json> {
  return answer(lookupResponse, 'dev.ucp.shopping.catalog.lookup', await lookupProducts(db, lookupRequest.parse(request), scope));
}
async function product(request: Json, scope?: CatalogScope): Promise<Json> {
  return answer(getProductResponse, 'dev.ucp.shopping.catalog.lookup', await getProduct(db, getProductRequest.parse(request), scope));
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** Every answer of the file, with the official schema it must satisfy. */
const answers: { schema: string; body: Json; what: string }[] = [];
function keep(schema: string, what: string, body: Json): Json {
  answers.push({ schema, body, what });
  return body;
}

const options = (variant: Json) => Object.fromEntries((variant.options ?? []).map((o: Json) => [o.name, o.label]));

describe('search_catalog', () => {
  it('searches by query: products with variants a cart takes, prices in cents, the seller on every variant', async () => {
    const body = keep(SEARCH_SCHEMA, 'query', await search({ query: 'wireless headphones', pagination: { limit: 5 } }));
    expect(body.products.length).toBe(5);
    expect(body.pagination).toMatchObject({ has_next_page: true, cursor: expect.any(String), total_count: expect.any(Number) });
    for (const p of body.products) {
      expect(p.id).toMatch(/^prod_/);
      expect(p.categories[0].taxonomy).toBe('merchant');
      expect(p.price_range.min.amount).toBeLessThanOrEqual(p.price_range.max.amount);
      for (const v of p.variants) {
        expect(v.id).toMatch(/^var_/);
        expect(v.price).toMatchObject({ amount: expect.any(Number), currency: 'USD' });
        expect(v.seller.name).toEqual(expect.any(String));
        expect(v.seller.links.map((l: Json) => l.type)).toEqual(['refund_policy', 'shipping_policy', 'privacy_policy', 'terms_of_service']);
      }
    }
    expect(body.messages).toBeUndefined();
  });

  it('says what the engine did to the query in info messages: a typo corrected, price words read, words dropped', async () => {
    const typo = keep(SEARCH_SCHEMA, 'typo', await search({ query: 'wirelss headphnes', pagination: { limit: 2 } }));
    expect(typo.products.length).toBe(2);
    expect(typo.messages).toEqual([{ type: 'info', code: 'query_corrected', content: 'Searched for “wireless headphones”.' }]);

    const priced = keep(SEARCH_SCHEMA, 'price words', await search({ query: 'wireless headphones under $50' }));
    expect(priced.messages.map((m: Json) => m.code)).toEqual(['price_words', 'query_corrected']);
    expect(priced.messages[0].content).toContain('filters.price.max 4999');
    for (const p of priced.products) for (const v of p.variants) expect(v.price.amount).toBeLessThanOrEqual(4999);

    const relaxed = keep(SEARCH_SCHEMA, 'relaxed', await search({ query: 'wireless headphones zzyzx' }));
    expect(relaxed.products.length).toBeGreaterThan(0);
    expect(relaxed.messages.find((m: Json) => m.code === 'query_relaxed').content).toContain('without “zzyzx”');
    expect(relaxed.messages.every((m: Json) => m.type === 'info')).toBe(true);
  });

  it('browses by filters alone: a category and a price range', async () => {
    const body = keep(
      SEARCH_SCHEMA,
      'filters only',
      await search({ filters: { categories: ['electronics > audio'], price: { min: 2000, max: 8000 } }, context: { currency: 'USD' }, pagination: { limit: 20 } }),
    );
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) {
      expect(p.categories[0].value.startsWith('Electronics > Audio')).toBe(true);
      for (const v of p.variants) expect(v.price.amount >= 2000 && v.price.amount <= 8000).toBe(true);
    }
  });

  it('ignores, and says so, a price filter in another currency and a filter it does not have', async () => {
    const body = keep(
      SEARCH_SCHEMA,
      'ignored filters',
      await search({ query: 'headphones', filters: { price: { max: 1 }, brand: 'Northwind' }, context: { currency: 'EUR' }, pagination: { limit: 2 } }),
    );
    expect(body.products.length).toBe(2);
    expect(body.messages).toEqual([
      { type: 'info', code: 'filter_ignored', content: 'filters.brand is not a filter of this catalog, and was ignored: the filters are categories and price.' },
      { type: 'info', code: 'price_filter_ignored', content: 'Prices here are in USD: filters.price in EUR was ignored.' },
    ]);
  });

  it('refuses a search with neither a query nor a filter, and more than one category, as invalid_request', async () => {
    for (const request of [{}, { query: '  ' }, { filters: {} }, { filters: { categories: [] } }, { filters: { colour: 'red' } }]) {
      const err = await failure(searchProducts(db, secret, searchRequest.parse(request)));
      expect(err.code).toBe('invalid_request');
      expect(err.details).toEqual({ issues: [{ path: 'query', message: 'a search needs a query, filters.categories or filters.price.' }] });
    }
    const two = await failure(searchProducts(db, secret, searchRequest.parse({ filters: { categories: ['Electronics', 'Sporting Goods'] } })));
    expect(two.code).toBe('invalid_request');
    expect((two.details as Json).issues[0].path).toBe('filters.categories');
    const inverted = await failure(searchProducts(db, secret, searchRequest.parse({ query: 'tent', filters: { price: { min: 500, max: 100 } } })));
    expect((inverted.details as Json).issues[0].path).toBe('filters.price');
  });

  it('walks pages with the cursor, clamping the page size, with the same total on every page', async () => {
    const request = { filters: { categories: ['Electronics'] }, pagination: { limit: 4 } };
    const first = keep(SEARCH_SCHEMA, 'page 1', await search(request));
    expect(first.products.length).toBe(4);
    expect(first.pagination.has_next_page).toBe(true);
    const second = keep(SEARCH_SCHEMA, 'page 2', await search({ ...request, pagination: { limit: 4, cursor: first.pagination.cursor } }));
    expect(second.products.length).toBe(4);
    expect(second.pagination.total_count).toBe(first.pagination.total_count);
    const seen = new Set(first.products.map((p: Json) => p.id));
    expect(second.products.some((p: Json) => seen.has(p.id))).toBe(false);

    const big = await search({ filters: { categories: ['Electronics'] }, pagination: { limit: 1000 } });
    expect(big.products.length).toBe(SEARCH_LIMIT_MAX);

    // A cursor belongs to its query and filters.
    const foreign = await failure(searchProducts(db, secret, searchRequest.parse({ filters: { categories: ['Sporting Goods'] }, pagination: { cursor: first.pagination.cursor } })));
    expect(foreign.code).toBe('invalid_cursor');
  });

  it('answers the last page without a cursor, and an empty search with categories to go on with', async () => {
    const last = keep(SEARCH_SCHEMA, 'last page', await search({ query: 'expedition parka' }, { sellerHandle: OUTFITTERS }));
    expect(last.pagination).toEqual({ has_next_page: false, total_count: 1 });
    const empty = keep(SEARCH_SCHEMA, 'empty', await search({ query: 'headphones' }, { sellerHandle: OUTFITTERS }));
    expect(empty.products).toEqual([]);
    expect(empty.messages.map((m: Json) => m.code)).toEqual(['suggestions']);
  });

  it('in a seller scope finds only that seller’s products', async () => {
    const outerwear = { filters: { categories: ['Apparel & Accessories > Clothing > Outerwear'] }, pagination: { limit: 50 } };
    const network = await search(outerwear);
    expect(network.products.some((p: Json) => p.metadata.seller_handle !== OUTFITTERS)).toBe(true);
    const scoped = keep(SEARCH_SCHEMA, 'seller scope', await search(outerwear, { sellerHandle: OUTFITTERS }));
    expect(scoped.products.map((p: Json) => p.id)).toEqual([parka]);
    expect(scoped.products[0].variants.every((v: Json) => v.seller.name === 'Variant Outfitters')).toBe(true);
    const words = await search({ query: 'expedition' }, { sellerHandle: OUTFITTERS });
    expect(words.products.map((p: Json) => p.id).sort()).toEqual([parka, beanie].sort());
  });
});

describe('lookup_catalog', () => {
  it('resolves product ids, variant ids and SKUs, each product once, with inputs on every variant; unknown ids in not_found messages', async () => {
    const skyM = parkaVariants.get('Sky Blue M')!;
    const body = keep(
      LOOKUP_SCHEMA,
      'mixed ids',
      await lookup({ ids: [parka, skyM, UNKNOWN_PRODUCT, beanie, beanie, 'VO-BEANIE', 'NO-SUCH-SKU', parka] }),
    );
    expect(body.products.map((p: Json) => p.id)).toEqual([parka, beanie]);
    const [parkaOut, beanieOut] = body.products;
    // The product id's featured variant is the one the batch names itself.
    expect(parkaOut.variants.map((v: Json) => [v.id, v.inputs])).toEqual([
      [
        skyM,
        [
          { id: skyM, match: 'exact' },
          { id: parka, match: 'featured' },
        ],
      ],
    ]);
    expect(beanieOut.variants).toHaveLength(1);
    expect(beanieOut.variants[0].inputs).toEqual([
      { id: 'VO-BEANIE', match: 'exact' },
      { id: beanie, match: 'featured' },
    ]);
    expect(body.messages).toEqual([
      { type: 'info', code: 'not_found', content: UNKNOWN_PRODUCT },
      { type: 'info', code: 'not_found', content: 'NO-SUCH-SKU' },
    ]);
  });

  it('features the cheapest available variant for a product id, and lists a variant asked for by id', async () => {
    const navyXs = parkaVariants.get('Navy XS')!;
    const body = keep(LOOKUP_SCHEMA, 'featured', await lookup({ ids: [navyXs, parka] }));
    const variants = body.products[0].variants;
    // Navy XS is the cheapest but out of stock: Navy S is featured, Navy XS listed for its own id.
    expect(variants.map((v: Json) => [options(v), v.inputs.map((i: Json) => i.match), v.availability])).toEqual([
      [{ size: 'S', color: 'Navy' }, ['featured'], { available: true, status: 'in_stock' }],
      [{ size: 'XS', color: 'Navy' }, ['exact'], { available: false, status: 'out_of_stock' }],
    ]);
  });

  it('applies filters after resolving: variants outside the price, products outside the categories, drop out', async () => {
    const body = keep(
      LOOKUP_SCHEMA,
      'filters',
      await lookup({ ids: [parka, beanie, parkaVariants.get('Sky Blue L')!], filters: { price: { max: 25000 }, categories: ['apparel & accessories > clothing > outerwear', 'Toys'] } }),
    );
    expect(body.products.map((p: Json) => p.id)).toEqual([parka]);
    expect(body.products[0].variants.map((v: Json) => v.price.amount)).toEqual([25000]);
    expect(body.messages).toBeUndefined();
  });

  it(`takes ${LOOKUP_MAX_IDS} distinct ids, repeats counted once; more is request_too_large`, async () => {
    const many = Array.from({ length: LOOKUP_MAX_IDS }, (_, i) => `SKU-${i}`);
    const atLimit = keep(LOOKUP_SCHEMA, 'at the limit', await lookup({ ids: [...many.slice(1), ...many.slice(1), beanie] }));
    expect(atLimit.products.map((p: Json) => p.id)).toEqual([beanie]);
    const err = await failure(lookupProducts(db, lookupRequest.parse({ ids: [...many, beanie] })));
    expect(err.code).toBe('request_too_large');
    expect(err.details).toEqual({ max: LOOKUP_MAX_IDS });
    expect(() => lookupRequest.parse({ ids: [] })).toThrow();
  });

  it('in a seller scope, another seller’s product does not exist', async () => {
    const body = keep(LOOKUP_SCHEMA, 'seller scope', await lookup({ ids: [parka, beanie] }, { sellerHandle: 'acme-outdoors' }));
    expect(body.products).toEqual([]);
    expect(body.messages.map((m: Json) => m.content)).toEqual([parka, beanie]);
    const own = await lookup({ ids: [parka] }, { sellerHandle: OUTFITTERS });
    expect(own.products.map((p: Json) => p.id)).toEqual([parka]);
  });
});

describe('get_product', () => {
  const labels = (body: Json, name: string) =>
    Object.fromEntries(body.product.options.find((o: Json) => o.name === name).values.map((v: Json) => [v.label, [v.exists, v.available]]));

  it('by product id: the featured variant’s options as the selection, and availability relative to it', async () => {
    const body = keep(PRODUCT_SCHEMA, 'product id', await product({ id: parka }));
    const p = body.product;
    expect(p.selected).toEqual([
      { name: 'size', label: 'S' },
      { name: 'color', label: 'Navy' },
    ]);
    expect(p.variants.map(options)).toEqual([{ size: 'S', color: 'Navy' }]);
    expect(p.price_range).toEqual({ min: { amount: 24900, currency: 'USD' }, max: { amount: 26100, currency: 'USD' } });
    expect(p.media).toEqual([
      { type: 'image', url: 'https://img.example/parka-1.jpg' },
      { type: 'image', url: 'https://img.example/parka-2.jpg' },
    ]);
    expect(p.metadata).toEqual({ brand: 'Variant Outfitters', seller_handle: OUTFITTERS });
    // Sizes in Navy: XS exists but is out of stock. Colours in size S: both.
    expect(labels(body, 'size')).toEqual({ XS: [true, false], S: [true, true], M: [true, true], L: [true, true], XL: [true, true] });
    expect(labels(body, 'color')).toEqual({ Navy: [true, true], 'Sky Blue': [true, true] });
  });

  it('by variant id: that variant first, its options the selection, `selected` ignored', async () => {
    const navyM = parkaVariants.get('Navy M')!;
    const body = keep(PRODUCT_SCHEMA, 'variant id', await product({ id: navyM, selected: [{ name: 'color', label: 'Sky Blue' }] }));
    expect(body.product.id).toBe(parka);
    expect(body.product.variants[0].id).toBe(navyM);
    expect(body.product.variants[0].barcodes).toEqual([{ type: 'GTIN', value: '00012345678905' }]);
    expect(body.product.selected).toEqual([
      { name: 'size', label: 'M' },
      { name: 'color', label: 'Navy' },
    ]);
    expect(body.messages).toBeUndefined();
  });

  it('narrows by a partial selection (names and labels in any case): the variants matching it, and signals relative to it', async () => {
    const body = keep(PRODUCT_SCHEMA, 'partial selection', await product({ id: parka, selected: [{ name: 'Color', label: 'sky blue' }] }));
    expect(body.product.selected).toEqual([{ name: 'color', label: 'Sky Blue' }]);
    expect(body.product.variants.map((v: Json) => options(v).size)).toEqual(['S', 'M', 'L']);
    expect(labels(body, 'size')).toEqual({ XS: [false, false], S: [true, true], M: [true, true], L: [true, true], XL: [false, false] });
  });

  it('relaxes a selection no variant matches by preferences, last first, and says so', async () => {
    const selected = [
      { name: 'color', label: 'Sky Blue' },
      { name: 'size', label: 'XL' },
    ];
    const keepColour = keep(PRODUCT_SCHEMA, 'relax size', await product({ id: parka, selected, preferences: ['color', 'size'] }));
    expect(keepColour.product.selected).toEqual([{ name: 'color', label: 'Sky Blue' }]);
    expect(keepColour.messages).toEqual([{ type: 'info', code: 'selection_relaxed', content: 'No variant matches every selection: dropped size XL; kept color Sky Blue.' }]);

    const keepSize = keep(PRODUCT_SCHEMA, 'relax colour', await product({ id: parka, selected, preferences: ['size', 'color'] }));
    expect(keepSize.product.selected).toEqual([{ name: 'size', label: 'XL' }]);
    expect(keepSize.product.variants.map(options)).toEqual([{ size: 'XL', color: 'Navy' }]);

    // Without preferences the last selection given goes first; one naming nothing on the product goes before any.
    const unordered = await product({ id: parka, selected: [{ name: 'fit', label: 'slim' }, ...selected] });
    expect(unordered.product.selected).toEqual([{ name: 'color', label: 'Sky Blue' }]);
    expect(() => getProductRequest.parse({ id: parka, selected: [selected[0], { name: 'COLOR', label: 'Navy' }] })).toThrow();
  });

  it('answers a product with one variant without options or selections', async () => {
    const body = keep(PRODUCT_SCHEMA, 'one variant', await product({ id: beanie }));
    expect(body.product.variants.map((v: Json) => [v.title, v.sku, v.availability.available])).toEqual([['Expedition Beanie', 'VO-BEANIE', true]]);
    expect(body.product.options).toBeUndefined();
    expect(body.product.selected).toBeUndefined();
    expect(body.product.metadata).toEqual({ seller_handle: OUTFITTERS });
  });

  it('answers product_not_found for an unknown id, a SKU, filters that leave nothing, and another seller’s product in a seller scope', async () => {
    for (const [request, scope] of [
      [{ id: UNKNOWN_PRODUCT }, undefined],
      [{ id: 'VO-BEANIE' }, undefined],
      [{ id: beanie, filters: { price: { min: 5000 } } }, undefined],
      [{ id: beanie, filters: { categories: ['Electronics'] } }, undefined],
      [{ id: parka }, { sellerHandle: 'acme-outdoors' }],
      [{ id: parkaVariants.get('Navy S')! }, { sellerHandle: 'acme-outdoors' }],
    ] as const) {
      const err = await failure(getProduct(db, getProductRequest.parse(request), scope));
      expect(err.code).toBe('product_not_found');
    }
    const own = await product({ id: parka }, { sellerHandle: OUTFITTERS });
    expect(own.product.id).toBe(parka);
  });
});

describe('requests', () => {
  it('accept members UCP’s schemas leave open, typed where UCP types them', () => {
    const request = {
      query: 'tent',
      context: { address_country: 'US', intent: 'a tent for two', eligibility: ['com.example.member'], extra: 1 },
      signals: { 'dev.ucp.buyer_ip': '203.0.113.9', 'com.example.device': { id: 'x' } },
      attribution: { utm_source: 'newsletter' },
      filters: { categories: ['Sporting Goods'], price: { max: 10000 }, brand: 'Acme' },
      pagination: { limit: 10 },
      extension: { anything: true },
    };
    expect(searchRequest.parse(request)).toEqual(request);
    expect(() => searchRequest.parse({ query: 42 })).toThrow();
    expect(() => searchRequest.parse({ signals: { NotReverseDomain: 'x' } })).toThrow();
    expect(() => searchRequest.parse({ pagination: { limit: 0 } })).toThrow();
    expect(() => searchRequest.parse({ filters: { price: { min: -1 } } })).toThrow();
    expect(() => searchRequest.parse({ query: 'x'.repeat(501) })).toThrow();
  });

  it('are published as strict JSON Schema', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    for (const schema of [searchRequest, lookupRequest, getProductRequest]) {
      const validate = ajv.compile(z.toJSONSchema(schema, { io: 'input' }));
      expect(validate({ query: 'tent', ids: ['prod_1'], id: 'prod_1', selected: [{ name: 'size', label: 'M' }], filters: { price: { max: 100 } } }), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});

describe.skipIf(UCP_SCHEMAS_MISSING)(`the answers against the official UCP ${VERSION} schemas`, () => {
  it('every answer above validates', () => {
    expect(answers.length).toBeGreaterThan(20);
    const failures = answers.flatMap(({ schema, body, what }) => {
      const validate = ucpAjv().getSchema(schema);
      if (!validate) throw new Error(`${schema} is not among the UCP schemas`);
      return validate(body) ? [] : [{ what, errors: validate.errors }];
    });
    expect(failures).toEqual([]);
  });

  it('the binding’s own response schemas are strict JSON Schema that the answers satisfy', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    const own = { [SEARCH_SCHEMA]: searchResponse, [LOOKUP_SCHEMA]: lookupResponse, [PRODUCT_SCHEMA]: getProductResponse };
    const validators = Object.fromEntries(Object.entries(own).map(([id, schema]) => [id, ajv.compile(z.toJSONSchema(schema, { io: 'output' }))]));
    const failures = answers.flatMap(({ schema, body, what }) => (validators[schema](body) ? [] : [{ what, errors: validators[schema].errors }]));
    expect(failures).toEqual([]);
  });
});
