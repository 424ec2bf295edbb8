/**
 * What UCP's carts and checkout sessions share over the project's carts (a cart and a checkout
 * here are one cart row: the checkout's id is the cart's): the scope a session belongs to, taking
 * UCP's line items into the cart, and the line items, totals, messages and links of an answer,
 * from the cart priced once (carts/pricing.ts).
 *
 * Choices UCP leaves to a business:
 * - A session belongs to its owner (the caller's namespace, as the seed API's carts) and to the
 *   endpoint that made it (`/ucp`, or one seller's `/store/{handle}/ucp`): from anywhere else it is
 *   not_found, as an unknown id is.
 * - Items are named by variant id (item.id). A line that cannot be taken is not written, and the
 *   write leaves a message on the cart (its notices, kept until the next change) at the line sent:
 *   item_unavailable (an unknown variant, or another seller's at a seller's endpoint) and
 *   quantity_exceeds_limit (above the live max_item_quantity). A line above the stock is taken;
 *   pricing says out_of_stock, with the units left, while it is.
 */
import { linesToReplace, replaceItems } from '../carts/items';
import { insertCart, type CartServices, type NewCartFields, type NewCartOwner } from '../carts/operations';
import { lineTitle, type PricedCart } from '../carts/pricing';
import type { SellerPages } from '../carts/sellers';
import { loadCart, touch, type CartBuyer, type CartNotice, type CartRow, type TouchedFields } from '../carts/store';
import type { Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { canonicalJson } from '../lib/canonical-json';
import type { ErrorMessage, SessionMessage } from './session-schemas';

/** Who calls, and from which endpoint. */
export interface SessionScope extends NewCartOwner {
  /** The seller whose endpoint was called; null for the network's. */
  seller: string | null;
}

export interface SessionCall {
  services: CartServices;
  /** The request's transaction (writes) or the database (reads). */
  db: Db;
  scope: SessionScope;
}

/** Where a checkout's one destination is (fulfillment.md): missing fields and undeliverable addresses point here. */
export const DESTINATION = '$.fulfillment.methods[0].destinations[0]';

/**
 * UCP's not_found outcome (HTTP 200, error_response) for a session that is not the caller's here.
 * The catalogue's cart_not_found, which the binding renders as not_found.
 */
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
  if (cart.scope !== call.scope.seller) throw sessionNotFound(what, id);
  return cart;
}

/** A cart that can no longer change: paid, cancelled or expired. */
export const isClosed = (cart: CartRow) => cart.status === 'completed' || cart.status === 'cancelled' || cart.status === 'expired';

// ---------------------------------------------------------------- writing

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
 * cart's, and the cart row takes `change` with its touch, sent together when the row changes.
 * The same session sent again (a platform that PUTs what it holds) is no change: nothing is
 * touched, and a live payment link of it stays live. Answers the row as it stands.
 */
export async function replaceSession(call: SessionCall, cart: CartRow, taken: TakenLines, change: { notices: CartNotice[] } & TouchedFields): Promise<CartRow> {
  const { db, services } = call;
  const rowChanged =
    !sameValue(change.notices, cart.notices) ||
    (change.buyer !== undefined && !sameValue(change.buyer, cart.buyer)) ||
    (change.shippingAddress !== undefined && !sameValue(change.shippingAddress, cart.shippingAddress));
  // The two statements are independent: sent together, in either order.
  const replacing = replaceItems(db, cart.id, taken.lines);
  if (!rowChanged && !(await replacing)) return cart;
  const [, touched] = await Promise.all([replacing, touch(db, cart, services.config, change)]);
  return touched;
}

/** A new session's cart row, then its lines. */
export async function insertSession(call: SessionCall, taken: TakenLines, fields: NewCartFields): Promise<CartRow> {
  const { db, services, scope } = call;
  const cart = await insertCart(db, services.config, scope, { scope: scope.seller, ...fields });
  if (taken.lines.length) await replaceItems(db, cart.id, taken.lines);
  return cart;
}

/** The buyer as stored: the members UCP defines that were sent; null for none. */
export function buyerOf(buyer: Partial<CartBuyer> | undefined): CartBuyer | null {
  if (!buyer) return null;
  const kept: CartBuyer = {};
  for (const field of ['email', 'first_name', 'last_name', 'phone_number'] as const) if (buyer[field] !== undefined) kept[field] = buyer[field];
  return Object.keys(kept).length ? kept : null;
}

/** Whether two stored values (jsonb, which orders keys its own way) are the same. */
export const sameValue = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** A create that takes nothing: every item sent was unavailable. */
export interface Refused {
  refused: ErrorMessage[];
}

/** The messages of a refused create: each item sent, unrecoverable, since nothing was made. */
export function refusedItems(taken: TakenLines): ErrorMessage[] {
  return taken.notices.map((n) => ({ type: 'error', code: n.code, content: n.message, severity: 'unrecoverable', path: n.path! }));
}

// ---------------------------------------------------------------- answering

const POLICY_LINKS = [
  ['terms', 'terms_of_service', 'Terms of service'],
  ['privacy', 'privacy_policy', 'Privacy policy'],
  ['returns', 'refund_policy', 'Refund policy'],
  ['shipping', 'shipping_policy', 'Shipping policy'],
] as const;

/** Each seller's four policy pages, titled with the seller's name. */
export function sessionLinks(sellers: Map<string, SellerPages>) {
  return [...sellers.values()].flatMap((s) => POLICY_LINKS.map(([policy, type, title]) => ({ type, url: s.policy_urls[policy], title: `${s.name}: ${title}` })));
}

export function sessionLineItems(priced: PricedCart) {
  return priced.lines.map((l) => ({
    id: l.id,
    item: { id: l.variant_id, title: lineTitle(l), price: l.unit_price_cents },
    quantity: l.quantity,
    totals: [
      { type: 'subtotal', amount: l.line_total_cents },
      { type: 'total', amount: l.line_total_cents },
    ],
  }));
}

/** UCP's totals: one subtotal, the delivery once it is priced, one total. */
export function sessionTotals(priced: PricedCart) {
  const { subtotal_cents, delivery_cents, total_cents } = priced.totals;
  return [
    { type: 'subtotal', display_text: 'Subtotal', amount: subtotal_cents },
    ...(priced.delivery.length ? [{ type: 'fulfillment', display_text: 'Delivery', amount: delivery_cents }] : []),
    { type: 'total', display_text: 'Total', amount: total_cents },
  ];
}

/** Pricing's codes in UCP's words. */
const UCP_CODES: Record<string, string> = { insufficient_stock: 'out_of_stock' };
/**
 * Pricing's messages a UCP answer leaves out: the address is a checkout's own `missing` message,
 * and a cancelled payment link is the continue_url's business (it makes a fresh one).
 */
const LEFT_OUT = new Set(['address_required', 'payment_link_cancelled']);

/**
 * Where only a checkout's messages point: its destination (a write's notices about the address
 * sent, delivery that cannot reach it). A cart has no fulfillment, so a cart behind a checkout
 * leaves them to the checkout.
 */
const CHECKOUT_ONLY = '$.fulfillment';

/**
 * The session's messages (pricing's and the last write's notices) as UCP's, for the view answered:
 * a cart's leave out the checkout's own. An error is recoverable.
 */
export function sessionMessages(priced: PricedCart, view: 'cart' | 'checkout'): SessionMessage[] {
  return priced.messages.flatMap((m): SessionMessage[] => {
    if (LEFT_OUT.has(m.code)) return [];
    const code = UCP_CODES[m.code] ?? m.code;
    const path = ucpPath(m.path);
    if (view === 'cart' && path?.startsWith(CHECKOUT_ONLY)) return [];
    const at = path === undefined ? {} : { path };
    return [m.type === 'error' ? { type: 'error', code, content: m.message, severity: 'recoverable', ...at } : { type: m.type, code, content: m.message, ...at }];
  });
}

/** A cart message's path as a JSONPath into UCP's shape. */
function ucpPath(path: string | null): string | undefined {
  if (path === null) return undefined;
  if (path.startsWith('$')) return path;
  if (path === 'delivery' || path === 'shipping_address') return DESTINATION;
  return `$.${path}`;
}
