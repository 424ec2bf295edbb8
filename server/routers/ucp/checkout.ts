/**
 * UCP's checkout capability on the binding (checkout.md, checkout-rest.md, checkout-mcp.md): create,
 * get, update, complete and cancel a checkout session, which here is a cart with its pricing and
 * payment link (ucp/checkout.ts). create and update honour an Idempotency-Key when sent; complete
 * and cancel need one. Answers carry fulfillment when the platform negotiated it (it extends
 * checkout, so `ucp.capabilities` names it too).
 */
import { newCartOwner } from '../../carts/store';
import type { ErrorCode } from '../../errors/catalogue';
import { relevantCapabilities } from '../../negotiation';
import { UCP_VERSION } from '../../negotiation/capabilities';
import type { RequestContext } from '../../trpc/context';
import { idempotent, idempotentIfKeyed } from '../../trpc/idempotency';
import { router } from '../../trpc/init';
import { binding } from '../../trpc/procedures';
import { cancelCheckout, completeCheckout, createCheckout, fulfillmentTerms, getCheckout, updateCheckout, type CheckoutCall } from '../../ucp/checkout';
import {
  checkoutIdRequest,
  checkoutOrRefusal,
  checkoutResponse,
  completeCheckoutRequest,
  createCheckoutRequest,
  updateCheckoutRequest,
  type CheckoutBody,
} from '../../ucp/checkout-schemas';
import type { SessionCall } from '../../carts/sessions';
import type { Refused } from '../../ucp/session';
import type { RefusalResponse } from '../../ucp/session-schemas';
import { responseMeta } from './response';

const CHECKOUT = 'dev.ucp.shopping.checkout';

/** Who calls and from which endpoint (the seller's, or the network's). */
export function sessionCall(ctx: RequestContext): SessionCall {
  return { services: ctx.services, db: ctx.db, scope: { ...newCartOwner(ctx.caller), seller: ctx.envelope.seller ?? null, acpPlatform: null } };
}

const checkoutCall = (ctx: RequestContext): CheckoutCall => ({ ...sessionCall(ctx), fulfillment: fulfillmentTerms(ctx.negotiated!.intersection) });

const checkout = (ctx: RequestContext, body: CheckoutBody) => ({ ucp: { ...responseMeta(ctx, CHECKOUT), payment_handlers: {} }, ...body });

/** A create that made nothing: HTTP 200 with UCP's error_response (continue_url: the service's start page, as for every outcome). */
export function refusal(ctx: RequestContext, capability: string, { refused }: Refused): RefusalResponse {
  ctx.response.status = 200;
  return {
    ucp: { version: UCP_VERSION, status: 'error', capabilities: relevantCapabilities(ctx.negotiated!.intersection, capability) },
    messages: refused,
    continue_url: `${ctx.services.config.publicBaseUrl}/`,
  };
}

/** Errors of every operation on an existing checkout (cart_not_found is UCP's not_found outcome on the binding). */
const ERRORS: ErrorCode[] = ['invalid_request', 'cart_not_found', 'payment_in_progress'];
const WRITE_ERRORS: ErrorCode[] = [...ERRORS, 'cart_line_limit', 'idempotency_key_reused'];
const KEYED_ERRORS: ErrorCode[] = [...ERRORS, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotency_key_reused'];

const DESCRIBED = 'Answers the checkout: status incomplete (messages say what is missing or wrong) or requires_escalation (ready: the person pays at continue_url), completed (with its order) or canceled.';

export const ucpCheckoutRouter = router({
  create: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/checkout-sessions', tags: ['ucp'], summary: 'Create a checkout session (UCP)' },
      ucp: {
        capability: CHECKOUT,
        tool: {
          name: 'create_checkout',
          title: 'Create a checkout session',
          description: `Starts a checkout from line items (variant ids from the catalog), or from a cart (cart_id: answers that cart's checkout if it has one). ${DESCRIBED}`,
          body: 'checkout',
        },
      },
      op: { successStatus: 201, limits: ['max_item_quantity', 'max_cart_total_cents'], errors: [...WRITE_ERRORS, 'capabilities_incompatible'] },
    })
    .input(createCheckoutRequest)
    .concat(idempotentIfKeyed)
    .output(checkoutOrRefusal)
    .mutation(async ({ ctx, input }) => {
      const created = await createCheckout(checkoutCall(ctx), input);
      return 'refused' in created ? refusal(ctx, CHECKOUT, created) : checkout(ctx, created);
    }),

  get: binding
    .meta({
      openapi: { method: 'GET', path: '/ucp/checkout-sessions/{id}', tags: ['ucp'], summary: 'Read a checkout session (UCP)' },
      ucp: { capability: CHECKOUT, tool: { name: 'get_checkout', title: 'Read a checkout session', description: `The checkout as it is now, priced from the catalog. ${DESCRIBED}` } },
      op: { errors: ['cart_not_found'] },
    })
    .input(checkoutIdRequest)
    .output(checkoutResponse)
    .query(async ({ ctx, input }) => checkout(ctx, await getCheckout(checkoutCall(ctx), input.id))),

  update: binding
    .meta({
      openapi: { method: 'PUT', path: '/ucp/checkout-sessions/{id}', tags: ['ucp'], summary: 'Update a checkout session (UCP)' },
      ucp: {
        capability: CHECKOUT,
        tool: {
          name: 'update_checkout',
          title: 'Update a checkout session',
          description: `Replaces the checkout's line items, buyer and destination with those sent (send them all). A completed or canceled checkout is answered unchanged (not_modifiable). ${DESCRIBED}`,
          body: 'checkout',
        },
      },
      op: { limits: ['max_item_quantity', 'max_cart_total_cents'], errors: WRITE_ERRORS },
    })
    .input(updateCheckoutRequest)
    .concat(idempotentIfKeyed)
    .output(checkoutResponse)
    .mutation(async ({ ctx, input }) => checkout(ctx, await updateCheckout(checkoutCall(ctx), input))),

  complete: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/checkout-sessions/{id}/complete', tags: ['ucp'], summary: 'Complete a checkout session (UCP)' },
      ucp: {
        capability: CHECKOUT,
        tool: {
          name: 'complete_checkout',
          title: 'Complete a checkout session',
          description: `Never charges: the person pays at continue_url. Answers the checkout as it is: completed with its order once paid, else still requires_escalation (payment_handler_unsupported when instruments were sent). ${DESCRIBED}`,
          body: 'checkout',
        },
      },
      op: { errors: KEYED_ERRORS },
    })
    .input(completeCheckoutRequest)
    .concat(idempotent)
    .output(checkoutResponse)
    .mutation(async ({ ctx, input }) => checkout(ctx, await completeCheckout(checkoutCall(ctx), input))),

  cancel: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/checkout-sessions/{id}/cancel', tags: ['ucp'], summary: 'Cancel a checkout session (UCP)' },
      ucp: {
        capability: CHECKOUT,
        tool: {
          name: 'cancel_checkout',
          title: 'Cancel a checkout session',
          description: `Cancels the checkout and its live payment link. A completed or canceled one is answered unchanged (not_modifiable). ${DESCRIBED}`,
        },
      },
      op: { errors: KEYED_ERRORS },
    })
    .input(checkoutIdRequest)
    .concat(idempotent)
    .output(checkoutResponse)
    .mutation(async ({ ctx, input }) => checkout(ctx, await cancelCheckout(checkoutCall(ctx), input.id))),
});
