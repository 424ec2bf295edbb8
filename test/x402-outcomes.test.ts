/**
 * What a settle's outcome does, with a remote facilitator (@x402/core's HTTP client against a local
 * stand-in): a definite failure voids the pending order (stock back, the cart open again); an
 * unknown one (a 5xx, settlement_pending, a timeout) answers 503 and leaves the order pending,
 * the cart unchangeable, until the same payment is sent again or the sweep settles it; never two
 * orders. On PGlite and, with DATABASE_URL, on Postgres.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { carts, orders, variants, x402Payments } from '../server/db/schema';
import { sweepPayments } from '../server/payments/x402-settlement';
import { freshKey, testApp, type TestApp } from './support/app';
import { seedCart, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { signedInDeveloper } from './support/developer';
import { startFacilitatorStandin, STANDIN_FACILITATOR_TOKEN, type FacilitatorStandin } from './support/facilitator-stand-in';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { checkoutAs, linkWallet, mintKey, paymentFor, verifiedBuyer, WALLETS } from './support/x402-agent';

let t: TestApp;
let smtp: SmtpSink;
let standin: FacilitatorStandin;
let buyer: { id: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  standin = await startFacilitatorStandin();
  t = await testApp({ ...standin.env, X402_FACILITATOR_TIMEOUT_MS: '1500', X402_PAY_TO: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C', SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <codes@agent-commerce.test>' });
  await seedSmallCatalog(t.db.database.db);
  const dev = await signedInDeveloper(t.app.services.db);
  buyer = await verifiedBuyer(t, smtp, await mintKey(t, dev, ['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']));
  expect((await linkWallet(t, buyer.token, WALLETS.alice)).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
  await smtp?.close();
});

const db = () => t.app.services.db;
const cartOfBuyer = () => seedCart(db(), [['Merino Trail Socks', 1]], undefined, `buyer:${buyer.id}`);
const checkout = (cartId: string, opts: { key?: string; headers?: Record<string, string> } = {}) => checkoutAs(t, buyer.token, cartId, opts);

/** The 402 for the cart, and Alice's v2 payment for it, with the key both requests use. */
async function signedPayment(cartId: string, key = freshKey()): Promise<{ key: string; headers: Record<string, string> }> {
  const required = await checkout(cartId, { key });
  expect(required.status).toBe(402);
  return { key, headers: (await paymentFor(required, WALLETS.alice)).headers };
}

async function stock(): Promise<number | null> {
  const [v] = await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(db(), 'Merino Trail Socks')));
  return v.stock;
}

async function state(cartId: string) {
  const [cart] = await db().select().from(carts).where(eq(carts.id, cartId));
  const placed = await db().select().from(orders).where(eq(orders.cartId, cartId));
  const payments = await db().select().from(x402Payments).where(eq(x402Payments.cartId, cartId));
  return { cart, orders: placed, payments };
}

describe('a remote facilitator', () => {
  it('is asked to verify, then to settle, with the bearer token every time; its verify refusal is answered verbatim with nothing written', async () => {
    const cartId = await cartOfBuyer();
    const { key, headers } = await signedPayment(cartId);
    standin.next('/verify', { refuse: 'invalid_exact_evm_insufficient_balance' });
    const refused = await checkout(cartId, { key, headers });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: 'payment_rejected', details: { reason: 'invalid_exact_evm_insufficient_balance' } });
    expect((await state(cartId)).payments).toEqual([]);

    const calls = standin.calls.length;
    const paid = await checkout(cartId, { key, headers });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const made = standin.calls.slice(calls);
    expect(made.map((c) => c.path)).toEqual(['/verify', '/settle']);
    for (const call of made) expect(call.headers.authorization).toBe(`Bearer ${STANDIN_FACILITATOR_TOKEN}`);
    expect(made[1].body.paymentPayload.x402Version).toBe(2);
    expect(made[1].body.paymentRequirements).toMatchObject({ scheme: 'exact', network: 'eip155:84532', payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C' });
  });

  it('a v1 payment goes to the facilitator as v1, with the v1 requirement', async () => {
    const cartId = await cartOfBuyer();
    const required = await checkout(cartId);
    const { headers } = await paymentFor(required, WALLETS.alice, 1);
    const calls = standin.calls.length;
    expect((await checkout(cartId, { headers })).status).toBe(200);
    const settle = standin.calls.slice(calls).find((c) => c.path === '/settle')!;
    expect(settle.body.paymentPayload).toMatchObject({ x402Version: 1, network: 'base-sepolia' });
    expect(settle.body.paymentRequirements).toMatchObject({ network: 'base-sepolia', maxAmountRequired: expect.any(String), resource: expect.stringContaining(cartId) });
  });
});

describe('a definite failure voids the order', () => {
  for (const answer of [{ refuse: 'invalid_exact_evm_transaction_failed', status: 400 }, { refuse: 'invalid_exact_evm_transaction_failed' }]) {
    it(`settle answering ${answer.status ?? 200} {success: false} → 402 with its reason; stock back, cart open with payment_failed, history pending_payment → voided`, async () => {
      const before = await stock();
      const cartId = await cartOfBuyer();
      const { key, headers } = await signedPayment(cartId);
      standin.next('/settle', answer);
      const res = await checkout(cartId, { key, headers });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'payment_rejected', details: { reason: 'invalid_exact_evm_transaction_failed' } });
      expect(await stock()).toBe(before);
      const after = await state(cartId);
      expect(after.cart).toMatchObject({ status: 'open', orderId: null });
      expect(after.cart.notices.map((n) => n.code)).toEqual(['payment_failed']);
      expect(after.orders).toHaveLength(1);
      expect(after.orders[0].status).toBe('voided');
      expect(after.payments[0]).toMatchObject({ status: 'failed', failureReason: 'invalid_exact_evm_transaction_failed' });
      const status = await (await t.call('GET', `/api/agent/order-status?order_id=${after.orders[0].id}`, { headers: { Authorization: `Bearer ${buyer.token}` } })).json();
      expect(status.history.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'voided']);
      // The cart can be paid anew with a fresh authorization.
      const again = await signedPayment(cartId);
      expect((await checkout(cartId, again)).status).toBe(200);
    });
  }
});

describe('an unknown outcome leaves the order pending', () => {
  it('a 500 with a body, a 500 without, settlement_pending → 503 each time; meanwhile the cart cannot change; the same payment then settles: one order', async () => {
    const before = await stock();
    const cartId = await cartOfBuyer();
    const { key, headers } = await signedPayment(cartId);
    standin.next('/settle', { status: 500, body: { success: false, errorReason: 'unexpected_settle_error', transaction: '', network: 'eip155:84532' } }, { status: 500 }, 'pending');
    for (let i = 0; i < 3; i++) {
      const res = await checkout(cartId, { key, headers });
      expect(res.status, await res.clone().text()).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const pending = await state(cartId);
    expect(pending.cart.status).toBe('checkout');
    expect(pending.orders.map((o) => o.status)).toEqual(['pending_payment']);
    expect(await stock()).toBe(before! - 1);

    const auth = { Authorization: `Bearer ${buyer.token}` };
    const waits = [
      await t.call('POST', `/api/agent/cart/${cartId}/items`, { headers: { ...auth, 'Idempotency-Key': freshKey() }, body: { variant_id: await variantId(db(), 'Trail Backpack'), quantity: 1 } }),
      await t.call('DELETE', `/api/agent/cart/${cartId}`, { headers: { ...auth, 'Idempotency-Key': freshKey() } }),
      await t.call('POST', '/api/agent/payment-link', { headers: { ...auth, 'Idempotency-Key': freshKey() }, body: { cart_id: cartId } }),
    ];
    for (const res of waits) {
      expect(res.status).toBe(409);
      expect(res.headers.get('retry-after')).toBe('2');
      expect((await res.json()).code).toBe('payment_in_progress');
    }
    // Another payment of the cart waits too; the pending one sent again settles it.
    const other = await paymentFor(await checkout(await cartOfBuyer()), WALLETS.alice);
    expect((await (await checkout(cartId, { headers: other.headers })).json()).code).toBe('payment_in_progress');
    const paid = await checkout(cartId, { key, headers });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const after = await state(cartId);
    expect(after.orders.map((o) => o.status)).toEqual(['placed']);
    expect(after.cart.status).toBe('completed');
    expect(await stock()).toBe(before! - 1);
  });

  it('a settle hanging past the timeout → 503; the sweep settles it; the same key then answers the 200; a new key finds the cart not open', async () => {
    const cartId = await cartOfBuyer();
    const { key, headers } = await signedPayment(cartId);
    standin.next('/settle', 'hang');
    const hung = await checkout(cartId, { key, headers });
    expect(hung.status).toBe(503);
    // The sweep takes payments older than twice the timeout whose lease lapsed.
    await db().update(x402Payments).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(x402Payments.cartId, cartId));
    expect(await sweepPayments(t.app.services)).toMatchObject({ settled: 1 });
    expect((await state(cartId)).orders.map((o) => o.status)).toEqual(['placed']);
    const res = await checkout(cartId, { key, headers });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('payment-response')).toBeTruthy();
    expect((await checkout(cartId, { headers })).status).toBe(409);
  });

  it('after an unknown settle, "nonce used" from the facilitator proves nothing: the payment stays pending, never voided', async () => {
    const cartId = await cartOfBuyer();
    const { key, headers } = await signedPayment(cartId);
    standin.next('/settle', { status: 502 }, { refuse: 'invalid_exact_evm_nonce_already_used' });
    expect((await checkout(cartId, { key, headers })).status).toBe(503);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect((await checkout(cartId, { key, headers })).status).toBe(503);
      expect(warn.mock.calls.flat().join(' ')).toContain('stays pending');
    } finally {
      warn.mockRestore();
    }
    expect((await state(cartId)).orders.map((o) => o.status)).toEqual(['pending_payment']);
    expect((await checkout(cartId, { key, headers })).status).toBe(200);
  });

  it('the sweep voids a payment never sent to the facilitator once it is past validBefore', async () => {
    const before = await stock();
    const cartId = await cartOfBuyer();
    const { key, headers } = await signedPayment(cartId);
    standin.next('/settle', { status: 503 });
    expect((await checkout(cartId, { key, headers })).status).toBe(503);
    // As if its process died between committing the order and calling settle.
    await db().update(x402Payments).set({ settleAttempts: 0, validBefore: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 60_000) }).where(eq(x402Payments.cartId, cartId));
    const calls = standin.calls.length;
    expect(await sweepPayments(t.app.services)).toMatchObject({ voided: 1 });
    expect(standin.calls.length).toBe(calls);
    const after = await state(cartId);
    expect(after.orders.map((o) => o.status)).toEqual(['voided']);
    expect(after.cart.status).toBe('open');
    expect(await stock()).toBe(before);
  });
});
