/**
 * Payments through Stripe Checkout, end to end on the real node:http server (so the webhook's raw
 * body path is the one production runs), with the official SDK pointed at the local stand-in:
 * the payment link is the Checkout Session's URL; retries after a 503 open no second session;
 * Stripe down answers 503 with Retry-After; the signed webhook places the order and captures,
 * refuses bad signatures, does nothing twice for a replayed event, and releases the authorization
 * of an order that cannot be placed. It acts only on the sessions our links opened: events naming
 * no link of ours, another session, another amount, or of a shape Stripe does not send are
 * answered 200 `ignored` and release nothing; a capture Stripe refuses for good voids the order.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client';
import { carts, orders, paymentLinks, providerEvents, variants } from '../server/db/schema';
import { freshKey } from './support/app';
import { agentApi, PROFILE, seedCart, variantId as variantOf } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { testServer, type TestServer } from './support/http';
import { STANDIN_WEBHOOK_SECRET, startStripeStandin, type StripeStandin } from './support/stripe-standin';

let standin: StripeStandin;
let s: TestServer;
let db: Db;

beforeAll(async () => {
  standin = await startStripeStandin();
  s = await testServer(standin.env);
  db = s.app.services.db;
  await seedCatalog(db, [
    {
      seller: seller('stripe-shop'),
      products: [
        { title: 'Enamel Kettle', variants: [[3200, 50]] },
        { title: 'Copper Whisk', variants: [[899, 50]] },
        { title: 'Last Teapot', variants: [[4100, 1]] },
      ],
    },
  ]);
});
afterAll(async () => {
  await s?.close();
  await standin?.close();
});
beforeEach(() => {
  standin.problems.length = 0;
});

const variantId = (title: string) => variantOf(db, title);

/** The cart's row: its state as GET /api/agent/cart/{id} reports it. */
async function cartRow(id: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, id));
  return row;
}

/** Asks for the cart's payment link as the test agent (through the gateway, as REST does). */
const paymentLink = (cartId: string, key?: string, server: TestServer = s) => agentApi(server)('POST', '/api/agent/payment-link', { cart_id: cartId }, { key });

/** The default cart: 3200 + 2 × 899 = 4998, under the seller's free-delivery threshold (5000), so 499 delivery. */
const DEFAULT_ITEMS: [string, number][] = [['Enamel Kettle', 1], ['Copper Whisk', 2]];
const DEFAULT_TOTAL = 3200 + 2 * 899 + 499;

/**
 * The session's expiry moves in 10-minute steps (server/payments/stripe.ts): a try and its retry
 * send the same parameters unless a step falls between them, so the test does not start within
 * 15 s of one.
 */
async function awayFromExpiryStep(): Promise<void> {
  const left = 600_000 - (Date.now() % 600_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const sessionsOf = (cartId: string) => [...standin.sessions.values()].filter((x) => x.metadata.cart_id === cartId);

function deliver(event: { body: string; signature: string | undefined }): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (event.signature !== undefined) headers['Stripe-Signature'] = event.signature;
  return fetch(`${s.url}/api/webhooks/stripe`, { method: 'POST', headers, body: event.body });
}

/** A cart with a Stripe payment link, paid on Stripe's page: the session's completion event, ready to deliver. */
async function paidOnStripe(items = DEFAULT_ITEMS) {
  const cartId = await seedCart(db, items);
  const link = await paymentLink(cartId);
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const [session] = sessionsOf(cartId);
  const completed = standin.complete(session.id);
  return { cartId, link: link.body, session: completed, event: standin.event('checkout.session.completed', completed) };
}

describe('the payment link', () => {
  it('is the Checkout Session’s URL: one manual-capture session for the cart’s total', async () => {
    const cartId = await seedCart(db, DEFAULT_ITEMS);
    const res = await paymentLink(cartId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sessions = sessionsOf(cartId);
    expect(sessions).toHaveLength(1);
    expect(res.body).toMatchObject({ url: sessions[0].url, provider: 'stripe', cart_id: cartId, amount_cents: DEFAULT_TOTAL, currency: 'USD' });
    expect(sessions[0]).toMatchObject({ amount_total: DEFAULT_TOTAL, amount_subtotal: DEFAULT_TOTAL - 499, currency: 'usd' });
    expect(standin.problems).toEqual([]);

    // Asking again answers the live link: no second session.
    const again = await paymentLink(cartId);
    expect(again.status).toBe(200);
    expect(again.body.url).toBe(res.body.url);
    expect(sessionsOf(cartId)).toHaveLength(1);
  });

  it('Stripe failing answers 503 retryable with Retry-After; the retry with the same key opens one session under the same Stripe key', async () => {
    await awayFromExpiryStep();
    const cartId = await seedCart(db, DEFAULT_ITEMS);
    const key = freshKey();
    // Stripe creates the session but both answers (the SDK's try and its retry) are lost.
    standin.failNext('lost', 2);
    const failed = await paymentLink(cartId, key);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
    // Nothing was kept: the cart is still open, with no link.
    expect(await cartRow(cartId)).toMatchObject({ status: 'open' });
    expect(await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId))).toEqual([]);

    const retried = await paymentLink(cartId, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const sessions = sessionsOf(cartId);
    expect(sessions).toHaveLength(1);
    expect(retried.body.url).toBe(sessions[0].url);
    const opens = standin.requests.filter((r) => r.path === '/v1/checkout/sessions' && (r.body.metadata as any)?.cart_id === cartId);
    expect(opens.map((r) => r.outcome)).toEqual(['lost', 'lost', 'replayed']);
    expect(new Set(opens.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(standin.problems).toEqual([]);
  });

  it('Stripe unreachable answers 503 service_unavailable with Retry-After, and the cart stays open', async () => {
    const down = await testServer({ ...standin.env, STRIPE_API_URL: 'http://127.0.0.1:1' });
    try {
      await seedCatalog(down.app.services.db, [{ seller: seller('down-shop'), products: [{ title: 'Lonely Spoon', variants: [[500, 5]] }] }]);
      const cartId = await seedCart(down.app.services.db, [['Lonely Spoon', 1]]);
      const res = await paymentLink(cartId, undefined, down);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ code: 'service_unavailable', retryable: true, request_id: expect.any(String) });
      const [row] = await down.app.services.db.select().from(carts).where(eq(carts.id, cartId));
      expect(row.status).toBe('open');
    } finally {
      await down.close();
    }
  });
});

describe('the MCP tool checkout', () => {
  let mcp: Client;
  beforeAll(async () => {
    mcp = new Client({ name: 'stripe-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`)));
  });
  afterAll(() => mcp?.close());

  const checkout = (cartId: string, key = freshKey()) =>
    mcp.callTool({ name: 'checkout', arguments: { meta: { 'ucp-agent': { profile: PROFILE } }, idempotency_key: key, cart_id: cartId } }) as Promise<CallToolResult>;

  it('returns the Checkout Session’s URL, and a Stripe outage as the same retryable 503 body as REST', async () => {
    await awayFromExpiryStep();
    const cartId = await seedCart(db, DEFAULT_ITEMS);
    const key = freshKey();
    standin.failNext('unavailable', 2);
    const failed = await checkout(cartId, key);
    expect(failed.isError).toBe(true);
    expect(JSON.parse((failed.content[0] as { text: string }).text)).toMatchObject({ code: 'service_unavailable', retryable: true });

    const result = await checkout(cartId, key);
    expect(result.isError).toBeFalsy();
    const [session] = sessionsOf(cartId);
    expect(result.structuredContent).toMatchObject({ url: session.url, provider: 'stripe', amount_cents: DEFAULT_TOTAL });
    expect(sessionsOf(cartId)).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('a signed checkout.session.completed places the order, completes the cart and captures the payment', async () => {
    const { cartId, session, event } = await paidOnStripe();
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });

    const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(await cartRow(cartId)).toMatchObject({ status: 'completed', orderId: order.id });
    expect(order.id).toMatch(/^ord_/);
    expect(order.payment).toEqual({ provider: 'stripe', reference: session.payment_intent });
    expect(order.totals.total_cents).toBe(session.amount_total);
    expect(standin.captures).toContain(session.payment_intent);
    expect(standin.paymentIntents.get(session.payment_intent!)!.status).toBe('succeeded');
    expect(standin.problems).toEqual([]);
  });

  it('a missing or wrong signature answers 400 webhook_signature_invalid and places nothing', async () => {
    const { cartId, session, event } = await paidOnStripe();
    const forged = standin.event('checkout.session.completed', session, 'whsec_not_ours');
    const tampered = { body: event.body.replace(`"amount_total":${session.amount_total}`, '"amount_total":1'), signature: event.signature };
    for (const attempt of [{ body: event.body, signature: undefined }, { body: event.body, signature: 't=1,v1=00' }, forged, tampered]) {
      const res = await deliver(attempt);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'webhook_signature_invalid', error: expect.any(String) });
    }
    expect((await cartRow(cartId)).status).toBe('checkout');
    expect(standin.captures).not.toContain(session.payment_intent);
    // The genuine event still works afterwards.
    expect((await deliver(event)).status).toBe(200);
    expect((await cartRow(cartId)).status).toBe('completed');
  });

  it('the same event delivered again (or twice at once) places one order and captures once', async () => {
    const { cartId, session, event } = await paidOnStripe();
    const first = await Promise.all([deliver(event), deliver(event)]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    expect(standin.captures.filter((pi) => pi === session.payment_intent)).toHaveLength(1);
    expect(await db.select().from(providerEvents).where(eq(providerEvents.id, event.id))).toHaveLength(1);
  });

  it('an order that cannot be placed (the last unit sold meanwhile) releases the authorization: nothing is captured', async () => {
    const { cartId, session, event } = await paidOnStripe([['Last Teapot', 1]]);
    await db.update(variants).set({ stock: 0 }).where(eq(variants.id, await variantId('Last Teapot')));
    expect((await deliver(event)).status).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    expect(standin.paymentIntents.get(session.payment_intent!)!.status).toBe('canceled');
    expect(standin.cancellations).toContain(session.payment_intent);
    expect(standin.captures).not.toContain(session.payment_intent);
    expect((await cartRow(cartId)).status).not.toBe('completed');
  });

  it('a capture that meets a Stripe outage answers 503 (Stripe delivers again); the redelivery captures once', async () => {
    const { cartId, session, event } = await paidOnStripe();
    standin.failNext('unavailable', 2);
    const failed = await deliver(event);
    expect(failed.status).toBe(503);
    expect(await db.select().from(providerEvents).where(eq(providerEvents.id, event.id))).toHaveLength(0);
    expect((await deliver(event)).status).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    expect(standin.captures.filter((pi) => pi === session.payment_intent)).toHaveLength(1);
  });

  it('other event types are acknowledged and ignored', async () => {
    const { cartId, session } = await paidOnStripe();
    const res = await deliver(standin.event('payment_intent.amount_capturable_updated', standin.paymentIntents.get(session.payment_intent!)!));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: 'event_type_not_handled' });
    expect((await cartRow(cartId)).status).toBe('checkout');
  });

  it('our own link cancelled meanwhile: its authorization is released, as for every link of ours that cannot be paid', async () => {
    const { cartId, session, event } = await paidOnStripe();
    const [item] = (await agentApi(s)('GET', `/api/agent/cart/${cartId}`)).body.line_items;
    expect((await agentApi(s)('PATCH', `/api/agent/cart/${cartId}/items/${item.id}`, { quantity: 2 })).status).toBe(200);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(standin.cancellations).toContain(session.payment_intent);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
  });
  it('answers only POST, and JSON errors for a body over 1 MiB', async () => {
    const get = await fetch(`${s.url}/api/webhooks/stripe`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({ code: 'method_not_allowed' });
    const big = await fetch(`${s.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=00' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('the webhook acts only on the sessions our links opened', () => {
  /** Nothing happened to any payment: no capture, no release, no order. */
  function expectUntouched(...paymentIntents: string[]) {
    for (const pi of paymentIntents) {
      expect(standin.paymentIntents.get(pi)!.status).toBe('requires_capture');
      expect(standin.cancellations).not.toContain(pi);
      expect(standin.captures).not.toContain(pi);
    }
  }

  it('a completed session naming no link of ours (another product on the account) is ignored: its payment is not released', async () => {
    const before = standin.requests.length;
    for (const reference of [undefined, 'plink_01zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const foreign = standin.foreignSession(2500, reference);
      const res = await deliver(standin.event('checkout.session.completed', foreign));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: 'unknown_link' });
      expectUntouched(foreign.payment_intent!);
    }
    // Not a single call to Stripe.
    expect(standin.requests.length).toBe(before);
  });

  it('our link, but another session and its PaymentIntent: ignored, no order, neither payment touched', async () => {
    const { cartId, link, session } = await paidOnStripe();
    const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId));
    // Another product's session claiming our link, for our amount even.
    const foreign = standin.foreignSession(link.amount_cents, row.id);
    const res = await deliver(standin.event('checkout.session.completed', foreign));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: 'session_mismatch' });
    // Our own session's event naming the other session's PaymentIntent is another session too.
    const swapped = await deliver(standin.event('checkout.session.completed', { ...foreign, client_reference_id: row.id, payment_intent: session.payment_intent }));
    expect(await swapped.json()).toEqual({ received: true, ignored: 'session_mismatch' });
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    expect((await cartRow(cartId)).status).toBe('checkout');
    expectUntouched(foreign.payment_intent!, session.payment_intent!);
  });

  it('our session, but not for the link’s amount or currency: ignored, nothing placed or released', async () => {
    const { cartId, session } = await paidOnStripe();
    for (const changed of [{ amount_total: session.amount_total - 1 }, { currency: 'eur' }]) {
      const res = await deliver(standin.event('checkout.session.completed', { ...session, ...changed }));
      expect(await res.json()).toEqual({ received: true, ignored: 'amount_mismatch' });
    }
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    expectUntouched(session.payment_intent!);
  });

  it('signed payloads of a shape Stripe does not send answer 200 ignored (not a 500 Stripe retries for days)', async () => {
    const { cartId, session } = await paidOnStripe();
    const envelope = { id: 'evt_test_odd', object: 'event', type: 'checkout.session.completed', created: 1 };
    const payloads = [
      { ...envelope },
      { ...envelope, data: {} },
      { ...envelope, data: { object: null } },
      { ...envelope, data: { object: 'cs_test_x' } },
      { ...envelope, data: { object: { ...session, payment_intent: 42 } } },
      { ...envelope, data: { object: { ...session, amount_total: String(session.amount_total) } } },
      { ...envelope, data: { object: { ...session, client_reference_id: ['x'] } } },
      { ...envelope, id: 7, data: { object: session } },
      [],
      'checkout.session.completed',
    ];
    for (const payload of payloads) {
      const res = await deliver(standin.signed(JSON.stringify(payload)));
      expect(res.status, JSON.stringify(payload)).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: 'unexpected_shape' });
    }
    // A session that is not a completed card payment is not one of ours to act on either.
    for (const changed of [{ mode: 'subscription' }, { status: 'open' }, { payment_intent: null }]) {
      const res = await deliver(standin.event('checkout.session.completed', { ...session, ...changed }));
      expect(await res.json()).toEqual({ received: true, ignored: 'not_a_completed_payment' });
    }
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    expectUntouched(session.payment_intent!);
  });
});

describe('a capture Stripe refuses for good', () => {
  const stockOf = async (title: string) => (await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(title))))[0].stock;

  it('voids the order: stock back, the cart open with payment_failed, and the cart can be paid again', async () => {
    const before = { kettle: await stockOf('Enamel Kettle'), whisk: await stockOf('Copper Whisk') };
    const { cartId, session, event } = await paidOnStripe();
    // The authorization lapsed before the event came through (Stripe cancels it after 7 days).
    standin.expireAuthorization(session.payment_intent!);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });

    const [voided] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(voided.status).toBe('voided');
    expect({ kettle: await stockOf('Enamel Kettle'), whisk: await stockOf('Copper Whisk') }).toEqual(before);
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId));
    expect(link.status).toBe('failed');
    const cart = (await agentApi(s)('GET', `/api/agent/cart/${cartId}`)).body;
    expect(cart).toMatchObject({ status: 'open', order_id: null, links: { payment_link: null } });
    expect(cart.messages).toContainEqual(expect.objectContaining({ code: 'payment_failed', message: expect.stringContaining('nothing was charged') }));
    expect(Date.parse(cart.expires_at)).toBeGreaterThan(Date.now());
    expect(standin.captures).not.toContain(session.payment_intent);
    // Stripe delivering the event again changes nothing.
    expect((await deliver(event)).status).toBe(200);
    expect((await db.select().from(orders).where(eq(orders.cartId, cartId))).map((o) => o.status)).toEqual(['voided']);

    // A new link, paid: a new order for the same cart, captured.
    const again = await paymentLink(cartId);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const next = standin.complete(sessionsOf(cartId).find((x) => x.status === 'open')!.id);
    expect((await deliver(standin.event('checkout.session.completed', next))).status).toBe(200);
    const placed = (await db.select().from(orders).where(eq(orders.cartId, cartId))).filter((o) => o.status === 'placed');
    expect(placed).toHaveLength(1);
    expect(await cartRow(cartId)).toMatchObject({ status: 'completed', orderId: placed[0].id, notices: [] });
    expect(standin.captures).toContain(next.payment_intent);
    expect(await stockOf('Enamel Kettle')).toBe(before.kettle! - 1);
  });

  it('a card declined at capture voids the order too; an outage does not (503, see above)', async () => {
    const { cartId, session, event } = await paidOnStripe();
    standin.failNext('declined');
    expect((await deliver(event)).status).toBe(200);
    expect((await db.select().from(orders).where(eq(orders.cartId, cartId))).map((o) => o.status)).toEqual(['voided']);
    // What Stripe still held of the authorization was released.
    expect(standin.paymentIntents.get(session.payment_intent!)!.status).toBe('canceled');
    expect((await cartRow(cartId)).status).toBe('open');
  });
});


describe('the webhook where Stripe is not fully configured', () => {
  it('without STRIPE_WEBHOOK_SECRET: 503, so Stripe keeps the event and delivers it again once the secret is set', async () => {
    const { STRIPE_WEBHOOK_SECRET: _, ...withoutSecret } = standin.env;
    const server = await testServer(withoutSecret);
    try {
      const event = standin.event('checkout.session.completed', { id: 'cs_test_x' }, STANDIN_WEBHOOK_SECRET);
      const res = await fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'Stripe-Signature': event.signature }, body: event.body });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ code: 'service_unavailable', retryable: true });
    } finally {
      await server.close();
    }
  });

  it('without Stripe at all: 404, the endpoint does not exist here', async () => {
    const server = await testServer();
    try {
      const res = await fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await server.close();
    }
  });
});
