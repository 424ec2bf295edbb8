/**
 * A cart as a protocol binding's session (UCP's carts and checkout sessions, ACP's checkout sessions
 * and carts: one cart row each, the session's id the cart's): the scope a session belongs to,
 * finding it, and taking a binding's line items into it under the cart-line rules of ./items.ts.
 * The bindings (server/ucp/, server/acp/) shape what these answer in their protocol's words.
 *
 * - A session belongs to its owner (the caller's namespace, as the seed API's carts) and to the
 *   endpoint that made it (`/ucp`, one seller's `/store/{handle}/ucp`, `/acp`): from anywhere else
 *   it is not found, as an unknown id is.
 * - Items are named by variant id (item.id). A line that cannot be taken is not written, and the
 *   write leaves a notice on the cart (kept until the next change) at the line sent:
 *   item_unavailable (an unknown variant, or another seller's at a seller's endpoint) and
 *   quantity_exceeds_limit (above the live max_item_quantity). A line above the stock is taken;
 *   pricing says insufficient_stock, with the units left, while it is.
 */
import type { Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { canonicalJson } from '../lib/canonical-json';
import { linesToReplace, replaceItems } from './items';
import { insertCart, type CartServices, type NewCartFields, type NewCartOwner } from './operations';
import { loadCart, touch, type CartBuyer, type CartNotice, type CartRow, type TouchedFields } from './store';

/** Who calls, and from which endpoint. */
export interface SessionScope extends NewCartOwner {
  /** The seller whose endpoint was called; null for the network's. */
  seller: string | null;
  /** ACP's endpoint: the account of the ACP platform whose key calls (carts.acp_platform); null on UCP's. */
  acpPlatform: string | null;
}

export interface SessionCall {
  services: CartServices;
  /** The request's transaction (writes) or the database (reads). */
  db: Db;
  scope: SessionScope;
}

/** A session that is not the caller's here: cart_not_found, which each binding renders its way (UCP's not_found outcome, ACP's 404). */
export function sessionNotFound(what: 'cart' | 'checkout session', id: string): ApiError {
  return new ApiError('cart_not_found', { message: `No ${what} ${id} is yours at this endpoint: start a new one.` });
}

/** The caller's cart `id`, made at this endpoint (due expiry applied); else not_found. */
export async function loadSession(call: SessionCall, id: string, what: 'cart' | 'checkout session', opts: { lock?: boolean } = {}): Promise<CartRow> {
  let cart: CartRow;
  try {
    cart = await loadCart(call.db, id, call.scope.owner, opts);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'cart_not_found') throw sessionNotFound(what, id);
    throw err;
  }
  if (cart.scope !== call.scope.seller || cart.acpPlatform !== call.scope.acpPlatform) throw sessionNotFound(what, id);
  return cart;
}

/** A cart that can no longer change: paid, cancelled or expired. */
export const isClosed = (cart: CartRow) => cart.status === 'completed' || cart.status === 'cancelled' || cart.status === 'expired';

export interface LineRequest {
  item: { id: string };
  quantity: number;
}

export interface TakenLines {
  lines: { variantId: string; quantity: number }[];
  /** Why a line sent was not taken, at its path in the request. */
  notices: CartNotice[];
  /** Lines were sent and every one was unavailable. */
  allUnavailable: boolean;
}

/**
 * The lines of `requested` the cart can take (carts/items.ts `linesToReplace` holds the rules, in
 * one statement), and why the others were not, in UCP's words at the line sent. More than
 * MAX_CART_LINES lines is 400 cart_line_limit, as on the seed API.
 */
export async function takeLines(db: Db, requested: LineRequest[], seller: string | null): Promise<TakenLines> {
  if (!requested.length) return { lines: [], notices: [], allUnavailable: false };
  const { lines, refused } = await linesToReplace(db, requested.map((r) => ({ variantId: r.item.id, quantity: r.quantity })), seller);
  const notices = refused.map((r) => {
    if (r.code === 'item_unavailable') {
      const where = seller === null ? 'in this network’s catalog' : `among ${seller}’s products`;
      return lineNotice(r.code, `$.line_items[${r.index}]`, `Item ${r.variantId} is not ${where}: name a variant id (var_…) from the catalog.`);
    }
    return lineNotice(r.code, `$.line_items[${r.index}].quantity`, `${r.quantity} units of ${r.variantId} asked for; a line holds at most ${r.maxQuantity} (max_item_quantity): lower the quantity.`);
  });
  return { lines, notices, allUnavailable: refused.length === requested.length && refused.every((r) => r.code === 'item_unavailable') };
}

const lineNotice = (code: string, path: string, message: string): CartNotice => ({ type: 'error', code, message, path });

/**
 * The lines `requested` can take, asked for now, while the caller locks its session: the two
 * statements go together (one round trip). A refusal (cart_line_limit) counts only once it is
 * awaited, after the session was found and may change.
 */
export function takeLinesAlongside(db: Db, requested: LineRequest[], seller: string | null): Promise<TakenLines> {
  const taking = takeLines(db, requested, seller);
  taking.catch(() => {}); // the caller awaits it once the session is found, and fails with it there
  return taking;
}

/**
 * An update's write (update_cart, update_checkout): the lines taken replace the (locked, mutable)
 * cart's (undefined: an update that sent none, ACP's, keeps them), and the cart row takes `change`
 * with its touch, sent together when the row changes.
 * The same session sent again (a platform that PUTs what it holds) is no change: nothing is
 * touched, and a live payment link of it stays live. Answers the row as it stands.
 */
export async function replaceSession(call: SessionCall, cart: CartRow, taken: TakenLines | undefined, change: { notices: CartNotice[] } & TouchedFields): Promise<CartRow> {
  const { db, services } = call;
  const rowChanged =
    !sameValue(change.notices, cart.notices) ||
    (change.buyer !== undefined && !sameValue(change.buyer, cart.buyer)) ||
    (change.shippingAddress !== undefined && !sameValue(change.shippingAddress, cart.shippingAddress));
  // The two statements are independent: sent together, in either order.
  const replacing = taken ? replaceItems(db, cart.id, taken.lines) : Promise.resolve(false);
  if (!rowChanged && !(await replacing)) return cart;
  const [, touched] = await Promise.all([replacing, touch(db, cart, services.config, change)]);
  return touched;
}

/** A new session's cart row, then its lines. */
export async function insertSession(call: SessionCall, taken: TakenLines, fields: NewCartFields): Promise<CartRow> {
  const { db, services, scope } = call;
  const cart = await insertCart(db, services.config, scope, { scope: scope.seller, acpPlatform: scope.acpPlatform, ...fields });
  if (taken.lines.length) await replaceItems(db, cart.id, taken.lines);
  return cart;
}

/** The buyer as stored: the members the cart keeps (UCP's, which ACP's buyer has too) that were sent; null for none. */
export function buyerOf(buyer: Partial<CartBuyer> | undefined): CartBuyer | null {
  if (!buyer) return null;
  const kept: CartBuyer = {};
  for (const field of ['email', 'first_name', 'last_name', 'phone_number'] as const) if (buyer[field] !== undefined) kept[field] = buyer[field];
  return Object.keys(kept).length ? kept : null;
}

/** Whether two stored values (jsonb, which orders keys its own way) are the same. */
export const sameValue = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

