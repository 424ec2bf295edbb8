/**
 * What a buyer, a person (an OAuth token) or a key with the order scope may read of orders: their own
 * orders, newest first (keyset pages under a signed cursor), and one order's status with its history.
 * An order the reader may not see is answered as one that does not exist.
 */
import { and, desc, eq, lt, or, asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { orderEvents, orders, type OrderLine, type OrderTotals } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { cursorScope, decodeCursor, encodeCursor } from '../catalog/cursor';
import { newId } from '../lib/ids';
import { fulfillmentEventsOf } from './fulfillment';
import type { FulfillmentEventRecord } from './fulfillment-schemas';
import { deliveriesOfOrder, type DeliveryView } from '../webhooks/deliveries';

export type OrderStatus = (typeof orders.$inferSelect)['status'];

export interface OrderSummary {
  order_id: string;
  status: OrderStatus;
  line_items: OrderLine[];
  totals: OrderTotals;
  created_at: string;
}

export interface OrderPage {
  orders: OrderSummary[];
  nextCursor: string | null;
}

type Key = [createdAt: string, id: string];
const isKey = (k: unknown): k is Key => Array.isArray(k) && k.length === 2 && k.every((v) => typeof v === 'string');

/**
 * Who may read an order: the buyer it was made for, the person whose OAuth token made its cart
 * (through any client), or the namespace (a key) that made its cart.
 */
export type OrderReader = { buyerId: string } | { accountId: string } | { owner: string };

function readable(reader: OrderReader) {
  if ('buyerId' in reader) return eq(orders.buyerId, reader.buyerId);
  if ('accountId' in reader) return eq(orders.accountId, reader.accountId);
  return eq(orders.owner, reader.owner);
}

/** The buyer's or the person's orders, newest first. */
export async function listOrders(db: Db, cursorSecret: Buffer, reader: { buyerId: string } | { accountId: string }, page: { limit: number; cursor?: string }): Promise<OrderPage> {
  const scope = cursorScope({ orders: reader });
  const after = page.cursor ? decodeCursor(cursorSecret, scope, page.cursor, isKey) : undefined;
  const older = after
    ? or(lt(orders.createdAt, new Date(after.key[0])), and(eq(orders.createdAt, new Date(after.key[0])), lt(orders.id, after.key[1])))
    : undefined;
  const rows = await db
    .select()
    .from(orders)
    .where(and(readable(reader), older))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  const served = (after?.served ?? 0) + shown.length;
  return {
    orders: shown.map((o) => ({ order_id: o.id, status: o.status, line_items: o.lineItems, totals: o.totals, created_at: o.createdAt.toISOString() })),
    nextCursor: rows.length > page.limit ? encodeCursor(cursorSecret, scope, { key: [last.createdAt.toISOString(), last.id], served }) : null,
  };
}

export interface OrderStatusView {
  order_id: string;
  status: OrderStatus;
  history: { status: OrderStatus; at: string }[];
  /** What happened to its sellers' shipments, oldest first (orders/fulfillment.ts). */
  fulfillment: FulfillmentEventRecord[];
  /** Its webhooks to the platform, oldest first (webhooks/deliveries.ts). */
  deliveries: DeliveryView[];
}

export async function orderStatus(db: Db, reader: OrderReader, orderId: string): Promise<OrderStatusView> {
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(and(eq(orders.id, orderId), readable(reader)));
  if (!order) throw new ApiError('order_not_found');
  const [events, fulfillment, deliveries] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    fulfillmentEventsOf(db, order.id),
    deliveriesOfOrder(db, order.id),
  ]);
  return { order_id: order.id, status: order.status, history: events.map((e) => ({ status: e.status, at: e.at.toISOString() })), fulfillment, deliveries };
}

const insertEvent = prepared<{ id: string; orderId: string; status: OrderStatus; at: Date }, unknown>('order_event_insert', (db) =>
  db.insert(orderEvents).values(placeholders('id', 'orderId', 'status', 'at')),
);

/** Records a status the order has just taken, in the transaction that gave it. */
export async function recordOrderEvent(tx: Db, orderId: string, status: OrderStatus, at = new Date()): Promise<void> {
  await insertEvent(tx, { id: newId('oev'), orderId, status, at });
}

type EventPair = { orderId: string } & Record<'firstId' | 'secondId', string> & Record<'first' | 'second', OrderStatus> & Record<'firstAt' | 'secondAt', Date>;
const insertEventPair = prepared<EventPair, unknown>('order_event_pair_insert', (db) =>
  db.insert(orderEvents).values([
    { id: sql.placeholder('firstId'), orderId: sql.placeholder('orderId'), status: sql.placeholder('first'), at: sql.placeholder('firstAt') },
    { id: sql.placeholder('secondId'), orderId: sql.placeholder('orderId'), status: sql.placeholder('second'), at: sql.placeholder('secondAt') },
  ]),
);

/**
 * Records two statuses the order took one after the other in the same transaction, in one
 * statement; the second a millisecond after the first at least, so the history lists them in order.
 */
export async function recordOrderEvents(tx: Db, orderId: string, [first, firstAt]: [OrderStatus, Date], second: OrderStatus): Promise<void> {
  const secondAt = new Date(Math.max(Date.now(), firstAt.getTime() + 1));
  await insertEventPair(tx, { orderId, firstId: newId('oev'), first, firstAt, secondId: newId('oev'), second, secondAt });
}
