/**
 * Completing an ACP checkout session with a delegated token (issue #47 §3): the one way an ACP
 * platform's user, who confirmed in the platform's own interface, pays without our /pay page. The
 * token carries that confirmation: one session, this merchant, a currency and a maximum, until an
 * expiry. Without one that holds, nothing is charged or written.
 *
 *   One transaction, the cart locked first (by the binding that names it) as every cart change
 *   locks it: the token checked (known, delegated by this key, unused, unexpired, for this session,
 *   merchant and currency), a payment link fixed at the cart's total (checkout.ts: the cart priced
 *   once, payable, within the ceiling), opened with the vault, the total held to the token's
 *   max_amount, the token claimed (a conditional update: of two requests with one token, one
 *   claims it), the vault's authorization, then the order placed as completePayment places it
 *   (complete.ts), from the same pricing under the same lock. Any refusal rolls it all back:
 *   nothing is written. After the commit the authorization is captured. A decline keeps the token
 *   used; its link is closed and the cart open again, as it was, for another token.
 *
 * With Stripe (§3 (b)), the token is Stripe's shared payment token (`spt_…`), whose allowance
 * Stripe holds and checks: payWithSharedPaymentToken fixes the link as above and then, outside any
 * transaction, authorizes a manual-capture PaymentIntent from the token (stripe.ts), under a key
 * derived from the link and the token, so a retry after Stripe's 503 reaches the same
 * PaymentIntent, and completePayment places the order and captures.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { placeholderFor, prepared } from '../db/prepared';
import { acpDelegatedTokens, carts, paymentLinks } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { centsToDecimal } from '../lib/money';
import { secretDigest } from '../lib/secrets';
import type { ShortLine } from '../orders/place';
import type { CartRow } from '../carts/store';
import type { PricedCart } from '../carts/pricing';
import { linkAtTotal, type LinkOpener, type LinkRow, type LinkServices } from './checkout';
import { captureSettled, completePayment, placePaid, type CompletedPayment, type CompletionServices, type PaymentOutcome } from './complete';
import { declineMessage, type Authorization } from './provider';
import { stripeProviderOf, vaultProviderOf } from './select';
import type { TokenRefusal } from './stripe';

/** What paying with a delegated token uses of the service: what issuing a link and completing a payment use. */
export interface DelegatedPaymentServices extends CompletionServices, LinkServices {}

/**
 * The cart a token pays, locked in the payment's transaction by whoever names it (the ACP binding:
 * its session, refused there as ACP refuses a session that is not the caller's or is closed).
 */
export type CartLock = (tx: Db) => Promise<CartRow>;

/** What a placed payment priced and paid, so the session's answer need not read them again. */
export interface PaidCart {
  priced: PricedCart;
  link: LinkRow;
}

export type DelegatedPaymentOutcome =
  /** `paid`: when the order was placed in the transaction that fixed the link (a delegated token's). */
  | { kind: 'placed'; orderId: string; paid?: PaidCart }
  | { kind: 'already_paid'; orderId: string }
  | { kind: 'declined'; message: string }
  | { kind: 'short'; lines: ShortLine[] }
  | { kind: 'over_limit'; amountCents: number; maxCents: number }
  /** Prices or delivery moved: answer the session with its new totals. */
  | { kind: 'changed' };

/** Where ACP's complete request carries the token: every refusal of it points there. */
export const TOKEN_PARAM = '$.payment_data.instrument.credential.token';

type TokenRow = typeof acpDelegatedTokens.$inferSelect;

function tokenRefused(message: string): ApiError {
  return new ApiError('payment_token_invalid', { message: `${message} Nothing was charged.`, details: { param: TOKEN_PARAM } });
}

// Every delegated payment runs these (db/prepared.ts).
const selectToken = prepared<{ hash: string }, TokenRow[]>('acp_token_select', (db) =>
  db.select().from(acpDelegatedTokens).where(eq(acpDelegatedTokens.tokenHash, sql.placeholder('hash'))),
);
// A placeholder in .set() is encoded by its column, one in a condition is not: the expiry compares with the time as text.
const claimToken = prepared<{ hash: string; now: Date; nowText: string }, { outcome: TokenRow['outcome'] }[]>('acp_token_claim', (db) =>
  db
    .update(acpDelegatedTokens)
    .set({ usedAt: placeholderFor<Date>('now') })
    .where(and(eq(acpDelegatedTokens.tokenHash, sql.placeholder('hash')), isNull(acpDelegatedTokens.usedAt), sql`${acpDelegatedTokens.expiresAt} > ${sql.placeholder('nowText')}::timestamptz`))
    .returning({ outcome: acpDelegatedTokens.outcome }),
);

/**
 * Checks the token writing nothing (→ ApiError('payment_token_invalid', {details:{param: TOKEN_PARAM}})),
 * claims it, and pays a link fixed at the cart's total: steps 1 and 2 in one transaction.
 */
export async function payWithDelegatedToken(
  services: DelegatedPaymentServices,
  input: { cart: CartLock; keyId: string; token: string; merchantId: string },
): Promise<DelegatedPaymentOutcome> {
  const { db } = services;
  const hash = secretDigest(input.token);
  const vault = vaultProviderOf(services.config);
  // Set once the vault authorized inside the transaction: released if the transaction then fails.
  let authorized: CompletedPayment | undefined;
  let paying;
  try {
    paying = await overLimitAsOutcome(
      db.transaction(async (tx) => {
        // The token's read is sent behind the cart's lock, on the same connection: it runs once the
        // lock is held, as if sent after it, a round trip sooner.
        const [locked, [token]] = await Promise.all([input.cart(tx), selectToken(tx, { hash })]);
        checkAllowance(token, { cartId: locked.id, keyId: input.keyId, merchantId: input.merchantId }, new Date());
        const { link, priced } = await linkAtTotal(services, tx, locked, vault, { cartId: locked.id, owner: locked.owner, idempotencyKey: `acp-vault:${hash}` });
        checkAmount(token, link.amountCents);
        const now = new Date();
        const [claimed] = await claimToken(tx, { hash, now, nowText: now.toISOString() });
        if (!claimed) throw tokenRefused('The payment token was used already (a token pays once) or has just expired.');
        // The vault authorizes from what the token recorded at delegation: no call leaves the process,
        // so it may run inside the transaction (a provider that calls out, Stripe's, runs outside it).
        const authorization = await vault.authorizeRecorded(claimed.outcome, { amountCents: link.amountCents, currency: link.currency });
        // A decline commits the claim (a decline keeps the token used) and the link, which is closed next.
        if (authorization.status !== 'authorized') {
          return { settled: false as const, link, message: declineMessage(authorization.status === 'declined' ? authorization.reason : 'generic_decline') };
        }
        authorized = { linkId: link.id, authorization: authorization.authorization, provider: vault.name };
        // The order in the same transaction as the link: the cart stays locked and priced as it was
        // (completePayment's own transaction would lock and price it again), and a failure leaves no
        // claimed token or live link behind.
        return { settled: true as const, link, priced, payment: authorized, outcome: await placePaid(services, tx, { cart: locked, priced, link, payment: authorized }) };
      }),
    );
  } catch (err) {
    if (authorized) await vault.release(authorized.authorization, `${authorized.linkId}:${authorized.authorization}`);
    throw err;
  }
  if ('kind' in paying) return paying;
  if (!paying.settled) {
    await closeLink(db, paying.link);
    return { kind: 'declined', message: paying.message };
  }
  const { link, priced, payment, outcome } = paying;
  const answer = answerOf(await captureSettled(services, vault, payment, outcome));
  if (answer.kind === 'placed') return { ...answer, paid: { priced, link } };
  if (answer.kind !== 'already_paid') await closeLink(db, link);
  return answer;
}

/** What a Stripe shared payment token looks like (AC §9.5's `spt_123`). */
const SHARED_TOKEN = /^spt_[A-Za-z0-9_]{1,250}$/;

/**
 * A link paid with a shared payment token is Stripe's (captured or cancelled as its other links
 * are) but opens nothing there, no Checkout Session: the token authorizes it.
 */
const SHARED_TOKEN_LINKS: LinkOpener = { name: 'stripe', open: async () => ({ url: null, reference: null }) };

/**
 * Pays the cart `cart` locks with the Stripe shared payment token `token` (needs STRIPE_SECRET_KEY):
 * the cart payable (writing nothing), a Stripe link fixed at its total, a PaymentIntent authorized
 * from the token, completePayment. Stripe's refusal of the token itself → 400 payment_token_invalid
 * at TOKEN_PARAM; Stripe not answering → 503 service_unavailable (the link stays, a retry with the
 * same token reaches the same PaymentIntent).
 */
export async function payWithSharedPaymentToken(services: DelegatedPaymentServices, input: { cart: CartLock; token: string }): Promise<DelegatedPaymentOutcome> {
  const { db, config } = services;
  if (!config.stripe) throw new Error('paying with a Stripe shared payment token needs STRIPE_SECRET_KEY');

  // 1.
  const digest = secretDigest(input.token);
  const fixed = await overLimitAsOutcome(
    db.transaction(async (tx) => {
      const locked = await input.cart(tx);
      // After the cart's own refusals, as a vault token's checks come after them.
      if (!SHARED_TOKEN.test(input.token)) throw tokenRefused('A Stripe shared payment token is spt_ followed by letters, digits and underscores.');
      return (await linkAtTotal(services, tx, locked, SHARED_TOKEN_LINKS, { cartId: locked.id, owner: locked.owner, idempotencyKey: `stripe-spt:${digest}` })).link;
    }),
  );
  if ('kind' in fixed) return fixed;
  const link = fixed;

  // 2.
  const stripe = stripeProviderOf(config);
  const payment = { linkId: link.id, cartId: link.cartId, amountCents: link.amountCents, currency: link.currency };
  return payLink(services, link, stripe, () => stripe.authorizeSharedToken(input.token, payment, `${link.id}:${digest}`));
}

/** The token's allowance holds for this caller, session and merchant, now. */
function checkAllowance(token: TokenRow | undefined, input: { cartId: string; keyId: string; merchantId: string }, now: Date): asserts token is TokenRow {
  // Another key's token is refused as an unknown one: it tells the caller nothing of it.
  if (!token || token.keyId !== input.keyId) throw tokenRefused('No such payment token was delegated to this key.');
  if (token.usedAt) throw tokenRefused('The payment token was used already: a token pays once; delegate a new one.');
  if (token.expiresAt <= now) throw tokenRefused(`The payment token expired at ${token.expiresAt.toISOString()}; delegate a new one.`);
  if (token.checkoutSessionId !== input.cartId) throw tokenRefused(`The payment token was delegated for checkout session ${token.checkoutSessionId}, not ${input.cartId}.`);
  if (token.merchantId !== input.merchantId) throw tokenRefused(`The payment token was delegated for merchant ${token.merchantId}, not ${input.merchantId}.`);
  // Carts are priced in USD only (links are issued from USD carts).
  if (token.currency.toLowerCase() !== 'usd') throw tokenRefused(`The payment token's currency is ${token.currency}; the session is in usd.`);
}

function checkAmount(token: Pick<TokenRow, 'maxAmount'>, totalCents: number): void {
  if (totalCents > token.maxAmount) {
    throw tokenRefused(`The session's total of ${centsToDecimal(totalCents)} USD is above the payment token's max_amount of ${centsToDecimal(token.maxAmount)} USD.`);
  }
}

/**
 * What fixing the link at the total answered, or, for a total above the live ceiling (pricedToPay's
 * cart_total_exceeds_limit, the transaction rolled back), that outcome: ACP's maximum_exceeded
 * message. pricedToPay's other refusals (cart_not_open, cart_expired, payment_in_progress,
 * cart_not_ready) are thrown as they are.
 */
async function overLimitAsOutcome<T>(fixing: Promise<T>): Promise<T | { kind: 'over_limit'; amountCents: number; maxCents: number }> {
  try {
    return await fixing;
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'cart_total_exceeds_limit')) throw err;
    const { max_cents, total_cents } = err.details as { max_cents: number; total_cents: number };
    return { kind: 'over_limit', amountCents: total_cents, maxCents: max_cents };
  }
}

/**
 * Step 3, for a link fixed at the total: `authorize` at the provider, then completePayment. A link
 * paying nothing (declined, the token refused, short, over the limit, changed) is closed and the
 * cart open again; one whose authorization did not answer (a 503) stays, for the retry.
 */
async function payLink(services: DelegatedPaymentServices, link: LinkRow, provider: LinkOpener, authorize: () => Promise<Authorization | TokenRefusal>): Promise<DelegatedPaymentOutcome> {
  const authorization = await authorize();
  if (authorization.status === 'token_refused') {
    await closeLink(services.db, link);
    throw tokenRefused(`The payment provider refused the token: ${authorization.message}`);
  }
  if (authorization.status !== 'authorized') {
    await closeLink(services.db, link);
    return { kind: 'declined', message: declineMessage(authorization.status === 'declined' ? authorization.reason : 'generic_decline') };
  }
  const outcome = await completePayment(services, { linkId: link.id, authorization: authorization.authorization, provider: provider.name });
  const answer = answerOf(outcome);
  if (answer.kind !== 'placed' && answer.kind !== 'already_paid') await closeLink(services.db, link);
  return answer;
}

function answerOf(outcome: PaymentOutcome): DelegatedPaymentOutcome {
  switch (outcome.kind) {
    case 'placed':
      return { kind: 'placed', orderId: outcome.orderId };
    case 'already_paid':
    case 'short':
    case 'over_limit':
      return outcome;
    case 'payment_failed':
      return { kind: 'declined', message: `The payment did not go through: the provider refused to take it after authorizing, so order ${outcome.orderId} was voided and nothing was charged.` };
    case 'not_payable':
      // The link was cancelled under the payment (the cart changed, or its prices): the session says what it costs now.
      return { kind: 'changed' };
  }
}

/**
 * A link that paid nothing is closed and its cart open again (locks as every cart change: cart,
 * then link): no one else can pay it, and the session takes another token. The cart's last change
 * moves, so a link fixed for it again gets a new id (checkout.ts derives ids from it).
 */
async function closeLink(db: Db, link: LinkRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, link.cartId)).for('update');
    const closed = await tx
      .update(paymentLinks)
      .set({ status: 'cancelled', closedAt: new Date() })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'live')))
      .returning({ id: paymentLinks.id });
    if (closed.length) await tx.update(carts).set({ status: 'open', updatedAt: new Date() }).where(and(eq(carts.id, link.cartId), eq(carts.status, 'checkout')));
  });
}
