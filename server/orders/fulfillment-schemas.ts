/**
 * The contract of fulfillment events as the service's own API speaks it: what an admin records
 * (POST /api/admin/orders/{id}/fulfillment-events) and the record order-status lists. UCP's shape
 * of the same events is ucp/order-schemas.ts. Carrier and tracking strings are bounded and single
 * lines (they reach UCP's order and every platform's webhook verbatim); the tracking URL is https,
 * as a page a person is sent to.
 */
import { z } from 'zod';
import { FULFILLMENT_EVENT_TYPES } from '../db/schema';
import { singleLine } from '../lib/input-limits';

/** A line of the order (its `item_…` id, as UCP's order names it) and how many of its units. */
const lineQuantity = z.object({
  id: singleLine(100).min(1).describe('The order line’s id (item_…), as line_items[].id of the UCP order names it.'),
  quantity: z.int().min(1).max(1_000_000).describe('How many of the line’s units the event covers.'),
});

const eventType = z
  .enum(FULFILLMENT_EVENT_TYPES)
  .describe('`shipped`: handed to the carrier; counts into each line’s quantity.fulfilled. `delivered`: received by the buyer; covers units already shipped.');

export const recordFulfillmentEventRequest = z
  .object({
    id: singleLine(100).min(1).describe('The order’s id (ord_…).'),
    type: eventType,
    seller_handle: singleLine(100)
      .min(1)
      .describe('The seller whose shipment this is; may be left out when every line of the order is one seller’s. Sellers ship separately.')
      .optional(),
    line_items: z
      .array(lineQuantity.strict())
      .min(1)
      .max(100)
      .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, { message: 'Name each line once.' })
      .describe('The seller’s lines and quantities the event covers. Left out: every unit of the seller’s lines still to ship (shipped) or shipped and not yet delivered (delivered).')
      .optional(),
    carrier: singleLine(100).min(1).describe('The carrier’s name, e.g. UPS.').optional(),
    tracking_number: singleLine(100).min(1).describe('The carrier’s tracking number.'),
    tracking_url: z.url({ protocol: /^https$/ }).max(2048).describe('An https page where the shipment is tracked.'),
  })
  .strict()
  .meta({ id: 'FulfillmentEventRequest' });

export const fulfillmentEventRecord = z
  .object({
    id: z.string().describe('The event’s id (fev_…).'),
    order_id: z.string(),
    seller_handle: z.string().describe('The seller whose shipment it is.'),
    type: eventType,
    line_items: z.array(lineQuantity).describe('The order lines and quantities the event covers.'),
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    occurred_at: z.iso.datetime(),
  })
  .meta({ id: 'FulfillmentEvent' });

export type RecordFulfillmentEventRequest = z.infer<typeof recordFulfillmentEventRequest>;
export type FulfillmentEventRecord = z.infer<typeof fulfillmentEventRecord>;
