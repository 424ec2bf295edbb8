/**
 * The transactional outbox of order webhooks (order.md § Events): an order event's delivery is a
 * row inserted in the transaction that wrote the event, so it commits or vanishes with it, and a
 * process that dies after the commit loses nothing (a worker of any process sends it: worker.ts).
 * The body is rendered once, from what that transaction wrote (orders/webhook.ts, which sits above
 * this layer with the order it renders): the order as it stands, the same bytes at every attempt,
 * stored sealed (sealed-bodies.ts). A row has a target: `ucp`, a platform's profile (UCP's order,
 * its webhook URL read from the profile at each attempt), or `acp`, an ACP platform's account
 * (ACP's order event, its registered URL and secret read at each attempt: keys/acp-platforms.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { orderWebhookDeliveries } from '../db/schema';
import { BINDING_CAPABILITIES, ORDER_CAPABILITY } from '../negotiation/capabilities';
import type { ServiceKeys } from '../secrets/keys';
import { sealBody } from './sealed-bodies';

/** What happened to the order; fulfillment events are named after their type. */
export type OrderWebhookEvent = 'order_placed' | 'order_voided' | 'fulfillment_shipped' | 'fulfillment_delivered';

export interface OrderDelivery {
  orderId: string;
  event: OrderWebhookEvent;
  /** The platform's profile, whose webhook URL the worker sends to. */
  profileUrl: string;
  /** The endpoint that made the order's cart: the seller's handle, null for the network's. */
  scope: string | null;
  /** UCP's order entity without its `ucp` member, which the body gets here. */
  entity: Record<string, unknown>;
}

export interface AcpOrderDelivery {
  orderId: string;
  event: OrderWebhookEvent;
  /** The ACP platform's account (carts.acp_platform), whose registration names the URL and secret. */
  acpAccountId: string;
  /** ACP's order event (`{type, data}`), as sent. */
  body: unknown;
}

const insertDelivery = prepared<typeof orderWebhookDeliveries.$inferInsert, unknown>('webhook_delivery_insert', (db) =>
  db
    .insert(orderWebhookDeliveries)
    .values(placeholders('id', 'orderId', 'event', 'target', 'profileUrl', 'acpAccountId', 'scope', 'occurredAt', 'body', 'nextAttemptAt')),
);

/** Adds `delivery` to the transaction `tx` that wrote its event, its body sealed. Answers its id (its Webhook-Id). */
export async function addOrderDelivery(keys: ServiceKeys, tx: Db, { orderId, event, profileUrl, scope, entity }: OrderDelivery): Promise<string> {
  const { version } = BINDING_CAPABILITIES[ORDER_CAPABILITY];
  const body = { ucp: { version, capabilities: { [ORDER_CAPABILITY]: [{ version }] } }, ...entity };
  return insertRow(keys, tx, { orderId, event, target: 'ucp', profileUrl, acpAccountId: null, scope }, body);
}

/** Adds an ACP platform's delivery of `event` to the transaction `tx` that wrote it, its body sealed. Answers its id. */
export async function addAcpOrderDelivery(keys: ServiceKeys, tx: Db, { orderId, event, acpAccountId, body }: AcpOrderDelivery): Promise<string> {
  return insertRow(keys, tx, { orderId, event, target: 'acp', profileUrl: null, acpAccountId, scope: null }, body);
}

type Addressed = Pick<typeof orderWebhookDeliveries.$inferInsert, 'orderId' | 'event' | 'target' | 'profileUrl' | 'acpAccountId' | 'scope'>;

async function insertRow(keys: ServiceKeys, tx: Db, addressed: Addressed, body: unknown): Promise<string> {
  // The transaction's last step, so this is as near its commit as the transaction can know.
  const occurredAt = new Date();
  const id = randomUUID();
  await insertDelivery(tx, { id, ...addressed, occurredAt, body: sealBody(keys, JSON.stringify(body)), nextAttemptAt: occurredAt });
  return id;
}
