/**
 * UCP's checkout sessions on REST (issue #34 §1–§2): a checkout is a project cart with its pricing
 * and payment link. Calls go through the real gateway with platform profiles served over HTTPS
 * (test/support/profile-server.ts); every answer is checked against the official schema of what
 * was negotiated (fulfillment.json's checkout when fulfillment is, else checkout.json; the
 * error_response), and requests carry only what the schemas' ucp_request annotations let a
 * platform send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, paymentLinks } from '../server/db/schema';
import { completePayment } from '../server/payments/complete';
import { issuePaymentLink } from '../server/payments/checkout';
import { providerNamed } from '../server/payments/select';
import type { BuiltinProvider } from '../server/payments/builtin';
import { freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { BINDING_CAPABILITIES } from '../server/negotiation/capabilities';
import { platformCapability, platformProfile, serveProfile, ucpAgentHeader } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { requestProblems, type RequestOperation } from './support/ucp-request-views';

type Json = Record<string, any>;

const WITH_FULFILLMENT = 'https://ucp.dev/schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout';
const CHECKOUT = 'https://ucp.dev/schemas/shopping/checkout.json';
const ERROR_RESPONSE = 'https://ucp.dev/schemas/shopping/types/error_response.json';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

let ps: ProfileServer;
let db: TestDatabase;
let t: TestApp;
/** Profiles by what they declare. */
const profiles: Record<'single' | 'multi' | 'bare', string> = { single: '', multi: '', bare: '' };
let kettle: string;
let mug: string;
let tea: string;
let scarce: string;

beforeAll(async () => {
  ps = await profileServer();
  const every = (config?: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(BINDING_CAPABILITIES).map((name) => [name, [platformCapability(name, name === 'dev.ucp.shopping.fulfillment' && config ? { config } : {})]]));
  profiles.single = serveProfile(ps, '/single.json', platformProfile({ capabilities: every() }));
  profiles.multi = serveProfile(ps, '/multi.json', platformProfile({ capabilities: every({ supports_multi_group: true }) }));
  const { 'dev.ucp.shopping.fulfillment': _, ...bare } = every();
  profiles.bare = serveProfile(ps, '/bare.json', platformProfile({ capabilities: bare }));
  db = await testDatabase();
  t = await testApp(ps.env, db);
  const d = t.app.services.db;
  await seedCatalog(d, [
    {
      seller: seller('north-shop', { name: 'North Shop' }),
      products: [
        { title: 'Enamel Kettle', variants: [[3200, 50]] },
        { title: 'Stoneware Mug', variants: [[1250, 40]] },
        { title: 'Scarce Teapot', variants: [[4000, 2]] },
      ],
    },
    { seller: seller('south-shop', { name: 'South Shop' }), products: [{ title: 'Oolong Tin', variants: [[900, 40]] }] },
  ]);
  [kettle, mug, tea, scarce] = await Promise.all(['Enamel Kettle', 'Stoneware Mug', 'Oolong Tin', 'Scarce Teapot'].map((title) => variantId(d, title)));
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await ps?.close();
});

interface Answer {
  status: number;
  body: Json;
  text: string;
  headers: Headers;
}

/** The request view a body is held to (test/support/ucp-request-views.ts), by the operation its method and path name. */
function viewOf(method: string, path: string, profile: keyof typeof profiles): [string, RequestOperation] | undefined {
  const schema = path.includes('/carts') ? 'https://ucp.dev/schemas/shopping/cart.json' : profile === 'bare' ? CHECKOUT : WITH_FULFILLMENT;
  if (method === 'PUT') return [schema, 'update'];
  if (method === 'POST' && /\/(carts|checkout-sessions)$/.test(path)) return [schema, 'create'];
  if (method === 'POST' && path.endsWith('/complete')) return [schema, 'complete'];
  return undefined;
}

/** A call of the binding; its body must be one a platform may send (`malformed`: a test of what it may not). */
async function call(method: string, path: string, body?: unknown, opts: { profile?: keyof typeof profiles; key?: string; malformed?: boolean } = {}): Promise<Answer> {
  const operation = viewOf(method, path, opts.profile ?? 'single');
  if (operation && body !== undefined && !opts.malformed) expect(requestProblems(...operation, body), `${method} ${path}: not a request a platform may send`).toBeUndefined();
  const headers: Record<string, string> = { 'UCP-Agent': ucpAgentHeader(profiles[opts.profile ?? 'single']) };
  if (opts.key) headers['Idempotency-Key'] = opts.key;
  const res = await t.call(method, path, { headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text, headers: res.headers };
}

/** The answer holds to the official schema of what was negotiated. */
function conforms(answer: Answer, ctx: { skip(reason: string): void }, schema = WITH_FULFILLMENT): Json {
  if (UCP_SCHEMAS_MISSING) ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema(answer.body.ucp?.status === 'error' ? ERROR_RESPONSE : schema)!;
  expect(validate(answer.body), JSON.stringify(validate.errors, null, 2)).toBe(true);
  return answer.body;
}

const line = (id: string, quantity = 1) => ({ item: { id }, quantity });
const destination = { first_name: 'Ada', last_name: 'Lovelace', street_address: '12 Analytical Way', address_locality: 'Portland', address_region: 'OR', postal_code: '97201', address_country: 'US' };
const shipping = (to: Json = destination) => ({ methods: [{ type: 'shipping', destinations: [to] }] });
/** An update's fulfillment names the lines its method covers (fulfillment_method.json's update view). */
const shippingOf = (checkout: Json, to: Json = destination) => ({ methods: [{ type: 'shipping', line_item_ids: checkout.line_items.map((l: Json) => l.id), destinations: [to] }] });
const codes = (body: Json) => (body.messages ?? []).map((m: Json) => `${m.code}@${m.path ?? ''}`);

describe('create and update', () => {
  it('create → incomplete, listing what is missing; an update with the e-mail and a destination → requires_escalation with continue_url', async (ctx) => {
    const created = await call('POST', '/ucp/checkout-sessions', { line_items: [line(kettle, 2)] });
    expect(created.status).toBe(201);
    const body = conforms(created, ctx);
    expect(body.status).toBe('incomplete');
    expect(body.id).toMatch(/^cart_/);
    expect(body.ucp.capabilities).toEqual({ 'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }], 'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08' }] });
    expect(body.ucp.payment_handlers).toEqual({});
    expect(codes(body)).toEqual(['missing@$.fulfillment.methods[0].destinations[0]', 'missing@$.buyer.email']);
    for (const m of body.messages) expect(m).toMatchObject({ type: 'error', severity: 'recoverable' });
    expect(body.totals).toEqual([
      { type: 'subtotal', display_text: 'Subtotal', amount: 6400 },
      { type: 'total', display_text: 'Total', amount: 6400 },
    ]);
    expect(body.links.map((l: Json) => l.type).sort()).toEqual(['privacy_policy', 'refund_policy', 'shipping_policy', 'terms_of_service']);
    expect(body.continue_url).toMatch(new RegExp(`^${t.config.publicBaseUrl}/checkout/[A-Za-z0-9_-]{43}$`));

    const updated = await call('PUT', `/ucp/checkout-sessions/${body.id}`, { line_items: [line(kettle, 2)], buyer: { email: 'ada@example.com' }, fulfillment: shippingOf(body) });
    expect(updated.status).toBe(200);
    const ready = conforms(updated, ctx);
    expect(ready.status).toBe('requires_escalation');
    expect(ready.messages).toEqual([
      { type: 'error', code: 'payment_required', severity: 'requires_buyer_input', content: 'Payment is taken on the business’s page: open continue_url so the person can review and pay.' },
    ]);
    expect(ready.continue_url).toBe(body.continue_url);
    expect(ready.line_items[0].id).toBe(body.line_items[0].id);
    expect(ready.fulfillment.methods[0]).toMatchObject({ type: 'shipping', selected_destination_id: 'destination', destinations: [{ ...destination, id: 'destination' }] });
    // Free delivery above 50 USD.
    expect(ready.totals.map((x: Json) => [x.type, x.amount])).toEqual([['subtotal', 6400], ['fulfillment', 0], ['total', 6400]]);

    // A change, with a payment link live: the same continue_url, the link cancelled.
    const owner = (await t.app.services.db.select().from(carts).where(eq(carts.id, body.id)))[0].owner;
    await t.app.services.db.transaction((tx) => issuePaymentLink(t.app.services, tx as never, { cartId: body.id, owner, idempotencyKey: freshKey() }));
    const escalated = conforms(await call('GET', `/ucp/checkout-sessions/${body.id}`), ctx);
    expect(escalated.status).toBe('requires_escalation');
    const [live] = await t.app.services.db.select().from(paymentLinks).where(eq(paymentLinks.cartId, body.id));
    expect(escalated.expires_at).toBe(live.expiresAt.toISOString());
    // The same checkout sent again is no change: the link the person may be paying stays live.
    const again = conforms(await call('PUT', `/ucp/checkout-sessions/${body.id}`, { line_items: [line(kettle, 2)], buyer: { email: 'ada@example.com' }, fulfillment: shippingOf(body) }), ctx);
    expect(again.expires_at).toBe(live.expiresAt.toISOString());
    expect((await t.app.services.db.select().from(paymentLinks).where(eq(paymentLinks.id, live.id)))[0].status).toBe('live');
    const changed = conforms(await call('PUT', `/ucp/checkout-sessions/${body.id}`, { line_items: [line(kettle, 1), line(mug)], buyer: { email: 'ada@example.com' }, fulfillment: shippingOf(body) }), ctx);
    expect(changed.continue_url).toBe(body.continue_url);
    expect(changed.line_items.map((l: Json) => [l.item.id, l.quantity])).toEqual([[kettle, 1], [mug, 1]]);
    expect(changed.status).toBe('requires_escalation');
  });

  it('lists what is wrong at the line sent: item_unavailable, quantity_exceeds_limit, out_of_stock; and a destination’s missing fields at their paths', async (ctx) => {
    const body = conforms(
      await call('POST', '/ucp/checkout-sessions', {
        line_items: [line('var_unknown'), line(kettle, 5_000_000), line(scarce, 3)],
        buyer: { email: 'ada@example.com' },
        fulfillment: shipping({ first_name: 'Ada', street_address: '12 Analytical Way', address_country: 'US' }),
      }),
      ctx,
    );
    expect(body.status).toBe('incomplete');
    expect(codes(body)).toEqual([
      'out_of_stock@$.line_items[0]',
      'item_unavailable@$.line_items[0]',
      'quantity_exceeds_limit@$.line_items[1].quantity',
      'missing@$.fulfillment.methods[0].destinations[0].last_name',
      'missing@$.fulfillment.methods[0].destinations[0].address_locality',
      'missing@$.fulfillment.methods[0].destinations[0].postal_code',
    ]);
    expect(body.messages[0].content).toContain('2 in stock');
    expect(body.line_items.map((l: Json) => l.item.id)).toEqual([scarce]);
    // Kept with the cart until the next change: a read lists them too.
    const again = conforms(await call('GET', `/ucp/checkout-sessions/${body.id}`), ctx);
    expect(codes(again)).toEqual(codes(body));
  });

  it('a destination’s country as alpha-2, alpha-3 or English name, answered as alpha-2; one invalid message for a country that is none', async (ctx) => {
    for (const [sent, answered] of [['US', 'US'], ['USA', 'US'], ['us', 'US'], ['United States', 'US'], ['United Kingdom', 'GB'], ['GBR', 'GB']]) {
      const body = conforms(await call('POST', '/ucp/checkout-sessions', { line_items: [line(mug)], buyer: { email: 'ada@example.com' }, fulfillment: shipping({ ...destination, address_country: sent }) }), ctx);
      expect(body.fulfillment.methods[0].destinations[0].address_country, sent).toBe(answered);
      expect(codes(body).filter((c: string) => c.includes('destinations')), sent).toEqual(answered === 'US' ? [] : ['address_undeliverable@$.fulfillment.methods[0].destinations[0]']);
    }
    const narnia = conforms(await call('POST', '/ucp/checkout-sessions', { line_items: [line(mug)], buyer: { email: 'ada@example.com' }, fulfillment: shipping({ ...destination, address_country: 'Narnia' }) }), ctx);
    expect(codes(narnia)).toEqual(['invalid@$.fulfillment.methods[0].destinations[0].address_country']);
    expect(narnia.messages[0].content).toMatch(/address country is not a country: give its ISO 3166-1 alpha-2 code/);
  });

  it('every item unavailable at create: HTTP 200 error_response, item_unavailable unrecoverable, nothing created', async (ctx) => {
    const before = (await t.app.services.db.select().from(carts)).length;
    const refused = await call('POST', '/ucp/checkout-sessions', { line_items: [line('var_nothing'), line('var_none')] });
    expect(refused.status).toBe(200);
    const body = conforms(refused, ctx);
    expect(body.ucp.status).toBe('error');
    expect(body.messages.map((m: Json) => [m.code, m.severity])).toEqual([
      ['item_unavailable', 'unrecoverable'],
      ['item_unavailable', 'unrecoverable'],
    ]);
    expect((await t.app.services.db.select().from(carts)).length).toBe(before);
  });
});

describe('fulfillment groups', () => {
  const two = () => ({ line_items: [line(kettle), line(tea, 2)], buyer: { email: 'ada@example.com' }, fulfillment: shipping() });

  it('one group whose one option sums the sellers’ delivery and names them, by default', async (ctx) => {
    const body = conforms(await call('POST', '/ucp/checkout-sessions', two()), ctx);
    const [method] = body.fulfillment.methods;
    expect(method.groups).toHaveLength(1);
    expect(method.groups[0].options).toEqual([{ id: 'delivery', title: 'Delivery by North Shop and South Shop', description: 'Arrives in 2–5 days', totals: [{ type: 'total', amount: 998 }] }]);
    expect(method.groups[0].selected_option_id).toBe('delivery');
    expect(method.groups[0].line_item_ids).toEqual(body.line_items.map((l: Json) => l.id));
    expect(body.totals.find((x: Json) => x.type === 'fulfillment').amount).toBe(998);
  });

  it('one group per seller, each option selected, with supports_multi_group', async (ctx) => {
    const body = conforms(await call('POST', '/ucp/checkout-sessions', two(), { profile: 'multi' }), ctx);
    const groups = body.fulfillment.methods[0].groups;
    expect(groups.map((g: Json) => [g.id, g.selected_option_id, g.options[0].totals[0].amount, g.line_item_ids.length])).toEqual([
      ['group_north-shop', 'delivery_north-shop', 499, 1],
      ['group_south-shop', 'delivery_south-shop', 499, 1],
    ]);
  });

  it('without fulfillment negotiated: no fulfillment member, and capabilities_incompatible at create when an address is needed', async (ctx) => {
    const empty = await call('POST', '/ucp/checkout-sessions', { line_items: [] }, { profile: 'bare' });
    const body = conforms(empty, ctx, CHECKOUT);
    expect(body.fulfillment).toBeUndefined();
    expect(body.ucp.capabilities).toEqual({ 'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }] });
    expect(codes(body)).toEqual(['missing@$.line_items', 'missing@$.buyer.email']);
    const refused = await call('POST', '/ucp/checkout-sessions', { line_items: [line(kettle)] }, { profile: 'bare' });
    expect(refused.status).toBe(200);
    expect(conforms(refused, ctx).messages[0]).toMatchObject({ code: 'capabilities_incompatible', severity: 'unrecoverable' });
  });
});

describe('scopes and carts', () => {
  it('a seller’s endpoint refuses another seller’s item (item_unavailable); a checkout is not_found from another scope', async (ctx) => {
    const body = conforms(await call('POST', '/store/north-shop/ucp/checkout-sessions', { line_items: [line(kettle), line(tea)] }), ctx);
    expect(codes(body)).toContain('item_unavailable@$.line_items[1]');
    expect(body.line_items.map((l: Json) => l.item.id)).toEqual([kettle]);
    expect(body.links.every((l: Json) => l.title.startsWith('North Shop'))).toBe(true);
    for (const path of [`/ucp/checkout-sessions/${body.id}`, `/store/south-shop/ucp/checkout-sessions/${body.id}`]) {
      const elsewhere = await call('GET', path);
      expect(elsewhere.status).toBe(200);
      expect(conforms(elsewhere, ctx).messages[0]).toMatchObject({ code: 'not_found', severity: 'unrecoverable' });
    }
    expect(conforms(await call('GET', `/store/north-shop/ucp/checkout-sessions/${body.id}`), ctx).id).toBe(body.id);
  });

  it('create_checkout {cart_id} twice answers the same checkout, whose id is the cart’s', async (ctx) => {
    const cart = await call('POST', '/ucp/carts', { line_items: [line(mug, 2)], buyer: { email: 'ada@example.com' } });
    expect(cart.status).toBe(201);
    const first = conforms(await call('POST', '/ucp/checkout-sessions', { cart_id: cart.body.id, line_items: [line(kettle)], fulfillment: shipping() }), ctx);
    expect(first.id).toBe(cart.body.id);
    expect(first.line_items.map((l: Json) => [l.item.id, l.quantity])).toEqual([[mug, 2]]);
    expect(first.status).toBe('requires_escalation');
    const second = conforms(await call('POST', '/ucp/checkout-sessions', { cart_id: cart.body.id, line_items: [] }), ctx);
    expect(second).toEqual(first);
    // Another caller's cart is not_found.
    const other = await call('POST', '/ucp/checkout-sessions', { cart_id: cart.body.id, line_items: [] }, { profile: 'multi' });
    expect(other.body.messages[0].code).toBe('not_found');
  });
});

describe('a cart behind a checkout', () => {
  it('answers only the cart’s messages; the checkout’s, at its destination, stay on the checkout', async (ctx) => {
    const cart = await call('POST', '/ucp/carts', { line_items: [line(mug), line(scarce, 3)], buyer: { email: 'ada@example.com' } });
    expect(cart.status).toBe(201);
    const incomplete = { first_name: 'Ada', street_address: '12 Analytical Way', address_country: 'US' };
    const checkout = conforms(await call('POST', '/ucp/checkout-sessions', { cart_id: cart.body.id, line_items: [], fulfillment: shipping(incomplete) }), ctx);
    expect(codes(checkout)).toEqual(expect.arrayContaining(['missing@$.fulfillment.methods[0].destinations[0].last_name', 'out_of_stock@$.line_items[1]']));
    const read = await call('GET', `/ucp/carts/${cart.body.id}`);
    expect(read.status).toBe(200);
    const body = conforms(read, ctx, 'https://ucp.dev/schemas/shopping/cart.json');
    expect(body.fulfillment).toBeUndefined();
    expect(codes(body)).toEqual(['out_of_stock@$.line_items[1]']);
    // The checkout still says what its destination lacks.
    expect(codes(conforms(await call('GET', `/ucp/checkout-sessions/${cart.body.id}`), ctx))).toEqual(codes(checkout));
  });
});

describe('complete and cancel', () => {
  async function ready(): Promise<Json> {
    return (await call('POST', '/ucp/checkout-sessions', { line_items: [line(mug)], buyer: { email: 'ada@example.com' }, fulfillment: shipping() })).body;
  }

  it('complete before payment: still requires_escalation, with payment_handler_unsupported when instruments were sent', async (ctx) => {
    const checkout = await ready();
    const plain = conforms(await call('POST', `/ucp/checkout-sessions/${checkout.id}/complete`, { payment: { instruments: [] } }, { key: freshKey() }), ctx);
    expect(plain.status).toBe('requires_escalation');
    expect(codes(plain)).toEqual(['payment_required@']);
    const payment = { instruments: [{ id: 'instr_1', handler_id: 'processor_tokenizer', type: 'card', credential: { type: 'token', token: 'tok_x' } }] };
    const sent = conforms(await call('POST', `/ucp/checkout-sessions/${checkout.id}/complete`, { payment }, { key: freshKey() }), ctx);
    expect(sent.status).toBe('requires_escalation');
    expect(sent.messages.at(-1)).toMatchObject({ code: 'payment_handler_unsupported', severity: 'requires_buyer_input', path: '$.payment.instruments[0].handler_id' });
  });

  it('complete and cancel without Idempotency-Key: 400 IDEMPOTENCY_KEY_REQUIRED, a transport error', async () => {
    const checkout = await ready();
    for (const op of ['complete', 'cancel']) {
      const refused = await call('POST', `/ucp/checkout-sessions/${checkout.id}/${op}`, op === 'complete' ? { payment: { instruments: [] } } : {});
      expect([refused.status, refused.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    }
  });

  it('a key replays byte for byte; other input with the same key is 409', async () => {
    const key = freshKey();
    const request = { line_items: [line(mug)], buyer: { email: 'ada@example.com' } };
    const first = await call('POST', '/ucp/checkout-sessions', request, { key });
    const again = await call('POST', '/ucp/checkout-sessions', request, { key });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await call('POST', '/ucp/checkout-sessions', { ...request, line_items: [line(kettle)] }, { key });
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_key_reused']);
  });

  it('cancel → canceled; an update or cancel of it is answered unchanged with not_modifiable', async (ctx) => {
    const checkout = await ready();
    const canceled = conforms(await call('POST', `/ucp/checkout-sessions/${checkout.id}/cancel`, undefined, { key: freshKey() }), ctx);
    expect(canceled.status).toBe('canceled');
    expect(canceled.continue_url).toBeUndefined();
    const update = await call('PUT', `/ucp/checkout-sessions/${checkout.id}`, { line_items: [line(kettle, 3)] });
    expect(update.status).toBe(200);
    const unchanged = conforms(update, ctx);
    expect(unchanged.status).toBe('canceled');
    expect(unchanged.line_items).toEqual(canceled.line_items);
    expect(unchanged.messages).toEqual([expect.objectContaining({ code: 'not_modifiable', severity: 'unrecoverable' })]);
    const cancelAgain = conforms(await call('POST', `/ucp/checkout-sessions/${checkout.id}/cancel`, undefined, { key: freshKey() }), ctx);
    expect(codes(cancelAgain)).toEqual(['not_modifiable@']);
  });

  it('once the person has paid: completed, with its order', async (ctx) => {
    const checkout = await ready();
    const services = t.app.services;
    const owner = (await services.db.select().from(carts).where(eq(carts.id, checkout.id)))[0].owner;
    const { link } = await services.db.transaction((tx) => issuePaymentLink(services, tx as never, { cartId: checkout.id, owner, idempotencyKey: freshKey() }));
    const [row] = await services.db.select().from(paymentLinks).where(eq(paymentLinks.cartId, checkout.id));
    const builtin = providerNamed(t.config, 'builtin') as BuiltinProvider;
    const auth = await builtin.authorize!(CARD, { amountCents: link.amount_cents, currency: 'USD' });
    if (auth.status !== 'authorized') throw new Error('expected an authorization');
    expect((await completePayment(services, { linkId: row.id, authorization: auth.authorization, provider: 'builtin' })).kind).toBe('placed');
    const completed = conforms(await call('POST', `/ucp/checkout-sessions/${checkout.id}/complete`, { payment: { instruments: [] } }, { key: freshKey() }), ctx);
    expect(completed.status).toBe('completed');
    expect(completed.order).toEqual({ id: expect.stringMatching(/^ord_/), permalink_url: link.url });
    expect(completed.continue_url).toBeUndefined();

    // A completed checkout does not change: an update is answered unchanged, not_modifiable.
    const update = { line_items: [line(kettle, 3)], buyer: { email: 'ada@example.com' }, fulfillment: shippingOf(completed) };
    const refused = conforms(await call('PUT', `/ucp/checkout-sessions/${checkout.id}`, update), ctx);
    expect(refused).toMatchObject({ status: 'completed', line_items: completed.line_items, order: completed.order });
    expect(refused.messages.at(-1)).toMatchObject({ code: 'not_modifiable', severity: 'unrecoverable' });
  });
});
