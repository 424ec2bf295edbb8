/**
 * Completing an ACP checkout session with a delegated token (issue #47 §3): the one way an ACP
 * platform's user, who confirmed in the platform's own interface, pays without our /pay page. The
 * token carries that confirmation: one session, this merchant, a currency and a maximum, until an
 * expiry. Without one that holds, nothing is charged or written.
 *
 *   1. Checks, writing nothing: the caller's cart; the token known, delegated by this key, unused,
 *      unexpired, for this session, merchant and currency; the cart payable and its total within
 *      the token's max_amount.
 *   2. One transaction, the cart locked first as every cart change locks it: the token claimed (a
 *      conditional update: of two requests with one token, one claims it) and a payment link fixed
 *      at the total (checkout.ts), opened with the provider that will complete it. A refusal here
 *      rolls the claim back.
 *   3. Outside any transaction: the provider authorizes, then completePayment places the order and
 *      captures (complete.ts). A decline keeps the token used; its link is closed and the cart open
 *      again, as it was, for another token.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { acpDelegatedTokens, carts, paymentLinks } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { centsToDecimal } from '../lib/money';
import { secretDigest } from '../lib/secrets';
import type { ShortLine } from '../orders/place';
import { loadCart, type CartRow } from '../carts/store';
import type { PricedCart } from '../carts/pricing';
import { linkAtTotal, pricedToPay, type LinkOpener, type LinkRow, type LinkServices } from './checkout';
import { completePayment, type CompletionServices, type PaymentOutcome } from './complete';
import { declineMessage, type Authorization } from './provider';
import { vaultProviderOf } from './select';

/** What paying with a delegated token uses of the service: what issuing a link and completing a payment use. */
export interface DelegatedPaymentServices extends CompletionServices, LinkServices {}

export type DelegatedPaymentOutcome =
  | { kind: 'placed'; orderId: string }
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

/** Checks the token writing nothing (→ ApiError('payment_token_invalid', {details:{param: TOKEN_PARAM}})), claims it, pays a link fixed at the cart's total through completePayment. */
export async function payWithDelegatedToken(
  services: DelegatedPaymentServices,
  input: { cartId: string; owner: string; keyId: string; token: string; merchantId: string },
): Promise<DelegatedPaymentOutcome> {
  const { db } = services;
  const hash = secretDigest(input.token);

  // 1.
  const cart = await loadCart(db, input.cartId, input.owner);
  const [token] = await db.select().from(acpDelegatedTokens).where(eq(acpDelegatedTokens.tokenHash, hash));
  checkAllowance(token, input, new Date());
  const payable = await payableCart(db, cart);
  if (!('totals' in payable)) return payable;
  checkAmount(token, payable.totals.total_cents);

  // 2.
  const vault = vaultProviderOf(services.config);
  const { link, outcome } = await db.transaction(async (tx) => {
    const locked = await loadCart(tx, input.cartId, input.owner, { lock: true });
    const [claimed] = await tx
      .update(acpDelegatedTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(acpDelegatedTokens.tokenHash, hash), isNull(acpDelegatedTokens.usedAt), gt(acpDelegatedTokens.expiresAt, new Date())))
      .returning({ outcome: acpDelegatedTokens.outcome, maxAmount: acpDelegatedTokens.maxAmount });
    if (!claimed) throw tokenRefused('The payment token was used already (a token pays once) or has just expired.');
    const fixed = await linkAtTotal(services, tx, locked, vault, { cartId: locked.id, owner: input.owner, idempotencyKey: `acp-vault:${hash}` });
    // The total moved since step 1: the claim rolls back with this refusal.
    checkAmount({ ...token, maxAmount: claimed.maxAmount }, fixed.link.amountCents);
    return { link: fixed.link, outcome: claimed.outcome };
  });

  // 3.
  return payLink(services, link, vault, () => vault.authorizeRecorded(outcome, { amountCents: link.amountCents, currency: link.currency }));
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
 * The cart priced to pay (pricedToPay's refusals: cart_not_open, cart_expired, payment_in_progress,
 * cart_not_ready), or, for a total above the live ceiling, that outcome (ACP's maximum_exceeded message).
 */
async function payableCart(db: Db, cart: CartRow): Promise<PricedCart | { kind: 'over_limit'; amountCents: number; maxCents: number }> {
  try {
    return await pricedToPay(db, cart);
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'cart_total_exceeds_limit')) throw err;
    const { max_cents, total_cents } = err.details as { max_cents: number; total_cents: number };
    return { kind: 'over_limit', amountCents: total_cents, maxCents: max_cents };
  }
}

/**
 * Step 3, for a link fixed at the total: `authorize` at the provider, then completePayment. A link
 * paying nothing (declined, short, over the limit, changed) is closed and the cart open again.
 */
async function payLink(services: DelegatedPaymentServices, link: LinkRow, provider: LinkOpener, authorize: () => Promise<Authorization>): Promise<DelegatedPaymentOutcome> {
  const authorization = await authorize();
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
