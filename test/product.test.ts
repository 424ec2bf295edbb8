/**
 * A compact search an agent can act on (issue #32 §3): every compact product carries its productID;
 * get_product answers one product with every variant and the options that tell them apart; an
 * item named by product_id is taken for a product with one variant and answered 409
 * variant_required (listing the variants) for one with several; and an agent buys a multi-variant
 * product from a compact search without a second search, on REST and MCP.
 */
import Ajv2020 from 'ajv/dist/2020';
import fs from 'node:fs';
import jsonld from 'jsonld';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { upsertSellers, writeProducts } from '../server/catalog/writer';
import { buildTools } from '../server/mcp/tools';
import { agentHeaders, AGENT, freshKey, testApp, type TestApp } from './support/app';
import { seller } from './support/catalog-fixtures';

type Json = Record<string, any>;

const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Navy', 'Sky Blue'];

let t: TestApp;
/** The product with ten variants (five sizes in two colours) and one with a single variant. */
let tenId: string;
let singleId: string;

beforeAll(async () => {
  t = await testApp();
  const db = t.db.database.db;
  await ensureDemoCatalog(db);
  const ids = await upsertSellers(db, [seller('variant-outfitters')]);
  await writeProducts(db, ids.get('variant-outfitters')!, [
    {
      externalId: 'parka',
      title: 'Expedition Down Parka',
      description: 'A long parka filled with responsibly sourced down, for the coldest days.',
      brand: 'Variant Outfitters',
      category: 'Apparel & Accessories > Clothing > Outerwear',
      images: ['https://img.example/parka-1.jpg', 'https://img.example/parka-2.jpg'],
      variants: COLOURS.flatMap((color, c) =>
        SIZES.map((size, s) => ({
          sku: `VO-PARKA-${color.replace(' ', '').toUpperCase()}-${size}`,
          options: { size, color },
          priceCents: 24900 + 1000 * c,
          currency: 'USD' as const,
          stock: s === 0 ? 0 : 7,
        })),
      ),
    },
    {
      externalId: 'beanie',
      title: 'Expedition Beanie',
      description: 'A warm beanie.',
      brand: 'Variant Outfitters',
      category: 'Apparel & Accessories > Clothing Accessories > Hats',
      images: ['https://img.example/beanie.jpg'],
      variants: [{ sku: 'VO-BEANIE', options: {}, priceCents: 2900, currency: 'USD', stock: null }],
    },
  ]);
  const page = await rest('GET', '/api/agent/search?q=expedition&seller_handle=variant-outfitters&view=compact');
  tenId = page.body.itemListElement.find((p: Json) => p.name === 'Expedition Down Parka').productID;
  singleId = page.body.itemListElement.find((p: Json) => p.name === 'Expedition Beanie').productID;
});
afterAll(() => t.close());

async function rest(method: string, path: string, body?: unknown, key = freshKey()): Promise<{ status: number; body: Json; bytes: number }> {
  const res = await t.call(method, path, { headers: agentHeaders(method === 'GET' ? {} : { 'Idempotency-Key': key }), body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

async function tool(name: string, args: Json): Promise<Json> {
  const res = await t.call('POST', '/api/mcp', {
    headers: { Accept: 'application/json, text/event-stream', 'UCP-Agent': AGENT },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  const text = await res.text();
  return JSON.parse(text.startsWith('event:') ? text.split('\ndata: ')[1] : text).result;
}

/** An MCP tool's failure: its body, as the text block gives it. */
const errorOf = (result: Json): Json => JSON.parse(result.content[0].text);

const product = (id: string, view = '') => rest('GET', `/api/agent/product?id=${encodeURIComponent(id)}${view && `&view=${view}`}`);

describe('the compact search', () => {
  it('gives every product its productID, the id of the full view', async () => {
    for (const q of ['q=jacket&limit=20', 'q=wireless+headphones', 'limit=10']) {
      const [full, compact] = await Promise.all([rest('GET', `/api/agent/search?${q}`), rest('GET', `/api/agent/search?${q}&view=compact`)]);
      expect(compact.body.itemListElement.map((p: Json) => p.productID)).toEqual(full.body.itemListElement.map((e: Json) => e.item.productID));
    }
  });
});

describe('get_product', () => {
  it('lists every variant of a product a compact search shows as an AggregateOffer, with its options', async () => {
    const page = await rest('GET', '/api/agent/search?q=jacket&limit=20&view=compact');
    const several = page.body.itemListElement.filter((p: Json) => p.offers['@type'] === 'AggregateOffer');
    expect(several.length).toBeGreaterThan(2);
    for (const summary of several) {
      const { status, body } = await product(summary.productID);
      expect(status).toBe(200);
      expect(body).toMatchObject({ '@type': 'Product', productID: summary.productID, name: summary.name });
      expect(body.offers).toHaveLength(summary.offers.offerCount);
      expect(body.offers[0].price).toBe(summary.offers.lowPrice);
      for (const offer of body.offers) {
        expect(Object.keys(offer).sort()).toEqual(['@type', 'availability', 'identifier', 'options', 'price', 'seller', 'sku']);
        expect(offer.identifier).toMatch(/^var_/);
      }
      // The options tell the variants apart.
      expect(new Set(body.offers.map((o: Json) => JSON.stringify(o.options))).size).toBe(body.offers.length);
    }
  });

  it('view=full gives what search’s full view gives of the product, each Offer with its options', async () => {
    const search = await rest('GET', '/api/agent/search?q=expedition+parka&seller_handle=variant-outfitters');
    const fromSearch = search.body.itemListElement[0].item;
    const { body } = await product(tenId, 'full');
    const { '@context': context, offers, ...fields } = body;
    expect(context).toEqual(['https://schema.org', { options: { '@id': 'urn:agentcommerce:options', '@type': '@json' } }]);
    const { offers: searchOffers, ...searchFields } = fromSearch;
    expect(fields).toEqual(searchFields);
    expect(offers.map(({ options: _, ...offer }: Json) => offer)).toEqual(searchOffers);
    expect(offers.map((o: Json) => o.options)).toContainEqual({ size: 'M', color: 'Sky Blue' });
  });

  it(`answers a 10-variant product in at most 2,500 bytes, compact`, async () => {
    const { body, bytes } = await product(tenId);
    console.log(`get_product, compact, 10 variants: ${bytes} bytes`);
    expect(body.offers).toHaveLength(10);
    expect(bytes).toBeLessThanOrEqual(2_500);
    // Cheapest first, then by SKU, as search lists them.
    expect(body.offers.map((o: Json) => o.sku)).toEqual(body.offers.map((o: Json) => o.sku).sort((a: string, b: string) => Number(a.includes('SKYBLUE')) - Number(b.includes('SKYBLUE')) || a.localeCompare(b)));
    expect(body.offers.find((o: Json) => o.sku === 'VO-PARKA-NAVY-XS')).toEqual({
      '@type': 'Offer',
      identifier: expect.stringMatching(/^var_/),
      sku: 'VO-PARKA-NAVY-XS',
      price: '249.00',
      availability: 'schema:OutOfStock',
      seller: 'variant-outfitters',
      options: { size: 'XS', color: 'Navy' },
    });
    // A product with one variant: its Offer has no options to tell it from others.
    const single = await product(singleId);
    expect(single.body.offers).toEqual([expect.not.objectContaining({ options: expect.anything() })]);
  });

  it('expands as JSON-LD, offline and in safe mode, its options a JSON literal', async () => {
    const schemaOrg = JSON.parse(fs.readFileSync(new URL('./fixtures/schemaorg-context.json', import.meta.url), 'utf8'));
    const documentLoader = async (url: string) => {
      if (url.replace(/\/$/, '') === 'https://schema.org') return { contextUrl: undefined, documentUrl: url, document: schemaOrg };
      throw new Error(`offline test: refused to load ${url}`);
    };
    for (const view of ['', 'full']) {
      const { body } = await product(tenId, view);
      const [expanded] = (await jsonld.expand(body, { documentLoader, safe: true } as never)) as unknown as Json[];
      const [offer] = expanded['https://schema.org/offers'];
      expect(offer['urn:agentcommerce:options']).toEqual([{ '@type': '@json', '@value': body.offers[0].options }]);
      expect(offer['https://schema.org/sku']).toEqual([{ '@value': body.offers[0].sku }]);
    }
  });

  it('refuses an unknown id with product_not_found; a variant id or a SKU is answered with its product', async () => {
    const unknown = await product('prod_01kt2j28pzwq817ysfzgf1gjtv');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'product_not_found' } });
    expect(unknown.body).not.toHaveProperty('details');
    const parka = (await product(tenId)).body;
    const variant = parka.offers[3];
    const byVariant = await product(variant.identifier);
    expect(byVariant).toMatchObject({ status: 404, body: { code: 'product_not_found' } });
    expect(byVariant.body.error).toContain(tenId);
    expect(byVariant.body.error).toContain('variant_id');
    expect(byVariant.body.details).toEqual({ matches: [{ product_id: tenId, variant_id: variant.identifier, sku: variant.sku, seller_handle: 'variant-outfitters' }] });
    const bySku = await product(variant.sku);
    expect(bySku.status).toBe(404);
    expect(bySku.body.error).toContain(tenId);
    expect(bySku.body.details.matches).toEqual(byVariant.body.details.matches);
  });

  it('is the MCP tool get_product: compact by default, the same answer as REST, valid against its output schema', async () => {
    const result = await tool('get_product', { id: tenId });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual((await product(tenId)).body);
    const listed = buildTools(t.app.services.operations).find((x) => x.name === 'get_product')!;
    const validate = new Ajv2020({ strict: false }).compile(listed.outputSchema);
    expect(validate(result.structuredContent)).toBe(true);
    const full = await tool('get_product', { id: tenId, view: 'full' });
    expect(validate(full.structuredContent)).toBe(true);
    const miss = await tool('get_product', { id: 'nothing' });
    expect(miss.isError).toBe(true);
    expect(errorOf(miss).code).toBe('product_not_found');
  });

  it('answers what its schema says, under a strict JSON Schema validator', async () => {
    const operation = t.app.services.operations.find((o) => o.name === 'catalog.product')!;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(z.toJSONSchema(operation.output, { io: 'output' }) as object);
    for (const view of ['', 'full']) {
      for (const id of [tenId, singleId]) {
        const { body } = await product(id, view);
        expect(validate(body), `${view} ${id}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });
});

describe('an item named by product_id', () => {
  it('is taken for a product with one variant, by quick-buy, create_cart and add_to_cart', async () => {
    const bought = await rest('POST', '/api/agent/quick-buy', { product_id: singleId, quantity: 2, shipping_address: ADDRESS });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.line_items).toEqual([expect.objectContaining({ sku: 'VO-BEANIE', quantity: 2 })]);
    const created = await rest('POST', '/api/agent/cart', { items: [{ product_id: singleId, quantity: 1 }] });
    expect(created.status).toBe(201);
    const added = await rest('POST', `/api/agent/cart/${created.body.id}/items`, { product_id: singleId, quantity: 1 });
    expect(added.body.line_items).toEqual([expect.objectContaining({ sku: 'VO-BEANIE', quantity: 2 })]);
  });

  it('for a product with several variants answers 409 variant_required listing them, stored under its key; the next call names one', async () => {
    const key = freshKey();
    const refused = await rest('POST', '/api/agent/quick-buy', { product_id: tenId, quantity: 1, shipping_address: ADDRESS }, key);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('variant_required');
    const { product_id, variants } = refused.body.details;
    expect(product_id).toBe(tenId);
    expect(variants).toHaveLength(10);
    expect(variants.find((v: Json) => v.sku === 'VO-PARKA-NAVY-XS')).toEqual({ variant_id: expect.stringMatching(/^var_/), sku: 'VO-PARKA-NAVY-XS', options: { size: 'XS', color: 'Navy' }, price_cents: 24900, in_stock: false });
    // The 409 is that key's answer: the same call with it is answered the same.
    const again = await rest('POST', '/api/agent/quick-buy', { product_id: tenId, quantity: 1, shipping_address: ADDRESS }, key);
    expect(again.body).toEqual(refused.body);
    const chosen = variants.find((v: Json) => v.options.size === 'M' && v.options.color === 'Sky Blue');
    const bought = await rest('POST', '/api/agent/quick-buy', { variant_id: chosen.variant_id, quantity: 1, shipping_address: ADDRESS });
    expect(bought.status).toBe(201);
    expect(bought.body.line_items).toEqual([expect.objectContaining({ sku: 'VO-PARKA-SKYBLUE-M' })]);
    // In a cart's items too, and an unknown product is product_not_found.
    expect((await rest('POST', '/api/agent/cart', { items: [{ product_id: tenId, quantity: 1 }] })).body.code).toBe('variant_required');
    expect((await rest('POST', '/api/agent/cart', { items: [{ product_id: 'prod_nothing', quantity: 1 }] })).body.code).toBe('product_not_found');
  });

  it('is one way of naming the item: with variant_id or sku it is invalid_request', async () => {
    for (const extra of [{ variant_id: 'var_x' }, { sku: 'VO-BEANIE', seller_handle: 'variant-outfitters' }]) {
      const res = await rest('POST', '/api/agent/quick-buy', { product_id: singleId, ...extra, quantity: 1, shipping_address: ADDRESS });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
  });

  it('answers variant_required on MCP too, its variants in the error’s details', async () => {
    const result = await tool('quick_buy', { product_id: tenId, quantity: 1, shipping_address: ADDRESS, idempotency_key: freshKey() });
    expect(result.isError).toBe(true);
    const error = errorOf(result);
    expect(error).toMatchObject({ code: 'variant_required', details: { product_id: tenId } });
    expect(error.details.variants).toHaveLength(10);
  });
});

describe('an agent buys a multi-variant product from a compact search, without a second search', () => {
  it('on REST: search → product → quick-buy → payment link', async () => {
    const page = await rest('GET', '/api/agent/search?q=jacket&view=compact&limit=10');
    const summary = page.body.itemListElement.find((p: Json) => p.offers['@type'] === 'AggregateOffer' && p.offers.availability === 'schema:InStock');
    const { body } = await product(summary.productID);
    const offer = body.offers.find((o: Json) => o.availability === 'schema:InStock');
    const cart = await rest('POST', '/api/agent/quick-buy', { variant_id: offer.identifier, quantity: 1, shipping_address: ADDRESS });
    expect(cart.status).toBe(201);
    const link = await rest('POST', '/api/agent/payment-link', { cart_id: cart.body.id });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.url).toMatch(/\/pay\//);
  });

  it('on MCP: search_catalog → get_product → quick_buy → checkout', async () => {
    const page = (await tool('search_catalog', { q: 'jacket' })).structuredContent;
    const summary = page.itemListElement.find((p: Json) => p.offers['@type'] === 'AggregateOffer' && p.offers.availability === 'schema:InStock');
    const item = (await tool('get_product', { id: summary.productID })).structuredContent;
    const offer = item.offers.find((o: Json) => o.availability === 'schema:InStock');
    const cart = await tool('quick_buy', { variant_id: offer.identifier, quantity: 1, shipping_address: ADDRESS, idempotency_key: freshKey() });
    expect(cart.isError, JSON.stringify(cart.structuredContent)).toBeFalsy();
    const link = await tool('checkout', { cart_id: cart.structuredContent.id, idempotency_key: freshKey() });
    expect(link.isError, JSON.stringify(link.structuredContent)).toBeFalsy();
    expect(link.structuredContent.url).toMatch(/\/pay\//);
  });
});
