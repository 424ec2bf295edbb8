/**
 * ACP's complete with Stripe shared payment tokens over REST (issue #47 §3 (b)), against the Stripe
 * stand-in: under STRIPE_SECRET_KEY a session offers a second handler, `stripe_spt`
 * (dev.acp.tokenized.card with `psp: "stripe"`) beside `card_tokenized`, and completing with it
 * pays through payWithSharedPaymentToken: placed → completed with its order; a declining card →
 * 200 ready_for_payment with payment_declined; Stripe down → 503 service_unavailable with
 * Retry-After, not stored, so the retry with the same Idempotency-Key completes. The vault's
 * handler still pays beside it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, variants } from '../server/db/schema';
import { freshKey, testApp, type TestApp } from './support/app';
import { acpCall, acpError, platformKey, readySession, sessionOf, type Json } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { startStripeStandin, type StripeStandin } from './support/stripe-standin';


let standin: StripeStandin;
let t: TestApp;
let key: string;
let kettle: string;

beforeAll(async () => {
  standin = await startStripeStandin();
  t = await testApp(standin.env);
  await seedCatalog(t.app.services.db, [{ seller: seller('stripe-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  kettle = await variantId(t.app.services.db, 'Enamel Kettle');
  ({ key } = await platformKey(t));
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => acpCall(t, key, method, path, body, headers);
const session = sessionOf;
const totalOf = (s: Json): number => s.totals.find((x: Json) => x.type === 'total').amount;
const stock = async () => (await t.app.services.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, kettle)))[0].stock;
const paying = (token: string, handler_id = 'stripe_spt') => ({ payment_data: { handler_id, instrument: { type: 'card', credential: { type: 'spt', token } } } });

const ready = (ctx: { skip(reason: string): void }) => readySession(t, key, kettle, ctx);

describe('with STRIPE_SECRET_KEY', () => {
  it('offers stripe_spt (psp stripe) beside card_tokenized', async (ctx) => {
    const s = await ready(ctx);
    const [vault, stripe] = s.capabilities.payment.handlers;
    expect(vault).toMatchObject({ id: 'card_tokenized', psp: 'api.test.local' });
    expect(stripe).toMatchObject({
      id: 'stripe_spt',
      name: 'dev.acp.tokenized.card',
      psp: 'stripe',
      requires_delegate_payment: true,
      requires_pci_compliance: false,
      config: { merchant_id: 'api.test.local', psp: 'stripe', accepted_brands: expect.any(Array), environment: 'sandbox' },
    });
  });

  it('a shared payment token Stripe authorizes: completed with its order, the PaymentIntent captured', async (ctx) => {
    const s = await ready(ctx);
    const before = await stock();
    const token = standin.grantSharedToken({ maxAmount: totalOf(s) });
    const done = session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx);
    expect(done.status).toBe('completed');
    expect(done.order).toMatchObject({ id: expect.stringMatching(/^ord_/), checkout_session_id: s.id });
    const [order] = await t.app.services.db.select().from(orders).where(eq(orders.id, done.order.id));
    expect(order.payment).toMatchObject({ provider: 'stripe', reference: standin.sharedTokens.get(token)!.usedBy });
    expect(standin.captures).toContain(standin.sharedTokens.get(token)!.usedBy);
    expect(await stock()).toBe(before! - 1);
    expect(standin.problems).toEqual([]);
  });

  it('a declined card: 200 ready_for_payment with payment_declined, nothing placed', async (ctx) => {
    const s = await ready(ctx);
    const before = await stock();
    const declined = session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(standin.grantSharedToken({ maxAmount: totalOf(s), declines: true }))), ctx);
    expect(declined.status).toBe('ready_for_payment');
    expect(declined.messages).toEqual([expect.objectContaining({ type: 'error', code: 'payment_declined' })]);
    expect(declined.order).toBeUndefined();
    expect(await stock()).toBe(before);
    // Another token pays the same session.
    expect(session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(standin.grantSharedToken({ maxAmount: totalOf(s) }))), ctx).status).toBe('completed');
  });

  it('Stripe down: 503 service_unavailable with Retry-After, not stored; the retry with the same key completes', async (ctx) => {
    const s = await ready(ctx);
    const token = standin.grantSharedToken({ maxAmount: totalOf(s) });
    const idempotencyKey = freshKey();
    // The SDK retries once: two failures are an outage.
    standin.failNext('unavailable', 2);
    const down = await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token), { 'Idempotency-Key': idempotencyKey });
    expect(acpError(down, ctx, 503, 'service_unavailable').type).toBe('service_unavailable');
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await t.app.services.db.select().from(orders).where(eq(orders.cartId, s.id))).toEqual([]);

    const retried = await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token), { 'Idempotency-Key': idempotencyKey });
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(session(retried, ctx).status).toBe('completed');
    // The first answer that ran is the one stored: a replay now is the completion.
    const replayed = await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token), { 'Idempotency-Key': idempotencyKey });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body.status]).toEqual([200, 'true', 'completed']);
  });

  it('refuses a vault token under stripe_spt and an spt_ token Stripe does not know (400 payment_token_invalid)', async (ctx) => {
    const s = await ready(ctx);
    expect(acpError(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying('vt_abc')), ctx, 400, 'payment_token_invalid').param).toBe('$.payment_data.instrument.credential.token');
    acpError(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying('spt_test_unknown0000')), ctx, 400, 'payment_token_invalid');
    expect(session(await call('GET', `/acp/checkout_sessions/${s.id}`), ctx).status).toBe('ready_for_payment');
  });
});
