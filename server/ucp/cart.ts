/**
 * UCP's carts (cart.md) over the project's carts: create, get, update (the line items sent replace
 * the cart's) and cancel, HTTP-free; the binding's router adds the `ucp` member. A cart that is
 * paid, cancelled or expired is not_found here (cart.md § Get Cart), though its checkout, if it
 * became one, still answers.
 */
import { pricedWithSellers } from '../carts/sellers';
import { assertMutable, touch, type CartRow } from '../carts/store';
import type { CartBody, CreateCartRequest, UpdateCartRequest } from './cart-schemas';
import {
  refusedItems,
  sessionLineItems,
  sessionLinks,
  sessionMessages,
  sessionTotals,
  type Refused,
} from './session';
import {
  buyerOf,
  isClosed,
  insertSession,
  loadSession,
  replaceSession,
  sessionNotFound,
  takeLines,
  takeLinesAlongside,
  type SessionCall,
} from '../carts/sessions';

export async function createCart(call: SessionCall, input: CreateCartRequest): Promise<CartBody | Refused> {
  const taken = await takeLines(call.db, input.line_items, call.scope.seller);
  if (taken.allUnavailable) return { refused: refusedItems(taken) };
  return answer(call, await insertSession(call, taken, { buyer: buyerOf(input.buyer), notices: taken.notices }));
}

export async function getCart(call: SessionCall, id: string): Promise<CartBody> {
  return answer(call, await loadOpenCart(call, id));
}

export async function updateCart(call: SessionCall, input: UpdateCartRequest): Promise<CartBody> {
  const taking = takeLinesAlongside(call.db, input.line_items, call.scope.seller);
  const cart = await loadOpenCart(call, input.id, { lock: true });
  assertMutable(cart);
  const taken = await taking;
  return answer(call, await replaceSession(call, cart, taken, { notices: taken.notices, buyer: buyerOf(input.buyer) }));
}

/** cancel_cart answers the cart as it was (cart.md § Cancel Cart); it is not_found afterwards. */
export async function cancelCart(call: SessionCall, id: string): Promise<CartBody> {
  const cart = await loadOpenCart(call, id, { lock: true });
  assertMutable(cart);
  return answer(call, await touch(call.db, cart, call.services.config, { status: 'cancelled' }));
}

async function loadOpenCart(call: SessionCall, id: string, opts: { lock?: boolean } = {}): Promise<CartRow> {
  const cart = await loadSession(call, id, 'cart', opts);
  if (isClosed(cart)) throw sessionNotFound('cart', id);
  return cart;
}

async function answer(call: SessionCall, cart: CartRow): Promise<CartBody> {
  const { priced, sellers } = await pricedWithSellers(call.db, cart, call.scope.seller);
  const messages = cart.status === 'cancelled' ? [] : sessionMessages(priced, 'cart');
  return {
    id: cart.id,
    line_items: sessionLineItems(priced),
    ...(cart.buyer && { buyer: cart.buyer }),
    currency: 'USD',
    totals: sessionTotals(priced),
    ...(messages.length && { messages }),
    links: sessionLinks(sellers),
    expires_at: cart.expiresAt.toISOString(),
  };
}
