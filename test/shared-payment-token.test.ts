/**
 * ACP's delegated payment with Stripe (issue #47 §3 (b)): a session paid with a Stripe shared
 * payment token, through the official SDK against the local stand-in. The token authorizes a
 * manual-capture PaymentIntent (on the pinned preview API version, no Checkout Session opened),
 * the order is placed and the PaymentIntent captured; a declined card places nothing; a token
 * Stripe refuses (unknown, used, expired, another currency, below the total) is payment_token_invalid
 * at the token's JSONPath, as is one not shaped as Stripe's; Stripe down is a 503 after which the
 * same token pays, through the same PaymentIntent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client';
import { loadCart } from '../server/carts/store';
import { carts, orders, paymentLinks, variants } from '../server/db/schema';
import { ApiError } from '../server/errors/catalogue';
import { payWithSharedPaymentToken, TOKEN_PARAM } from '../server/payments/delegated-payment';
import { testApp, type TestApp } from './support/app';
import { OWNER, seedCart, variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { startStripeStandin, type StripeStandin } from './support/stripe-standin';

/** Kettle 3200 + US delivery 499 (under the 50 USD free-delivery threshold). */
const TOTAL = 3200 + 499;

let standin: StripeStandin;
let t: TestApp;
let db: Db;

beforeAll(async () => {
  standin = await startStripeStandin();
  t = await testApp(standin.env);
  db = t.app.services.db;
  await seedCatalog(db, [{ seller: seller('spt-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => {
  standin.problems.length = 0;
});

const session = () => seedCart(db, [['Enamel Kettle', 1]]);
const pay = (cartId: string, token: string) => payWithSharedPaymentToken(t.app.services, { cart: (tx) => loadCart(tx, cartId, OWNER, { lock: true }), token });
const stock = async () => (await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(db, 'Enamel Kettle'))))[0].stock;
const cartRow = async (id: string) => (await db.select().from(carts).where(eq(carts.id, id)))[0];
const ordersOf = (cartId: string) => db.select().from(orders).where(eq(orders.cartId, cartId));
const linksOf = (cartId: string) => db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId));
const intentsOf = (cartId: string) => [...standin.paymentIntents.values()].filter((pi) => pi.metadata.cart_id === cartId);
const intentRequests = (cartId: string) => standin.requests.filter((r) => r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string>)?.cart_id === cartId);

async function expectTokenRefused(run: Promise<unknown>, message: RegExp): Promise<void> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect([(err as ApiError).code, (err as ApiError).status, (err as ApiError).details]).toEqual(['payment_token_invalid', 400, { param: TOKEN_PARAM }]);
  expect((err as ApiError).message).toMatch(message);
}

describe('paying with a Stripe shared payment token', () => {
  it('authorizes a manual-capture PaymentIntent from the token, places the order and captures it', async () => {
    const cartId = await session();
    const before = await stock();
    const token = standin.grantSharedToken({ maxAmount: TOTAL });

    const outcome = await pay(cartId, token);
    expect(outcome).toEqual({ kind: 'placed', orderId: expect.stringMatching(/^ord_/) });
    // The stand-in records (and refuses) a token PaymentIntent sent without the pinned Stripe-Version, manual capture, confirm…
    expect(standin.problems).toEqual([]);
    const [intent] = intentsOf(cartId);
    expect(intent).toMatchObject({ amount: TOTAL, currency: 'usd', capture_method: 'manual', status: 'succeeded' });
    expect(standin.captures).toContain(intent.id);
    expect(standin.sharedTokens.get(token)?.usedBy).toBe(intent.id);
    const [order] = await ordersOf(cartId);
    expect(order).toMatchObject({ id: (outcome as { orderId: string }).orderId, status: 'placed', payment: { provider: 'stripe', reference: intent.id } });
    expect(await stock()).toBe(before! - 1);
    // A Stripe link, but no Checkout Session: the token was the payment.
    expect((await linksOf(cartId)).map((l) => [l.provider, l.status, l.providerUrl])).toEqual([['stripe', 'paid', null]]);
    expect([...standin.sessions.values()].filter((x) => x.metadata.cart_id === cartId)).toEqual([]);
    expect(intentRequests(cartId).map((r) => r.idempotencyKey)).toEqual([expect.stringMatching(/^authorize:plink_/)]);
  });

  it('places nothing when the card behind the token is declined: the cart open again, nothing captured', async () => {
    const cartId = await session();
    const before = await stock();
    const token = standin.grantSharedToken({ maxAmount: TOTAL, declines: true });
    expect(await pay(cartId, token)).toEqual({ kind: 'declined', message: 'Your card was declined.' });
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await stock()).toBe(before);
    expect(await cartRow(cartId)).toMatchObject({ status: 'open', orderId: null });
    expect((await linksOf(cartId)).map((l) => l.status)).toEqual(['cancelled']);
    expect(intentsOf(cartId).map((pi) => pi.status)).toEqual(['requires_payment_method']);

    expect((await pay(cartId, standin.grantSharedToken({ maxAmount: TOTAL }))).kind).toBe('placed');
  });

  it('refuses a token Stripe refuses with payment_token_invalid, placing nothing', async () => {
    const cartId = await session();
    const before = await stock();
    const used = standin.grantSharedToken({ maxAmount: 100_000 });
    expect((await pay(await session(), used)).kind).toBe('placed');
    const refused: [string, RegExp][] = [
      ['spt_test_unknown0000', /No such shared_payment/],
      [used, /already used/],
      [standin.grantSharedToken({ maxAmount: TOTAL - 1 }), /max_amount/],
      [standin.grantSharedToken({ maxAmount: TOTAL, currency: 'eur' }), /limited to eur/],
      [standin.grantSharedToken({ maxAmount: TOTAL, expiresAt: Math.floor(Date.now() / 1000) - 1 }), /expired/],
    ];
    for (const [token, message] of refused) {
      await expectTokenRefused(pay(cartId, token), message);
      expect(await cartRow(cartId)).toMatchObject({ status: 'open', orderId: null });
    }
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await stock()).toBe(before! - 1); // the other session's order only
    expect(standin.problems).toEqual([]);
  });

  it('refuses what is not a Stripe shared payment token without calling Stripe', async () => {
    const cartId = await session();
    for (const token of ['vt_abc', 'spt_with-dash', 'spt_', '']) await expectTokenRefused(pay(cartId, token), /spt_ followed by/);
    expect(intentRequests(cartId)).toEqual([]);
    expect(await linksOf(cartId)).toEqual([]);
  });

  it('answers 503 while Stripe is down; the same token then pays, through the one PaymentIntent', async () => {
    const cartId = await session();
    const token = standin.grantSharedToken({ maxAmount: TOTAL });
    // The SDK retries once: two failures are an outage.
    standin.failNext('unavailable', 2);
    const err = await pay(cartId, token).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect([(err as ApiError).code, (err as ApiError).status, (err as ApiError).headers['Retry-After']]).toEqual(['service_unavailable', 503, '5']);
    expect(await ordersOf(cartId)).toEqual([]);
    // The link stays for the retry.
    expect((await linksOf(cartId)).map((l) => l.status)).toEqual(['live']);

    // The retry's answer is lost once (the PaymentIntent made), then replayed under the same key.
    standin.failNext('lost');
    expect((await pay(cartId, token)).kind).toBe('placed');
    expect(intentsOf(cartId)).toHaveLength(1);
    expect(new Set(intentRequests(cartId).map((r) => r.idempotencyKey)).size).toBe(1);
    expect((await linksOf(cartId)).map((l) => l.status)).toEqual(['paid']);
  });
});
