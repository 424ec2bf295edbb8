/**
 * An order event's webhook (order.md § Events), enqueued in the transaction that wrote the event
 * (the outbox: webhooks/outbox.ts). Its body is UCP's order as that transaction holds it
 * (ucp-order.ts), rendered here, once.
 *
 * Whose platform hears of an order: the one a call credited its cart to (`orders.platform`: an
 * OAuth token with UCP-Agent, or on UCP's binding a key or buyer token naming a profile its account
 * lists), or, for a cart an open call made, the profile that call was (its owner's namespace). A
 * cart made otherwise with a key or buyer token credits none, so its orders are sent nowhere.
 *
 * An order whose cart an ACP platform's key made (carts.acp_platform) is also sent to that
 * platform, as ACP's order event (acp-order.ts), when its account has a webhook URL registered at
 * that moment (keys/acp-platforms.ts); an order may go to both.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import { agentOfNamespace } from '../identity/caller';
import type { ServiceKeys } from '../secrets/keys';
import { acpWebhookRegistered } from '../keys/acp-platforms';
import { addAcpOrderDelivery, addOrderDelivery, type OrderWebhookEvent } from '../webhooks/outbox';
import { acpOrderWebhook } from './acp-order';
import { heldOrder, type HeldOrder } from './read';
import { ucpOrder } from './ucp-order';

/** What rendering and sealing a webhook's body takes. */
export interface OrderWebhookServices {
  keys: ServiceKeys;
  config: Pick<Config, 'publicBaseUrl'>;
}

/**
 * Adds the deliveries of `event` to the caller's transaction `tx`, in which the event was just
 * written; nothing when the order has no platform to hear of it. The order is its id, or the order
 * as the transaction holds it (nothing read again). Answers the UCP delivery's id (its Webhook-Id),
 * if there is one.
 */
export async function enqueueOrderWebhook(services: OrderWebhookServices, tx: Db, order: string | HeldOrder, event: OrderWebhookEvent): Promise<string | undefined> {
  const held = typeof order === 'string' ? await heldOrder(tx, order) : order;
  if (!held) return undefined;
  const profileUrl = held.order.platform ?? agentOfNamespace(held.owner);
  const acpAccountId = held.acpPlatform && (await acpWebhookRegistered(tx, held.acpPlatform)) ? held.acpPlatform : null;
  if (!profileUrl && !acpAccountId) return undefined;
  const entity = await ucpOrder(tx, services.keys, services.config.publicBaseUrl, held);
  if (acpAccountId) await addAcpOrderDelivery(services.keys, tx, { orderId: held.order.id, event, acpAccountId, body: acpOrderWebhook(event, entity) });
  return profileUrl ? addOrderDelivery(services.keys, tx, { orderId: held.order.id, event, profileUrl, scope: held.scope, entity }) : undefined;
}
