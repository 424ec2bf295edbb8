/**
 * UCP's order (order.md § Get Order) of an order as its reader holds it (read.ts), as a
 * current-state snapshot: what the binding's get_order answers and what every order webhook
 * carries (webhook.ts), so it lives here, below both.
 *
 * UCP's order carries no status of its own. Each line's quantity.fulfilled is the units its
 * sellers' `shipped` events covered, and its status derives from it as order_line_item.json says
 * (processing, partial, fulfilled); the fulfillment log is those events, oldest first
 * (fulfillment.ts records them).
 */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { linkPayPageUrl } from '../carts/links';
import { postalAddressOf } from '../carts/postal-address';
import { lineTitle } from '../carts/pricing';
import type { Db } from '../db/client';
import { orderEvents, orders, paymentLinks, type OrderLine, type ShippingAddress } from '../db/schema';
import type { ServiceKeys } from '../secrets/keys';
import { countedUnits, fulfillmentEventsOf } from './fulfillment';
import type { FulfillmentEventRecord } from './fulfillment-schemas';
import { orderLineIds } from './line-ids';
import type { HeldOrder } from './read';

type OrderRow = typeof orders.$inferSelect;

/** UCP's order, without its `ucp` member; what the holder knows of it (the link that paid it, placed just now) is not looked up. */
export async function ucpOrder(db: Db, keys: ServiceKeys, publicBaseUrl: string, { order, paidBy, placedNow }: HeldOrder) {
  const [lineIds, permalink, voidedAt, events] = await Promise.all([
    orderLineIds(db, order),
    paidBy ? linkPayPageUrl(keys, publicBaseUrl, paidBy) : permalinkUrl(db, keys, publicBaseUrl, order),
    voidedAtOf(db, order),
    placedNow ? [] : fulfillmentEventsOf(db, order.id),
  ]);
  const shipped = countedUnits(events).shipped;
  // A voided order (its payment could never be taken, nothing was charged) stays readable: its
  // lines keep what was ordered as `original` and have nothing left (`total` 0, so `removed`),
  // one cancellation adjustment says when and why, and nothing is expected to ship.
  const voided = voidedAt !== undefined;
  const lines = order.lineItems.map((line, i) => ({ line, id: lineIds[i], total: voided ? 0 : line.quantity, fulfilled: shipped.get(lineIds[i]) ?? 0 }));
  return {
    id: order.id,
    // A checkout of UCP's binding is the cart it wraps: its id is the cart's.
    checkout_id: order.cartId,
    permalink_url: permalink,
    line_items: lines.map(({ line, id, total, fulfilled }) => ({
      id,
      item: { id: line.variant_id, title: lineTitle(line), price: line.unit_price_cents },
      quantity: { original: line.quantity, total, fulfilled },
      totals: [
        { type: 'subtotal' as const, amount: line.line_total_cents },
        { type: 'total' as const, amount: line.line_total_cents },
      ],
      status: lineStatus(total, fulfilled),
    })),
    fulfillment: { expectations: voided ? [] : expectations(lines, order.shippingAddress), events: events.map(ucpEvent) },
    ...(voided && {
      adjustments: [
        {
          id: `adj_${order.id}_void`,
          type: 'cancellation' as const,
          occurred_at: voidedAt.toISOString(),
          status: 'completed' as const,
          line_items: lines.map(({ line, id }) => ({ id, quantity: -line.quantity })),
          description: 'The payment was authorized but could never be taken, so the order was voided: nothing was charged.',
        },
      ],
    }),
    currency: order.totals.currency,
    totals: [
      { type: 'subtotal' as const, amount: order.totals.subtotal_cents },
      { type: 'fulfillment' as const, amount: order.totals.delivery_cents },
      { type: 'total' as const, amount: order.totals.total_cents },
    ],
  };
}

/**
 * The /pay/{token} page of the link that paid the order, which shows the order once paid (a
 * Stripe link's page too). That link is the newest of its provider's links on the cart made
 * before the order: a cart has at most one live link, and only a live one is paid. An x402 order
 * was paid without a link: the service's start page stands in, where the person can go on.
 */
async function permalinkUrl(db: Db, keys: ServiceKeys, publicBaseUrl: string, order: OrderRow): Promise<string> {
  const [link] = await db
    .select({ id: paymentLinks.id, tokenHash: paymentLinks.tokenHash })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.cartId, order.cartId),
        eq(paymentLinks.provider, order.payment.provider),
        inArray(paymentLinks.status, ['paid', 'failed']),
        lte(paymentLinks.createdAt, order.createdAt),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  return link ? linkPayPageUrl(keys, publicBaseUrl, link) : `${publicBaseUrl}/`;
}

/** When the order was voided, or undefined for one that stands. */
async function voidedAtOf(db: Db, order: OrderRow): Promise<Date | undefined> {
  if (order.status !== 'voided') return undefined;
  const [event] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'voided')));
  // Every void records its event (history.ts); the order's own time is the floor otherwise.
  return event?.at ?? order.createdAt;
}

/** One expectation per seller, in the order their lines come: each seller ships its lines to the address. */
function expectations(lines: { line: OrderLine; id: string }[], address: ShippingAddress) {
  const destination = postalAddressOf(address);
  const bySeller = new Map<string, typeof lines>();
  for (const entry of lines) bySeller.set(entry.line.seller_handle, [...(bySeller.get(entry.line.seller_handle) ?? []), entry]);
  return [...bySeller].map(([handle, shipped]) => ({
    id: `exp_${handle}`,
    line_items: shipped.map(({ line, id }) => ({ id, quantity: line.quantity })),
    method_type: 'shipping' as const,
    destination,
  }));
}

/** order_line_item.json's derivation: removed when nothing is left, fulfilled when all of it shipped. */
function lineStatus(total: number, fulfilled: number): 'removed' | 'fulfilled' | 'partial' | 'processing' {
  if (total === 0) return 'removed';
  if (fulfilled >= total) return 'fulfilled';
  return fulfilled > 0 ? 'partial' : 'processing';
}

/** An event as UCP's fulfillment_event.json has it; the seller is named in its description. */
function ucpEvent(event: FulfillmentEventRecord) {
  const by = event.carrier ? ` by ${event.carrier}` : '';
  return {
    id: event.id,
    occurred_at: event.occurred_at,
    type: event.type,
    line_items: event.line_items,
    ...(event.tracking_number !== null && { tracking_number: event.tracking_number }),
    ...(event.tracking_url !== null && { tracking_url: event.tracking_url }),
    ...(event.carrier !== null && { carrier: event.carrier }),
    description: event.type === 'shipped' ? `${event.seller_handle}’s shipment, handed to the carrier${by}.` : `${event.seller_handle}’s shipment, delivered${by}.`,
  };
}
