/**
 * ACP's delegated payment, the domain (issue #47 §3 (a)), on a real service and database: a token
 * delegated for the test card 4242… completes its session (the order placed, the stock taken once);
 * 0002 declines (the token used, no order, the cart open again); every token that cannot pay this
 * session (replayed, another session's, another key's, another currency, a max_amount below the
 * total, expired) is refused with payment_token_invalid at the token's JSONPath, with nothing
 * written; the card is checked (Luhn always, expiry and CVC only when sent); no card number or CVC
 * is left anywhere in the database; two requests racing with one token place one order.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client';
import { acpDelegatedTokens, carts, orders, paymentLinks, variants } from '../server/db/schema';
import { updateLimits } from '../server/domain/limits';
import { ApiError } from '../server/errors/catalogue';
import { loadCart } from '../server/carts/store';
import { mintKey } from '../server/keys/network-keys';
import { secretDigest } from '../server/lib/secrets';
import { issuePaymentLink } from '../server/payments/checkout';
import { payWithDelegatedToken, TOKEN_PARAM, type DelegatedPaymentOutcome } from '../server/payments/delegated-payment';
import { acpMerchantId, delegatePayment, type DelegationRequest } from '../server/payments/delegated-tokens';
import { vaultProviderOf } from '../server/payments/select';
import { testApp, type TestApp } from './support/app';
import { OWNER, seedCart, variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { everyRowText } from './support/database-text';
import { signedInDeveloper } from './support/developer';

const CARD_4242 = '4242424242424242';
const CARD_0002 = '4000000000000002';
/** A CVC no id or timestamp of the fixtures spells as a value of its own. */
const CVC = '9371';
/** Kettle 3200 + US delivery 499 (under the 50 USD free-delivery threshold). */
const TOTAL = 3200 + 499;

let t: TestApp;
let db: Db;
let keyId: string;
let otherKeyId: string;
let merchantId: string;

beforeAll(async () => {
  t = await testApp();
  db = t.app.services.db;
  merchantId = acpMerchantId(t.config.publicBaseUrl);
  await seedCatalog(db, [{ seller: seller('vault-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  const dev = await signedInDeveloper(db);
  keyId = (await db.transaction((tx) => mintKey(tx, dev.accountId, { name: 'platform', scopes: [] }))).id;
  otherKeyId = (await db.transaction((tx) => mintKey(tx, dev.accountId, { name: 'other platform', scopes: [] }))).id;
});
afterAll(() => t?.close());

/** A session (cart) of one kettle, ready to pay. */
const session = () => seedCart(db, [['Enamel Kettle', 1]]);

function delegation(cartId: string, overrides: { card?: Partial<DelegationRequest['card']>; allowance?: Partial<DelegationRequest['allowance']>; keyId?: string } = {}): DelegationRequest {
  return {
    keyId: overrides.keyId ?? keyId,
    card: { number: CARD_4242, expMonth: '12', expYear: '2034', cvc: CVC, ...overrides.card },
    allowance: { maxAmount: TOTAL, currency: 'usd', checkoutSessionId: cartId, merchantId, expiresAt: new Date(Date.now() + 3_600_000), ...overrides.allowance },
    metadata: { source: 'test-platform' },
  };
}

const pay = (cartId: string, token: string, opts: { keyId?: string; merchantId?: string } = {}) =>
  payWithDelegatedToken(t.app.services, { cart: (tx) => loadCart(tx, cartId, OWNER, { lock: true }), keyId: opts.keyId ?? keyId, token, merchantId: opts.merchantId ?? merchantId });

const cartRow = async (id: string) => (await db.select().from(carts).where(eq(carts.id, id)))[0];
const tokenRow = async (token: string) => (await db.select().from(acpDelegatedTokens).where(eq(acpDelegatedTokens.tokenHash, secretDigest(token))))[0];
const stock = async () => (await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(db, 'Enamel Kettle'))))[0].stock;
const ordersOf = (cartId: string) => db.select().from(orders).where(eq(orders.cartId, cartId));
const linksOf = (cartId: string) => db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId));

/** The refusal `run` throws: payment_token_invalid at the token, a 400. */
async function refusal(run: Promise<unknown>): Promise<ApiError> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

async function expectTokenRefused(run: Promise<unknown>, message: RegExp): Promise<void> {
  const err = await refusal(run);
  expect([err.code, err.status, err.details]).toEqual(['payment_token_invalid', 400, { param: TOKEN_PARAM }]);
  expect(err.message).toMatch(message);
}

describe('paying with a delegated token', () => {
  it('4242… places the order once: the stock taken once, the token used, captured through the vault provider', async () => {
    const cartId = await session();
    const before = await stock();
    const { id: token, created } = await delegatePayment(db, delegation(cartId));
    expect(token).toMatch(/^vt_[A-Za-z0-9_-]{43}$/);
    expect(created).toBeInstanceOf(Date);

    const outcome = await pay(cartId, token);
    // With what it priced and paid, which the session's answer is made from.
    expect(outcome).toEqual({
      kind: 'placed',
      orderId: expect.stringMatching(/^ord_/),
      paid: { priced: expect.objectContaining({ totals: expect.objectContaining({ total_cents: TOTAL }) }), link: expect.objectContaining({ cartId, provider: 'vault', amountCents: TOTAL }) },
    });
    const orderId = (outcome as { orderId: string }).orderId;
    expect(await stock()).toBe(before! - 1);
    const [order] = await ordersOf(cartId);
    expect(order).toMatchObject({ id: orderId, status: 'placed', payment: { provider: 'vault' } });
    expect(vaultProviderOf(t.config).ledger.get(order.payment.reference)).toEqual({ amountCents: TOTAL, currency: 'USD', state: 'captured' });
    expect(await cartRow(cartId)).toMatchObject({ status: 'completed', orderId });
    expect((await tokenRow(token)).usedAt).toBeInstanceOf(Date);
    expect((await linksOf(cartId)).map((l) => [l.provider, l.status, l.amountCents])).toEqual([['vault', 'paid', TOTAL]]);

    // Replayed: refused before anything is written, the stock taken once.
    await expectTokenRefused(pay(cartId, token), /used already/);
    expect(await stock()).toBe(before! - 1);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it('0002 declines: the token is used, no order, the stock untouched, the cart open again for another token', async () => {
    const cartId = await session();
    const before = await stock();
    const { id: declining } = await delegatePayment(db, delegation(cartId, { card: { number: CARD_0002 } }));
    expect((await tokenRow(declining)).outcome).toBe('decline');

    expect(await pay(cartId, declining)).toEqual({ kind: 'declined', message: 'Your card was declined.' });
    expect((await tokenRow(declining)).usedAt).toBeInstanceOf(Date);
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await stock()).toBe(before);
    expect(await cartRow(cartId)).toMatchObject({ status: 'open', orderId: null });
    expect((await linksOf(cartId)).map((l) => l.status)).toEqual(['cancelled']);
    await expectTokenRefused(pay(cartId, declining), /used already/);

    const { id: good } = await delegatePayment(db, delegation(cartId));
    expect((await pay(cartId, good)).kind).toBe('placed');
    expect(await stock()).toBe(before! - 1);
  });

  it('refuses the tokens that cannot pay this session, writing nothing', async () => {
    const cartId = await session();
    const otherSession = await session();
    const before = await stock();
    const refusals: [DelegationRequest, RegExp, { keyId?: string; merchantId?: string }?][] = [
      [delegation(otherSession), /checkout session/],
      [delegation(cartId, { keyId: otherKeyId }), /No such payment token/],
      [delegation(cartId, { allowance: { currency: 'eur' } }), /currency is eur/],
      [delegation(cartId, { allowance: { maxAmount: TOTAL - 1 } }), /above the payment token's max_amount of 36.98 USD/],
      [delegation(cartId, { allowance: { merchantId: 'shop.elsewhere.example' } }), /merchant shop\.elsewhere\.example/],
    ];
    for (const [request, message] of refusals) {
      const { id } = await delegatePayment(db, request);
      await expectTokenRefused(pay(cartId, id), message);
      expect((await tokenRow(id)).usedAt).toBeNull();
    }
    await expectTokenRefused(pay(cartId, 'vt_unknown'), /No such payment token/);
    // Upper-case USD is the same currency.
    const { id: upper } = await delegatePayment(db, delegation(cartId, { allowance: { currency: 'USD' } }));
    // Another key presenting this key's token.
    await expectTokenRefused(pay(cartId, upper, { keyId: otherKeyId }), /No such payment token/);
    expect(await stock()).toBe(before);
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await linksOf(cartId)).toEqual([]);
    expect((await cartRow(cartId)).status).toBe('open');
    expect((await pay(cartId, upper)).kind).toBe('placed');
  });

  it('refuses a token past its expiry (the clock moved on), writing nothing', async () => {
    const cartId = await session();
    const { id } = await delegatePayment(db, delegation(cartId, { allowance: { expiresAt: new Date(Date.now() + 60_000) } }));
    const restore = setClock(new Date(Date.now() + 120_000).toISOString());
    try {
      await expectTokenRefused(pay(cartId, id), /expired at/);
    } finally {
      restore();
    }
    expect((await tokenRow(id)).usedAt).toBeNull();
    expect(await linksOf(cartId)).toEqual([]);
  });

  it('answers a total above the live ceiling as over_limit, before claiming the token', async () => {
    const cartId = await session();
    const { id } = await delegatePayment(db, delegation(cartId));
    await updateLimits(db, { max_cart_total_cents: 1000 });
    try {
      expect(await pay(cartId, id)).toEqual({ kind: 'over_limit', amountCents: TOTAL, maxCents: 1000 });
    } finally {
      await updateLimits(db, { max_cart_total_cents: 100000 });
    }
    expect((await tokenRow(id)).usedAt).toBeNull();
  });

  it('pays a session whose live payment link another provider opened: that link is cancelled, the vault’s pays', async () => {
    const cartId = await session();
    await db.transaction((tx) => issuePaymentLink(t.app.services, tx, { cartId, owner: OWNER, idempotencyKey: 'a-human-link' }));
    const { id } = await delegatePayment(db, delegation(cartId));
    expect((await pay(cartId, id)).kind).toBe('placed');
    expect((await linksOf(cartId)).map((l) => [l.provider, l.status]).sort()).toEqual([
      ['builtin', 'cancelled'],
      ['vault', 'paid'],
    ]);
  });

  it('places exactly one order when two requests race with one token', async () => {
    const cartId = await session();
    const before = await stock();
    const { id } = await delegatePayment(db, delegation(cartId));
    const settled = await Promise.allSettled([pay(cartId, id), pay(cartId, id)]);
    const placed = settled.filter((s): s is PromiseFulfilledResult<DelegatedPaymentOutcome> => s.status === 'fulfilled' && s.value.kind === 'placed');
    const refused = settled.filter((s) => s.status === 'rejected').map((s) => ((s as PromiseRejectedResult).reason as ApiError).code);
    expect(placed).toHaveLength(1);
    expect(refused).toEqual(['payment_token_invalid']);
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await stock()).toBe(before! - 1);
  });
});

describe('delegating a card', () => {
  const invalid = async (card: Partial<DelegationRequest['card']>, param: string) => {
    const cartId = await session();
    const err = await refusal(delegatePayment(db, delegation(cartId, { card })));
    expect([err.code, err.status, err.details]).toEqual(['invalid_card', 400, { param }]);
  };

  it('refuses a number failing the Luhn check, or not 12–19 digits', async () => {
    await invalid({ number: '4242424242424241' }, '$.payment_method.number');
    await invalid({ number: '42424242' }, '$.payment_method.number');
    await invalid({ number: '4242-4242-4242-424x' }, '$.payment_method.number');
  });

  it('checks the expiry and CVC only when they are sent', async () => {
    await invalid({ expMonth: '13' }, '$.payment_method.exp_month');
    await invalid({ expYear: '2019' }, '$.payment_method.exp_year');
    await invalid({ expMonth: undefined }, '$.payment_method.exp_month');
    await invalid({ expYear: undefined }, '$.payment_method.exp_year');
    await invalid({ cvc: '12' }, '$.payment_method.cvc');
    await invalid({ cvc: 'abc' }, '$.payment_method.cvc');

    const cartId = await session();
    const { id } = await delegatePayment(db, delegation(cartId, { card: { expMonth: undefined, expYear: undefined, cvc: undefined } }));
    expect(await tokenRow(id)).toMatchObject({ cardLast4: '4242', outcome: 'authorize', keyId, checkoutSessionId: cartId, maxAmount: TOTAL, currency: 'usd', usedAt: null });
    expect((await pay(cartId, id)).kind).toBe('placed');
  });

  it('leaves no card number or CVC anywhere in the database, nor the token itself', async () => {
    const cartId = await session();
    const { id } = await delegatePayment(db, delegation(cartId, { card: { number: '4242 4242 4242 4242' } }));
    await pay(cartId, id);
    const { id: declined } = await delegatePayment(db, delegation(await session(), { card: { number: CARD_0002 } }));
    const { tables, rows } = await everyRowText(db);
    expect(tables.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table, text } of rows) {
      if (text.includes(CARD_4242) || text.includes('4242 4242 4242 4242') || text.includes(CARD_0002)) found.push(`${table}: a card number`);
      if (new RegExp(`[(,"]${CVC}[,)"]`).test(text)) found.push(`${table}: the CVC`);
      if (text.includes(id) || text.includes(declined)) found.push(`${table}: a token`);
    }
    expect(found).toEqual([]);
  });
});
