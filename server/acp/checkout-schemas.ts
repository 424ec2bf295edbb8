/**
 * ACP 2026-04-17's checkout session (schema.agentic_checkout.json: CheckoutSessionCreateRequest,
 * …UpdateRequest, …CompleteRequest, CancelSessionRequest, CheckoutSession) as zod schemas. The
 * members ACP defines that this service does not act on (coupons, discounts, affiliate
 * attribution, locale…) are taken and ignored; capability values it does not know are ignored too
 * (rfc.capability_negotiation.md §4.6.2).
 */
import { z } from 'zod';
import { singleLine } from '../lib/input-limits';
import { buyer, buyerRequest, fulfillmentDetailsRequest, itemsRequest, lineItem, link, message, sessionId, total } from './session-schemas';

// ---------------------------------------------------------------- requests

const capabilitiesRequest = z.strictObject({
  payment: z.looseObject({ handlers: z.array(z.looseObject({})).max(50).optional() }).optional(),
  interventions: z.looseObject({ supported: z.array(z.string()).max(50).optional(), required: z.array(z.string()).max(50).optional(), enforcement: z.string().optional() }).optional(),
  extensions: z.array(z.union([z.string(), z.looseObject({ name: z.string() })])).max(50).optional(),
});

/** Members ACP defines that change nothing here. */
const ignored = {
  fulfillment_groups: z.array(z.looseObject({})).max(100).optional(),
  coupons: z.array(z.string()).max(50).optional(),
  discounts: z.looseObject({}).optional(),
  order_notes: z.string().max(5000).optional(),
};

export const createCheckoutRequest = z.strictObject({
  buyer: buyerRequest.optional(),
  line_items: itemsRequest,
  currency: z.string().refine((c) => c.toLowerCase() === 'usd', 'must be usd: the network settles in US dollars'),
  fulfillment_details: fulfillmentDetailsRequest.optional(),
  capabilities: capabilitiesRequest,
  affiliate_attribution: z.looseObject({}).optional(),
  locale: singleLine(35).optional(),
  timezone: singleLine(64).optional(),
  quote_id: singleLine(200).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  ...ignored,
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequest>;

export const updateCheckoutRequest = z.strictObject({
  id: sessionId,
  buyer: buyerRequest.optional(),
  line_items: itemsRequest.optional(),
  fulfillment_details: fulfillmentDetailsRequest.optional(),
  selected_fulfillment_options: z.array(z.looseObject({ type: z.string(), option_id: singleLine(200) })).max(100).optional(),
  ...ignored,
});
export type UpdateCheckoutRequest = z.infer<typeof updateCheckoutRequest>;

const RAW_CARD = 'Raw card data is never taken here: delegate the card (POST /acp/agentic_commerce/delegate_payment) and send its token as credential {type: "spt", token: "vt_…"}';

/**
 * payment_data as ACP has it (PaymentData). A credential carrying card details is refused by the
 * schema, before anything is read or kept: its number never reaches the idempotency record.
 */
const paymentDataRequest = z.strictObject({
  handler_id: singleLine(200).optional(),
  instrument: z
    .looseObject({
      type: singleLine(100),
      credential: z.looseObject({ type: singleLine(100), token: z.string().max(500) }).superRefine((credential, ctx) => {
        if (['number', 'cvc', 'card_number', 'pan'].some((field) => field in credential)) ctx.addIssue({ code: 'custom', message: RAW_CARD });
      }),
    })
    .optional(),
  billing_address: z.looseObject({}).optional(),
  purchase_order_number: z.string().max(200).optional(),
  payment_terms: z.string().optional(),
  due_date: z.string().optional(),
  approval_required: z.boolean().optional(),
});
export type PaymentDataRequest = z.infer<typeof paymentDataRequest>;

export const completeCheckoutRequest = z.strictObject({
  id: sessionId,
  payment_data: paymentDataRequest,
  buyer: buyerRequest.optional(),
  authentication_result: z.looseObject({}).optional(),
  affiliate_attribution: z.looseObject({}).optional(),
  risk_signals: z.looseObject({}).optional(),
  marketing_consents: z.array(z.looseObject({})).max(20).optional(),
  order_notes: z.string().max(5000).optional(),
});
export type CompleteCheckoutRequest = z.infer<typeof completeCheckoutRequest>;

export const cancelCheckoutRequest = z.strictObject({ id: sessionId, intent_trace: z.looseObject({}).optional() });

export const checkoutIdRequest = z.strictObject({ id: sessionId });

// ---------------------------------------------------------------- the session

const paymentHandler = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  spec: z.string(),
  requires_delegate_payment: z.boolean(),
  requires_pci_compliance: z.boolean(),
  psp: z.string(),
  config_schema: z.string(),
  instrument_schemas: z.array(z.string()),
  config: z.record(z.string(), z.unknown()),
});

export const capabilities = z.object({
  payment: z.object({ handlers: z.array(paymentHandler) }),
  interventions: z.object({ supported: z.array(z.string()), required: z.array(z.string()), enforcement: z.literal('conditional') }),
});
export type Capabilities = z.infer<typeof capabilities>;

const address = z.object({ name: z.string(), line_one: z.string(), line_two: z.string().optional(), city: z.string(), state: z.string(), country: z.string(), postal_code: z.string() });

export const checkoutSession = z.object({
  id: z.string().describe('The session’s id: its cart’s (cart_…).'),
  protocol: z.object({ version: z.string() }),
  capabilities,
  buyer: buyer.optional(),
  status: z.enum(['not_ready_for_payment', 'ready_for_payment', 'complete_in_progress', 'completed', 'canceled', 'expired']),
  currency: z.literal('usd'),
  line_items: z.array(lineItem),
  fulfillment_details: z.object({ name: z.string(), phone_number: z.string().optional(), email: z.string().optional(), address }).optional(),
  fulfillment_options: z.array(z.object({ type: z.literal('shipping'), id: z.string(), title: z.string(), earliest_delivery_time: z.string(), latest_delivery_time: z.string(), totals: z.array(total) })),
  selected_fulfillment_options: z.array(z.object({ type: z.literal('shipping'), option_id: z.string(), item_ids: z.array(z.string()) })),
  totals: z.array(total),
  messages: z.array(message),
  links: z.array(link),
  expires_at: z.string(),
  continue_url: z.string().optional(),
  order: z.object({ id: z.string(), checkout_session_id: z.string(), permalink_url: z.string() }).optional(),
});
export type CheckoutSession = z.infer<typeof checkoutSession>;
