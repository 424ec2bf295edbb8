/**
 * ACP's order (2026-04-17, `Order` of schema.agentic_checkout.json) and the order webhook that
 * carries it (`{type, data}`, openapi.agentic_checkout_webhook.yaml): the same order UCP's
 * (ucp-order.ts) renders, read once, reshaped. A checkout session of ACP's binding is the cart it
 * wraps, so checkout_session_id is the cart's id.
 *
 * The order's status derives as rfcs/rfc.orders.md §7.1 has it, from the lines: canceled once
 * nothing is left of any (a voided order), completed once every unit left was delivered, shipped
 * once every one was fulfilled (shipped), processing while some are, confirmed before. ACP has no
 * currency on an order (its totals are the checkout's, in usd), so none is sent.
 */
import type { OrderWebhookEvent } from '../webhooks/outbox';
import type { ucpOrder } from './ucp-order';

type UcpOrder = Awaited<ReturnType<typeof ucpOrder>>;

export type AcpOrderStatus = 'confirmed' | 'processing' | 'shipped' | 'completed' | 'canceled';

/** ACP's words for the totals an order carries (every `Total` has a display_text). */
const TOTAL_TEXT = { subtotal: 'Subtotal', fulfillment: 'Shipping', total: 'Total' } as const;

export function acpOrder(ucp: UcpOrder) {
  const delivered = new Map<string, number>();
  for (const event of ucp.fulfillment.events) {
    if (event.type !== 'delivered') continue;
    for (const { id, quantity } of event.line_items) delivered.set(id, (delivered.get(id) ?? 0) + quantity);
  }
  const lines = ucp.line_items.map((line) => ({
    id: line.id,
    title: line.item.title,
    quantity: { ordered: line.quantity.original, current: line.quantity.total, fulfilled: line.quantity.fulfilled },
    unit_price: line.item.price,
    subtotal: line.totals.find((t) => t.type === 'subtotal')!.amount,
    // UCP's line status derives from the same three quantities by the same rule (§7.1).
    status: line.status,
  }));
  return {
    type: 'order' as const,
    id: ucp.id,
    checkout_session_id: ucp.checkout_id,
    permalink_url: ucp.permalink_url,
    status: orderStatus(lines.map((l) => ({ ...l.quantity, delivered: delivered.get(l.id) ?? 0 }))),
    line_items: lines,
    totals: ucp.totals.map((t) => ({ type: t.type, display_text: TOTAL_TEXT[t.type], amount: t.amount })),
  };
}

/** §7.1's order status, from each line's units (no order here is held for review, none is just received). */
function orderStatus(lines: { current: number; fulfilled: number; delivered: number }[]): AcpOrderStatus {
  const live = lines.filter((l) => l.current > 0);
  if (!live.length) return 'canceled';
  if (live.every((l) => l.delivered >= l.current)) return 'completed';
  if (live.every((l) => l.fulfilled >= l.current)) return 'shipped';
  return live.some((l) => l.fulfilled > 0) ? 'processing' : 'confirmed';
}

/** The webhook's body: the order placed is its creation, every later event an update of the whole order. */
export function acpOrderWebhook(event: OrderWebhookEvent, ucp: UcpOrder) {
  return { type: event === 'order_placed' ? ('order_create' as const) : ('order_update' as const), data: acpOrder(ucp) };
}
