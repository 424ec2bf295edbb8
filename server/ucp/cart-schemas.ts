/**
 * UCP 2026-04-08's cart (cart.json) as zod schemas: what create_cart and update_cart take (the
 * line items sent replace the cart's) and the cart as ucp/cart.ts answers it. Shared entities are
 * session-schemas.ts's.
 */
import { z } from 'zod';
import { buyerRequest, buyerResponse, lineItemResponse, lineItemsRequest, linkResponse, refusalResponse, sessionId, sessionMessage, totalEntry, ucpSuccess } from './session-schemas';

export const createCartRequest = z.looseObject({ line_items: lineItemsRequest, buyer: buyerRequest.optional() }).meta({ id: 'UcpCreateCartRequest' });
export type CreateCartRequest = z.infer<typeof createCartRequest>;

export const updateCartRequest = z.looseObject({ id: sessionId, line_items: lineItemsRequest, buyer: buyerRequest.optional() }).meta({ id: 'UcpUpdateCartRequest' });
export type UpdateCartRequest = z.infer<typeof updateCartRequest>;

export const cartIdRequest = z.object({ id: sessionId });

export const cartBody = z.object({
  id: z.string().describe('The cart’s id (cart_…): create_checkout {cart_id} makes it a checkout.'),
  line_items: z.array(lineItemResponse),
  buyer: buyerResponse.optional(),
  currency: z.literal('USD'),
  totals: z.array(totalEntry),
  messages: z.array(sessionMessage).optional(),
  links: z.array(linkResponse),
  expires_at: z.string(),
});
export type CartBody = z.infer<typeof cartBody>;

export const cartResponse = z.object({ ucp: ucpSuccess, ...cartBody.shape }).meta({ id: 'UcpCart' });

/** A cart, or (create only) the error_response of one whose every item was unavailable. */
export const cartOrRefusal = z.union([cartResponse, refusalResponse]);
