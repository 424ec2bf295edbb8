/**
 * The transactional outbox of order webhooks (order.md § Events): an order event's delivery is a
 * row inserted in the transaction that wrote the event, so it commits or vanishes with it, and a
 * process that dies after the commit loses nothing (a worker of any process sends it: worker.ts).
 * The body is rendered here, once, from what that transaction wrote: UCP's order as it stands,
 * the same bytes at every attempt, stored sealed (sealed-bodies.ts). UCP's binding renders the order (ucp/order.ts, which sits above
 * the payments and orders that write events), so the service hands its renderer down (app.ts).
 *
 * Whose platform hears of an order: the one a call credited its cart to (`orders.platform`: an
 * OAuth token with UCP-Agent, or on UCP's binding a key or buyer token naming a profile its account
 * lists), or, for a cart an open call made, the profile that call was (its owner's namespace). A
 * cart made otherwise with a key or buyer token credits none, so its orders are sent nowhere.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { carts, orderWebhookDeliveries, orders } from '../db/schema';
import { agentOfNamespace } from '../identity/caller';
import { BINDING_CAPABILITIES, ORDER_CAPABILITY } from '../negotiation/capabilities';
import type { ServiceKeys } from '../secrets/keys';
import type { HeldOrder, OrderRenderer } from '../trpc/context';
import { sealBody } from './sealed-bodies';

/** What happened to the order; fulfillment events are named after their type. */
export type OrderWebhookEvent = 'order_placed' | 'order_voided' | 'fulfillment_shipped' | 'fulfillment_delivered';

/** What adding a delivery uses: UCP's order renderer (app.ts gives it), and the keys its body is sealed under. */
export interface OutboxServices {
  renderOrder: OrderRenderer;
  keys: ServiceKeys;
}

const insertDelivery = prepared<typeof orderWebhookDeliveries.$inferInsert, unknown>('webhook_delivery_insert', (db) =>
  db.insert(orderWebhookDeliveries).values(placeholders('id', 'orderId', 'event', 'profileUrl', 'scope', 'occurredAt', 'body', 'nextAttemptAt')),
);

/**
 * Adds the delivery of `event` to the caller's transaction `tx`, in which the event was just
 * written; nothing when the order's platform is unknown. The order is its id, or the order as the
 * transaction holds it (nothing read again). Answers the delivery's id (its Webhook-Id).
 */
export async function enqueueOrderWebhook(services: OutboxServices, tx: Db, order: string | HeldOrder, event: OrderWebhookEvent): Promise<string | undefined> {
  const held = typeof order === 'string' ? await heldOrder(tx, order) : order;
  const profileUrl = held && (held.order.platform ?? agentOfNamespace(held.owner));
  if (!profileUrl) return undefined;
  const entity = await services.renderOrder(tx, held);
  const { version } = BINDING_CAPABILITIES[ORDER_CAPABILITY];
  const body = sealBody(services.keys, JSON.stringify({ ucp: { version, capabilities: { [ORDER_CAPABILITY]: [{ version }] } }, ...entity }));
  // The transaction's last step, so this is as near its commit as the transaction can know.
  const occurredAt = new Date();
  const id = randomUUID();
  await insertDelivery(tx, { id, orderId: held.order.id, event, profileUrl, scope: held.scope, occurredAt, body, nextAttemptAt: occurredAt });
  return id;
}

async function heldOrder(tx: Db, orderId: string): Promise<HeldOrder | undefined> {
  const [found] = await tx
    .select({ order: orders, owner: carts.owner, scope: carts.scope })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(orders.id, orderId));
  return found;
}
