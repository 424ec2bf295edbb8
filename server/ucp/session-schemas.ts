/**
 * The shapes UCP's carts and checkout sessions share (cart.md § Entities: a cart reuses
 * checkout's), as zod schemas: line items, buyer, totals, messages, links and the error_response
 * of a refused create. Requests follow UCP's open objects (unknown members accepted and ignored;
 * the ones UCP defines typed and bounded); responses describe exactly what ucp/session.ts answers
 * (test/ucp-checkout.test.ts and test/ucp-cart.test.ts check answers against UCP's schemas).
 */
import { z } from 'zod';
import { quantitySchema } from '../carts/items';
import { emailAddress } from '../lib/email';
import { singleLine } from '../lib/input-limits';

/** A cart's or checkout's id as a path parameter: the cart's (cart_…). */
export const sessionId = singleLine(64).describe('The id (cart_…) an earlier answer gave.');

// ---------------------------------------------------------------- requests

export const lineItemRequest = z
  .looseObject({
    id: singleLine(64).describe('The line’s id from an earlier answer; lines are matched by item.id.').optional(),
    item: z.looseObject({ id: singleLine(200).describe('The variant (var_…): a variant id from the catalog’s search or lookup.') }),
    quantity: quantitySchema.describe('Units, a whole number ≥ 1; above the live max_item_quantity the line is not taken (message quantity_exceeds_limit).'),
    parent_id: singleLine(64).optional(),
  })
  .meta({ id: 'UcpLineItemRequest' });

export const lineItemsRequest = z
  .array(lineItemRequest)
  .max(500)
  .describe('Every line: they replace the ones held (one line per variant; the same variant twice adds up).');

export const buyerRequest = z
  .looseObject({
    email: emailAddress().describe('Where the order confirmation goes; required before a checkout is ready.').optional(),
    first_name: singleLine(100).optional(),
    last_name: singleLine(100).optional(),
    phone_number: singleLine(40).optional(),
  })
  .meta({ id: 'UcpBuyer' });

// ---------------------------------------------------------------- responses

export const totalEntry = z.object({ type: z.string(), display_text: z.string().optional(), amount: z.int() });

export const lineItemResponse = z.object({
  id: z.string().describe('The cart line’s id (item_…), the order line’s too.'),
  item: z.object({ id: z.string().describe('The variant (var_…).'), title: z.string(), price: z.int().describe('Unit price in US cents, as the catalog has it now.') }),
  quantity: z.int(),
  totals: z.array(totalEntry),
});

const errorMessage = z.object({
  type: z.literal('error'),
  code: z.string(),
  content: z.string(),
  severity: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable']),
  path: z.string().optional(),
});

export const sessionMessage = z.discriminatedUnion('type', [
  errorMessage,
  z.object({ type: z.literal('warning'), code: z.string(), content: z.string(), path: z.string().optional() }),
  z.object({ type: z.literal('info'), code: z.string(), content: z.string(), path: z.string().optional() }),
]);
export type SessionMessage = z.infer<typeof sessionMessage>;
export type ErrorMessage = z.infer<typeof errorMessage>;

export const linkResponse = z.object({ type: z.enum(['terms_of_service', 'privacy_policy', 'refund_policy', 'shipping_policy']), url: z.string(), title: z.string() });

export const buyerResponse = z.object({ email: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional(), phone_number: z.string().optional() });

export const ucpSuccess = z.object({
  version: z.string(),
  status: z.literal('success'),
  capabilities: z.record(z.string(), z.array(z.object({ version: z.string() }))).optional(),
});

/** UCP's error_response (types/error_response.json): a create that takes nothing answers it, and nothing is made. */
export const refusalResponse = z.object({
  ucp: z.object({ version: z.string(), status: z.literal('error'), capabilities: z.record(z.string(), z.array(z.object({ version: z.string() }))) }),
  messages: z.array(errorMessage).min(1),
  continue_url: z.string(),
});
export type RefusalResponse = z.infer<typeof refusalResponse>;
