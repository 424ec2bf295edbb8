/**
 * Orders ship: an append-only log of fulfillment events, one seller's shipment each (sellers ship
 * separately), recorded by an admin and read by UCP's order and order-status. The order's own
 * status (ORDER_STATUSES) does not move; what moves is each line's quantity.fulfilled, the units
 * of its `shipped` events.
 *
 * The rules an event must meet, checked under a lock on the order row so that two events recorded
 * at once are checked one after the other (the second sees the first's units; two `shipped` events
 * cannot ship a unit twice, on any number of instances):
 * - the order exists (404 order_not_found) and was placed: a voided order ships nothing, and one
 *   still settling its payment (pending_payment) ships nothing yet (409 order_not_fulfillable);
 * - the seller is one of the order's; it may be left out when the order has one seller
 *   (400 fulfillment_seller_invalid);
 * - each line named is the order's and that seller's (400 fulfillment_line_invalid);
 * - `shipped` covers 1 up to the units of the line not yet shipped; `delivered` 1 up to the units
 *   shipped and not yet delivered (409 fulfillment_quantity_exceeded). Lines left out: every unit
 *   of the seller's lines the event may still cover, and none left is the same 409.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fulfillmentEvents, orders } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import type { FulfillmentEventRecord, RecordFulfillmentEventRequest } from './fulfillment-schemas';
import { orderLineIds } from './line-ids';

type EventType = FulfillmentEventRecord['type'];

/** What an event records: the request without the order's id, which the caller names apart. */
export type FulfillmentEventInput = Omit<RecordFulfillmentEventRequest, 'id'>;

/**
 * Records one event as a step of the caller's transaction `tx` (which the webhook outbox joins),
 * after the checks above; answers the event as recorded.
 */
export async function recordFulfillmentEvent(tx: Db, orderId: string, input: FulfillmentEventInput, at = new Date()): Promise<FulfillmentEventRecord> {
  const [order] = await tx
    .select({ id: orders.id, cartId: orders.cartId, status: orders.status, lineItems: orders.lineItems })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new ApiError('order_not_found', { message: `No order ${JSON.stringify(orderId)}.` });
  if (order.status !== 'placed') throw new ApiError('order_not_fulfillable', { details: { status: order.status } });

  const ids = await orderLineIds(tx, order);
  const lines = order.lineItems.map((line, i) => ({ id: ids[i], seller: line.seller_handle, quantity: line.quantity }));
  const seller = sellerOf(input.seller_handle, [...new Set(lines.map((l) => l.seller))]);
  const sellerLines = lines.filter((l) => l.seller === seller);
  const counts = countedUnits(await fulfillmentEventsOf(tx, order.id));
  // How many units of a line this event may still cover.
  const room = (line: { id: string; quantity: number }) =>
    input.type === 'shipped' ? line.quantity - (counts.shipped.get(line.id) ?? 0) : (counts.shipped.get(line.id) ?? 0) - (counts.delivered.get(line.id) ?? 0);

  const covered = input.line_items
    ? input.line_items.map(({ id, quantity }) => {
        const line = sellerLines.find((l) => l.id === id);
        if (!line) {
          const whose = lines.find((l) => l.id === id)?.seller;
          throw new ApiError('fulfillment_line_invalid', {
            message: whose ? `Line ${id} is ${whose}’s, not ${seller}’s: sellers ship separately.` : `The order has no line ${id}.`,
            details: { line_id: id, seller_lines: sellerLines.map((l) => l.id) },
          });
        }
        if (quantity > room(line)) throw quantityExceeded(input.type, id, quantity, room(line));
        return { id, quantity };
      })
    : sellerLines.filter((l) => room(l) > 0).map((l) => ({ id: l.id, quantity: room(l) }));
  if (covered.length === 0) {
    throw new ApiError('fulfillment_quantity_exceeded', {
      message: input.type === 'shipped' ? `Every unit of ${seller}’s lines has shipped.` : `Every unit ${seller} shipped has been delivered.`,
      details: { seller_handle: seller },
    });
  }

  const [row] = await tx
    .insert(fulfillmentEvents)
    .values({
      id: newId('fev'),
      orderId: order.id,
      sellerHandle: seller,
      type: input.type,
      lineItems: covered,
      carrier: input.carrier ?? null,
      trackingNumber: input.tracking_number,
      trackingUrl: input.tracking_url,
      occurredAt: at,
    })
    .returning();
  return recordOf(row);
}

/** Every event of the order, oldest first (ids are time-ordered, so they break a tie). */
export async function fulfillmentEventsOf(db: Db, orderId: string): Promise<FulfillmentEventRecord[]> {
  const rows = await db
    .select()
    .from(fulfillmentEvents)
    .where(eq(fulfillmentEvents.orderId, orderId))
    .orderBy(asc(fulfillmentEvents.occurredAt), asc(fulfillmentEvents.id));
  return rows.map(recordOf);
}

/** Each line's units shipped and delivered so far, by line id. */
export function countedUnits(events: readonly FulfillmentEventRecord[]): Record<EventType, Map<string, number>> {
  const counts = { shipped: new Map<string, number>(), delivered: new Map<string, number>() };
  for (const event of events) {
    const count = counts[event.type];
    for (const { id, quantity } of event.line_items) count.set(id, (count.get(id) ?? 0) + quantity);
  }
  return counts;
}

function sellerOf(handle: string | undefined, sellers: string[]): string {
  if (handle === undefined && sellers.length === 1) return sellers[0];
  if (handle !== undefined && sellers.includes(handle)) return handle;
  throw new ApiError('fulfillment_seller_invalid', {
    message: handle === undefined ? `The order has ${sellers.length} sellers, who ship separately: name the one whose shipment this is in seller_handle.` : `${handle} sells none of the order’s lines.`,
    details: { sellers },
  });
}

function quantityExceeded(type: EventType, lineId: string, requested: number, remaining: number): ApiError {
  return new ApiError('fulfillment_quantity_exceeded', {
    message:
      type === 'shipped'
        ? `Line ${lineId} has ${remaining} unit(s) left to ship; the event names ${requested}.`
        : `Line ${lineId} has ${remaining} unit(s) shipped and not yet delivered; the event names ${requested}.`,
    details: { line_id: lineId, requested, remaining },
  });
}

function recordOf(row: typeof fulfillmentEvents.$inferSelect): FulfillmentEventRecord {
  return {
    id: row.id,
    order_id: row.orderId,
    seller_handle: row.sellerHandle,
    type: row.type,
    line_items: row.lineItems,
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    occurred_at: row.occurredAt.toISOString(),
  };
}
