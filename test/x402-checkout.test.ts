/**
 * Autonomous settlement through the real gateway and database, with the local ledger as the
 * facilitator: who may settle, the 402 in both x402 versions, paying as agents do (@x402/core's
 * client, @x402/evm's exact scheme, a viem account), replays, and every refusal changing nothing.
 * On PGlite and, with DATABASE_URL, on Postgres.
 */
import { randomBytes } from 'node:crypto';
import { format } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import { authorizationTypes } from '@x402/evm';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { carts, orderConfirmationMails, orders, variants, x402LedgerTransfers, x402Payments } from '../server/db/schema';
import { ConfirmationMailWorker } from '../server/payments/confirmation-mail';
import { BASE, freshKey, testApp, type TestApp } from './support/app';
import { seedCart, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { signedInDeveloper, type Developer } from './support/developer';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { bareRecoveryId, checkoutAs, encoded, highSTwin, linkWallet, mintKey, paymentFor, verifiedBuyer as verifiedBuyerOf, WALLETS } from './support/x402-agent';

const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';

let t: TestApp;
let smtp: SmtpSink;
let dev: Developer;
/** A key that may register buyers and settle, and one that may only register them. */
let settler: string;
let registrar: string;
/** A verified buyer of `settler`, with Alice's wallet linked. */
let buyer: { id: string; token: string };
/** What a cart of one pair of socks delivered to Portland costs, in USDC's atomic units. */
let socksAmount: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <codes@agent-commerce.test>' });
  await seedSmallCatalog(t.db.database.db);
  dev = await signedInDeveloper(t.app.services.db);
  settler = await mint(['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']);
  registrar = await mint(['buyer:write']);
  buyer = await verifiedBuyer(settler);
  expect((await linkWallet(t, buyer.token, WALLETS.alice)).status).toBe(201);
  const { totals } = await (await t.call('GET', `/api/agent/cart/${await buyerCart()}`, { headers: { Authorization: `Bearer ${buyer.token}` } })).json();
  socksAmount = String(totals.total_cents * 10_000);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.services.db;

const mint = (scopes: string[]) => mintKey(t, dev, scopes);
const verifiedBuyer = (key: string) => verifiedBuyerOf(t, smtp, key);

/** A cart of the buyer's: one pair of socks (18.00) and Portland delivery. */
const buyerCart = (items: [string, number][] = [['Merino Trail Socks', 1]], owner = `buyer:${buyer.id}`) => seedCart(db(), items, undefined, owner);

function checkout(cartId: string, opts: { token?: string | null; key?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return checkoutAs(t, opts.token === undefined ? buyer.token : opts.token, cartId, opts);
}

/** Pays the cart in one go: the 402, then the payment `account` signs for it. */
async function pay(cartId: string, account: PrivateKeyAccount = WALLETS.alice, version: 1 | 2 = 2, key = freshKey()): Promise<Response> {
  const required = await checkout(cartId, { key });
  expect(required.status, await required.clone().text()).toBe(402);
  const { headers } = await paymentFor(required, account, version);
  return checkout(cartId, { key, headers });
}

/** An EIP-3009 authorization signed by hand, for the payments no honest client makes. */
async function signed(account: PrivateKeyAccount, overrides: Partial<Record<'to' | 'value' | 'validAfter' | 'validBefore' | 'nonce', string>> = {}, chainId = 84532) {
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: account.address,
    to: t.app.services.x402.payTo,
    value: socksAmount,
    validAfter: String(now - 60),
    validBefore: String(now + 300),
    nonce: `0x${randomBytes(32).toString('hex')}`,
    ...overrides,
  };
  const signature = await account.signTypedData({
    domain: { name: 'USDC', version: '2', chainId, verifyingContract: USDC },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      to: authorization.to as `0x${string}`,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce as `0x${string}`,
    },
  });
  return { signature, authorization };
}

function v1Header(payload: unknown) {
  return { 'X-PAYMENT': encoded({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload }) };
}

function v2Header(cartId: string, payload: unknown, resource = `${BASE}/api/agent/cart/${cartId}/checkout`) {
  return {
    'PAYMENT-SIGNATURE': encoded({
      x402Version: 2,
      resource: { url: resource },
      accepted: { scheme: 'exact', network: 'eip155:84532', amount: socksAmount, asset: USDC, payTo: t.app.services.x402.payTo, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } },
      payload,
    }),
  };
}

async function stockOf(title: string): Promise<number | null> {
  const [v] = await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(db(), title)));
  return v.stock;
}

async function cartRow(id: string) {
  const [cart] = await db().select().from(carts).where(eq(carts.id, id));
  return cart;
}

describe('who may settle', () => {
  it('no Authorization → 401 credential_required naming checkout:write, whatever payment it sends', async () => {
    const cartId = await buyerCart();
    const res = await checkout(cartId, { token: null, headers: v1Header(await signed(WALLETS.alice)) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('scope="checkout:write"');
    expect(await res.json()).toMatchObject({ code: 'credential_required', details: { required: 'checkout:write' } });
  });

  it('a key without the scope, and a buyer token verified by such a key → 403 insufficient_scope; a key with it → 403 buyer_credential_required', async () => {
    const cartId = await buyerCart();
    const plain = await checkout(cartId, { token: registrar });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'checkout:write' } });
    const unscopedBuyer = await verifiedBuyer(registrar);
    const viaBuyer = await checkout(await buyerCart(undefined, `buyer:${unscopedBuyer.id}`), { token: unscopedBuyer.token });
    expect(viaBuyer.status).toBe(403);
    expect(await viaBuyer.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'checkout:write' } });
    const key = await checkout(cartId, { token: settler });
    expect(key.status).toBe(403);
    expect(await key.json()).toMatchObject({ code: 'buyer_credential_required', details: { required: 'buyer_token' } });
  });

  it('another buyer’s cart is 404 cart_not_found; a buyer without a wallet → 409 wallet_required', async () => {
    const other = await verifiedBuyer(settler);
    expect((await checkout(await buyerCart(), { token: other.token })).status).toBe(404);
    const res = await checkout(await buyerCart(undefined, `buyer:${other.id}`), { token: other.token });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('wallet_required');
  });
});

describe('402 payment_required', () => {
  it('offers one exact requirement in both versions: the v1 body and the v2 PAYMENT-REQUIRED header, for the total in USDC', async () => {
    const cartId = await buyerCart([['Merino Trail Socks', 2]]);
    const res = await checkout(cartId);
    expect(res.status).toBe(402);
    const body = await res.json();
    const resource = `${BASE}/api/agent/cart/${cartId}/checkout`;
    // 2 × 18.00 + delivery: the cart's own total, in atomic units (10⁴ per cent).
    const { totals } = await (await t.call('GET', `/api/agent/cart/${cartId}`, { headers: { Authorization: `Bearer ${buyer.token}` } })).json();
    const amount = String(totals.total_cents * 10_000);
    expect(body).toMatchObject({
      x402Version: 1,
      code: 'payment_required',
      error: expect.any(String),
      accepts: [
        {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: amount,
          resource,
          description: expect.any(String),
          mimeType: 'application/json',
          payTo: t.app.services.x402.payTo,
          maxTimeoutSeconds: 300,
          asset: USDC,
          outputSchema: null,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });
    const v2 = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
    expect(v2).toMatchObject({
      x402Version: 2,
      resource: { url: resource, mimeType: 'application/json' },
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount, asset: USDC, payTo: t.app.services.x402.payTo, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } }],
    });
    // Nothing is held: the cart is still open.
    expect((await cartRow(cartId)).status).toBe('open');
  });
});

describe('paying', () => {
  it('v2: one signature from the buyer’s wallet places the order; PAYMENT-RESPONSE says so; stock is taken once; the history is pending_payment, placed', async () => {
    const before = await stockOf('Merino Trail Socks');
    const cartId = await buyerCart();
    const res = await pay(cartId);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      order_id: expect.stringMatching(/^ord_/),
      cart_id: cartId,
      status: 'placed',
      currency: 'USD',
      payment: { scheme: 'exact', network: 'eip155:84532', asset: USDC, payer: WALLETS.alice.address, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    });
    expect(body.payment.amount).toBe(String(body.amount_cents * 10_000));
    const response = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    expect(response).toMatchObject({ success: true, transaction: body.payment.transaction, network: 'eip155:84532', payer: WALLETS.alice.address });
    expect(await stockOf('Merino Trail Socks')).toBe(before! - 1);
    expect(await cartRow(cartId)).toMatchObject({ status: 'completed', orderId: body.order_id });
    const status = await (await t.call('GET', `/api/agent/order-status?order_id=${body.order_id}`, { headers: { Authorization: `Bearer ${buyer.token}` } })).json();
    expect(status.history.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'placed']);
    const [order] = await db().select().from(orders).where(eq(orders.id, body.order_id));
    const [payment] = await db().select().from(x402Payments).where(eq(x402Payments.orderId, body.order_id));
    expect(order.payment).toEqual({ provider: 'x402', reference: payment.id });
    expect(payment).toMatchObject({ status: 'settled', version: 2, network: 'eip155:84532', payer: WALLETS.alice.address });
  });

  it('a cart that names a buyer’s e-mail: its confirmation is committed with the order, then mailed by the outbox’s worker', async () => {
    const to = 'x402-buyer@example.org';
    const cartId = await buyerCart();
    await db().update(carts).set({ buyer: { email: to } }).where(eq(carts.id, cartId));
    const res = await pay(cartId);
    expect(res.status, await res.clone().text()).toBe(200);
    const { order_id } = await res.json();
    expect(await db().select().from(orderConfirmationMails).where(eq(orderConfirmationMails.orderId, order_id))).toMatchObject([{ state: 'pending' }]);
    await new ConfirmationMailWorker(t.app.services).runOnce();
    expect((await smtp.nextMail(to)).subject).toBe(`Your order ${order_id} is placed`);
  });

  it('v1: the body’s requirement, paid in X-PAYMENT, answers X-PAYMENT-RESPONSE with the v1 network name', async () => {
    const cartId = await buyerCart();
    const res = await pay(cartId, WALLETS.alice, 1);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('payment-response')).toBeNull();
    const response = decodePaymentResponseHeader(res.headers.get('x-payment-response')!);
    expect(response).toMatchObject({ success: true, network: 'base-sepolia', payer: WALLETS.alice.address });
  });

  it('the same key again → the 200 with Idempotent-Replayed and the payment response header; nothing settles twice', async () => {
    const cartId = await buyerCart();
    const key = freshKey();
    const required = await checkout(cartId, { key });
    const { headers } = await paymentFor(required, WALLETS.alice);
    const first = await checkout(cartId, { key, headers });
    expect(first.status).toBe(200);
    const again = await checkout(cartId, { key, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    expect(await again.json()).toEqual(await first.json());
    const transfers = await db().select().from(x402LedgerTransfers).where(eq(x402LedgerTransfers.from, WALLETS.alice.address));
    expect(new Set(transfers.map((r) => r.transaction)).size).toBe(transfers.length);
    // A new key for the completed cart: it is not open any more.
    const fresh = await checkout(cartId, { headers });
    expect(fresh.status).toBe(409);
    expect((await fresh.json()).code).toBe('cart_not_open');
  });
});

describe('refused, nothing changed', () => {
  /** Sends `headers` for a fresh cart and expects `code` (and `reason`), with the cart still open and no payment recorded. */
  async function refused(headers: Record<string, string> | ((cartId: string) => Record<string, string> | Promise<Record<string, string>>), code: string, reason?: string) {
    const cartId = await buyerCart();
    const before = await stockOf('Merino Trail Socks');
    const res = await checkout(cartId, { headers: typeof headers === 'function' ? await headers(cartId) : headers });
    const body = await res.json();
    expect(body.code, JSON.stringify(body)).toBe(code);
    if (reason) expect(body.details.reason).toBe(reason);
    if (code === 'payment_rejected') {
      expect(res.status).toBe(402);
      expect(body.accepts).toHaveLength(1);
      expect(res.headers.get('payment-required')).toBeTruthy();
    } else expect(res.status).toBe(400);
    expect((await cartRow(cartId)).status).toBe('open');
    expect(await stockOf('Merino Trail Socks')).toBe(before);
    expect(await db().select().from(x402Payments).where(eq(x402Payments.cartId, cartId))).toEqual([]);
  }

  it('a tampered amount, a wrong payTo, an early or expired authorization, a foreign chain', async () => {
    await refused(v1Header(await signed(WALLETS.alice, { value: '170000' })), 'payment_rejected', 'invalid_exact_evm_payload_authorization_value_mismatch');
    await refused(v1Header(await signed(WALLETS.alice, { to: WALLETS.bob.address })), 'payment_rejected', 'invalid_exact_evm_recipient_mismatch');
    const now = Math.floor(Date.now() / 1000);
    await refused(v1Header(await signed(WALLETS.alice, { validAfter: String(now + 120) })), 'payment_rejected', 'invalid_exact_evm_payload_authorization_valid_after');
    await refused(v1Header(await signed(WALLETS.alice, { validBefore: String(now - 1) })), 'payment_rejected', 'invalid_exact_evm_payload_authorization_valid_before');
    await refused(v1Header(await signed(WALLETS.alice, { validBefore: String(now + 3) })), 'payment_rejected', 'invalid_exact_evm_payload_authorization_valid_before');
    await refused({ 'X-PAYMENT': encoded({ x402Version: 1, scheme: 'exact', network: 'base', payload: await signed(WALLETS.alice) }) }, 'payment_rejected', 'invalid_exact_evm_network_mismatch');
    await refused({ 'X-PAYMENT': encoded({ x402Version: 1, scheme: 'upto', network: 'base-sepolia', payload: await signed(WALLETS.alice) }) }, 'payment_rejected', 'invalid_exact_evm_scheme');
  });

  it('a validity window no honest client signs: validBefore past now + maxTimeoutSeconds + a minute (the probes’ 1e12 to 2^256 − 1), validAfter far ahead → 402, never 500', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The nearest is a minute past the bound, so a test slowed by a busy machine (its `now` read
    // seconds before the service's) still signs past it.
    const farOut = [now + 300 + 120, 1e12, 8.64e12, 1e13, 2 ** 53, 2n ** 256n - 1n].map(String);
    for (const validBefore of farOut) await refused(v1Header(await signed(WALLETS.alice, { validBefore })), 'payment_rejected', 'invalid_exact_evm_payload_authorization_valid_before');
    await refused(v1Header(await signed(WALLETS.alice, { validAfter: String(2n ** 256n - 1n) })), 'payment_rejected', 'invalid_exact_evm_payload_authorization_valid_after');
    // The stock client's clock a minute ahead of ours is still in the window.
    expect((await checkout(await buyerCart(), { headers: v1Header(await signed(WALLETS.alice, { validBefore: String(now + 300 + 55) })) })).status).toBe(200);
  });

  it('a signature of another chain or another signer, one the chain refuses (high s, v 0/1), an unregistered wallet, another cart’s v2 resource', async () => {
    await refused(v1Header(await signed(WALLETS.alice, {}, 8453)), 'payment_rejected', 'invalid_exact_evm_signature');
    const forged = await signed(WALLETS.bob);
    await refused(v1Header({ ...forged, authorization: { ...forged.authorization, from: WALLETS.alice.address } }), 'payment_rejected', 'invalid_exact_evm_signature');
    await refused(v1Header(await signed(WALLETS.bob)), 'payment_rejected', 'payer_not_registered');
    const payload = await signed(WALLETS.alice);
    // Both recover to Alice, and USDC's ECRecover refuses both: whatever the facilitator, they are refused before it is asked.
    await refused(v1Header({ ...payload, signature: highSTwin(payload.signature) }), 'payment_rejected', 'invalid_exact_evm_signature');
    await refused(v1Header({ ...payload, signature: bareRecoveryId(payload.signature) }), 'payment_rejected', 'invalid_exact_evm_signature');
    await refused((cartId) => v2Header(cartId, payload, `${BASE}/api/agent/cart/cart_someone_else/checkout`), 'payment_rejected', 'resource_mismatch');
    await refused((cartId) => {
      const header = JSON.parse(Buffer.from(v2Header(cartId, payload)['PAYMENT-SIGNATURE'], 'base64').toString());
      delete header.resource;
      return { 'PAYMENT-SIGNATURE': encoded(header) };
    }, 'payment_rejected', 'resource_mismatch');
  });

  it('a nonce used once is refused for good, whichever version carries it again', async () => {
    const payload = await signed(WALLETS.alice);
    const first = await buyerCart();
    expect((await checkout(first, { headers: v1Header(payload) })).status).toBe(200);
    await refused(v1Header(payload), 'payment_rejected', 'invalid_exact_evm_nonce_already_used');
    await refused((cartId) => v2Header(cartId, payload), 'payment_rejected', 'invalid_exact_evm_nonce_already_used');
  });

  it('unreadable payments → 400 payment_invalid: both headers, a version in the wrong header, garbage, a non-numeric value, a short signature', async () => {
    const payload = await signed(WALLETS.alice);
    await refused((cartId) => ({ ...v1Header(payload), ...v2Header(cartId, payload) }), 'payment_invalid');
    await refused({ 'PAYMENT-SIGNATURE': v1Header(payload)['X-PAYMENT'] }, 'payment_invalid');
    await refused((cartId) => ({ 'X-PAYMENT': v2Header(cartId, payload)['PAYMENT-SIGNATURE'] }), 'payment_invalid');
    await refused({ 'X-PAYMENT': 'not base64 at all!' }, 'payment_invalid');
    await refused({ 'X-PAYMENT': encoded([1, 2]) }, 'payment_invalid');
    await refused(v1Header({ ...payload, authorization: { ...payload.authorization, value: 'lots' } }), 'payment_invalid');
    await refused(v1Header({ ...payload, authorization: { ...payload.authorization, validBefore: '1e9' } }), 'payment_invalid');
    await refused(v1Header({ ...payload, signature: '0x1234' }), 'payment_invalid');
    await refused(v1Header({ authorization: payload.authorization }), 'payment_invalid');
  });

  it('a 402 is not stored: the same key then pays', async () => {
    const cartId = await buyerCart();
    const key = freshKey();
    const bad = await checkout(cartId, { key, headers: v1Header(await signed(WALLETS.alice, { value: '1' })) });
    expect(bad.status).toBe(402);
    const required = await checkout(cartId, { key });
    expect(required.status).toBe(402);
    const { headers } = await paymentFor(required, WALLETS.alice, 1);
    const paid = await checkout(cartId, { key, headers });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('the cart as it stands', () => {
  it('a live payment link is cancelled by settling; a cart that is not ready is 409 cart_not_ready before any payment is asked for', async () => {
    const cartId = await buyerCart();
    const link = await t.call('POST', '/api/agent/payment-link', { headers: { Authorization: `Bearer ${buyer.token}`, 'Idempotency-Key': freshKey() }, body: { cart_id: cartId } });
    expect(link.status, await link.clone().text()).toBe(201);
    expect((await cartRow(cartId)).status).toBe('checkout');
    expect((await pay(cartId)).status).toBe(200);
    const again = await t.call('POST', '/api/agent/payment-link', { headers: { Authorization: `Bearer ${buyer.token}`, 'Idempotency-Key': freshKey() }, body: { cart_id: cartId } });
    expect((await again.json()).code).toBe('cart_not_open');

    const empty = await seedCart(db(), [], undefined, `buyer:${buyer.id}`);
    const res = await checkout(empty);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'cart_not_ready', details: { reasons: [{ code: 'cart_empty' }] } });
  });
});

describe('the server log', () => {
  it('a database failure recording the payment (a 500) logs the statement’s error, never the signed payment or the statement’s parameters', async () => {
    const cartId = await buyerCart();
    const payload = await signed(WALLETS.alice);
    const logged: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(format(...args)));
    // A constraint no row meets: the payment's insert fails as the probes' 1e12 validBefore once did.
    await db().execute(sql`ALTER TABLE x402_payments ADD CONSTRAINT refuses_every_row CHECK (false) NOT VALID`);
    try {
      const res = await checkout(cartId, { headers: v1Header(payload) });
      expect(res.status).toBe(500);
      expect((await res.json()).code).toBe('internal_error');
    } finally {
      error.mockRestore();
      await db().execute(sql`ALTER TABLE x402_payments DROP CONSTRAINT refuses_every_row`);
    }
    const log = logged.join('\n');
    for (const secret of [payload.signature, payload.authorization.nonce.slice(2), payload.authorization.from, cartId]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/params:/);
    // What an operator needs is still there: the statement's text and Postgres's own words.
    expect(log).toContain('unexpected error');
    expect(log).toContain('insert into "x402_payments"');
    expect(log).toContain('[23514]: new row for relation "x402_payments" violates check constraint "refuses_every_row"');
  });
});

describe('races', () => {
  it('two instances settling one cart with the same payment → one order, stock taken once', async () => {
    const second = await testApp({}, t.db);
    try {
      const before = await stockOf('Merino Trail Socks');
      const cartId = await buyerCart();
      const { headers } = await paymentFor(await checkout(cartId), WALLETS.alice);
      const answers = await Promise.all([checkoutAs(t, buyer.token, cartId, { headers }), checkoutAs(second, buyer.token, cartId, { headers })]);
      const statuses = answers.map((r) => r.status);
      const codes = (await Promise.all(answers.map((r) => r.json()))).map((b) => b.code ?? 'ok');
      // The loser waits (payment_in_progress), finds the cart completed (cart_not_open), or the
      // authorization spent (a 402 saying so), depending on where the winner was when it looked.
      expect(statuses, codes.join()).toContain(200);
      expect(codes.every((c) => ['ok', 'payment_in_progress', 'cart_not_open', 'payment_rejected'].includes(c)), codes.join()).toBe(true);
      expect((await db().select().from(orders).where(eq(orders.cartId, cartId))).map((o) => o.status)).toEqual(['placed']);
      expect(await stockOf('Merino Trail Socks')).toBe(before! - 1);
    } finally {
      await second.close();
    }
  });

  it('20 identical requests at once with one key → one settlement, one transfer', async () => {
    const cartId = await buyerCart();
    const key = freshKey();
    const { headers, payload } = await paymentFor(await checkout(cartId, { key }), WALLETS.alice);
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(cartId, { key, headers })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const nonce = (payload.payload as { authorization: { nonce: string } }).authorization.nonce;
    expect(await db().select().from(x402LedgerTransfers).where(eq(x402LedgerTransfers.nonce, nonce))).toHaveLength(1);
  });

  it('one wallet paying two carts at once with the balance for one → one order', async () => {
    const poor = await verifiedBuyer(settler);
    expect((await linkWallet(t, poor.token, WALLETS.carol)).status).toBe(201);
    const owner = `buyer:${poor.id}`;
    const cartIds = [await buyerCart([['Merino Base Layer', 1]], owner), await buyerCart([['Merino Base Layer', 1]], owner)];
    const payments = await Promise.all(cartIds.map(async (id) => (await paymentFor(await checkoutAs(t, poor.token, id), WALLETS.carol)).headers));
    // Carol holds just enough for one: top her up from nothing to one cart's total.
    const amount = BigInt((await (await t.call('GET', `/api/agent/cart/${cartIds[0]}`, { headers: { Authorization: `Bearer ${poor.token}` } })).json()).totals.total_cents) * 10_000n;
    const ledger = t.app.services.x402.ledger!;
    await ledger.fund(WALLETS.carol.address, 1n);
    await db().execute(sql`UPDATE x402_ledger_accounts SET balance = ${Number(amount)} WHERE address = ${WALLETS.carol.address}`);
    const answers = await Promise.all(cartIds.map((id, i) => checkoutAs(t, poor.token, id, { headers: payments[i] })));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 402]);
    expect(bodies.find((b) => b.code)?.details.reason).toBe('invalid_exact_evm_insufficient_balance');
    const placed = await db().select().from(orders).where(eq(orders.owner, owner));
    expect(placed.filter((o) => o.status === 'placed')).toHaveLength(1);
  });
});
