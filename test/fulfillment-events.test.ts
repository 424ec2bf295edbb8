/**
 * Orders ship (issue #35 §2): POST /api/admin/orders/{id}/fulfillment-events through the real
 * handler and database. A seller ships part of its lines (partial), then the rest (fulfilled),
 * the other seller's lines untouched; delivered covers what shipped; UCP's order (a signed GET of
 * <endpoint>/orders/{id}) lists the events in order and validates against order.json; the seed
 * API's order-status lists them too. The refusals, an Idempotency-Key's replay, and two shipments
 * racing for the same units (on Postgres, two connections really race for the order's lock).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartOwner } from '../server/carts/store';
import type { Db } from '../server/db/client';
import { fulfillmentEvents, paymentLinks } from '../server/db/schema';
import { addAgentProfile } from '../server/keys/agent-profiles';
import { voidOrder } from '../server/orders/place';
import { BASE, freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { placedOrder as placeOrder } from './support/orders';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { signedInDeveloper, type Developer } from './support/developer';
import { platformProfile } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { testKey, ucpSign } from './support/signing';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { mintKey } from './support/x402-agent';

type Json = Record<string, any>;

const ORDER_SCHEMA = 'https://ucp.dev/schemas/shopping/order.json';
const ADMIN = 'fulfillment-admin-token-0123456789';
const TRACKING = { carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
let dev: Developer;
let PLATFORM: string;
const platformKey = testKey('ES256');

beforeAll(async () => {
  ps = await profileServer();
  PLATFORM = `${ps.origin}/platform.json`;
  ps.routes.set('/platform.json', { body: platformProfile({ signing_keys: [platformKey.jwk] }), headers: { 'cache-control': 'max-age=600' } });
  database = await testDatabase();
  t = await testApp({ ...ps.env, ADMIN_TOKEN: ADMIN }, database);
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

const platformOwner = () => cartOwner({ agent: { url: PLATFORM, host: new URL(PLATFORM).hostname, hostKind: 'public' }, buyer: {} });

/** An order placed as a person places one: `owner`'s cart, its payment link, the /pay page's form. */
function placedOrder(owner: string, items: [string, number][] = [['Enamel Kettle', 1], ['Copper Whisk', 3], ['Oolong Tin', 2]]) {
  return placeOrder(t.app.services, owner, items);
}

/** POST the event as the admin (or with `headers` in place of the admin token). */
async function record(orderId: string, event: Json, headers: Record<string, string> = { authorization: `Bearer ${ADMIN}` }) {
  const res = await t.call('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/fulfillment-events`, { headers, body: event });
  return { status: res.status, body: (await res.json()) as Json };
}

/** UCP's order as the platform reads it: a GET of <endpoint>/orders/{id} signed with its key. */
async function ucpOrder(id: string): Promise<Json> {
  const path = `/ucp/orders/${encodeURIComponent(id)}`;
  const headers = await ucpSign({ method: 'GET', url: BASE + path, headers: { 'ucp-agent': `profile="${PLATFORM}"` } }, platformKey);
  const res = await t.call('GET', path, { headers });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

function conforms(body: unknown, ctx: { skip(reason: string): void }): void {
  if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema(ORDER_SCHEMA)!;
  expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
}

/** Each line of a UCP order by its item's title: its quantities and status. */
const linesByTitle = (order: Json) => Object.fromEntries(order.line_items.map((l: Json) => [l.item.title, { id: l.id, quantity: l.quantity, status: l.status }]));

describe('recording shipments and deliveries', () => {
  it('ships part of one seller’s lines (partial), then the rest (fulfilled), the other seller untouched; delivered covers what shipped', async (ctx) => {
    const order = await placedOrder(platformOwner());
    const before = linesByTitle(await ucpOrder(order.id));
    const whisk = before['Copper Whisk'].id;

    const first = await record(order.id, { type: 'shipped', seller_handle: 'kettle-shop', line_items: [{ id: whisk, quantity: 1 }], ...TRACKING });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^fev_/),
      order_id: order.id,
      seller_handle: 'kettle-shop',
      type: 'shipped',
      line_items: [{ id: whisk, quantity: 1 }],
      ...TRACKING,
      occurred_at: expect.any(String),
    });
    let lines = linesByTitle(await ucpOrder(order.id));
    expect(lines['Copper Whisk']).toMatchObject({ quantity: { original: 3, total: 3, fulfilled: 1 }, status: 'partial' });
    expect(lines['Enamel Kettle']).toMatchObject({ quantity: { fulfilled: 0 }, status: 'processing' });

    // Lines left out: every unit of the seller's lines still to ship.
    const rest = await record(order.id, { type: 'shipped', seller_handle: 'kettle-shop', carrier: 'DHL', tracking_number: 'JD0142', tracking_url: 'https://www.dhl.com/track/JD0142' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.line_items).toEqual([
      { id: before['Enamel Kettle'].id, quantity: 1 },
      { id: whisk, quantity: 2 },
    ]);
    const delivered = await record(order.id, { type: 'delivered', seller_handle: 'kettle-shop', ...TRACKING });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(201);
    expect(delivered.body.line_items).toEqual([
      { id: before['Enamel Kettle'].id, quantity: 1 },
      { id: whisk, quantity: 3 },
    ]);

    const body = await ucpOrder(order.id);
    conforms(body, ctx);
    lines = linesByTitle(body);
    expect(lines['Enamel Kettle']).toMatchObject({ quantity: { original: 1, total: 1, fulfilled: 1 }, status: 'fulfilled' });
    expect(lines['Copper Whisk']).toMatchObject({ quantity: { original: 3, total: 3, fulfilled: 3 }, status: 'fulfilled' });
    // Sellers ship separately: tea-house shipped nothing.
    expect(lines['Oolong Tin']).toMatchObject({ quantity: { original: 2, total: 2, fulfilled: 0 }, status: 'processing' });
    expect(body.fulfillment.events).toEqual([
      {
        id: first.body.id,
        occurred_at: first.body.occurred_at,
        type: 'shipped',
        line_items: [{ id: whisk, quantity: 1 }],
        ...TRACKING,
        description: 'kettle-shop’s shipment, handed to the carrier by UPS.',
      },
      expect.objectContaining({ id: rest.body.id, type: 'shipped', carrier: 'DHL', tracking_number: 'JD0142', line_items: rest.body.line_items }),
      expect.objectContaining({ id: delivered.body.id, type: 'delivered', description: 'kettle-shop’s shipment, delivered by UPS.' }),
    ]);
    // The order's own status does not move, and the expectations still say what each seller sends.
    expect(body.fulfillment.expectations.map((e: Json) => e.id)).toEqual(['exp_kettle-shop', 'exp_tea-house']);

    const tea = await record(order.id, { type: 'shipped', seller_handle: 'tea-house', line_items: [{ id: lines['Oolong Tin'].id, quantity: 2 }], tracking_number: 'TH-1', tracking_url: 'https://tea.example/track/TH-1' });
    expect(tea.status).toBe(201);
    const after = await ucpOrder(order.id);
    conforms(after, ctx);
    expect(linesByTitle(after)['Oolong Tin']).toMatchObject({ quantity: { fulfilled: 2 }, status: 'fulfilled' });
    expect(after.fulfillment.events.at(-1)).not.toHaveProperty('carrier');
  });

  it('takes the only seller when the order has one, and answers order-status with the fulfillment list', async () => {
    await addAgentProfile(db, dev.accountId, PLATFORM);
    const key = await mintKey(t, dev, ['dev.ucp.shopping.order:read']);
    const credential = await t.app.services.credentials.bearer(`Bearer ${key}`);
    if (credential.kind !== 'key') throw new Error('not a key');
    const order = await placedOrder(`key:${credential.keyId}`, [['Oolong Tin', 2]]);

    const shipped = await record(order.id, { type: 'shipped', ...TRACKING });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    expect(shipped.body).toMatchObject({ seller_handle: 'tea-house', line_items: [{ quantity: 2 }] });

    const res = await t.call('GET', `/api/agent/order-status?order_id=${order.id}`, { headers: { authorization: `Bearer ${key}` } });
    const status = (await res.json()) as Json;
    expect(res.status, JSON.stringify(status)).toBe(200);
    expect(status).toMatchObject({ order_id: order.id, status: 'placed' });
    expect(status.fulfillment).toEqual([shipped.body]);
  });

  it('replays an Idempotency-Key’s answer without shipping again', async () => {
    const order = await placedOrder(platformOwner(), [['Copper Whisk', 2]]);
    const headers = { authorization: `Bearer ${ADMIN}`, 'idempotency-key': freshKey() };
    const event = { type: 'shipped', line_items: [{ id: linesByTitle(await ucpOrder(order.id))['Copper Whisk'].id, quantity: 1 }], ...TRACKING };
    const once = await record(order.id, event, headers);
    const again = await record(order.id, event, headers);
    expect([once.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(once.body);
    expect(await db.select().from(fulfillmentEvents).where(eq(fulfillmentEvents.orderId, order.id))).toHaveLength(1);
  });

  it('lets one of several shipments racing for the same units ship them, and refuses the others', async () => {
    const order = await placedOrder(platformOwner(), [['Copper Whisk', 4]]);
    const whisk = linesByTitle(await ucpOrder(order.id))['Copper Whisk'].id;
    // One unit first, so the racers meet a warm path and overlap: without the order's lock they over-ship.
    expect((await record(order.id, { type: 'shipped', line_items: [{ id: whisk, quantity: 1 }], ...TRACKING })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, () => record(order.id, { type: 'shipped', ...TRACKING })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe('fulfillment_quantity_exceeded');
    expect(linesByTitle(await ucpOrder(order.id))['Copper Whisk']).toMatchObject({ quantity: { total: 4, fulfilled: 4 }, status: 'fulfilled' });
  });
});

describe('what is refused', () => {
  it('needs the admin token: none is 401, another is 403', async () => {
    const order = await placedOrder(platformOwner(), [['Oolong Tin', 1]]);
    const none = await record(order.id, { type: 'shipped', ...TRACKING }, {});
    expect([none.status, none.body.code]).toEqual([401, 'credential_required']);
    const wrong = await record(order.id, { type: 'shipped', ...TRACKING }, { authorization: 'Bearer not-the-admin-token' });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'admin_token_invalid']);
    expect(await db.select().from(fulfillmentEvents).where(eq(fulfillmentEvents.orderId, order.id))).toEqual([]);
  });

  it('answers an unknown order 404 and a voided one 409', async () => {
    const unknown = await record('ord_01jnotanorder000000000000', { type: 'shipped', ...TRACKING });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'order_not_found']);

    const order = await placedOrder(platformOwner(), [['Oolong Tin', 1]]);
    await db.transaction(async (tx) => {
      await voidOrder(tx, order.id);
      await tx.update(paymentLinks).set({ status: 'failed' }).where(eq(paymentLinks.cartId, order.cartId));
    });
    const voided = await record(order.id, { type: 'shipped', ...TRACKING });
    expect([voided.status, voided.body.code, voided.body.details]).toEqual([409, 'order_not_fulfillable', { status: 'voided' }]);
  });

  it('refuses a seller the order does not name, a missing one where two sell, and a line not that seller’s', async () => {
    const order = await placedOrder(platformOwner());
    const lines = linesByTitle(await ucpOrder(order.id));
    const unnamed = await record(order.id, { type: 'shipped', ...TRACKING });
    expect([unnamed.status, unnamed.body.code, unnamed.body.details]).toEqual([400, 'fulfillment_seller_invalid', { sellers: ['kettle-shop', 'tea-house'] }]);
    const stranger = await record(order.id, { type: 'shipped', seller_handle: 'lamp-works', ...TRACKING });
    expect([stranger.status, stranger.body.code]).toEqual([400, 'fulfillment_seller_invalid']);

    const theirs = await record(order.id, { type: 'shipped', seller_handle: 'kettle-shop', line_items: [{ id: lines['Oolong Tin'].id, quantity: 1 }], ...TRACKING });
    expect([theirs.status, theirs.body.code]).toEqual([400, 'fulfillment_line_invalid']);
    expect(theirs.body.error).toContain('tea-house');
    expect(theirs.body.details.seller_lines.sort()).toEqual([lines['Enamel Kettle'].id, lines['Copper Whisk'].id].sort());
    const none = await record(order.id, { type: 'shipped', seller_handle: 'kettle-shop', line_items: [{ id: 'item_none', quantity: 1 }], ...TRACKING });
    expect([none.status, none.body.code, none.body.details.line_id]).toEqual([400, 'fulfillment_line_invalid', 'item_none']);
    expect(await db.select().from(fulfillmentEvents).where(eq(fulfillmentEvents.orderId, order.id))).toEqual([]);
  });

  it('refuses more units than are left to ship, a delivery of units not shipped, and nothing left', async () => {
    const order = await placedOrder(platformOwner(), [['Copper Whisk', 3]]);
    const whisk = linesByTitle(await ucpOrder(order.id))['Copper Whisk'].id;
    const over = await record(order.id, { type: 'shipped', line_items: [{ id: whisk, quantity: 4 }], ...TRACKING });
    expect([over.status, over.body.code, over.body.details]).toEqual([409, 'fulfillment_quantity_exceeded', { line_id: whisk, requested: 4, remaining: 3 }]);
    const early = await record(order.id, { type: 'delivered', ...TRACKING });
    expect([early.status, early.body.code]).toEqual([409, 'fulfillment_quantity_exceeded']);

    expect((await record(order.id, { type: 'shipped', line_items: [{ id: whisk, quantity: 2 }], ...TRACKING })).status).toBe(201);
    const beyond = await record(order.id, { type: 'delivered', line_items: [{ id: whisk, quantity: 3 }], ...TRACKING });
    expect([beyond.status, beyond.body.details]).toEqual([409, { line_id: whisk, requested: 3, remaining: 2 }]);
    expect((await record(order.id, { type: 'shipped', ...TRACKING })).status).toBe(201);
    const done = await record(order.id, { type: 'shipped', ...TRACKING });
    expect([done.status, done.body.code]).toEqual([409, 'fulfillment_quantity_exceeded']);
  });

  it('refuses bad input as 400 invalid_request: another type, an http tracking URL, an unbounded string, a line named twice', async () => {
    const order = await placedOrder(platformOwner(), [['Copper Whisk', 3]]);
    const whisk = linesByTitle(await ucpOrder(order.id))['Copper Whisk'].id;
    for (const event of [
      { type: 'lost', ...TRACKING },
      { type: 'shipped', ...TRACKING, tracking_url: 'http://www.ups.com/track' },
      { type: 'shipped', ...TRACKING, carrier: 'U'.repeat(101) },
      { type: 'shipped', carrier: 'UPS' },
      { type: 'shipped', ...TRACKING, line_items: [{ id: whisk, quantity: 0 }] },
      { type: 'shipped', ...TRACKING, line_items: [{ id: whisk, quantity: 1 }, { id: whisk, quantity: 1 }] },
    ]) {
      const answer = await record(order.id, event);
      expect([answer.status, answer.body.code], JSON.stringify(event)).toEqual([400, 'invalid_request']);
    }
  });
});
