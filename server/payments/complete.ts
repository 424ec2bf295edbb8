/**
 * Completing a payment: the one domain function behind every provider. The built-in /pay page
 * calls it after its card is authorized, Stripe's webhook after a Checkout Session completes.
 *
 * Authorize, then place the order, then capture: the order is placed in one transaction that holds
 * the cart and the link (cart first, as every cart mutation locks it, so the two never deadlock);
 * only after it commits is the authorization captured. An order that cannot be placed releases the
 * authorization, so nothing is charged for it. Paying twice places one order: the link is paid
 * after the first, and the second payment's authorization is released.
 *
 * A capture that fails after the order committed: for a while (an outage) it throws (the caller
 * answers 503) and reporting the same payment again retries it; for good (the provider refuses it:
 * the authorization was cancelled or expired) the order is voided, its stock returned, the link
 * marked failed and the cart opened again with a payment_failed message, so it can be paid anew.
 */
import { eq, sql } from 'drizzle-orm';
import { cartCeiling, notReadyReasons, priceCart, type PricedCart } from '../carts/pricing';
import { expireLinkIfDue } from '../carts/expiry';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { placeholderFor, prepared } from '../db/prepared';
import { carts, orders, paymentLinks, type CartNotice } from '../db/schema';
import { cartOrder, placeOrder, voidOrder, type ShortLine } from '../orders/place';
import { enqueueOrderWebhook, type OrderWebhookServices } from '../orders/webhook';
import { cancelLiveLink } from '../carts/links';
import { CAPTURE_HOLD_MS, enqueueOrderConfirmation, releaseOrderConfirmation } from './confirmation-mail';
import { CaptureRefused, type PaymentProvider } from './provider';
import { providerNamed } from './select';

/** What completing a payment uses of the service: the database its transactions open on, the providers' settings, and what its order webhooks take. */
export interface CompletionServices extends OrderWebhookServices {
  config: Config;
  db: Db;
}

export interface CompletedPayment {
  linkId: string;
  /** The provider's authorization (a built-in `auth_…`, a Stripe PaymentIntent id). */
  authorization: string;
  provider: string;
}

export type PaymentOutcome =
  /** `confirmationHeld`: the buyer's confirmation waits for the capture (confirmation-mail.ts). */
  | { kind: 'placed'; orderId: string; confirmationHeld?: boolean }
  /** The link was paid before: its order; this payment's own authorization, if another, is released. */
  | { kind: 'already_paid'; orderId: string }
  /** Lines the catalog can no longer fill: nothing placed, nothing charged; the link stays payable. */
  | { kind: 'short'; lines: ShortLine[] }
  /**
   * The link's amount is above the platform's max_cart_total_cents as it stands now (lowered since
   * the link was issued): nothing placed, nothing charged; the link stays payable should the limit
   * be raised again.
   */
  | { kind: 'over_limit'; amountCents: number; maxCents: number }
  /** The order was placed but its payment could never be captured: it is voided, the cart open again. */
  | { kind: 'payment_failed'; orderId: string }
  /**
   * Nothing to pay: no such link (or not this provider's), a link expired, cancelled or whose
   * payment failed, or one whose cart no longer costs the amount it fixed (prices or delivery
   * moved): that link is cancelled so the agent asks for a new one.
   */
  | { kind: 'not_payable'; reason: 'unknown' | 'expired' | 'cancelled' | 'failed' | 'changed' };

export async function completePayment(services: CompletionServices, payment: CompletedPayment): Promise<PaymentOutcome> {
  const provider = providerNamed(services.config, payment.provider);
  const outcome = await services.db.transaction((tx) => settle(services, tx, payment));
  return captureSettled(services, provider, payment, outcome);
}

/**
 * What follows the payment's commit: the authorization captured for the order placed (released
 * when none was), a capture refused for good voiding the order, a held confirmation let go.
 */
export async function captureSettled(services: CompletionServices, provider: PaymentProvider, payment: CompletedPayment, outcome: PaymentOutcome): Promise<PaymentOutcome> {
  // The provider's own idempotency key for this authorization: a repeat captures or releases nothing twice.
  const key = `${payment.linkId}:${payment.authorization}`;
  const orderId = await orderPaidBy(services.db, outcome, payment.authorization);
  if (!orderId) {
    await provider.release(payment.authorization, key);
    return outcome;
  }
  try {
    await provider.capture(payment.authorization, key);
  } catch (err) {
    if (!(err instanceof CaptureRefused)) throw err;
    await services.db.transaction((tx) => voidPayment(tx, services, payment, orderId));
    console.warn(`Payment ${payment.authorization} for link ${payment.linkId}: the provider refused its capture for good (${err.message}); order ${orderId} voided.`);
    // Whatever the provider still holds of it goes (no error if it let it go itself).
    await provider.release(payment.authorization, key);
    return { kind: 'payment_failed', orderId };
  }
  // Captured: a held confirmation goes now (on a retried notice, the one its first capture held).
  if (outcome.kind === 'already_paid' || (outcome.kind === 'placed' && outcome.confirmationHeld)) await releaseOrderConfirmation(services.db, orderId);
  return outcome;
}

/**
 * The order this authorization pays, to capture: the one just placed, or, on a repeated notice of
 * the payment that placed it (a webhook retried after a failed capture), the link's order: under
 * the same key a second capture charges nothing twice, and finishes the first.
 */
async function orderPaidBy(db: Db, outcome: PaymentOutcome, authorization: string): Promise<string | undefined> {
  if (outcome.kind === 'placed') return outcome.orderId;
  if (outcome.kind !== 'already_paid') return undefined;
  const [order] = await db.select({ payment: orders.payment }).from(orders).where(eq(orders.id, outcome.orderId));
  return order?.payment.reference === authorization ? outcome.orderId : undefined;
}

// Every payment runs these (db/prepared.ts).
const linkCart = prepared<{ linkId: string }, { cartId: string }[]>('payment_link_cart', (db) =>
  db.select({ cartId: paymentLinks.cartId }).from(paymentLinks).where(eq(paymentLinks.id, sql.placeholder('linkId'))),
);
const lockCart = prepared<{ cartId: string }, (typeof carts.$inferSelect)[]>('payment_cart_locked', (db) =>
  db.select().from(carts).where(eq(carts.id, sql.placeholder('cartId'))).for('update'),
);
const lockLink = prepared<{ linkId: string }, (typeof paymentLinks.$inferSelect)[]>('payment_link_locked', (db) =>
  db.select().from(paymentLinks).where(eq(paymentLinks.id, sql.placeholder('linkId'))).for('update'),
);
const markPaid = prepared<{ linkId: string; closedAt: Date }, unknown>('payment_link_paid', (db) =>
  db.update(paymentLinks).set({ status: 'paid', closedAt: placeholderFor<Date>('closedAt') }).where(eq(paymentLinks.id, sql.placeholder('linkId'))),
);

async function settle(services: CompletionServices, tx: Db, payment: CompletedPayment): Promise<PaymentOutcome> {
  const notPayable = (reason: 'unknown' | 'expired' | 'cancelled' | 'failed') => ({ kind: 'not_payable', reason }) as const;

  const [found] = await linkCart(tx, { linkId: payment.linkId });
  if (!found) return notPayable('unknown');
  const [cart] = await lockCart(tx, { cartId: found.cartId });
  const [link] = await lockLink(tx, { linkId: payment.linkId });
  if (link.provider !== payment.provider) return notPayable('unknown');

  if (link.status === 'paid') return { kind: 'already_paid', orderId: cart.orderId! };
  if (link.status === 'cancelled' || link.status === 'failed') return notPayable(link.status);
  if (link.status === 'expired' || (await expireLinkIfDue(tx, link))) return notPayable('expired');

  const priced = await priceCart(tx, cart);
  if (!payableAsFixed(priced, link.amountCents)) return cancelChanged(tx, cart.id);
  // The limit as it stands in this transaction, not through the limits cache: one lowered a
  // moment ago already applies.
  const maxCents = await cartCeiling(tx, priced);
  if (link.amountCents > maxCents) return { kind: 'over_limit', amountCents: link.amountCents, maxCents };
  return placePaid(services, tx, { cart, priced, link, payment });
}

/**
 * The order of `cart`, as `priced` in this transaction, paid through `link` (both locked, the link
 * live at that total and within the ceiling): placed, the link paid, its webhook and confirmation
 * enqueued. settle's end; a delegated payment, which fixes its link and authorizes in the same
 * transaction (delegated-payment.ts), runs it after those checks of its own.
 */
export async function placePaid(
  services: CompletionServices,
  tx: Db,
  { cart, priced, link, payment }: { cart: typeof carts.$inferSelect; priced: PricedCart; link: typeof paymentLinks.$inferSelect; payment: CompletedPayment },
): Promise<PaymentOutcome> {
  const placed = await placeOrder(tx, cartOrder(cart, priced, { provider: payment.provider, reference: payment.authorization }));
  if (!placed.placed) {
    return placed.priceChanged ? cancelChanged(tx, cart.id) : { kind: 'short', lines: placed.short };
  }
  // The link paid, the order's webhook and its confirmation mail depend on none of each other: sent
  // together. Its buyer is told after the commit and the capture, by the outbox's worker (a cart
  // without an e-mail costs no statement): a capture refused for good voids the order before it is confirmed.
  const confirmed = Boolean(cart.buyer?.email);
  await Promise.all([
    markPaid(tx, { linkId: link.id, closedAt: new Date() }),
    enqueueOrderWebhook(services, tx, { order: placed.order, owner: cart.owner, scope: cart.scope, acpPlatform: cart.acpPlatform, paidBy: link, placedNow: true }, 'order_placed'),
    confirmed && enqueueOrderConfirmation(tx, placed.order.id, CAPTURE_HOLD_MS),
  ]);
  return confirmed ? { kind: 'placed', orderId: placed.order.id, confirmationHeld: true } : { kind: 'placed', orderId: placed.order.id };
}

/**
 * The cart still costs what the link fixed and can be delivered. Stock is left to placeOrder,
 * which checks it under the row locks and reports which lines are short.
 */
function payableAsFixed(priced: PricedCart, amountCents: number): boolean {
  return priced.totals.total_cents === amountCents && notReadyReasons(priced).every((r) => r === 'insufficient_stock');
}

/** The human cannot pay an amount the cart no longer has: the link goes, the cart is open again. */
async function cancelChanged(tx: Db, cartId: string): Promise<PaymentOutcome> {
  await cancelLiveLink(tx, cartId);
  await reopenCart(tx, cartId, {
    type: 'warning',
    code: 'payment_link_cancelled',
    message: 'The payment link was cancelled: prices or delivery changed after it was issued, so it could not be paid. Nothing was charged; ask for a new payment link.',
    path: 'links.payment_link',
  });
  return { kind: 'not_payable', reason: 'changed' };
}

/**
 * The order whose capture the provider refused for good: voided with its stock back, the link
 * failed (its page says the payment did not go through), the cart open again, with its own
 * expiry (a completed cart's had lapsed meanwhile) and a message saying why. Locks as settle
 * does: cart, then link, then the order's catalog rows.
 */
async function voidPayment(tx: Db, services: CompletionServices, payment: CompletedPayment, orderId: string): Promise<void> {
  const [order] = await tx.select({ cartId: orders.cartId }).from(orders).where(eq(orders.id, orderId));
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, order.cartId)).for('update');
  await tx.select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.id, payment.linkId)).for('update');
  // A second notice of the same failure finds the order voided already: nothing more to do.
  if (!(await voidOrder(tx, orderId))) return;
  await enqueueOrderWebhook(services, tx, orderId, 'order_voided');
  await tx.update(paymentLinks).set({ status: 'failed', closedAt: new Date() }).where(eq(paymentLinks.id, payment.linkId));
  await reopenCart(
    tx,
    order.cartId,
    {
      type: 'warning',
      code: 'payment_failed',
      message: `The payment did not go through: the card was authorized, but the payment provider refused to take the payment (the authorization was cancelled or had expired), so order ${orderId} was voided and nothing was charged. The cart is open again: ask for a new payment link.`,
      path: 'links.payment_link',
    },
    new Date(Date.now() + services.config.cartTtlHours * 3_600_000),
  );
}

/** The cart is open again, without its order, with `notice` added to its messages. */
async function reopenCart(tx: Db, cartId: string, notice: CartNotice, expiresAt?: Date): Promise<void> {
  const [cart] = await tx.select({ notices: carts.notices }).from(carts).where(eq(carts.id, cartId));
  await tx
    .update(carts)
    .set({ status: 'open', orderId: null, notices: [...cart.notices, notice], updatedAt: new Date(), ...(expiresAt && { expiresAt }) })
    .where(eq(carts.id, cartId));
}
