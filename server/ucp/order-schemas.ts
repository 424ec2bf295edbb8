/**
 * UCP 2026-04-08's order (order.json and the types it uses: order_line_item, expectation,
 * fulfillment_event, adjustment, totals, postal_address) as zod schemas: the contract of the
 * binding's get_order, describing it in the OpenAPI and OpenRPC documents without reading UCP's
 * files. The response describes exactly what orders/ucp-order.ts answers, a subset of UCP's shape
 * (test/ucp-order.test.ts checks real answers against UCP's schema).
 */
import { z } from 'zod';
import { postalAddressResponse } from '../carts/postal-address';
import { singleLine } from '../lib/input-limits';
import { ucpResponseMeta } from './catalog-schemas';

export const getOrderRequest = z.object({ id: singleLine(200).min(1).describe('The order id (ord_…), as the order confirmation named it.') }).meta({ id: 'UcpGetOrderRequest' });

/** Money in ISO 4217 minor units (types/amount.json). */
const amount = z.int().min(0);
/** A signed amount (types/signed_amount.json): an adjustment's reductions are negative. */
const signedAmount = z.int();

const total = z
  .object({ type: z.enum(['subtotal', 'fulfillment', 'total']), amount })
  .describe('One entry of a totals breakdown (UCP types/total.json), in minor units.')
  .meta({ id: 'UcpOrderTotal' });

const lineReference = z.object({ id: z.string(), quantity: z.int().min(1) }).meta({ id: 'UcpOrderLineReference' });

const lineItem = z
  .object({
    id: z.string().describe('The cart line’s id (item_…), as the checkout’s line_items[].id named it.'),
    item: z.object({
      id: z.string().describe('The variant id (var_…), the id checkout takes.'),
      title: z.string(),
      price: amount.describe('Unit price paid, in minor units.'),
    }),
    quantity: z.object({ original: z.int().min(0), total: z.int().min(0), fulfilled: z.int().min(0) }),
    totals: z.array(total),
    status: z.enum(['processing', 'partial', 'fulfilled', 'removed']),
  })
  .describe('A line of the order (UCP types/order_line_item.json).')
  .meta({ id: 'UcpOrderLineItem' });

const expectation = z
  .object({
    id: z.string(),
    line_items: z.array(lineReference),
    method_type: z.literal('shipping'),
    destination: postalAddressResponse,
  })
  .describe('One seller’s shipment of the order’s lines to the shipping address (UCP types/expectation.json).')
  .meta({ id: 'UcpExpectation' });

/** UCP types/fulfillment_event.json: what happened to one seller's shipment. */
const fulfillmentEvent = z
  .object({
    id: z.string(),
    occurred_at: z.iso.datetime(),
    type: z.enum(['shipped', 'delivered']).describe('shipped: handed to the carrier (counts into quantity.fulfilled); delivered: received.'),
    line_items: z.array(lineReference),
    tracking_number: z.string().optional(),
    tracking_url: z.url().optional(),
    carrier: z.string().optional(),
    description: z.string().describe('Whose shipment it is and what happened to it.'),
  })
  .describe('One entry of the append-only fulfillment log (UCP types/fulfillment_event.json), oldest first.')
  .meta({ id: 'UcpFulfillmentEvent' });

const adjustment = z
  .object({
    id: z.string(),
    type: z.literal('cancellation'),
    occurred_at: z.iso.datetime(),
    status: z.literal('completed'),
    line_items: z.array(z.object({ id: z.string(), quantity: signedAmount })),
    description: z.string(),
  })
  .describe('A post-order change (UCP types/adjustment.json): here, an order voided because its payment could never be taken.')
  .meta({ id: 'UcpAdjustment' });

export const orderResponse = z
  .object({
    ucp: ucpResponseMeta,
    id: z.string(),
    checkout_id: z.string().describe('The checkout (the cart, cart_…) the order was placed from.'),
    permalink_url: z.url().describe('The order’s page for the person: the /pay/{token} page of the link that paid it.'),
    line_items: z.array(lineItem),
    fulfillment: z.object({ expectations: z.array(expectation), events: z.array(fulfillmentEvent) }),
    adjustments: z.array(adjustment).optional(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    totals: z.array(total),
  })
  .describe('An order as UCP’s order capability answers it (order.json): a current-state snapshot.')
  .meta({ id: 'UcpOrder' });

export type UcpOrder = z.infer<typeof orderResponse>;
