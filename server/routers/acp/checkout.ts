/**
 * ACP's checkout sessions on REST (rfc.agentic_checkout.md §4; oas/agentic_checkout): create, get,
 * update, complete and cancel, over the project's carts (acp/checkout.ts). Every POST needs an
 * Idempotency-Key (AC §6).
 */
import { newCartOwner } from '../../carts/store';
import type { SessionCall } from '../../carts/sessions';
import { cancelCheckout, completeCheckout, createCheckout, getCheckout, updateCheckout, type CheckoutCall } from '../../acp/checkout';
import { cancelCheckoutRequest, checkoutIdRequest, checkoutSession, completeCheckoutRequest, createCheckoutRequest, updateCheckoutRequest } from '../../acp/checkout-schemas';
import type { ErrorCode } from '../../errors/catalogue';
import { acpMerchantId } from '../../payments/delegated-tokens';
import type { RequestContext } from '../../trpc/context';
import { idempotent } from '../../trpc/idempotency';
import { router } from '../../trpc/init';
import { acp } from '../../trpc/procedures';
import { keyIdOf } from '../../trpc/acp';

/** The platform calling: its key's namespace owns the session, its account is the cart's acp_platform. */
export function acpSessionCall(ctx: RequestContext): SessionCall {
  const credential = ctx.caller.credential;
  const account = credential?.kind === 'key' ? credential.accountId : null;
  return { services: ctx.services, db: ctx.db, scope: { ...newCartOwner(ctx.caller), seller: null, acpPlatform: account } };
}

const checkoutCall = (ctx: RequestContext): CheckoutCall => ({ ...acpSessionCall(ctx), services: ctx.services, merchantId: acpMerchantId(ctx.services.config.publicBaseUrl) });

const ERRORS: ErrorCode[] = ['invalid_request', 'cart_not_found', 'cart_not_open', 'IDEMPOTENCY_KEY_REQUIRED', 'idempotency_key_reused', 'idempotency_request_in_progress'];

export const acpCheckoutRouter = router({
  create: acp
    .meta({ openapi: { method: 'POST', path: '/acp/checkout_sessions', tags: ['acp'], summary: 'Create a checkout session (ACP)' }, op: { successStatus: 201, errors: [...ERRORS, 'variant_not_found'] }, acp: { tool: { name: 'create_checkout_session', title: 'Create a checkout session', description: 'Create a checkout session from line items, currency and capabilities.' } } })
    .input(createCheckoutRequest)
    .concat(idempotent)
    .output(checkoutSession)
    .mutation(async ({ ctx, input }) => createCheckout(checkoutCall(ctx), input)),

  get: acp
    .meta({ openapi: { method: 'GET', path: '/acp/checkout_sessions/{id}', tags: ['acp'], summary: 'Read a checkout session (ACP)' }, op: { errors: ['cart_not_found'] }, acp: { tool: { name: 'get_checkout_session', title: 'Read a checkout session', description: 'Retrieve the current state of a checkout session.' } } })
    .input(checkoutIdRequest)
    .output(checkoutSession)
    .query(async ({ ctx, input }) => getCheckout(checkoutCall(ctx), input.id)),

  update: acp
    .meta({ openapi: { method: 'POST', path: '/acp/checkout_sessions/{id}', tags: ['acp'], summary: 'Update a checkout session (ACP)' }, op: { errors: [...ERRORS, 'variant_not_found'] }, acp: { tool: { name: 'update_checkout_session', title: 'Update a checkout session', description: 'Update items, fulfillment details or selected options; what is not sent stays.' } } })
    .input(updateCheckoutRequest)
    .concat(idempotent)
    .output(checkoutSession)
    .mutation(async ({ ctx, input }) => updateCheckout(checkoutCall(ctx), input)),

  complete: acp
    .meta({
      openapi: { method: 'POST', path: '/acp/checkout_sessions/{id}/complete', tags: ['acp'], summary: 'Complete a checkout session with a delegated token (ACP)' },
      // Paying commits its own steps and calls the provider outside any transaction (payments/delegated-payment.ts);
      // Stripe not answering is a 503, never stored: the retry with the same key pays.
      op: { errors: [...ERRORS, 'payment_data_unsupported', 'payment_token_invalid', 'service_unavailable'], ownTransactions: { unstored: [] } },
      acp: { tool: { name: 'complete_checkout_session', title: 'Complete a checkout session', description: 'Pay a ready session with a token delegated for it (handler card_tokenized, credential {type: "spt", token: "vt_…"}): completed with its order, or still ready_for_payment with payment_declined.' } },
    })
    .input(completeCheckoutRequest)
    .concat(idempotent)
    .output(checkoutSession)
    .mutation(async ({ ctx, input }) => completeCheckout(checkoutCall(ctx), input, keyIdOf(ctx))),

  cancel: acp
    .meta({ openapi: { method: 'POST', path: '/acp/checkout_sessions/{id}/cancel', tags: ['acp'], summary: 'Cancel a checkout session (ACP)' }, op: { errors: ERRORS }, acp: { tool: { name: 'cancel_checkout_session', title: 'Cancel a checkout session', description: 'Cancel a session that is neither completed nor canceled, optionally with an intent trace.', optionalPayload: true, destructive: true } } })
    .input(cancelCheckoutRequest)
    .concat(idempotent)
    .output(checkoutSession)
    .mutation(async ({ ctx, input }) => cancelCheckout(checkoutCall(ctx), input.id)),
});
