/**
 * ACP 2026-04-17's carts (rfc.cart.md) over the project's carts, as server/ucp/cart.ts maps UCP's:
 * create, get, update (PUT: the line items sent replace the cart's) and cancel, HTTP-free. A cart
 * has no status: a cancelled, expired or paid one is 404 (§4.1); every item sent unavailable is 422
 * out_of_stock and nothing is made or changed. Checking out from a cart_id is deferred (issue #47
 * §5): a cart is not a checkout session.
 */
import { pricedWithSellers } from '../carts/sellers';
import { buyerOf, insertSession, isClosed, loadSession, replaceSession, sessionNotFound, takeLinesAlongside, type SessionCall, type TakenLines } from '../carts/sessions';
import { assertMutable, touch, type CartRow } from '../carts/store';
import { ApiError } from '../errors/catalogue';
import type { Cart, CreateCartRequest, UpdateCartRequest } from './cart-schemas';
import { buyerView, lineItems, lineRequests, sessionMessages, sessionTotals, takeItems } from './session';

export async function createCart(call: SessionCall, input: CreateCartRequest): Promise<Cart> {
  const taken = available(await takeItems(call.db, input.line_items));
  return answer(call, await insertSession(call, taken, { buyer: buyerOf(input.buyer), notices: taken.notices }));
}

export async function getCart(call: SessionCall, id: string): Promise<Cart> {
  return answer(call, await loadCart(call, id));
}

export async function updateCart(call: SessionCall, input: UpdateCartRequest): Promise<Cart> {
  const taking = takeLinesAlongside(call.db, lineRequests(input.line_items), null);
  const cart = await loadCart(call, input.id, { lock: true });
  assertMutable(cart);
  const taken = available(await taking);
  return answer(call, await replaceSession(call, cart, taken, { notices: taken.notices, buyer: buyerOf(input.buyer) }));
}

/** Answers the cart as it was before (§4.1); it is 404 afterwards. */
export async function cancelCart(call: SessionCall, id: string): Promise<Cart> {
  const cart = await loadCart(call, id, { lock: true });
  assertMutable(cart);
  const before = await answer(call, cart);
  await touch(call.db, cart, call.services.config, { status: 'cancelled' });
  return before;
}

/** 422 out_of_stock when every item sent was unavailable. */
function available(taken: TakenLines): TakenLines {
  if (taken.allUnavailable) {
    throw new ApiError('insufficient_stock', { message: 'None of the items sent is available: name variant ids (var_…) from the catalog.', details: { param: '$.line_items' } });
  }
  return taken;
}

async function loadCart(call: SessionCall, id: string, opts: { lock?: boolean } = {}): Promise<CartRow> {
  const cart = await loadSession(call, id, 'cart', opts);
  // A checkout session is not a cart, nor is a closed cart one (§4.1: 404).
  if (cart.checkoutTokenHash !== null || isClosed(cart)) throw sessionNotFound('cart', id);
  return cart;
}

async function answer(call: SessionCall, cart: CartRow): Promise<Cart> {
  const { priced, sellers } = await pricedWithSellers(call.db, cart, null);
  const messages = sessionMessages(priced, 'cart');
  const buyer = buyerView(cart.buyer);
  return {
    id: cart.id,
    line_items: lineItems(priced, sellers),
    ...(buyer && { buyer }),
    currency: 'usd',
    totals: sessionTotals(priced),
    ...(messages.length && { messages }),
    expires_at: cart.expiresAt.toISOString(),
  };
}
