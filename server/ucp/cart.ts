/**
 * UCP's carts (cart.md) over the project's carts: create, get, update (the line items sent replace
 * the cart's) and cancel, HTTP-free; the binding's router adds the `ucp` member. A cart that is
 * paid, cancelled or expired is not_found here (cart.md § Get Cart), though its checkout, if it
 * became one, still answers.
 */
import { eq } from 'drizzle-orm';
import { replaceItems } from '../carts/items';
import { insertCart } from '../carts/operations';
import { priceCart } from '../carts/pricing';
import { assertMutable, touch, type CartRow } from '../carts/store';
import { carts } from '../db/schema';
import type { CartBody, CreateCartRequest, UpdateCartRequest } from './cart-schemas';
import {
  buyerOf,
  isClosed,
  loadSession,
  refusedItems,
  sameValue,
  sellersOf,
  sessionLineItems,
  sessionLinks,
  sessionMessages,
  sessionNotFound,
  sessionTotals,
  takeLines,
  type Refused,
  type SessionCall,
} from './session';

export async function createCart(call: SessionCall, input: CreateCartRequest): Promise<CartBody | Refused> {
  const { services, db, scope } = call;
  const taken = await takeLines(db, input.line_items, scope.seller);
  if (taken.allUnavailable) return { refused: refusedItems(taken) };
  const cart = await insertCart(db, services.config, scope, { scope: scope.seller, buyer: buyerOf(input.buyer), notices: taken.notices });
  await replaceItems(db, cart.id, taken.lines, { fresh: true });
  return answer(call, cart);
}

export async function getCart(call: SessionCall, id: string): Promise<CartBody> {
  return answer(call, await loadOpenCart(call, id));
}

export async function updateCart(call: SessionCall, input: UpdateCartRequest): Promise<CartBody> {
  const { services, db, scope } = call;
  const cart = await loadOpenCart(call, input.id, { lock: true });
  assertMutable(cart);
  const taken = await takeLines(db, input.line_items, scope.seller);
  const linesChanged = await replaceItems(db, cart.id, taken.lines);
  const buyer = buyerOf(input.buyer);
  const buyerChanged = !sameValue(buyer, cart.buyer);
  // The same cart sent again is no change (a live payment link of it stays live).
  if (!linesChanged && !buyerChanged && sameValue(taken.notices, cart.notices)) return answer(call, cart);
  if (buyerChanged) await db.update(carts).set({ buyer }).where(eq(carts.id, cart.id));
  // touch answers the row as written, buyer included.
  return answer(call, await touch(db, cart, services.config, { notices: taken.notices }));
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
  const priced = await priceCart(call.db, cart);
  const sellers = await sellersOf(call.db, priced, call.scope.seller);
  const messages = cart.status === 'cancelled' ? [] : sessionMessages(priced);
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
