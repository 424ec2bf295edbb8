/**
 * The operator's side of orders: recording that a seller's shipment left or arrived (issue #35).
 * Behind the ADMIN_TOKEN bearer, as every /api/admin operation. The pipeline requires idempotency
 * of writes under /api/agent/ only; this one takes an Idempotency-Key when sent (a retry after a
 * lost answer then records nothing twice) and runs in one transaction either way, the one
 * orders/fulfillment.ts locks the order in.
 */
import { recordFulfillmentEvent } from '../orders/fulfillment';
import { enqueueOrderWebhook } from '../orders/webhook';
import { fulfillmentEventRecord, recordFulfillmentEventRequest } from '../orders/fulfillment-schemas';
import { idempotentIfKeyed } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { admin } from '../trpc/procedures';

/**
 * The order of the success example: `npm run openapi:examples` plays it on an order of its own,
 * one seller's line paid on the /pay page (test/support/openapi-examples.ts).
 */
export const EXAMPLE_ORDER = 'ord_01kt2j3m5v8x4q2w7e9r6t1y2b';

export const adminOrdersRouter = router({
  recordFulfillmentEvent: admin
    .meta({
      op: {
        successStatus: 201,
        errors: ['order_not_found', 'order_not_fulfillable', 'fulfillment_seller_invalid', 'fulfillment_line_invalid', 'fulfillment_quantity_exceeded'],
      },
      examples: {
        shipped: {
          summary: 'The whole order shipped: one seller, every line',
          input: { id: EXAMPLE_ORDER, type: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
        },
        unknown: {
          summary: 'A shipment of an order that does not exist',
          input: { id: 'ord_01kt2j3m5v8x4q2w7e9r6t1y4d', type: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
        },
      },
      openapi: {
        method: 'POST',
        path: '/api/admin/orders/{id}/fulfillment-events',
        tags: ['admin'],
        summary: 'Record a seller’s shipment or delivery (ADMIN_TOKEN bearer)',
        description:
          'Appends a fulfillment event to a placed order: `shipped` (handed to the carrier) counts into each line’s quantity.fulfilled, so a line becomes partial or fulfilled; `delivered` covers units already shipped. One seller’s lines per event (sellers ship separately; seller_handle may be left out when the order has one seller); line_items left out cover every unit the event may still cover. The order’s status does not change; UCP’s order (GET <endpoint>/orders/{id}) and order-status list the event. A voided order answers 409 order_not_fulfillable; more units than are left, 409 fulfillment_quantity_exceeded. An Idempotency-Key, when sent, makes a retry answer the first outcome. Needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        protect: true,
      },
    })
    .input(recordFulfillmentEventRequest)
    .concat(idempotentIfKeyed)
    .output(fulfillmentEventRecord)
    .mutation(async ({ ctx, input: { id, ...event } }) => {
      const recorded = await recordFulfillmentEvent(ctx.db, id, event);
      // The platform hears of it from the outbox, in this transaction (orders/webhook.ts).
      await enqueueOrderWebhook(ctx.services, ctx.db, id, `fulfillment_${recorded.type}`);
      return recorded;
    }),
});
