/**
 * UCP 2026-04-08's checkout session (checkout.json, with fulfillment.json's extension and
 * cart.json's cart_id) as zod schemas: the requests create, update, complete and cancel take, and
 * the checkout as ucp/checkout.ts answers it. Shared entities are session-schemas.ts's.
 */
import { z } from 'zod';
import { postalAddressResponse } from '../carts/postal-address';
import { singleLine } from '../lib/input-limits';
import {
  buyerRequest,
  buyerResponse,
  lineItemResponse,
  lineItemsRequest,
  linkResponse,
  refusalResponse,
  sessionId,
  sessionMessage,
  totalEntry,
  ucpSuccess,
} from './session-schemas';

// ---------------------------------------------------------------- requests

/** A destination as UCP's postal_address (types/shipping_destination.json). */
const destinationRequest = z.looseObject({
  id: singleLine(64).optional(),
  first_name: singleLine(100).optional(),
  last_name: singleLine(100).optional(),
  street_address: singleLine(200).optional(),
  extended_address: singleLine(200).optional(),
  address_locality: singleLine(100).optional(),
  address_region: singleLine(100).optional(),
  postal_code: singleLine(32).optional(),
  address_country: singleLine(100).describe('ISO 3166-1 alpha-2, e.g. US; an alpha-3 code (USA) or the English name (United States) is taken too, and answered as alpha-2.').optional(),
  phone_number: singleLine(40).optional(),
});
export type DestinationRequest = z.infer<typeof destinationRequest>;

const fulfillmentRequest = z
  .looseObject({
    methods: z
      .array(
        z.looseObject({
          id: singleLine(64).optional(),
          type: z.enum(['shipping', 'pickup']).optional(),
          line_item_ids: z.array(singleLine(64)).max(500).optional(),
          destinations: z.array(destinationRequest).max(10).optional(),
          selected_destination_id: singleLine(64).nullable().optional(),
          groups: z.array(z.looseObject({ id: singleLine(64), selected_option_id: singleLine(64).nullable().optional() })).max(100).optional(),
        }),
      )
      .max(5)
      .optional(),
  })
  .describe('One shipping method with one destination (the selected one, else the first): every item ships to it. Groups and options are the business’s; each seller’s one option is selected.')
  .meta({ id: 'UcpFulfillmentRequest' });
export type FulfillmentRequest = z.infer<typeof fulfillmentRequest>;

const paymentRequest = z.looseObject({
  instruments: z
    .array(z.looseObject({ id: singleLine(200).optional(), handler_id: singleLine(200).optional(), type: singleLine(100).optional() }))
    .max(10)
    .describe('Not taken here: this business offers no payment handler (payment_handlers {}); the person pays at continue_url.')
    .optional(),
});

const checkoutFields = {
  buyer: buyerRequest.optional(),
  fulfillment: fulfillmentRequest.optional(),
  payment: paymentRequest.optional(),
};

export const createCheckoutRequest = z
  .looseObject({
    line_items: lineItemsRequest.optional(),
    ...checkoutFields,
    cart_id: singleLine(64).describe('A cart of yours made at this endpoint: its lines and buyer make the checkout (line_items and buyer sent are ignored); a cart already a checkout answers that checkout.').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.line_items === undefined && value.cart_id === undefined) ctx.addIssue({ code: 'custom', path: ['line_items'], message: 'line_items is required (or cart_id).' });
  })
  .meta({ id: 'UcpCreateCheckoutRequest' });
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequest>;

export const updateCheckoutRequest = z.looseObject({ id: sessionId, line_items: lineItemsRequest, ...checkoutFields }).meta({ id: 'UcpUpdateCheckoutRequest' });
export type UpdateCheckoutRequest = z.infer<typeof updateCheckoutRequest>;

export const completeCheckoutRequest = z.looseObject({ id: sessionId, payment: paymentRequest.optional() }).meta({ id: 'UcpCompleteCheckoutRequest' });
export type CompleteCheckoutRequest = z.infer<typeof completeCheckoutRequest>;

export const checkoutIdRequest = z.object({ id: sessionId });

// ---------------------------------------------------------------- response

const destinationResponse = postalAddressResponse.extend({ id: z.string() });

const fulfillmentResponse = z.object({
  methods: z.array(
    z.object({
      id: z.string(),
      type: z.literal('shipping'),
      line_item_ids: z.array(z.string()),
      destinations: z.array(destinationResponse),
      selected_destination_id: z.string().nullable(),
      groups: z.array(
        z.object({
          id: z.string(),
          line_item_ids: z.array(z.string()),
          options: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), totals: z.array(totalEntry) })),
          selected_option_id: z.string(),
        }),
      ),
    }),
  ),
});
export type FulfillmentResponse = z.infer<typeof fulfillmentResponse>;

export const CHECKOUT_STATUSES = ['incomplete', 'requires_escalation', 'ready_for_complete', 'complete_in_progress', 'completed', 'canceled'] as const;

export const checkoutBody = z.object({
  id: z.string().describe('The checkout’s id: the id of the cart it is (cart_…).'),
  status: z.enum(CHECKOUT_STATUSES).describe('Never ready_for_complete here: the person pays at continue_url.'),
  currency: z.literal('USD'),
  line_items: z.array(lineItemResponse),
  buyer: buyerResponse.optional(),
  totals: z.array(totalEntry),
  messages: z.array(sessionMessage).optional(),
  links: z.array(linkResponse),
  expires_at: z.string(),
  continue_url: z.string().optional(),
  fulfillment: fulfillmentResponse.optional(),
  order: z.object({ id: z.string(), permalink_url: z.string() }).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const checkoutResponse = z
  .object({ ucp: ucpSuccess.extend({ payment_handlers: z.object({}).describe('None: no instrument a platform could submit.') }), ...checkoutBody.shape })
  .meta({ id: 'UcpCheckout' });

/** A checkout, or (create only) the error_response of one whose every item was unavailable. */
export const checkoutOrRefusal = z.union([checkoutResponse, refusalResponse]);
