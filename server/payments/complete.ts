/**
 * Completing a payment: the one domain function behind every provider. The built-in /pay page
 * calls it after its card is authorized, Stripe's webhook after a Checkout Session completes.
 *
 * Authorize, then place the order, then capture: the order is placed in one transaction that holds
 * the cart and the link (cart first, as every cart mutation locks it, so the two never deadlock);
 * only after it commits is the authorization captured. An order that cannot be placed releases the
 * authorization, so nothing is charged for it. Paying twice places one order: the link is paid
 * after the first, and the second payment's authorization is released. A capture that fails after
 * the order committed throws (the caller answers 5xx); reporting the same payment again retries it.
 */
import { eq } from 'drizzle-orm';
import { notReadyReasons, priceCart, type PricedCart } from '../carts/pricing';
import { expireLinkIfDue } from '../carts/expiry';
import type { Db } from '../db/client';
import { carts, orders, paymentLinks } from '../db/schema';
import { placeOrder, type ShortLine } from '../orders/place';
import type { Services } from '../trpc/context';
import { cancelLiveLink } from '../carts/links';
import { providerNamed } from './select';

export interface CompletedPayment {
  linkId: string;
  /** The provider's authorization (a built-in `auth_…`, a Stripe PaymentIntent id). */
  authorization: string;
  provider: string;
}

export type PaymentOutcome =
  | { kind: 'placed'; orderId: string }
  /** The link was paid before: its order; this payment's own authorization, if another, is released. */
  | { kind: 'already_paid'; orderId: string }
  /** Lines the catalog can no longer fill: nothing placed, nothing charged; the link stays payable. */
  | { kind: 'short'; lines: ShortLine[] }
  /**
   * Nothing to pay: no such link (or not this provider's), a link expired or cancelled, or one
   * whose cart no longer costs the amount it fixed (prices or delivery moved): that link is
   * cancelled so the agent asks for a new one.
   */
  | { kind: 'not_payable'; reason: 'unknown' | 'expired' | 'cancelled' | 'changed' };

export async function completePayment(services: Services, payment: CompletedPayment): Promise<PaymentOutcome> {
  const provider = providerNamed(services.config, payment.provider);
  const outcome = await services.db.transaction((tx) => settle(tx as unknown as Db, payment));
  // The provider's own idempotency key for this authorization: a repeat captures or releases nothing twice.
  const key = `${payment.linkId}:${payment.authorization}`;
  // A repeated notice of the payment that placed the order (a webhook retried after a failed
  // capture) captures again: under the same key that charges nothing twice, and finishes the capture.
  if (outcome.kind === 'placed' || (await placedWith(services.db, outcome, payment.authorization))) await provider.capture(payment.authorization, key);
  else await provider.release(payment.authorization, key);
  return outcome;
}

/** Whether the link was already paid by this very authorization. */
async function placedWith(db: Db, outcome: PaymentOutcome, authorization: string): Promise<boolean> {
  if (outcome.kind !== 'already_paid') return false;
  const [order] = await db.select({ payment: orders.payment }).from(orders).where(eq(orders.id, outcome.orderId));
  return order?.payment.reference === authorization;
}

async function settle(tx: Db, payment: CompletedPayment): Promise<PaymentOutcome> {
  const notPayable = (reason: 'unknown' | 'expired' | 'cancelled') => ({ kind: 'not_payable', reason }) as const;

  const [found] = await tx.select({ cartId: paymentLinks.cartId }).from(paymentLinks).where(eq(paymentLinks.id, payment.linkId));
  if (!found) return notPayable('unknown');
  const [cart] = await tx.select().from(carts).where(eq(carts.id, found.cartId)).for('update');
  const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, payment.linkId)).for('update');
  if (link.provider !== payment.provider) return notPayable('unknown');

  if (link.status === 'paid') return { kind: 'already_paid', orderId: cart.orderId! };
  if (link.status === 'cancelled') return notPayable('cancelled');
  if (link.status === 'expired' || (await expireLinkIfDue(tx, link))) return notPayable('expired');

  const priced = await priceCart(tx, cart);
  if (!payableAsFixed(priced, link.amountCents)) return cancelChanged(tx, cart.id);

  const placed = await placeOrder(tx, {
    cart: { id: cart.id, owner: cart.owner, shippingAddress: cart.shippingAddress! },
    lines: priced.lines.map((l) => ({
      variant_id: l.variant_id,
      sku: l.sku,
      product_id: l.product_id,
      seller_handle: l.seller_handle,
      title: l.title,
      variant_title: l.variant_title,
      unit_price_cents: l.unit_price_cents,
      quantity: l.quantity,
      line_total_cents: l.line_total_cents,
    })),
    totals: priced.totals,
    payment: { provider: payment.provider, reference: payment.authorization },
  });
  if (!placed.placed) {
    return placed.priceChanged ? cancelChanged(tx, cart.id) : { kind: 'short', lines: placed.short };
  }
  await tx.update(paymentLinks).set({ status: 'paid', closedAt: new Date() }).where(eq(paymentLinks.id, link.id));
  return { kind: 'placed', orderId: placed.order.id };
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
  const notice = {
    type: 'warning' as const,
    code: 'payment_link_cancelled',
    message: 'The payment link was cancelled: prices or delivery changed after it was issued, so it could not be paid. Nothing was charged; ask for a new payment link.',
    path: 'links.payment_link',
  };
  const [cart] = await tx.select({ notices: carts.notices }).from(carts).where(eq(carts.id, cartId));
  await tx.update(carts).set({ status: 'open', notices: [...cart.notices, notice], updatedAt: new Date() }).where(eq(carts.id, cartId));
  return { kind: 'not_payable', reason: 'changed' };
}
