/**
 * ACP 2026-04-17's cart (schema.cart.json: Cart, CartCreateRequest, CartUpdateRequest) as zod
 * schemas: what create and update take (PUT replaces the cart) and the cart as acp/cart.ts answers it.
 */
import { z } from 'zod';
import { singleLine } from '../lib/input-limits';
import { buyer, buyerRequest, itemsRequest, lineItem, message, sessionId, total } from './session-schemas';

export const createCartRequest = z.strictObject({ line_items: itemsRequest, buyer: buyerRequest.optional(), locale: singleLine(35).optional() });
export type CreateCartRequest = z.infer<typeof createCartRequest>;

export const updateCartRequest = z.strictObject({ id: sessionId, line_items: itemsRequest, buyer: buyerRequest.optional() });
export type UpdateCartRequest = z.infer<typeof updateCartRequest>;

export const cartIdRequest = z.strictObject({ id: sessionId });

/** cancel's body is any object (oas/cart): nothing in it is read. */
export const cancelCartRequest = z.looseObject({ id: sessionId });

export const cart = z.object({
  id: z.string().describe('The cart’s id (cart_…).'),
  line_items: z.array(lineItem),
  buyer: buyer.optional(),
  currency: z.literal('usd'),
  totals: z.array(total),
  messages: z.array(message).optional(),
  expires_at: z.string(),
});
export type Cart = z.infer<typeof cart>;
