/**
 * An x402 settlement on the local ledger is one transaction (issue #48 §3): its statements
 * counted as the driver sends them, and what a process dying in it, or a transfer the ledger
 * refuses at its end, leaves behind: nothing. Through the real gateway, on PGlite and, with
 * DATABASE_URL, on Postgres.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { carts, orders, variants, x402LedgerAccounts, x402LedgerTransfers, x402Payments } from '../server/db/schema';
import { freshKey, testApp, type TestApp } from './support/app';
import { seedCart, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { signedInDeveloper } from './support/developer';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { statementsOf, transactionsIn } from './support/statement-log';
import { checkoutAs, linkWallet, mintKey, paymentFor, verifiedBuyer, WALLETS } from './support/x402-agent';

let t: TestApp;
let smtp: SmtpSink;
let buyer: { id: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <codes@agent-commerce.test>' });
  await seedSmallCatalog(t.db.database.db);
  const dev = await signedInDeveloper(t.app.services.db);
  buyer = await verifiedBuyer(t, smtp, await mintKey(t, dev, ['buyer:write', 'checkout:write']));
  expect((await linkWallet(t, buyer.token, WALLETS.alice)).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.services.db;
const ledger = () => t.app.services.x402.ledger!;

/** A cart of the buyer's, the 402 for it, and Alice's payment of it, with the key both requests use. */
async function signedCart(version: 1 | 2 = 2) {
  const cartId = await seedCart(db(), [['Merino Trail Socks', 1]], undefined, `buyer:${buyer.id}`);
  const key = freshKey();
  const required = await checkoutAs(t, buyer.token, cartId, { key });
  expect(required.status).toBe(402);
  const { headers, payload } = await paymentFor(required, WALLETS.alice, version);
  const nonce = (payload.payload as { authorization: { nonce: string } }).authorization.nonce;
  return { cartId, key, headers, nonce, pay: () => checkoutAs(t, buyer.token, cartId, { key, headers }) };
}

/** What a settlement can have written: the stock it takes, the cart, its orders, payments and transfer, and the payer's balance. */
async function written(cartId: string, nonce: string) {
  const [socks] = await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(db(), 'Merino Trail Socks')));
  const [cart] = await db().select().from(carts).where(eq(carts.id, cartId));
  return {
    stock: socks.stock,
    cart: { status: cart.status, orderId: cart.orderId, notices: cart.notices },
    orders: (await db().select().from(orders).where(eq(orders.cartId, cartId))).map((o) => o.status),
    payments: (await db().select().from(x402Payments).where(eq(x402Payments.cartId, cartId))).map((p) => p.status),
    transfers: (await db().select().from(x402LedgerTransfers).where(inArray(x402LedgerTransfers.nonce, [nonce]))).length,
    balance: await ledger().balance(WALLETS.alice.address),
  };
}

describe('a settlement on the local ledger', () => {
  it('is one transaction of 16 statements with the idempotency claim (36 in three transactions and two statements of their own before), v1 and v2 alike', async () => {
    for (const version of [1, 2] as const) {
      const paying = await signedCart(version);
      const { result, statements: sent } = await statementsOf(t.db.database, paying.pay);
      expect(result.status, await result.clone().text()).toBe(200);
      // Not the settlement's: the caller's credential and rate budgets, read through caches whose refreshes land in any request.
      const statements = sent.filter((s) => !/rate_counters|buyer_tokens|network_keys|"sessions"/.test(s));
      expect(transactionsIn(statements), statements.join('\n')).toBe(1);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(16);
      // Statements sent together run in the order sent (orders/place.ts): products locked before variants, stock taken before products follow it.
      const at = (pattern: RegExp) => statements.findIndex((s) => pattern.test(s.trim()));
      const [productsLocked, variantsLocked, taken, followed] = [/FOR UPDATE OF p$/, /^SELECT id, stock, price_cents FROM variants/, /^UPDATE variants v SET stock/, /^UPDATE products p SET stock_max/].map(at);
      expect(Math.min(productsLocked, variantsLocked, taken, followed), statements.join('\n')).toBeGreaterThanOrEqual(0);
      expect([productsLocked < variantsLocked, taken < followed]).toEqual([true, true]);
    }
  });

  it('a process dying after the transfer, before the commit: nothing written, neither order nor stock nor payment nor transfer; the same request then settles once', async () => {
    const paying = await signedCart();
    const before = await written(paying.cartId, paying.nonce);
    const transferIn = ledger().transferIn.bind(ledger());
    const died = vi.spyOn(ledger(), 'transferIn').mockImplementationOnce(async (tx, payment) => {
      await transferIn(tx, payment);
      throw new Error('the process died here');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await paying.pay();
      expect(res.status).toBe(500);
      expect((await res.json()).code).toBe('internal_error');
    } finally {
      died.mockRestore();
      error.mockRestore();
    }
    expect(await written(paying.cartId, paying.nonce)).toEqual(before);

    const paid = await paying.pay();
    expect(paid.status, await paid.clone().text()).toBe(200);
    const { order_id } = await paid.json();
    expect(await written(paying.cartId, paying.nonce)).toEqual({
      stock: before.stock! - 1,
      cart: { status: 'completed', orderId: order_id, notices: [] },
      orders: ['placed'],
      payments: ['settled'],
      transfers: 1,
      balance: before.balance - BigInt((await db().select().from(x402Payments).where(eq(x402Payments.orderId, order_id)))[0].amount),
    });
  });

  it('a transfer the ledger refuses at the end (the balance spent after the checks read it): 402 with its reason, and the order placed before it rolled back', async () => {
    const paying = await signedCart();
    const held = await ledger().balance(WALLETS.alice.address);
    const spent = () => db().update(x402LedgerAccounts).set({ balance: 1 }).where(eq(x402LedgerAccounts.address, WALLETS.alice.address));
    await spent();
    const before = await written(paying.cartId, paying.nonce);
    // The checks read a balance that holds the payment; the debit, under the account's lock, finds 1 unit.
    const read = vi.spyOn(ledger(), 'held').mockReturnValueOnce(held);
    try {
      const res = await paying.pay();
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'payment_rejected', details: { reason: 'invalid_exact_evm_insufficient_balance' } });
      expect(read).toHaveBeenCalledOnce();
      expect(await written(paying.cartId, paying.nonce)).toEqual(before);
    } finally {
      read.mockRestore();
      await db().update(x402LedgerAccounts).set({ balance: Number(held) }).where(eq(x402LedgerAccounts.address, WALLETS.alice.address));
    }
    // A 402 is not stored: the same request, the balance back, settles.
    expect((await paying.pay()).status).toBe(200);
  });
});
