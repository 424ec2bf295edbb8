/**
 * ACP 2026-04-17's checkout sessions on REST (issue #47 §1–2): create, get, update, cancel over the
 * project's carts, through the real gateway with a platform's key; every answer is checked against
 * ACP's own CheckoutSession or Error.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../server/db/schema';
import { testApp, type TestApp } from './support/app';
import { acpCall, acpError, conforms, platformKey, type Json } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';

let t: TestApp;
let key: string;
let accountId: string;
let kettle: string;
let mug: string;
let tin: string;

const ADDRESS = { name: 'Ada Lovelace', line_one: '12 Analytical Way', city: 'Portland', state: 'OR', country: 'US', postal_code: '97201' };

beforeAll(async () => {
  t = await testApp();
  const d = t.app.services.db;
  await seedCatalog(d, [
    { seller: seller('north-shop', { name: 'North Shop' }), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }, { title: 'Stoneware Mug', variants: [[1250, 3]] }] },
    { seller: seller('south-shop', { name: 'South Shop' }), products: [{ title: 'Oolong Tin', variants: [[900, 40]] }] },
  ]);
  [kettle, mug, tin] = await Promise.all(['Enamel Kettle', 'Stoneware Mug', 'Oolong Tin'].map((title) => variantId(d, title)));
  ({ key, accountId } = await platformKey(t));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string | null>) => acpCall(t, key, method, path, body, headers);
const session = (answer: Awaited<ReturnType<typeof call>>, ctx: { skip(reason: string): void }) => conforms(answer, ctx, 'agentic_checkout', answer.body.order ? 'CheckoutSessionWithOrder' : 'CheckoutSession');
const create = (body: Json = {}) => call('POST', '/acp/checkout_sessions', { line_items: [{ id: kettle }], currency: 'usd', capabilities: {}, ...body });
const codes = (body: Json) => body.messages.map((m: Json) => [m.type, m.code, m.param]);

describe('checkout sessions', () => {
  it('create (201) → update to ready_for_payment → get; the session is a cart of the platform’s account', async (ctx) => {
    const created = await create({ line_items: [{ id: kettle }, { id: tin, quantity: 2 }] });
    expect(created.status).toBe(201);
    const s = session(created, ctx);
    expect(s.id).toMatch(/^cart_/);
    expect(s.status).toBe('not_ready_for_payment');
    expect(s.currency).toBe('usd');
    expect(s.protocol).toEqual({ version: '2026-04-17' });
    expect(s.line_items.map((l: Json) => [l.item.id, l.quantity, l.unit_amount])).toEqual([[kettle, 1, 3200], [tin, 2, 900]]);
    expect(codes(s)).toEqual([
      ['error', 'missing', '$.fulfillment_details.address'],
      ['error', 'missing', '$.buyer.email'],
    ]);
    expect(s.capabilities.payment.handlers).toEqual([expect.objectContaining({ id: 'card_tokenized', name: 'dev.acp.tokenized.card', requires_delegate_payment: true, psp: 'api.test.local' })]);
    expect(s.capabilities.interventions).toEqual({ supported: [], required: [], enforcement: 'conditional' });
    expect(s.continue_url).toMatch(/^https:\/\/api\.test\.local\/checkout\//);
    expect(s.links.map((l: Json) => l.type)).toEqual(expect.arrayContaining(['terms_of_use', 'privacy_policy', 'return_policy', 'shipping_policy']));
    const [row] = await t.app.services.db.select().from(carts).where(eq(carts.id, s.id));
    expect(row.acpPlatform).toBe(accountId);

    const ready = session(await call('POST', `/acp/checkout_sessions/${s.id}`, { buyer: { email: 'ada@example.com' }, fulfillment_details: { address: ADDRESS } }), ctx);
    expect(ready.status).toBe('ready_for_payment');
    expect(ready.messages).toEqual([]);
    expect(ready.buyer).toEqual({ email: 'ada@example.com' });
    expect(ready.fulfillment_details.address).toEqual(ADDRESS);
    // One shipping option per seller, each preselected for that seller's lines.
    expect(ready.fulfillment_options.map((o: Json) => [o.id, o.totals[0].amount])).toEqual([
      ['delivery_north-shop', 499],
      ['delivery_south-shop', 499],
    ]);
    expect(ready.selected_fulfillment_options).toEqual([
      { type: 'shipping', option_id: 'delivery_north-shop', item_ids: [ready.line_items[0].id] },
      { type: 'shipping', option_id: 'delivery_south-shop', item_ids: [ready.line_items[1].id] },
    ]);
    expect(ready.totals).toEqual([
      { type: 'items_base_amount', display_text: 'Items', amount: 5000 },
      { type: 'subtotal', display_text: 'Subtotal', amount: 5000 },
      { type: 'fulfillment', display_text: 'Delivery', amount: 998 },
      { type: 'total', display_text: 'Total', amount: 5998 },
    ]);
    // Update changes only what it sends: the lines stay.
    expect(ready.line_items.map((l: Json) => l.item.id)).toEqual([kettle, tin]);
    expect(session(await call('GET', `/acp/checkout_sessions/${s.id}`), ctx)).toEqual(ready);
  });

  it('MessageErrors in ACP’s codes: out_of_stock, quantity_exceeded, region_restricted', async (ctx) => {
    const s = session(await create({ line_items: [{ id: mug, quantity: 5 }, { id: kettle, quantity: 3_000_000 }], buyer: { email: 'ada@example.com' }, fulfillment_details: { address: { ...ADDRESS, country: 'DE' } } }), ctx);
    expect(s.status).toBe('not_ready_for_payment');
    expect(codes(s)).toEqual(
      expect.arrayContaining([
        ['error', 'out_of_stock', '$.line_items[0]'],
        ['error', 'quantity_exceeded', '$.line_items[1].quantity'],
        ['error', 'region_restricted', '$.fulfillment_details.address'],
      ]),
    );
    expect(s.messages.every((m: Json) => m.content_type === 'plain')).toBe(true);
  });

  it('an unknown item id is 400 with its param, and nothing is made', async (ctx) => {
    const before = (await t.app.services.db.select().from(carts)).length;
    const refused = await create({ line_items: [{ id: kettle }, { id: 'var_unknown' }] });
    expect(acpError(refused, ctx, 400, 'variant_not_found').param).toBe('$.line_items[1].id');
    expect((await t.app.services.db.select().from(carts)).length).toBe(before);
  });

  it('cancel answers canceled; cancelling, updating again is 405; another platform’s session is 404', async (ctx) => {
    const s = session(await create(), ctx);
    const cancelled = session(await call('POST', `/acp/checkout_sessions/${s.id}/cancel`, {}), ctx);
    expect(cancelled.status).toBe('canceled');
    expect(cancelled.continue_url).toBeUndefined();
    acpError(await call('POST', `/acp/checkout_sessions/${s.id}/cancel`, {}), ctx, 405, 'cart_not_open');
    acpError(await call('POST', `/acp/checkout_sessions/${s.id}`, { buyer: { email: 'ada@example.com' } }), ctx, 405, 'cart_not_open');

    const other = await platformKey(t);
    const open = session(await create(), ctx);
    acpError(await acpCall(t, other.key, 'GET', `/acp/checkout_sessions/${open.id}`), ctx, 404, 'not_found');
    acpError(await call('GET', '/acp/checkout_sessions/cart_nothing'), ctx, 404, 'not_found');
  });

  it('create requires line_items, currency usd and capabilities (400, param at the field); Item.quantity absent is 1', async (ctx) => {
    expect(acpError(await call('POST', '/acp/checkout_sessions', { currency: 'usd', capabilities: {} }), ctx, 400, 'invalid_request').param).toBe('$.line_items');
    expect(acpError(await call('POST', '/acp/checkout_sessions', { line_items: [{ id: kettle }], currency: 'eur', capabilities: {} }), ctx, 400, 'invalid_request').param).toBe('$.currency');
    expect(acpError(await call('POST', '/acp/checkout_sessions', { line_items: [{ id: kettle }], currency: 'usd' }), ctx, 400, 'invalid_request').param).toBe('$.capabilities');
    expect(acpError(await call('POST', '/acp/checkout_sessions', { items: [{ id: kettle }], line_items: [{ id: kettle }], currency: 'usd', capabilities: {} }), ctx, 400, 'invalid_request').param).toBe('$.items');
    // Unknown capability values are ignored.
    const s = session(await create({ capabilities: { interventions: { supported: ['3ds', 'telepathy'] }, extensions: ['x-unknown'] } }), ctx);
    expect(s.line_items[0].quantity).toBe(1);
  });
});
