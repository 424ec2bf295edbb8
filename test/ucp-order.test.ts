/**
 * UCP's order capability on the binding (issue #34 §3): GET <endpoint>/orders/{id} and the MCP
 * tool get_order, through the real handler and database, the platform profile served over HTTPS
 * (test/support/profile-server.ts). Orders are placed as people place them: a cart, its payment
 * link, the /pay page's form. Authentication (a signature under the profile's signing_keys, a
 * credential with dev.ucp.shopping.order:read, a buyer token; else 401), whose orders a caller
 * reads (its own, at the endpoint that made the cart; anything else 200 not_found), a platform
 * without the capability, an order voided, and one placed before order lines kept their item id.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartOwner } from '../server/carts/store';
import type { Db } from '../server/db/client';
import { cartItems, carts, orders, paymentLinks } from '../server/db/schema';
import { addAgentProfile } from '../server/keys/agent-profiles';
import { voidOrder } from '../server/orders/place';
import { payPage } from '../server/payments/pay-page';
import { BASE, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { variantId } from './support/cart-fixtures';
import { placedOrder as placeOrder } from './support/orders';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { signedInDeveloper, verifiedBuyer, type Developer } from './support/developer';
import { platformCapability, platformProfile } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { testKey, ucpSign } from './support/signing';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { mintKey } from './support/x402-agent';

type Json = Record<string, any>;

const ORDER_SCHEMA = 'https://ucp.dev/schemas/shopping/order.json';
const ERROR_RESPONSE = 'https://ucp.dev/schemas/shopping/types/error_response.json';

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
let dev: Developer;
let PLATFORM: string;
let OTHER: string;
let NO_ORDER: string;
const platformKey = testKey('ES256');
const otherKey = testKey('ES256');

beforeAll(async () => {
  ps = await profileServer();
  PLATFORM = `${ps.origin}/platform.json`;
  OTHER = `${ps.origin}/other.json`;
  NO_ORDER = `${ps.origin}/no-order.json`;
  ps.routes.set('/platform.json', { body: platformProfile({ signing_keys: [platformKey.jwk] }), headers: { 'cache-control': 'max-age=600' } });
  ps.routes.set('/other.json', { body: platformProfile({ signing_keys: [otherKey.jwk] }), headers: { 'cache-control': 'max-age=600' } });
  const catalogOnly = { 'dev.ucp.shopping.catalog.lookup': [platformCapability('dev.ucp.shopping.catalog.lookup')] };
  ps.routes.set('/no-order.json', { body: platformProfile({ capabilities: catalogOnly, signing_keys: [platformKey.jwk] }), headers: { 'cache-control': 'max-age=600' } });
  database = await testDatabase();
  t = await testApp(ps.env, database);
  db = t.app.services.db;
  dev = await signedInDeveloper(db);
  await seedCatalog(db, [
    { seller: seller('kettle-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }, { title: 'Copper Whisk', variants: [[899, 50]] }] },
    { seller: seller('tea-house'), products: [{ title: 'Oolong Tin', variants: [[1250, 40]] }] },
  ]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ps?.close();
});

const agent = (url = PLATFORM) => `profile="${url}"`;
const ownerOf = (url: string) => cartOwner({ agent: { url, host: new URL(url).hostname, hostKind: 'public' }, buyer: {} });

/**
 * An order placed as a person places one: `owner`'s cart (made at `scope`'s endpoint), its
 * payment link, and the built-in /pay page's form submitted.
 */
function placedOrder(owner: string, scope: string | null = null, items: [string, number][] = [['Enamel Kettle', 1], ['Copper Whisk', 2], ['Oolong Tin', 1]]) {
  return placeOrder(t.app.services, owner, items, { scope });
}

/** GET <endpoint>/orders/{id}, signed with `key` (none: unsigned), with any other headers. */
async function getOrder(id: string, opts: { key?: ReturnType<typeof testKey>; profile?: string; endpoint?: string; headers?: Record<string, string> } = {}) {
  const path = `${opts.endpoint ?? '/ucp'}/orders/${encodeURIComponent(id)}`;
  let headers: Record<string, string> = { 'ucp-agent': agent(opts.profile), ...opts.headers };
  if (opts.key) headers = await ucpSign({ method: 'GET', url: BASE + path, headers }, opts.key);
  const res = await t.call('GET', path, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

function conforms(schema: string, body: unknown, ctx: { skip(reason: string): void }): void {
  if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema(schema)!;
  expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
}

function expectNotFound(answer: { status: number; body: Json }): void {
  expect(answer.status).toBe(200);
  expect(answer.body.ucp).toMatchObject({ status: 'error', capabilities: { 'dev.ucp.shopping.order': [{ version: '2026-04-08' }] } });
  expect(answer.body.messages).toEqual([expect.objectContaining({ type: 'error', code: 'not_found', severity: 'unrecoverable' })]);
}

describe('GET <endpoint>/orders/{id}, signed by the platform', () => {
  it('answers UCP’s order: its checkout, the paid link’s page, lines with their cart ids, one shipping expectation per seller, totals', async (ctx) => {
    const order = await placedOrder(ownerOf(PLATFORM));
    const { status, body } = await getOrder(order.id, { key: platformKey });
    expect(status, JSON.stringify(body)).toBe(200);
    conforms(ORDER_SCHEMA, body, ctx);
    expect(body.ucp).toEqual({ version: '2026-04-08', status: 'success', capabilities: { 'dev.ucp.shopping.order': [{ version: '2026-04-08' }] } });
    expect(body).toMatchObject({ id: order.id, checkout_id: order.cartId, permalink_url: order.payUrl, currency: 'USD' });

    const items = await db.select().from(cartItems).where(eq(cartItems.cartId, order.cartId));
    expect(body.line_items.map((l: Json) => l.id).sort()).toEqual(items.map((i) => i.id).sort());
    const whisk = body.line_items.find((l: Json) => l.item.title === 'Copper Whisk');
    expect(whisk).toMatchObject({ quantity: { original: 2, total: 2, fulfilled: 0 }, status: 'processing', item: { price: 899 } });
    expect(whisk.totals).toEqual([
      { type: 'subtotal', amount: 1798 },
      { type: 'total', amount: 1798 },
    ]);

    const { expectations, events } = body.fulfillment;
    expect(events).toEqual([]);
    expect(expectations.map((e: Json) => e.id)).toEqual(['exp_kettle-shop', 'exp_tea-house']);
    const destination = { street_address: '12 Analytical Way', address_locality: 'Portland', address_region: 'OR', postal_code: '97201', address_country: 'US' };
    for (const e of expectations) expect(e).toMatchObject({ method_type: 'shipping', destination });
    expect(expectations[0].line_items).toHaveLength(2);

    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    // Orders keep each line's cart id from now on.
    expect(row.lineItems.map((l) => l.item_id).sort()).toEqual(items.map((i) => i.id).sort());
    expect(body.totals).toEqual([
      { type: 'subtotal', amount: row.totals.subtotal_cents },
      { type: 'fulfillment', amount: row.totals.delivery_cents },
      { type: 'total', amount: row.totals.total_cents },
    ]);
    // The permalink is the link's page, which shows the paid order.
    const view = await payPage(t.app.services).view(new URL(body.permalink_url).pathname.split('/').pop()!, {});
    expect(view).toMatchObject({ state: 'paid', orderId: order.id });
  });

  it('reads an order at the seller’s endpoint whose cart was made there, and nowhere else', async (ctx) => {
    const order = await placedOrder(ownerOf(PLATFORM), 'tea-house', [['Oolong Tin', 1]]);
    const here = await getOrder(order.id, { key: platformKey, endpoint: '/store/tea-house/ucp' });
    expect(here.status).toBe(200);
    conforms(ORDER_SCHEMA, here.body, ctx);
    expectNotFound(await getOrder(order.id, { key: platformKey }));
    expectNotFound(await getOrder(order.id, { key: platformKey, endpoint: '/store/kettle-shop/ucp' }));
    // And a network order is not the seller's.
    const network = await placedOrder(ownerOf(PLATFORM), null, [['Oolong Tin', 1]]);
    expectNotFound(await getOrder(network.id, { key: platformKey, endpoint: '/store/tea-house/ucp' }));
  });

  it('answers another platform’s order, and an id no order has, alike: 200 not_found', async (ctx) => {
    const theirs = await placedOrder(ownerOf(OTHER));
    const other = await getOrder(theirs.id, { key: platformKey });
    expectNotFound(other);
    conforms(ERROR_RESPONSE, other.body, ctx);
    const unknown = await getOrder('ord_01JNOTANORDER0000000000000', { key: platformKey });
    expectNotFound(unknown);
    expect(unknown.body.messages[0].content.replace(/"[^"]*"/, '')).toBe(other.body.messages[0].content.replace(/"[^"]*"/, ''));
    // Its own platform reads it.
    expect((await getOrder(theirs.id, { key: otherKey, profile: OTHER })).status).toBe(200);
  });

  it('keeps a voided order readable: nothing left of its lines, a cancellation, nothing to ship', async (ctx) => {
    const order = await placedOrder(ownerOf(PLATFORM), null, [['Enamel Kettle', 1]]);
    await db.transaction(async (tx) => {
      await voidOrder(tx, order.id);
      await tx.update(paymentLinks).set({ status: 'failed' }).where(eq(paymentLinks.cartId, order.cartId));
    });
    const { status, body } = await getOrder(order.id, { key: platformKey });
    expect(status).toBe(200);
    conforms(ORDER_SCHEMA, body, ctx);
    expect(body.permalink_url).toBe(order.payUrl);
    expect(body.line_items[0]).toMatchObject({ quantity: { original: 1, total: 0, fulfilled: 0 }, status: 'removed' });
    expect(body.fulfillment).toEqual({ expectations: [], events: [] });
    expect(body.adjustments).toEqual([
      expect.objectContaining({ type: 'cancellation', status: 'completed', line_items: [{ id: body.line_items[0].id, quantity: -1 }], occurred_at: expect.any(String) }),
    ]);
  });

  it('derives the line ids of an order placed before order lines kept them, from its cart', async (ctx) => {
    const order = await placedOrder(ownerOf(PLATFORM), null, [['Enamel Kettle', 1], ['Oolong Tin', 3]]);
    const items = await db.select().from(cartItems).where(eq(cartItems.cartId, order.cartId));
    await db.execute(sql`UPDATE orders SET line_items = (SELECT jsonb_agg(l - 'item_id') FROM jsonb_array_elements(line_items) l) WHERE id = ${order.id}`);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.lineItems.every((l) => l.item_id === undefined)).toBe(true);
    const { status, body } = await getOrder(order.id, { key: platformKey });
    expect(status).toBe(200);
    conforms(ORDER_SCHEMA, body, ctx);
    const byVariant = new Map(items.map((i) => [i.variantId, i.id]));
    for (const line of body.line_items) expect(line.id).toBe(byVariant.get(line.item.id));
  });
});

describe('who may read an order', () => {
  it('an unsigned call without a credential is 401 with WWW-Authenticate', async () => {
    const order = await placedOrder(ownerOf(PLATFORM), null, [['Oolong Tin', 1]]);
    const { status, headers, body } = await getOrder(order.id);
    expect([status, body.code]).toEqual([401, 'credential_required']);
    expect(headers.get('www-authenticate')).toMatch(/^Bearer realm="agent-commerce", scope="dev\.ucp\.shopping\.order:read", resource_metadata="[^"]+"$/);
    expect(body.messages[0]).toMatchObject({ type: 'error', code: 'credential_required' });
  });

  it('a key with dev.ucp.shopping.order:read reads the orders of its carts; one without it is 403', async (ctx) => {
    await addAgentProfile(db, dev.accountId, PLATFORM);
    const key = await mintKey(t, dev, ['dev.ucp.shopping.order:read']);
    const credential = await t.app.services.credentials.bearer(`Bearer ${key}`);
    if (credential.kind !== 'key') throw new Error('not a key');
    const order = await placedOrder(`key:${credential.keyId}`, null, [['Copper Whisk', 1]]);
    const read = await getOrder(order.id, { headers: { authorization: `Bearer ${key}` } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    conforms(ORDER_SCHEMA, read.body, ctx);
    // The platform's own orders are not the key's.
    expectNotFound(await getOrder((await placedOrder(ownerOf(PLATFORM), null, [['Copper Whisk', 1]])).id, { headers: { authorization: `Bearer ${key}` } }));

    const bare = await mintKey(t, dev, []);
    const refused = await getOrder(order.id, { headers: { authorization: `Bearer ${bare}` } });
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('a key’s checkout on the binding is credited to the profile its account lists (its order events go there)', async () => {
    await addAgentProfile(db, dev.accountId, PLATFORM);
    const key = await mintKey(t, dev, []);
    const kettle = await variantId(db, 'Enamel Kettle');
    const res = await t.call('POST', '/ucp/checkout-sessions', {
      headers: { 'ucp-agent': agent(), authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: { line_items: [{ item: { id: kettle }, quantity: 1 }] },
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const [cart] = await db.select({ platform: carts.platform, owner: carts.owner }).from(carts).where(eq(carts.id, body.id));
    expect(cart).toEqual({ platform: PLATFORM, owner: expect.stringMatching(/^key:/) });
  });

  it('a buyer token reads its buyer’s orders', async () => {
    await addAgentProfile(db, dev.accountId, PLATFORM);
    const key = await mintKey(t, dev, ['buyer:write']);
    const credential = await t.app.services.credentials.bearer(`Bearer ${key}`);
    if (credential.kind !== 'key') throw new Error('not a key');
    const buyer = await verifiedBuyer(db, dev.accountId, credential.keyId);
    const order = await placedOrder(`buyer:${buyer.buyerId}`, null, [['Enamel Kettle', 1]]);
    const read = await getOrder(order.id, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.id).toBe(order.id);
  });

  it('a platform whose profile does not declare dev.ucp.shopping.order is answered capabilities_incompatible', async (ctx) => {
    const order = await placedOrder(ownerOf(NO_ORDER), null, [['Oolong Tin', 1]]);
    const { status, body } = await getOrder(order.id, { key: platformKey, profile: NO_ORDER });
    expect(status).toBe(200);
    expect(body.messages[0]).toMatchObject({ code: 'capabilities_incompatible', severity: 'unrecoverable' });
    conforms(ERROR_RESPONSE, body, ctx);
  });
});

describe('the MCP tool get_order', () => {
  async function callTool(args: Json, profile = PLATFORM, key = platformKey) {
    const path = '/ucp/mcp';
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { meta: { 'ucp-agent': { profile } }, ...args } } });
    const unsigned = { 'ucp-agent': agent(profile), 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const headers = await ucpSign({ method: 'POST', url: BASE + path, headers: unsigned, body }, key);
    const res = await t.call('POST', path, { headers, raw: body });
    return (await res.json()) as Json;
  }

  it('takes the order id as its argument and answers the same order', async (ctx) => {
    const order = await placedOrder(ownerOf(PLATFORM), null, [['Oolong Tin', 2]]);
    const answer = await callTool({ id: order.id });
    const result = answer.result?.structuredContent;
    expect(result, JSON.stringify(answer)).toMatchObject({ id: order.id, checkout_id: order.cartId });
    conforms(ORDER_SCHEMA, result, ctx);
    const missing = await callTool({ id: 'ord_none' });
    expect(missing.result.structuredContent.messages[0].code).toBe('not_found');
  });
});
