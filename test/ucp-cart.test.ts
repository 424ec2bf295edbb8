/**
 * UCP's carts on REST (issue #34 §1): create, get, update (the line items sent replace the cart's)
 * and cancel over the project's carts, through the real gateway with a served platform profile;
 * every answer is checked against the official cart.json or error_response.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../server/db/schema';
import { freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { platformProfile, serveProfile, ucpAgentHeader } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { requestProblems } from './support/ucp-request-views';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';

type Json = Record<string, any>;

const CART = 'https://ucp.dev/schemas/shopping/cart.json';
const ERROR_RESPONSE = 'https://ucp.dev/schemas/shopping/types/error_response.json';

let ps: ProfileServer;
let db: TestDatabase;
let t: TestApp;
let PLATFORM: string;
let OTHER: string;
let kettle: string;
let mug: string;
let tin: string;

beforeAll(async () => {
  ps = await profileServer();
  PLATFORM = serveProfile(ps, '/platform.json', platformProfile());
  OTHER = serveProfile(ps, '/other.json', platformProfile());
  db = await testDatabase();
  t = await testApp(ps.env, db);
  const d = t.app.services.db;
  await seedCatalog(d, [
    { seller: seller('north-shop', { name: 'North Shop' }), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }, { title: 'Stoneware Mug', variants: [[1250, 40]] }] },
    { seller: seller('south-shop', { name: 'South Shop' }), products: [{ title: 'Oolong Tin', variants: [[900, 40]] }] },
  ]);
  [kettle, mug, tin] = await Promise.all(['Enamel Kettle', 'Stoneware Mug', 'Oolong Tin'].map((title) => variantId(d, title)));
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await ps?.close();
});

async function call(method: string, path: string, body?: unknown, opts: { profile?: string; key?: string } = {}): Promise<{ status: number; body: Json }> {
  // A create's or update's body must be one a platform may send (cart.json's request views).
  const operation = method === 'PUT' ? 'update' : method === 'POST' && path.endsWith('/carts') ? 'create' : undefined;
  if (operation && body !== undefined) expect(requestProblems('https://ucp.dev/schemas/shopping/cart.json', operation, body), `${method} ${path}`).toBeUndefined();
  const headers: Record<string, string> = { 'UCP-Agent': ucpAgentHeader(opts.profile ?? PLATFORM) };
  if (opts.key) headers['Idempotency-Key'] = opts.key;
  const res = await t.call(method, path, { headers, body });
  return { status: res.status, body: await res.json() };
}

function conforms(answer: { body: Json }, ctx: { skip(reason: string): void }): Json {
  if (UCP_SCHEMAS_MISSING) ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema(answer.body.ucp?.status === 'error' ? ERROR_RESPONSE : CART)!;
  expect(validate(answer.body), JSON.stringify(validate.errors, null, 2)).toBe(true);
  return answer.body;
}

const line = (id: string, quantity = 1) => ({ item: { id }, quantity });
const items = (body: Json) => body.line_items.map((l: Json) => [l.item.id, l.quantity]);

describe('carts on the binding', () => {
  it('create, get, update (the lines sent replace the cart’s), cancel; then not_found', async (ctx) => {
    const created = await call('POST', '/ucp/carts', { line_items: [line(kettle), line(mug, 2)], buyer: { email: 'ada@example.com' } });
    expect(created.status).toBe(201);
    const cart = conforms(created, ctx);
    expect(cart.id).toMatch(/^cart_/);
    expect(cart.ucp).toEqual({ version: '2026-04-08', status: 'success', capabilities: { 'dev.ucp.shopping.cart': [{ version: '2026-04-08' }] } });
    expect(items(cart)).toEqual([[kettle, 1], [mug, 2]]);
    expect(cart.totals).toEqual([
      { type: 'subtotal', display_text: 'Subtotal', amount: 5700 },
      { type: 'total', display_text: 'Total', amount: 5700 },
    ]);
    expect(cart.buyer).toEqual({ email: 'ada@example.com' });
    expect(cart.messages).toBeUndefined();

    expect(conforms(await call('GET', `/ucp/carts/${cart.id}`), ctx)).toEqual(cart);

    const updated = conforms(await call('PUT', `/ucp/carts/${cart.id}`, { id: cart.id, line_items: [line(mug, 3), line(tin)] }), ctx);
    expect(items(updated)).toEqual([[mug, 3], [tin, 1]]);
    // The line kept keeps its id; the buyer not sent is gone (a full replacement).
    expect(updated.line_items[0].id).toBe(cart.line_items[1].id);
    expect(updated.buyer).toBeUndefined();
    expect(updated.links.map((l: Json) => l.title.split(':')[0])).toEqual(expect.arrayContaining(['North Shop', 'South Shop']));

    const cancelled = conforms(await call('POST', `/ucp/carts/${cart.id}/cancel`, undefined, { key: freshKey() }), ctx);
    expect(items(cancelled)).toEqual(items(updated));
    const gone = await call('GET', `/ucp/carts/${cart.id}`);
    expect(gone.status).toBe(200);
    expect(conforms(gone, ctx).messages[0]).toMatchObject({ code: 'not_found', severity: 'unrecoverable' });
  });

  it('cancel_cart needs an Idempotency-Key (400 IDEMPOTENCY_KEY_REQUIRED)', async () => {
    const cart = await call('POST', '/ucp/carts', { line_items: [line(kettle)] });
    const refused = await call('POST', `/ucp/carts/${cart.body.id}/cancel`);
    expect([refused.status, refused.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it('a line that cannot be taken is a message at the line sent; every item unavailable at create is an error_response and no cart', async (ctx) => {
    const cart = conforms(await call('POST', '/ucp/carts', { line_items: [line('var_unknown'), line(kettle, 3_000_000)] }), ctx);
    expect(cart.line_items).toEqual([]);
    expect(cart.messages.map((m: Json) => [m.code, m.path, m.severity])).toEqual([
      ['item_unavailable', '$.line_items[0]', 'recoverable'],
      ['quantity_exceeds_limit', '$.line_items[1].quantity', 'recoverable'],
    ]);
    const before = (await t.app.services.db.select().from(carts)).length;
    const refused = await call('POST', '/ucp/carts', { line_items: [line('var_unknown')] });
    expect(refused.status).toBe(200);
    expect(conforms(refused, ctx).messages).toEqual([expect.objectContaining({ code: 'item_unavailable', severity: 'unrecoverable' })]);
    expect((await t.app.services.db.select().from(carts)).length).toBe(before);
  });

  it('another caller’s cart, or one made at another endpoint, is not_found', async (ctx) => {
    const cart = await call('POST', '/store/north-shop/ucp/carts', { line_items: [line(kettle), line(tin)] });
    expect(cart.body.messages.map((m: Json) => m.code)).toEqual(['item_unavailable']);
    for (const [path, profile] of [
      [`/store/north-shop/ucp/carts/${cart.body.id}`, OTHER],
      [`/ucp/carts/${cart.body.id}`, PLATFORM],
    ]) {
      expect(conforms(await call('GET', path, undefined, { profile }), ctx).messages[0].code).toBe('not_found');
    }
    expect(conforms(await call('GET', `/store/north-shop/ucp/carts/${cart.body.id}`), ctx).id).toBe(cart.body.id);
  });
});
