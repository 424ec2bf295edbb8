/**
 * The shape of `details` for each error code that carries it: the one description of those
 * extras, published in /api/openapi.json (each code's error schema) and held to the real bodies by
 * test/openapi.test.ts. A code absent here answers no `details`. `.optional()` marks details that
 * only some failures of the code carry.
 */
import { z } from 'zod';
import type { ErrorCode } from './catalogue';

const sellerRef = z.object({ handle: z.string(), name: z.string() });
/** Why UCP's binding refused a request signature, as the seed API's advisory would name it. */
const signatureRefusal = z.object({ reason: z.string().describe('The signature_* advisory code the seed API would have answered (e.g. signature_expired).') });

export const ERROR_DETAILS = {
  invalid_request: z.object({
    issues: z
      .array(
        z.object({
          path: z.string().describe('Dotted path of the offending field (e.g. "context.endpoint"); empty for the input as a whole.'),
          message: z.string(),
          did_you_mean: z.string().describe('For an unknown field: the valid name it most likely meant (seller → seller_handle).').optional(),
        }),
      )
      .min(1)
      .describe('Each problem of the request against the operation’s schema.'),
  }),
  credential_required: z.object({
    required: z.string().describe('What the operation needs: a scope such as "checkout:write", "buyer_token", "developer_session" or "ADMIN_TOKEN bearer".'),
  }),
  insufficient_scope: z.object({
    required: z.string().describe('What the operation needs that the credential does not carry: a scope such as "buyer:write", or "buyer_token", "developer_session".'),
  }),
  buyer_credential_required: z.object({ required: z.literal('buyer_token').describe('What the operation needs: a buyer token (or an OAuth token acting for the person).') }),
  origin_refused: z.object({ expected_origin: z.string().describe('The origin a change made with a session must come from: the service’s own.') }),
  key_limit_reached: z.object({ max_active_keys: z.number().int().describe('Active keys an account may hold.') }),
  agent_profile_limit_reached: z.object({ max_agent_profiles: z.number().int().describe('Agent profiles an account may list.') }),
  conflicting_credentials: z.object({
    field: z.string().describe('The identification named twice with different values ("ucp-agent", "ai.service.buyer"), or "credential" for a key sent with UCP-Agent.'),
    places: z.array(z.string()).describe('Where it was named: "arguments.meta", "params._meta", "header"; or "Authorization" and "UCP-Agent".'),
  }),
    reserved_profile_host: z.object({
    refused_from: z.string().describe('The day (YYYY-MM-DD) from which such profiles are refused.'),
    host: z.string().describe('The profile URL’s host.'),
  }),
  ip_profile_host: z.object({
    refused_from: z.string().describe('The day (YYYY-MM-DD) from which such profiles are refused.'),
    host: z.string().describe('The profile URL’s host.'),
  }),
  rate_limited: z
    .object({
      retry_after: z.number().int().min(1).describe('Request rate: the seconds until the caller’s window ends (the Retry-After value).').optional(),
      policy: z.enum(['open', 'address', 'signed', 'credential', 'admin']).describe('Request rate: the policy whose window is spent; admin: the tries at the admin token from this client address.').optional(),
      mints_per_hour: z.number().int().describe('Network keys: mints an account may make in a rolling hour.').optional(),
      retry_after_seconds: z.number().int().describe('Network keys: the seconds until the next mint is allowed.').optional(),
    })
    .optional(),
  doc_not_found: z.object({ valid_slugs: z.array(z.string()).describe('The documentation pages there are.') }),
  endpoint_retired: z.object({ replacement: z.string().describe('The endpoint to use instead.') }),
  invalid_seller_selector: z
    .object({ matches: z.array(sellerRef).describe('Sellers sharing the name given: select one of them by handle.') })
    .optional(),
  SELLER_NOT_FOUND: z.object({
    did_you_mean: z.array(sellerRef).max(3).describe('Up to 3 sellers whose handle or name is most like the one asked for, most similar first; may be empty.'),
  }),
  product_not_found: z
    .object({
      matches: z
        .array(z.object({ product_id: z.string(), variant_id: z.string(), sku: z.string(), seller_handle: z.string() }))
        .min(1)
        .max(3)
        .describe('The id was a variant id or a SKU (of up to 3 sellers): the variant it names and its product.'),
    })
    .optional(),
  cart_not_open: z.object({ status: z.enum(['checkout', 'completed', 'cancelled']).describe('The state the cart is in.') }),
  cart_line_limit: z.object({ max_lines: z.number().int().describe('Lines a cart may hold.') }),
  quantity_exceeds_limit: z.object({ max_quantity: z.number().int().describe('The live per-line ceiling (max_item_quantity).') }),
  insufficient_stock: z.object({
    available: z.number().int().describe('Units the seller has now.'),
    variant_id: z.string().describe('The variant short of stock.'),
  }),
  variant_not_found: z
    .object({ did_you_mean: z.array(z.string()).max(3).describe('Up to 3 SKUs of that seller most like the one asked for.') })
    .optional(),
  variant_required: z.object({
    product_id: z.string().describe('The product named.'),
    variants: z
      .array(
        z.object({
          variant_id: z.string().describe('What to name the item by next.'),
          sku: z.string(),
          options: z.record(z.string(), z.string()).describe('The option values that tell it from the others, e.g. {"size": "M", "color": "Navy"}.'),
          price_cents: z.number().int(),
          in_stock: z.boolean().describe('false when the seller has none now (untracked stock is in stock).'),
        }),
      )
      .min(2)
      .describe('Every variant of the product, cheapest first.'),
  }),
  cart_not_ready: z.object({
    reasons: z
      .array(
        z.object({
          code: z.enum(['cart_empty', 'address_required', 'address_undeliverable', 'insufficient_stock']),
          message: z.string().describe('What to change, naming the seller or line where there is one.'),
        }),
      )
      .min(1)
      .describe('Each thing that keeps the cart from being paid.'),
  }),
  cart_total_exceeds_limit: z.object({ total_cents: z.number().int().describe('The cart’s total (subtotal + delivery), in US cents.') }),
  wallet_signature_invalid: z.object({
    reason: z.enum(['stale', 'signer_mismatch']).describe('stale: issued_at is more than 300 s from now; signer_mismatch: the signature does not recover to address.'),
  }),
  wallet_limit_reached: z.object({ max_wallets: z.number().int().describe('Wallets a buyer (or person) may link.') }),
  payment_rejected: z.object({
    reason: z
      .string()
      .describe(
        'Why, in x402’s words: invalid_exact_evm_scheme, _network_mismatch, _recipient_mismatch, _payload_authorization_value_mismatch, _payload_authorization_valid_after, _payload_authorization_valid_before, resource_mismatch, payer_not_registered, _signature, _nonce_already_used, _insufficient_balance, or a facilitator’s own reason verbatim.',
      ),
  }),
  // UCP's binding (<base>/ucp)
  profile_not_trusted: z.object({ profile: z.string().describe('The platform profile UCP-Agent named, which the credential’s account does not list.') }),
  request_too_large: z.object({ max: z.number().int().describe('The most items the operation takes at once.') }),
  ...Object.fromEntries((['signature_invalid', 'signature_missing', 'digest_mismatch', 'algorithm_unsupported'] as const).map((code) => [code, signatureRefusal])),
  key_not_found: signatureRefusal.optional(),
  // Fulfillment events (POST /api/admin/orders/{id}/fulfillment-events)
  order_not_fulfillable: z.object({ status: z.enum(['pending_payment', 'voided']).describe('voided, or pending_payment while its payment settles.') }),
  fulfillment_seller_invalid: z.object({ sellers: z.array(z.string()).describe('The handles of the order’s sellers.') }),
  fulfillment_line_invalid: z.object({ line_id: z.string(), seller_lines: z.array(z.string()).describe('The ids of that seller’s lines of the order.') }),
  fulfillment_quantity_exceeded: z.object({
    line_id: z.string().optional(),
    requested: z.number().int().optional(),
    remaining: z.number().int().optional(),
    seller_handle: z.string().optional().describe('When every line of that seller has already shipped (or been delivered).'),
  }),
} satisfies Partial<Record<ErrorCode, z.ZodType>>;

export type CodeWithDetails = keyof typeof ERROR_DETAILS;
