/**
 * Loading a caller's cart and the rules every cart operation shares. A cart belongs to the caller
 * namespace that created it; any other caller gets 404 cart_not_found, exactly as for an id that
 * does not exist, so existence is never disclosed.
 *
 * Every mutation runs in one transaction: loadCart(…, { lock: true }) → assertMutable → the change
 * → touch. Locks are always taken cart first, then its payment link, then catalog rows (orders),
 * so two transactions never wait on each other in a cycle.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { preparedRows } from '../db/prepared';
import { carts, type CartBuyer, type CartNotice, type ShippingAddress } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { callerNamespace, linkedPlatform, type Caller } from '../identity/caller';
import { cancelLiveLink } from './links';
import { applyExpiry } from './expiry';

export type CartRow = typeof carts.$inferSelect;
/** What a cart's row holds, as its callers (the bindings) write and read it. */
export type { CartBuyer, CartNotice, ShippingAddress };
export type CartStatus = CartRow['status'];

/** The owner a caller's carts are stored under: its idempotency namespace (the agent profile or the credential). */
export function cartOwner(caller: Caller): string {
  return callerNamespace(caller);
}

/** A new cart's owner, and the platform it is credited to when the call is a linked one. */
export function newCartOwner(caller: Caller): { owner: string; platform: string | null } {
  return { owner: cartOwner(caller), platform: linkedPlatform(caller) };
}

/**
 * Every cart change reads and writes the cart row, so those two statements are raw SQL: drizzle's
 * query builder costs ~0.1 ms of CPU per statement to build, a tenth of an add_to_cart (bench:cart).
 */
const CART_COLUMNS = sql.raw('id, owner, status, currency, shipping_address, notices, order_id, platform, buyer, scope, checkout_token_hash, acp_platform, expires_at, created_at, updated_at');

interface CartColumns {
  id: string;
  owner: string;
  status: CartStatus;
  currency: string;
  shipping_address: ShippingAddress | null;
  notices: CartNotice[];
  order_id: string | null;
  platform: string | null;
  buyer: CartBuyer | null;
  scope: string | null;
  checkout_token_hash: string | null;
  acp_platform: string | null;
  /** Text on postgres-js (drizzle leaves timestamps unparsed there), a Date on PGlite. */
  expires_at: string | Date;
  created_at: string | Date;
  updated_at: string | Date;
}

const timestamp = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function cartRow(r: CartColumns): CartRow {
  return {
    id: r.id,
    owner: r.owner,
    status: r.status,
    currency: r.currency,
    shippingAddress: r.shipping_address,
    notices: r.notices,
    orderId: r.order_id,
    platform: r.platform,
    buyer: r.buyer,
    scope: r.scope,
    checkoutTokenHash: r.checkout_token_hash,
    acpPlatform: r.acp_platform,
    expiresAt: timestamp(r.expires_at),
    createdAt: timestamp(r.created_at),
    updatedAt: timestamp(r.updated_at),
  };
}

/**
 * The caller's cart, with any due expiry applied (so its status is the current one); with `lock`,
 * held (FOR UPDATE) until the surrounding transaction ends. An unknown id and another owner's cart
 * get the same 404.
 */
export async function loadCart(db: Db, id: string, owner: string, opts: { lock?: boolean } = {}): Promise<CartRow> {
  const [found] = await (opts.lock ? selectCartLocked : selectCart)(db, { id, owner });
  if (!found) throw new ApiError('cart_not_found');
  return applyExpiry(db, cartRow(found));
}

// Every cart call runs these (db/prepared.ts).
const CART_OF_OWNER = sql`SELECT ${CART_COLUMNS} FROM carts WHERE id = ${sql.placeholder('id')} AND owner = ${sql.placeholder('owner')}`;
const selectCart = preparedRows<{ id: string; owner: string }, CartColumns>('cart_select', CART_OF_OWNER);
const selectCartLocked = preparedRows<{ id: string; owner: string }, CartColumns>('cart_select_locked', sql`${CART_OF_OWNER} FOR UPDATE`);
const TOUCH_SET = sql`status = ${sql.placeholder('status')}, notices = ${sql.placeholder('notices')}::jsonb,
    updated_at = ${sql.placeholder('updatedAt')}::timestamptz, expires_at = ${sql.placeholder('expiresAt')}::timestamptz`;
type Touched = { id: string; status: CartStatus; notices: string; updatedAt: string; expiresAt: string };
const updateTouched = preparedRows<Touched, CartColumns>(
  'cart_touch',
  sql`UPDATE carts SET ${TOUCH_SET} WHERE id = ${sql.placeholder('id')} RETURNING ${CART_COLUMNS}`,
);
/** The same, with the buyer and the shipping address a change sets (one statement, not two). */
const updateTouchedWith = preparedRows<Touched & { buyer: string | null; shippingAddress: string | null }, CartColumns>(
  'cart_touch_with',
  sql`UPDATE carts SET ${TOUCH_SET}, buyer = ${sql.placeholder('buyer')}::jsonb, shipping_address = ${sql.placeholder('shippingAddress')}::jsonb
      WHERE id = ${sql.placeholder('id')} RETURNING ${CART_COLUMNS}`,
);

/**
 * Open and checkout carts may change; expired, completed and cancelled ones answer 409, and so does
 * a cart whose x402 payment is being settled (in checkout, holding its pending order) until it ends.
 */
export function assertMutable(cart: CartRow): void {
  if (cart.status === 'expired') throw new ApiError('cart_expired');
  if (cart.status === 'checkout' && cart.orderId) throw paymentInProgress();
  if (cart.status === 'completed' || cart.status === 'cancelled') {
    throw new ApiError('cart_not_open', { message: `The cart is ${cart.status} and can no longer change.`, details: { status: cart.status } });
  }
}

const LINK_CANCELLED: CartNotice = {
  type: 'warning',
  code: 'payment_link_cancelled',
  message: 'The cart changed while its payment link was live, so the link was cancelled (its page says so) and nothing was charged. Ask for a new payment link.',
  path: 'links.payment_link',
};

/** A jsonb parameter: SQL NULL for null (JSON's null would be stored as a value). */
const jsonOrNull = (value: object | null) => (value === null ? null : JSON.stringify(value));

/** Fields of the cart row a change may set with its touch. */
export interface TouchedFields {
  buyer?: CartBuyer | null;
  shippingAddress?: ShippingAddress | null;
}

/**
 * Records a change, in the change's transaction, with the cart locked: the cart lives another
 * `cartTtlHours` from now; the notices of the previous change go. A cart in checkout is open again
 * and its live link cancelled (the amount the link fixed is no longer the cart's), which the
 * cart's messages then say. `status` sets another state at the same time (cancel_cart); `notices`
 * are the change's own, kept with it until the next (what UCP's binding could not take of a write);
 * `buyer` and `shippingAddress`, when given, are written in the same statement (`cart` is the row
 * as locked: the one not given keeps its value there). Answers the row as written.
 */
export async function touch(tx: Db, cart: CartRow, config: Pick<Config, 'cartTtlHours'>, change: { status?: CartStatus; notices?: CartNotice[] } & TouchedFields = {}): Promise<CartRow> {
  const notices: CartNotice[] = [...(change.notices ?? [])];
  if (cart.status === 'checkout' && (await cancelLiveLink(tx, cart.id))) notices.push(LINK_CANCELLED);
  const now = new Date();
  const expires = new Date(now.getTime() + config.cartTtlHours * 3_600_000);
  const touched = {
    id: cart.id,
    status: change.status ?? 'open',
    notices: JSON.stringify(notices),
    updatedAt: now.toISOString(),
    expiresAt: expires.toISOString(),
  };
  const [row] =
    change.buyer === undefined && change.shippingAddress === undefined
      ? await updateTouched(tx, touched)
      : await updateTouchedWith(tx, {
          ...touched,
          buyer: jsonOrNull(change.buyer === undefined ? cart.buyer : change.buyer),
          shippingAddress: jsonOrNull(change.shippingAddress === undefined ? cart.shippingAddress : change.shippingAddress),
        });
  return cartRow(row);
}

/** 409 payment_in_progress: the cart's x402 payment is being settled; retry after a moment. */
export function paymentInProgress(): ApiError {
  return new ApiError('payment_in_progress', {
    message: 'A payment of this cart is being settled: the cart cannot change, be cancelled or get a payment link until it ends. Retry after Retry-After.',
    headers: { 'Retry-After': '2' },
  });
}
