/**
 * ACP's carts on REST (rfc.cart.md §4.1; oas/cart): create, get, update (PUT replaces) and cancel,
 * over the project's carts (acp/cart.ts). Every POST and the PUT need an Idempotency-Key.
 */
import { cancelCart, createCart, getCart, updateCart } from '../../acp/cart';
import { cancelCartRequest, cart, cartIdRequest, createCartRequest, updateCartRequest } from '../../acp/cart-schemas';
import type { ErrorCode } from '../../errors/catalogue';
import { idempotent } from '../../trpc/idempotency';
import { router } from '../../trpc/init';
import { acp } from '../../trpc/procedures';
import { acpSessionCall } from './checkout';

const ERRORS: ErrorCode[] = ['invalid_request', 'cart_not_found', 'insufficient_stock', 'IDEMPOTENCY_KEY_REQUIRED', 'idempotency_key_reused', 'idempotency_request_in_progress'];

export const acpCartRouter = router({
  create: acp
    .meta({ openapi: { method: 'POST', path: '/acp/carts', tags: ['acp'], summary: 'Create a cart (ACP)' }, op: { successStatus: 201, errors: ERRORS } })
    .input(createCartRequest)
    .concat(idempotent)
    .output(cart)
    .mutation(async ({ ctx, input }) => createCart(acpSessionCall(ctx), input)),

  get: acp
    .meta({ openapi: { method: 'GET', path: '/acp/carts/{id}', tags: ['acp'], summary: 'Read a cart (ACP)' }, op: { errors: ['cart_not_found'] } })
    .input(cartIdRequest)
    .output(cart)
    .query(async ({ ctx, input }) => getCart(acpSessionCall(ctx), input.id)),

  update: acp
    .meta({ openapi: { method: 'PUT', path: '/acp/carts/{id}', tags: ['acp'], summary: 'Replace a cart (ACP)' }, op: { errors: ERRORS } })
    .input(updateCartRequest)
    .concat(idempotent)
    .output(cart)
    .mutation(async ({ ctx, input }) => updateCart(acpSessionCall(ctx), input)),

  cancel: acp
    .meta({ openapi: { method: 'POST', path: '/acp/carts/{id}/cancel', tags: ['acp'], summary: 'Cancel a cart (ACP)' }, op: { errors: ERRORS } })
    .input(cancelCartRequest)
    .concat(idempotent)
    .output(cart)
    .mutation(async ({ ctx, input }) => cancelCart(acpSessionCall(ctx), input.id)),
});
