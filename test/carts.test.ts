/**
 * The cart endpoints over REST, through the real handler and database: the cart's shape, lines
 * priced from the catalog, delivery per seller, every input rule and its error, ownership, the
 * idempotent replay, live limits (a cart over the total ceiling says so), a change while a payment
 * link is live, and expiry (lazy and swept).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../server/carts/expiry';
import { rows, type Db } from '../server/db/client';
import { carts, variants } from '../server/db/schema';
import { updateLimits } from '../server/domain/limits';
import { agentHeaders, freshKey, testApp, type TestApp } from './support/app';
import { setClock } from './support/clock';
import { seedCatalog, seller } from './support/catalog-fixtures';

const ADMIN = 'admin-token-for-cart-tests-0123456789';
const OTHER_AGENT = 'profile="https://other-agent.shopbot.dev/profile.json"';
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };

let t: TestApp;
let db: Db;
/** Product title → its (first) variant. */
const v: Record<string, { id: string; sku: string; seller: string }> = {};

beforeAll(async () => {
  t = await testApp({ ADMIN_TOKEN: ADMIN });
  db = t.app.services.db;
  await seedCatalog(db, [
    {
      // Delivers to the US (4.99, free from 50.00) and Canada (12.99).
      seller: seller('cart-shop'),
      products: [
        { title: 'Trail Mug', variants: [[1200, 50]] },
        { title: 'Camp Lantern', variants: [[3000, 3]] },
        { title: 'Climbing Rope', variants: [[2500, null]] },
        { title: 'Sold Out Cap', variants: [[1500, 0]] },
      ],
    },
    { seller: seller('north-only', { delivery: [{ country: 'CA', price_cents: 1500, min_days: 3, max_days: 6 }] }), products: [{ title: 'Maple Syrup', variants: [[1400, 10]] }] },
    // 101 products, for the line ceiling.
    { seller: seller('many-things'), products: Array.from({ length: 101 }, (_, i) => ({ title: `Thing ${i}`, variants: [[100, null]] as [number, null][] })) },
  ]);
  for (const r of await rows<{ title: string; id: string; sku: string; seller: string }>(
    db,
    sql`SELECT DISTINCT ON (p.title) p.title, v.id, v.sku, s.handle AS seller FROM variants v JOIN products p ON p.id = v.product_id JOIN sellers s ON s.id = v.seller_id ORDER BY p.title, v.sku`,
  )) {
    v[r.title] = r;
  }
});
afterAll(() => t?.close());
afterEach(() => updateLimits(db, { max_item_quantity: 20, max_cart_total_cents: 100000 }));

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function api(method: string, path: string, body?: unknown, opts: { key?: string; agent?: string } = {}): Promise<Answer> {
  const headers = agentHeaders(method === 'GET' ? {} : { 'Idempotency-Key': opts.key ?? freshKey() });
  if (opts.agent) headers['UCP-Agent'] = opts.agent;
  const res = await t.call(method, path, { headers, body });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const ok = (res: Answer, status: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const create = async (body: Record<string, unknown> = {}) => ok(await api('POST', '/api/agent/cart', body), 201);
const add = (cartId: string, item: Record<string, unknown>, opts: { key?: string; agent?: string } = {}) => api('POST', `/api/agent/cart/${cartId}/items`, item, opts);
const byId = (title: string, quantity = 1) => ({ variant_id: v[title].id, quantity });
const bySku = (title: string, quantity = 1) => ({ sku: v[title].sku, seller_handle: v[title].seller, quantity });
const cartCount = async () => (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM carts`))[0].n;

describe('the cart', () => {
  it('is created empty with the whole shape: no delivery, zero totals, an info message asking for an address', async () => {
    const cart = await create();
    expect(cart).toEqual({
      id: expect.stringMatching(/^cart_[0-9a-z]{26}$/),
      status: 'open',
      currency: 'USD',
      line_items: [],
      shipping_address: null,
      delivery: [],
      totals: { subtotal_cents: 0, delivery_cents: 0, total_cents: 0, currency: 'USD' },
      messages: [{ type: 'info', code: 'address_required', message: expect.any(String), path: 'shipping_address' }],
      order_id: null,
      expires_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      links: { self: `https://api.test.local/api/agent/cart/${cart.id}`, payment_link: null },
    });
    const days = (Date.parse(cart.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200)).toEqual(cart);
  });

  it('is created with items (by variant_id and by sku + seller_handle) and an address; delivery is priced per seller', async () => {
    const cart = await create({ items: [byId('Trail Mug', 2), bySku('Maple Syrup')], shipping_address: { ...ADDRESS, country: 'CA' } });
    expect(cart.line_items).toEqual([
      {
        id: expect.stringMatching(/^item_[0-9a-z]{26}$/),
        variant_id: v['Trail Mug'].id,
        sku: v['Trail Mug'].sku,
        product_id: expect.stringMatching(/^prod_/),
        seller_handle: 'cart-shop',
        title: 'Trail Mug',
        variant_title: '',
        unit_price_cents: 1200,
        quantity: 2,
        line_total_cents: 2400,
        availability: 'https://schema.org/InStock',
      },
      expect.objectContaining({ variant_id: v['Maple Syrup'].id, seller_handle: 'north-only', quantity: 1, line_total_cents: 1400 }),
    ]);
    expect(cart.shipping_address).toEqual({ ...ADDRESS, country: 'CA' });
    expect(cart.delivery).toEqual([
      { seller_handle: 'cart-shop', price_cents: 1299, min_days: 5, max_days: 10 },
      { seller_handle: 'north-only', price_cents: 1500, min_days: 3, max_days: 6 },
    ]);
    expect(cart.totals).toEqual({ subtotal_cents: 3800, delivery_cents: 2799, total_cents: 6599, currency: 'USD' });
    expect(cart.messages).toEqual([]);
  });

  it('honours a zone’s free_over_cents against that seller’s subtotal', async () => {
    const under = await create({ items: [byId('Trail Mug', 4)], shipping_address: ADDRESS }); // 48.00
    expect(under.delivery[0].price_cents).toBe(499);
    const over = await create({ items: [byId('Trail Mug', 5)], shipping_address: ADDRESS }); // 60.00
    expect(over.delivery).toEqual([{ seller_handle: 'cart-shop', price_cents: 0, min_days: 2, max_days: 5 }]);
    expect(over.totals.total_cents).toBe(6000);
  });

  it('re-reads prices, titles and stock from the catalog on every read; a client never sends a price', async () => {
    const cart = await create({ items: [byId('Climbing Rope', 2)] });
    await db.update(variants).set({ priceCents: 2750 }).where(eq(variants.id, v['Climbing Rope'].id));
    try {
      const now = ok(await api('GET', `/api/agent/cart/${cart.id}`), 200);
      expect(now.line_items[0]).toMatchObject({ unit_price_cents: 2750, line_total_cents: 5500 });
      const priced = await add(cart.id, { ...byId('Trail Mug'), unit_price_cents: 1 });
      expect(priced.status).toBe(400);
      expect(priced.body.details.issues).toEqual([expect.objectContaining({ path: 'unit_price_cents' })]);
    } finally {
      await db.update(variants).set({ priceCents: 2500 }).where(eq(variants.id, v['Climbing Rope'].id));
    }
  });

  it('says when a line asks for more than the stock now, and marks sold-out lines OutOfStock', async () => {
    const cart = await create({ items: [byId('Camp Lantern', 3)], shipping_address: ADDRESS });
    await db.update(variants).set({ stock: 0 }).where(eq(variants.id, v['Camp Lantern'].id));
    try {
      const now = ok(await api('GET', `/api/agent/cart/${cart.id}`), 200);
      expect(now.line_items[0].availability).toBe('https://schema.org/OutOfStock');
      expect(now.messages).toEqual([{ type: 'error', code: 'insufficient_stock', message: expect.stringContaining('Camp Lantern'), path: 'line_items[0]' }]);
    } finally {
      await db.update(variants).set({ stock: 3 }).where(eq(variants.id, v['Camp Lantern'].id));
    }
  });

  it('answers an unknown id with 404 cart_not_found', async () => {
    const res = await api('GET', '/api/agent/cart/cart_01kt2j28pzwq817ysfzgf1gjtv');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String), code: 'cart_not_found' });
  });
});

describe('POST /api/agent/cart/{id}/items', () => {
  it('adds a line (201), and adds to the line of an item already in the cart', async () => {
    const cart = await create();
    const first = ok(await add(cart.id, byId('Trail Mug', 2)), 201);
    expect(first.line_items).toHaveLength(1);
    const merged = ok(await add(cart.id, bySku('Trail Mug', 3)), 201);
    expect(merged.line_items).toEqual([expect.objectContaining({ id: first.line_items[0].id, quantity: 5, line_total_cents: 6000 })]);
    expect(Date.parse(merged.updated_at)).toBeGreaterThanOrEqual(Date.parse(cart.updated_at));
  });

  it('refuses 0, negative and fractional quantities, and an item named twice or half-named, with 400 invalid_request', async () => {
    const cart = await create();
    for (const quantity of [0, -1, 1.5, '2']) {
      const res = await add(cart.id, { variant_id: v['Trail Mug'].id, quantity });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.details.issues[0].path).toBe('quantity');
    }
    const both = await add(cart.id, { ...byId('Trail Mug'), sku: v['Trail Mug'].sku, seller_handle: 'cart-shop' });
    expect(both.body.details.issues).toEqual([{ path: 'variant_id', message: expect.stringMatching(/not both/) }]);
    const half = await add(cart.id, { sku: v['Trail Mug'].sku, quantity: 1 });
    expect(half.body.details.issues).toEqual([{ path: 'seller_handle', message: expect.stringMatching(/go together/) }]);
    const none = await add(cart.id, { quantity: 1 });
    expect(none.status).toBe(400);
  });

  it('answers an unknown item with 404 variant_not_found, with near SKUs of that seller in did_you_mean', async () => {
    const cart = await create();
    const unknown = await add(cart.id, { variant_id: 'var_01kt2j28pzwq817ysfzgf1gjtv', quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: expect.any(String), code: 'variant_not_found' });
    const typo = await add(cart.id, { sku: v['Trail Mug'].sku.slice(0, -1), seller_handle: 'cart-shop', quantity: 1 });
    expect(typo.status).toBe(404);
    expect(typo.body.code).toBe('variant_not_found');
    expect(typo.body.details.did_you_mean).toContain(v['Trail Mug'].sku);
    expect(typo.body.details.did_you_mean.length).toBeLessThanOrEqual(3);
    // SKUs are unique per seller only: another seller's SKU is not this seller's.
    const elsewhere = await add(cart.id, { sku: v['Maple Syrup'].sku, seller_handle: 'cart-shop', quantity: 1 });
    expect(elsewhere.status).toBe(404);
  });

  it('checks the merged line against the live max_item_quantity: 400 quantity_exceeds_limit with details.max_quantity', async () => {
    const cart = await create({ items: [byId('Trail Mug', 15)] });
    const res = await add(cart.id, byId('Trail Mug', 6));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining('21'), code: 'quantity_exceeds_limit', details: { max_quantity: 20 } });
    expect(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200).line_items[0].quantity).toBe(15);
  });

  it('applies a limit changed through the admin API to the next request', async () => {
    const cart = await create();
    const put = await t.call('PUT', '/api/admin/platform/limits', { headers: { Authorization: `Bearer ${ADMIN}` }, body: { max_item_quantity: 2 } });
    expect(put.status).toBe(200);
    const res = await add(cart.id, byId('Climbing Rope', 3));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ max_quantity: 2 });
    await updateLimits(db, { max_item_quantity: 40 });
    expect(ok(await add(cart.id, byId('Climbing Rope', 30)), 201).line_items[0].quantity).toBe(30);
  });

  it('refuses more than the stock with 409 insufficient_stock and details.available', async () => {
    const cart = await create({ items: [byId('Camp Lantern', 2)] });
    const res = await add(cart.id, byId('Camp Lantern', 2));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: expect.any(String), code: 'insufficient_stock', details: { available: 3, variant_id: v['Camp Lantern'].id } });
    const soldOut = await add(cart.id, byId('Sold Out Cap'));
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.details.available).toBe(0);
  });

  it('holds at most 100 lines: the 101st is 400 cart_line_limit with details.max_lines', async () => {
    const things = await rows<{ id: string }>(db, sql`SELECT v.id FROM variants v JOIN sellers s ON s.id = v.seller_id WHERE s.handle = 'many-things' ORDER BY v.id`);
    const cart = await create({ items: things.slice(0, 100).map((x) => ({ variant_id: x.id, quantity: 1 })) });
    expect(cart.line_items).toHaveLength(100);
    const res = await add(cart.id, { variant_id: things[100].id, quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), code: 'cart_line_limit', details: { max_lines: 100 } });
    // Adding to a line the cart holds is no new line.
    expect((await add(cart.id, { variant_id: things[0].id, quantity: 1 })).status).toBe(201);
    const tooMany = await api('POST', '/api/agent/cart', { items: things.map((x) => ({ variant_id: x.id, quantity: 1 })) });
    expect(tooMany.body.code).toBe('cart_line_limit');
  });
});

describe('PATCH and DELETE /api/agent/cart/{id}/items/{itemId}', () => {
  it('sets a line’s quantity (200) within the same ceiling and stock, and removes a line (200)', async () => {
    const cart = await create({ items: [byId('Trail Mug', 1), byId('Camp Lantern', 1)] });
    const [mug, lantern] = cart.line_items;
    const patched = ok(await api('PATCH', `/api/agent/cart/${cart.id}/items/${mug.id}`, { quantity: 7 }), 200);
    expect(patched.line_items[0]).toMatchObject({ id: mug.id, quantity: 7, line_total_cents: 8400 });

    const tooMany = await api('PATCH', `/api/agent/cart/${cart.id}/items/${mug.id}`, { quantity: 21 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual({ max_quantity: 20 });
    const short = await api('PATCH', `/api/agent/cart/${cart.id}/items/${lantern.id}`, { quantity: 4 });
    expect(short.status).toBe(409);
    expect(short.body.details.available).toBe(3);
    expect((await api('PATCH', `/api/agent/cart/${cart.id}/items/${mug.id}`, { quantity: 0 })).body.code).toBe('invalid_request');

    const removed = ok(await api('DELETE', `/api/agent/cart/${cart.id}/items/${mug.id}`), 200);
    expect(removed.line_items.map((l: { id: string }) => l.id)).toEqual([lantern.id]);
  });

  it('answers an unknown line (or another cart’s) with 404 item_not_found', async () => {
    const cart = await create({ items: [byId('Trail Mug')] });
    const other = await create({ items: [byId('Trail Mug')] });
    for (const res of [
      await api('PATCH', `/api/agent/cart/${cart.id}/items/item_01kt2j28pzwq817ysfzgf1gjtv`, { quantity: 1 }),
      await api('DELETE', `/api/agent/cart/${cart.id}/items/${other.line_items[0].id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('item_not_found');
    }
  });
});

describe('POST /api/agent/cart/{id}/shipping-address', () => {
  it('sets the address and prices delivery; lower-case country codes are upper-cased', async () => {
    const cart = await create({ items: [byId('Trail Mug')] });
    const set = ok(await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, { ...ADDRESS, country: 'us', email: 'ada@example.com' }), 200);
    expect(set.shipping_address).toEqual({ ...ADDRESS, email: 'ada@example.com' });
    expect(set.delivery).toEqual([{ seller_handle: 'cart-shop', price_cents: 499, min_days: 2, max_days: 5 }]);
    expect(set.totals).toEqual({ subtotal_cents: 1200, delivery_cents: 499, total_cents: 1699, currency: 'USD' });
    expect(set.messages).toEqual([]);
  });

  it('names every field in error once (400 invalid_request), and refuses a country that is not an ISO 3166-1 code or name (UK is a reservation)', async () => {
    const cart = await create();
    for (const country of ['UK', 'ZZZ', 'Narnia']) {
      const res = await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, { line1: ' ', city: 'Portland', postal_code: '97201!', country, email: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(['country', 'email', 'line1', 'name', 'postal_code']);
    }
  });

  it('takes an alpha-3 code or the English name of a country, stored and answered as alpha-2', async () => {
    const cart = await create({ items: [byId('Trail Mug')] });
    for (const country of ['USA', 'usa', 'United States', 'united states ']) {
      const set = ok(await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, { ...ADDRESS, country }), 200);
      expect(set.shipping_address.country).toBe('US');
    }
    const ivory = ok(await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, { ...ADDRESS, country: 'Cote d’Ivoire' }), 200);
    expect(ivory.shipping_address.country).toBe('CI');
  });

  it('leaves an address_undeliverable error naming a seller that does not deliver there', async () => {
    const cart = await create({ items: [byId('Trail Mug'), byId('Maple Syrup')] });
    const set = ok(await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, ADDRESS), 200);
    expect(set.delivery.map((d: { seller_handle: string }) => d.seller_handle)).toEqual(['cart-shop']);
    expect(set.messages).toEqual([{ type: 'error', code: 'address_undeliverable', message: expect.stringContaining('north-only'), path: 'delivery' }]);
  });
});

describe('DELETE /api/agent/cart/{id}', () => {
  it('cancels the cart (200); later changes answer 409 cart_not_open naming the state; reads still work', async () => {
    const cart = await create({ items: [byId('Trail Mug')] });
    expect(ok(await api('DELETE', `/api/agent/cart/${cart.id}`), 200).status).toBe('cancelled');
    for (const res of [
      await add(cart.id, byId('Trail Mug')),
      await api('PATCH', `/api/agent/cart/${cart.id}/items/${cart.line_items[0].id}`, { quantity: 2 }),
      await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, ADDRESS),
      await api('DELETE', `/api/agent/cart/${cart.id}`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: expect.stringContaining('cancelled'), code: 'cart_not_open', details: { status: 'cancelled' } });
    }
    expect(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200).status).toBe('cancelled');
  });

  it('refuses changes to a completed cart with 409 cart_not_open', async () => {
    const cart = await create({ items: [byId('Trail Mug')] });
    await db.update(carts).set({ status: 'completed' }).where(eq(carts.id, cart.id));
    const res = await add(cart.id, byId('Trail Mug'));
    expect(res.status).toBe(409);
    expect(res.body.details).toEqual({ status: 'completed' });
  });
});

describe('POST /api/agent/quick-buy', () => {
  it('creates the cart with the item and the address in one call (201)', async () => {
    const res = await api('POST', '/api/agent/quick-buy', { ...bySku('Trail Mug', 2), shipping_address: ADDRESS });
    const cart = ok(res, 201);
    expect(cart).toMatchObject({
      status: 'open',
      line_items: [{ variant_id: v['Trail Mug'].id, quantity: 2 }],
      shipping_address: ADDRESS,
      delivery: [{ seller_handle: 'cart-shop', price_cents: 499 }],
      totals: { total_cents: 2899 },
      messages: [],
    });
  });

  it('is all or nothing: a refused item or address leaves no cart', async () => {
    const before = await cartCount();
    expect((await api('POST', '/api/agent/quick-buy', { ...byId('Camp Lantern', 4), shipping_address: ADDRESS })).body.code).toBe('insufficient_stock');
    expect((await api('POST', '/api/agent/quick-buy', { ...byId('Trail Mug', 21), shipping_address: ADDRESS })).body.code).toBe('quantity_exceeds_limit');
    expect((await api('POST', '/api/agent/quick-buy', { sku: 'NOPE', seller_handle: 'cart-shop', quantity: 1, shipping_address: ADDRESS })).body.code).toBe('variant_not_found');
    expect((await api('POST', '/api/agent/quick-buy', { ...byId('Trail Mug'), shipping_address: { ...ADDRESS, country: 'ZZ' } })).body.code).toBe('invalid_request');
    expect((await api('POST', '/api/agent/quick-buy', byId('Trail Mug'))).body.details.issues).toEqual([expect.objectContaining({ path: 'shipping_address' })]);
    expect(await cartCount()).toBe(before);
  });
});

describe('ownership and idempotency', () => {
  it('answers another caller exactly as for an unknown id (404 cart_not_found), on every operation', async () => {
    const cart = await create({ items: [byId('Trail Mug')] });
    const unknown = await api('GET', '/api/agent/cart/cart_01kt2j28pzwq817ysfzgf1gjtv');
    const item = cart.line_items[0].id;
    for (const [method, path, body] of [
      ['GET', `/api/agent/cart/${cart.id}`],
      ['DELETE', `/api/agent/cart/${cart.id}`],
      ['POST', `/api/agent/cart/${cart.id}/items`, byId('Trail Mug')],
      ['PATCH', `/api/agent/cart/${cart.id}/items/${item}`, { quantity: 2 }],
      ['DELETE', `/api/agent/cart/${cart.id}/items/${item}`],
      ['POST', `/api/agent/cart/${cart.id}/shipping-address`, ADDRESS],
    ] as [string, string, unknown?][]) {
      const res = await api(method, path, body, { agent: OTHER_AGENT });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual(unknown.body);
    }
    expect(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200).line_items[0].quantity).toBe(1);
  });

  it('replays a create with the same key (the same cart), and refuses the key with other input', async () => {
    const key = freshKey();
    const first = await api('POST', '/api/agent/cart', { items: [byId('Trail Mug')] }, { key });
    const replay = await api('POST', '/api/agent/cart', { items: [byId('Trail Mug')] }, { key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await api('POST', '/api/agent/cart', { items: [byId('Trail Mug', 2)] }, { key })).body.code).toBe('idempotency_key_reused');
  });

  it('adds once for a retried add (same key)', async () => {
    const cart = await create();
    const key = freshKey();
    await add(cart.id, byId('Trail Mug', 2), { key });
    await add(cart.id, byId('Trail Mug', 2), { key });
    expect(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200).line_items[0].quantity).toBe(2);
  });
});

describe('a change while a payment link is live', () => {
  it('cancels the link, reopens the cart and says so with a payment_link_cancelled warning until the next change', async () => {
    const cart = await create({ items: [byId('Trail Mug')], shipping_address: ADDRESS });
    const link = ok(await api('POST', '/api/agent/payment-link', { cart_id: cart.id }), 201);
    const inCheckout = ok(await api('GET', `/api/agent/cart/${cart.id}`), 200);
    expect(inCheckout.status).toBe('checkout');
    expect(inCheckout.links.payment_link).toBe(link.url);

    const changed = ok(await add(cart.id, byId('Trail Mug')), 201);
    expect(changed.status).toBe('open');
    expect(changed.links.payment_link).toBeNull();
    expect(changed.messages).toEqual([{ type: 'warning', code: 'payment_link_cancelled', message: expect.any(String), path: 'links.payment_link' }]);
    const [row] = await rows<{ status: string }>(db, sql`SELECT status FROM payment_links WHERE cart_id = ${cart.id}`);
    expect(row.status).toBe('cancelled');

    const next = ok(await add(cart.id, byId('Trail Mug')), 201);
    expect(next.messages).toEqual([]);
  });
});

describe('a cart over max_cart_total_cents', () => {
  // 4 × Climbing Rope (25.00) = 100.00, delivered free (the zone's free_over_cents is 50.00).
  const over = (cart: { messages: unknown[] }) => cart.messages.filter((m) => (m as { code: string }).code === 'cart_total_exceeds_limit');
  const expected = (total: string, by: string, ceiling: string) => ({
    type: 'error',
    code: 'cart_total_exceeds_limit',
    message: expect.stringMatching(new RegExp(`${total} USD is ${by} USD over the limit of ${ceiling} USD`)),
    path: 'totals',
  });

  it('says so in every cart answer, naming the ceiling and the amount over, while the payment link is refused', async () => {
    await updateLimits(db, { max_cart_total_cents: 7550 });
    const message = expected('100.00', '24.50', '75.50');
    const created = ok(await api('POST', '/api/agent/cart', { items: [byId('Climbing Rope', 4)], shipping_address: ADDRESS }), 201);
    expect(created.totals.total_cents).toBe(10000);
    expect(over(created)).toEqual([message]);
    expect(over(ok(await api('GET', `/api/agent/cart/${created.id}`), 200))).toEqual([message]);
    expect(over(ok(await api('POST', `/api/agent/cart/${created.id}/shipping-address`, ADDRESS), 200))).toEqual([message]);
    const added = ok(await add(created.id, byId('Trail Mug')), 201);
    expect(over(added)).toEqual([expected('112.00', '36.50', '75.50')]);
    const mug = added.line_items.find((l: { variant_id: string }) => l.variant_id === v['Trail Mug'].id);
    expect(over(ok(await api('PATCH', `/api/agent/cart/${created.id}/items/${mug.id}`, { quantity: 2 }), 200))).toEqual([expected('124.00', '48.50', '75.50')]);
    expect(over(ok(await api('DELETE', `/api/agent/cart/${created.id}/items/${mug.id}`), 200))).toEqual([message]);
    expect(over(ok(await api('POST', '/api/agent/quick-buy', { ...byId('Climbing Rope', 4), shipping_address: ADDRESS }), 201))).toEqual([message]);

    const refused = await api('POST', '/api/agent/payment-link', { cart_id: created.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'cart_total_exceeds_limit', code: 'cart_total_exceeds_limit', max_cents: 7550 });
  });

  it('reads the live limit: gone at the ceiling exactly, back when it is lowered, on a cart in checkout too', async () => {
    const cart = ok(await api('POST', '/api/agent/cart', { items: [byId('Climbing Rope', 4)], shipping_address: ADDRESS }), 201);
    expect(over(cart)).toEqual([]);
    await updateLimits(db, { max_cart_total_cents: 10000 });
    expect(over(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200))).toEqual([]);
    ok(await api('POST', '/api/agent/payment-link', { cart_id: cart.id }), 201);
    await updateLimits(db, { max_cart_total_cents: 9999 });
    const inCheckout = ok(await api('GET', `/api/agent/cart/${cart.id}`), 200);
    expect(inCheckout.status).toBe('checkout');
    expect(over(inCheckout)).toEqual([expected('100.00', '0.01', '99.99')]);
  });

  it('says nothing on a cart that can no longer change', async () => {
    const cart = ok(await api('POST', '/api/agent/cart', { items: [byId('Climbing Rope', 4)] }), 201);
    await updateLimits(db, { max_cart_total_cents: 5000 });
    expect(over(ok(await api('DELETE', `/api/agent/cart/${cart.id}`), 200))).toEqual([]);
  });
});

describe('expiry', () => {
  const age = (id: string) => db.update(carts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(carts.id, id));

  it('reads an open cart past its expiry as expired (200), and refuses changes and payment links with 409 cart_expired', async () => {
    const cart = await create({ items: [byId('Trail Mug')], shipping_address: ADDRESS });
    await age(cart.id);
    expect(ok(await api('GET', `/api/agent/cart/${cart.id}`), 200).status).toBe('expired');
    for (const res of [
      await add(cart.id, byId('Trail Mug')),
      await api('PATCH', `/api/agent/cart/${cart.id}/items/${cart.line_items[0].id}`, { quantity: 2 }),
      await api('DELETE', `/api/agent/cart/${cart.id}/items/${cart.line_items[0].id}`),
      await api('POST', `/api/agent/cart/${cart.id}/shipping-address`, ADDRESS),
      await api('DELETE', `/api/agent/cart/${cart.id}`),
      await api('POST', '/api/agent/payment-link', { cart_id: cart.id }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cart_expired');
    }
    const [row] = await db.select({ status: carts.status }).from(carts).where(eq(carts.id, cart.id));
    expect(row.status).toBe('expired');
  });

  it('keeps a cart alive for another lifetime after each change', async () => {
    const cart = await create();
    await db.update(carts).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(carts.id, cart.id));
    const changed = ok(await add(cart.id, byId('Trail Mug')), 201);
    expect(Date.parse(changed.expires_at) - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
  });

  it('expires a lifetime set in the configuration (CART_TTL_HOURS)', async () => {
    const short = await testApp({ CART_TTL_HOURS: '0.0001' }, t.db);
    const res = await short.call('POST', '/api/agent/cart', { headers: agentHeaders({ 'Idempotency-Key': freshKey() }), body: {} });
    const cart = await res.json();
    await new Promise((r) => setTimeout(r, 500));
    expect((await (await short.call('GET', `/api/agent/cart/${cart.id}`, { headers: agentHeaders() })).json()).status).toBe('expired');
  });

  it('is swept in bulk: due open carts expire; a due link expires and its cart is open again', async () => {
    const due = await create();
    const fresh = await create();
    const paying = await create({ items: [byId('Trail Mug')], shipping_address: ADDRESS });
    ok(await api('POST', '/api/agent/payment-link', { cart_id: paying.id }), 201);
    await age(due.id);
    await db.execute(sql`UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE cart_id = ${paying.id}`);

    const swept = await sweepExpired(db);
    expect(swept.carts).toBeGreaterThanOrEqual(1);
    expect(swept.links).toBe(1);
    const status = async (id: string) => (await db.select({ status: carts.status }).from(carts).where(eq(carts.id, id)))[0].status;
    expect(await status(due.id)).toBe('expired');
    expect(await status(fresh.id)).toBe('open');
    expect(await status(paying.id)).toBe('open');
    const [link] = await rows<{ status: string }>(db, sql`SELECT status FROM payment_links WHERE cart_id = ${paying.id}`);
    expect(link.status).toBe('expired');
    expect(await sweepExpired(db)).toEqual({ links: 0, carts: 0 });
  });

  it('decides every expiry on the service’s clock, never the database’s', async () => {
    // Postgres's now() is the server's clock; a day on the service's clock must move every expiry
    // (the sweep, a cart's read, the live link) alike.
    const stale = await create();
    const paying = await create({ items: [byId('Trail Mug')], shipping_address: ADDRESS });
    ok(await api('POST', '/api/agent/payment-link', { cart_id: paying.id }), 201);
    const realClock = setClock(new Date(Date.now() + 8 * 86_400_000).toISOString());
    try {
      const swept = await sweepExpired(db);
      expect(swept.links).toBeGreaterThanOrEqual(1);
      expect(swept.carts).toBeGreaterThanOrEqual(1);
      expect(ok(await api('GET', `/api/agent/cart/${stale.id}`), 200).status).toBe('expired');
      const reopened = ok(await api('GET', `/api/agent/cart/${paying.id}`), 200);
      expect(reopened.links.payment_link).toBeNull();
    } finally {
      realClock();
    }
  });

  it('applies a due link’s expiry when the cart is read: the cart is open again', async () => {
    const cart = await create({ items: [byId('Trail Mug')], shipping_address: ADDRESS });
    ok(await api('POST', '/api/agent/payment-link', { cart_id: cart.id }), 201);
    await db.execute(sql`UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE cart_id = ${cart.id}`);
    const read = ok(await api('GET', `/api/agent/cart/${cart.id}`), 200);
    expect(read.status).toBe('open');
    expect(read.links.payment_link).toBeNull();
  });
});
