/**
 * The shapes ACP 2026-04-17's checkout sessions and carts share (schema.agentic_checkout.json
 * $defs: Item, Buyer, Address, FulfillmentDetails, LineItem, Total, the messages, Link), as zod
 * schemas. Requests are closed as ACP's are (additionalProperties false), with decision 2's one
 * addition: an Item may carry an integer `quantity` ≥ 1 (absent: 1). Responses describe what
 * acp/session.ts answers; test/acp-*.test.ts check every answer against ACP's own schemas.
 */
import { z } from 'zod';
import { quantitySchema } from '../carts/items';
import { emailAddress } from '../lib/email';
import { singleLine } from '../lib/input-limits';

/** A session's or cart's id as a path parameter: the cart's (cart_…). */
export const sessionId = singleLine(64).describe('The id (cart_…) an earlier answer gave.');

// ---------------------------------------------------------------- requests

export const itemRequest = z.strictObject({
  id: singleLine(200).describe('The variant (var_…), as the product feed and catalog name it.'),
  name: singleLine(500).optional(),
  unit_amount: z.int().optional(),
  quantity: quantitySchema.default(1).describe('Units (decision 2: ACP’s Item has none); above the live max_item_quantity the line is not taken (quantity_exceeded).'),
});

export const itemsRequest = z.array(itemRequest).min(1).max(100);

export const buyerRequest = z.strictObject({
  email: emailAddress(),
  first_name: singleLine(100).optional(),
  last_name: singleLine(100).optional(),
  full_name: singleLine(200).optional(),
  phone_number: singleLine(40).optional(),
  customer_id: singleLine(200).optional(),
  account_type: z.enum(['guest', 'registered', 'business']).optional(),
  authentication_status: z.enum(['authenticated', 'guest', 'requires_signin']).optional(),
  company: z.looseObject({ name: singleLine(200) }).optional(),
  loyalty: z.looseObject({}).optional(),
  tax_exemption: z.looseObject({}).optional(),
});
export type BuyerRequest = z.infer<typeof buyerRequest>;

export const addressRequest = z.strictObject({
  name: singleLine(200),
  line_one: singleLine(200),
  line_two: singleLine(200).optional(),
  city: singleLine(100),
  state: singleLine(100),
  country: singleLine(100),
  postal_code: singleLine(32),
  company: singleLine(200).optional(),
});
export type AddressRequest = z.infer<typeof addressRequest>;

export const fulfillmentDetailsRequest = z.strictObject({
  name: singleLine(200).optional(),
  phone_number: singleLine(40).optional(),
  email: emailAddress().optional(),
  address: addressRequest.optional(),
});
export type FulfillmentDetailsRequest = z.infer<typeof fulfillmentDetailsRequest>;

// ---------------------------------------------------------------- responses

export const total = z.object({ type: z.string(), display_text: z.string(), amount: z.int() });

const seller = z.object({ name: z.string() });

export const lineItem = z.object({
  id: z.string().describe('The cart line’s id (item_…).'),
  item: z.object({ id: z.string().describe('The variant (var_…).') }),
  quantity: z.int(),
  name: z.string(),
  unit_amount: z.int(),
  product_id: z.string(),
  sku: z.string(),
  variant_id: z.string(),
  marketplace_seller_details: seller,
  totals: z.array(total),
});

export const message = z.object({
  type: z.enum(['error', 'warning', 'info']),
  code: z.string().optional(),
  resolution: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review']).optional(),
  param: z.string().optional(),
  content_type: z.literal('plain'),
  content: z.string(),
});
export type AcpMessage = z.infer<typeof message>;

export const link = z.object({ type: z.enum(['terms_of_use', 'privacy_policy', 'return_policy', 'shipping_policy']), title: z.string(), url: z.string() });

export const buyer = z.object({ email: z.string(), first_name: z.string().optional(), last_name: z.string().optional(), phone_number: z.string().optional() });
