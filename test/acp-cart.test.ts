/**
 * ACP 2026-04-17's carts on REST (rfc.cart.md §4.1; issue #47 §5): create (201), get, PUT (replaces
 * the lines), cancel (answers the cart, 404 afterwards); every item unavailable is 422 out_of_stock.
 * Every answer is checked against ACP's Cart or Error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../server/db/schema';
import { testApp, type TestApp } from './support/app';
import { acpCall, acpError, conforms, platformKey, type AcpAnswer, type Json } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';

let t: TestApp;
let key: string;
let kettle: string;
let mug: string;

beforeAll(async () => {
  t = await testApp();
  const d = t.app.services.db;
  await seedCatalog(d, [{ seller: seller('north-shop', { name: 'North Shop' }), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }, { title: 'Stoneware Mug', variants: [[1250, 40]] }] }]);
  [kettle, mug] = await Promise.all(['Enamel Kettle', 'Stoneware Mug'].map((title) => variantId(d, title)));
  ({ key } = await platformKey(t));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown) => acpCall(t, key, method, path, body);
const cart = (answer: AcpAnswer, ctx: { skip(reason: string): void }) => conforms(answer, ctx, 'cart', 'Cart');
const items = (body: Json) => body.line_items.map((l: Json) => [l.item.id, l.quantity]);

describe('carts', () => {
  it('create (201), get, PUT replaces the lines, cancel answers the cart and it is 404 afterwards', async (ctx) => {
    const created = await call('POST', '/acp/carts', { line_items: [{ id: kettle }, { id: mug, quantity: 2 }], buyer: { email: 'ada@example.com' } });
    expect(created.status).toBe(201);
    const c = cart(created, ctx);
    expect(items(c)).toEqual([[kettle, 1], [mug, 2]]);
    expect(c.totals.find((x: Json) => x.type === 'total').amount).toBe(5700);
    expect(c.buyer).toEqual({ email: 'ada@example.com' });
    expect(cart(await call('GET', `/acp/carts/${c.id}`), ctx)).toEqual(c);

    const replaced = cart(await call('PUT', `/acp/carts/${c.id}`, { line_items: [{ id: mug, quantity: 3 }] }), ctx);
    expect(items(replaced)).toEqual([[mug, 3]]);
    expect(replaced.buyer).toBeUndefined();

    const cancelled = cart(await call('POST', `/acp/carts/${c.id}/cancel`, {}), ctx);
    expect(items(cancelled)).toEqual([[mug, 3]]);
    acpError(await call('GET', `/acp/carts/${c.id}`), ctx, 404, 'not_found');
    acpError(await call('PUT', `/acp/carts/${c.id}`, { line_items: [{ id: mug }] }), ctx, 404, 'not_found');
  });

  it('an unavailable item is a message; every item unavailable is 422 out_of_stock and no cart', async (ctx) => {
    const c = cart(await call('POST', '/acp/carts', { line_items: [{ id: kettle }, { id: 'var_unknown' }] }), ctx);
    expect(c.messages).toEqual([expect.objectContaining({ type: 'error', code: 'out_of_stock', param: '$.line_items[1]' })]);
    const before = (await t.app.services.db.select().from(carts)).length;
    acpError(await call('POST', '/acp/carts', { line_items: [{ id: 'var_unknown' }] }), ctx, 422, 'out_of_stock');
    expect((await t.app.services.db.select().from(carts)).length).toBe(before);
  });

  it('a checkout session is not a cart, nor a cart a session', async (ctx) => {
    const s = await call('POST', '/acp/checkout_sessions', { line_items: [{ id: kettle }], currency: 'usd', capabilities: {} });
    acpError(await call('GET', `/acp/carts/${s.body.id}`), ctx, 404, 'not_found');
    const c = await call('POST', '/acp/carts', { line_items: [{ id: kettle }] });
    acpError(await call('GET', `/acp/checkout_sessions/${c.body.id}`), ctx, 404, 'not_found');
  });
});
