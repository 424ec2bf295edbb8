/**
 * The outbox as people see it: each order's deliveries (order-status), the failed ones an operator
 * lists, and a retry, which makes a failed delivery due now. A retry clears a 410's stop of the URL
 * it last went to (the operator says the platform takes deliveries again); a delivery retried past
 * its three days gets that one attempt.
 */
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderWebhookDeliveries, webhookGoneUrls } from '../db/schema';
import { ApiError } from '../errors/catalogue';

type Row = typeof orderWebhookDeliveries.$inferSelect;

export interface DeliveryView {
  /** The Webhook-Id. */
  id: string;
  order_id: string;
  event: string;
  state: Row['state'];
  /** When the event happened (Webhook-Timestamp). */
  occurred_at: string;
  attempts: number;
  last_attempt_at: string | null;
  /** The HTTP status of the last answer, null when none came. */
  last_status: number | null;
  last_error: string | null;
  /** The next try, while there is one. */
  next_attempt_at: string | null;
}

/** What a view reads: every column but the stored body (the whole order), which no view shows. */
const VIEW_COLUMNS = (({ body: _, ...columns }) => columns)(getTableColumns(orderWebhookDeliveries));

function viewOf(row: Omit<Row, 'body'>): DeliveryView {
  return {
    id: row.id,
    order_id: row.orderId,
    event: row.event,
    state: row.state,
    occurred_at: row.occurredAt.toISOString(),
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_status: row.lastStatus,
    last_error: row.lastError,
    next_attempt_at: row.state === 'pending' || row.state === 'sending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** An order's deliveries, oldest first. */
export async function deliveriesOfOrder(db: Db, orderId: string): Promise<DeliveryView[]> {
  const rows = await db.select(VIEW_COLUMNS).from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.orderId, orderId)).orderBy(asc(orderWebhookDeliveries.occurredAt), asc(orderWebhookDeliveries.id));
  return rows.map(viewOf);
}

/** Failed deliveries, newest first. */
export async function failedDeliveries(db: Db, limit: number): Promise<DeliveryView[]> {
  const rows = await db.select(VIEW_COLUMNS).from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.state, 'failed')).orderBy(desc(orderWebhookDeliveries.createdAt)).limit(limit);
  return rows.map(viewOf);
}

/** A failed delivery made due now; any other is answered as it stands. 404 not_found for an unknown id. */
export async function retryDelivery(db: Db, id: string, now = new Date()): Promise<DeliveryView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.id, id)).for('update');
    if (!row) throw new ApiError('not_found', { message: `No order webhook delivery ${JSON.stringify(id)}.` });
    if (row.state !== 'failed') return viewOf(row);
    if (row.lastUrl) await tx.delete(webhookGoneUrls).where(eq(webhookGoneUrls.url, row.lastUrl));
    const [due] = await tx
      .update(orderWebhookDeliveries)
      .set({ state: 'pending', nextAttemptAt: now, leaseUntil: null })
      .where(and(eq(orderWebhookDeliveries.id, id), eq(orderWebhookDeliveries.state, 'failed')))
      .returning();
    return viewOf(due);
  });
}
