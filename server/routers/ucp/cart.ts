/**
 * UCP's cart capability on the binding (cart.md, cart-rest.md, cart-mcp.md): create, get, update
 * (the line items sent replace the cart's) and cancel, over the project's carts (ucp/cart.ts).
 * create and update honour an Idempotency-Key when sent; cancel needs one.
 */
import type { ErrorCode } from '../../errors/catalogue';
import { idempotent, idempotentIfKeyed } from '../../trpc/idempotency';
import { router } from '../../trpc/init';
import { binding } from '../../trpc/procedures';
import { cancelCart, createCart, getCart, updateCart } from '../../ucp/cart';
import { cartIdRequest, cartOrRefusal, cartResponse, createCartRequest, updateCartRequest, type CartBody } from '../../ucp/cart-schemas';
import type { RequestContext } from '../../trpc/context';
import { refusal, sessionCall } from './checkout';
import { responseMeta } from './response';

const CART = 'dev.ucp.shopping.cart';

const cart = (ctx: RequestContext, body: CartBody) => ({ ucp: responseMeta(ctx, CART), ...body });

const ERRORS: ErrorCode[] = ['invalid_request', 'cart_not_found', 'payment_in_progress'];
const ANSWER = 'Answers the cart: its lines priced from the catalog now, totals, and messages saying what could not be taken.';

export const ucpCartRouter = router({
  create: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/carts', tags: ['ucp'], summary: 'Create a cart (UCP)' },
      ucp: { capability: CART, tool: { name: 'create_cart', title: 'Create a cart', description: `A cart of line items (variant ids from the catalog). ${ANSWER}`, body: 'cart' } },
      op: { successStatus: 201, limits: ['max_item_quantity'], errors: [...ERRORS, 'cart_line_limit', 'idempotency_key_reused'] },
    })
    .input(createCartRequest)
    .concat(idempotentIfKeyed)
    .output(cartOrRefusal)
    .mutation(async ({ ctx, input }) => {
      const created = await createCart(sessionCall(ctx), input);
      return 'refused' in created ? refusal(ctx, CART, created) : cart(ctx, created);
    }),

  get: binding
    .meta({
      openapi: { method: 'GET', path: '/ucp/carts/{id}', tags: ['ucp'], summary: 'Read a cart (UCP)' },
      ucp: { capability: CART, tool: { name: 'get_cart', title: 'Read a cart', description: `A cart of yours; a cancelled, expired or paid one is not_found. ${ANSWER}` } },
      op: { errors: ['cart_not_found'] },
    })
    .input(cartIdRequest)
    .output(cartResponse)
    .query(async ({ ctx, input }) => cart(ctx, await getCart(sessionCall(ctx), input.id))),

  update: binding
    .meta({
      openapi: { method: 'PUT', path: '/ucp/carts/{id}', tags: ['ucp'], summary: 'Update a cart (UCP)' },
      ucp: {
        capability: CART,
        tool: { name: 'update_cart', title: 'Update a cart', description: `Replaces the cart's line items and buyer with those sent (send them all). ${ANSWER}`, body: 'cart' },
      },
      op: { limits: ['max_item_quantity'], errors: [...ERRORS, 'cart_line_limit', 'idempotency_key_reused'] },
    })
    .input(updateCartRequest)
    .concat(idempotentIfKeyed)
    .output(cartResponse)
    .mutation(async ({ ctx, input }) => cart(ctx, await updateCart(sessionCall(ctx), input))),

  cancel: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/carts/{id}/cancel', tags: ['ucp'], summary: 'Cancel a cart (UCP)' },
      ucp: { capability: CART, tool: { name: 'cancel_cart', title: 'Cancel a cart', description: `Cancels the cart (and a live payment link); it is not_found afterwards. ${ANSWER}` } },
      op: { errors: [...ERRORS, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotency_key_reused'] },
    })
    .input(cartIdRequest)
    .concat(idempotent)
    .output(cartResponse)
    .mutation(async ({ ctx, input }) => cart(ctx, await cancelCart(sessionCall(ctx), input.id))),
});
