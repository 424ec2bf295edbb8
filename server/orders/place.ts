/**
 * Placing an order: one step of the caller's transaction, and the only place stock is taken.
 * The database decides every race (no in-process lock), so it holds across instances: the rows
 * the order touches are locked, products first and then variants, each in id order (the catalog
 * writer also takes products before variants, so the two never wait on each other in a cycle),
 * and stock is re-checked under those locks before it is decremented. Two buyers racing for the
 * last unit: the second waits for the first to commit, then sees no stock and places nothing.
 * Voiding an order (its payment could never be captured) gives the stock back the same way. An
 * x402 order is placed pending while its payment settles, and confirmed (or voided) after.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderLines, type PricedCart } from '../carts/pricing';
import type { Db } from '../db/client';
import { placeholderFor, placeholders, prepared, preparedRows } from '../db/prepared';
import { carts, orders, UNTRACKED_STOCK, type CartNotice, type OrderLine, type OrderTotals, type ShippingAddress } from '../db/schema';
import { buyerOfNamespace, personOfNamespace } from '../identity/caller';
import { newId } from '../lib/ids';
import { recordOrderEvent, recordOrderEvents } from './history';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderRequest {
  cart: { id: string; owner: string; platform: string | null; shippingAddress: ShippingAddress };
  /** The cart's lines as priced from the catalog a moment ago; re-checked here under the locks. */
  lines: OrderLine[];
  totals: OrderTotals;
  payment: { provider: string; reference: string };
  /**
   * The payment is still to be settled (x402): the order is `pending_payment`, its stock taken,
   * and the cart stays in checkout holding it, with `notice` saying so, until confirmOrder (or
   * voidOrder) ends the wait.
   */
  pending?: { notice: CartNotice };
  /**
   * The payment settles in the transaction that places the order (x402 on the local ledger): the
   * order is placed at once, its history pending_payment then placed, as an x402 order's whose
   * payment a facilitator settled after it.
   */
  settlesWithOrder?: boolean;
}

/** The request that places `cart` as it was just priced (`priced`), paid by `payment`, pending or not. */
export function cartOrder(
  cart: Omit<OrderRequest['cart'], 'shippingAddress'> & { shippingAddress: ShippingAddress | null },
  priced: PricedCart,
  payment: OrderRequest['payment'],
  pending?: OrderRequest['pending'],
): OrderRequest {
  return {
    // A cart ready to pay has its address (pricing says address_required otherwise).
    cart: { id: cart.id, owner: cart.owner, platform: cart.platform, shippingAddress: cart.shippingAddress! },
    lines: orderLines(priced),
    totals: priced.totals,
    payment,
    ...(pending && { pending }),
  };
}

/** A line the catalog can no longer fill as ordered. */
export interface ShortLine {
  variant_id: string;
  sku: string;
  title: string;
  requested: number;
  /** Units left now (0 when the variant is gone from the catalog). */
  available: number;
}

export type PlaceResult =
  | { placed: true; order: OrderRow }
  /** Nothing was written: some lines are short, or a price moved since the lines were priced. */
  | { placed: false; short: ShortLine[]; priceChanged: boolean };

// Every order (and every voided one) runs these, built once (db/prepared.ts); the lists travel as one jsonb parameter.
// A list is matched with `= ANY (ARRAY(…))`, not `IN (SELECT …)`: the planner guesses 100 rows for a
// set-returning function and then scans every variant of a catalog of ten thousand (four scans an
// order); an array it guesses at 10, and looks each one up by its key.
const lockProducts = preparedRows<{ ids: string }, { id: string }>(
  'order_lock_products',
  sql`SELECT p.id FROM products p
      WHERE p.id IN (SELECT product_id FROM variants WHERE id = ANY (ARRAY(SELECT jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))))
      ORDER BY p.id FOR UPDATE OF p`,
);
const lockVariants = preparedRows<{ ids: string }, LockedVariant>(
  'order_lock_variants',
  sql`SELECT id, stock, price_cents FROM variants WHERE id = ANY (ARRAY(SELECT jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))) ORDER BY id FOR UPDATE`,
);
const takeStock = preparedRows<{ moves: string }, never>(
  'order_take_stock',
  sql`UPDATE variants v SET stock = v.stock - x.quantity
      FROM jsonb_to_recordset(${sql.placeholder('moves')}::jsonb) AS x(id text, quantity int)
      WHERE v.id = x.id AND v.id = ANY (ARRAY(SELECT y.id FROM jsonb_to_recordset(${sql.placeholder('moves')}::jsonb) AS y(id text))) AND v.stock IS NOT NULL`,
);
const insertOrder = prepared<Omit<typeof orders.$inferInsert, 'createdAt'>, OrderRow[]>('order_insert', (db) =>
  db
    .insert(orders)
    .values(placeholders('id', 'cartId', 'owner', 'status', 'lineItems', 'totals', 'shippingAddress', 'payment', 'buyerId', 'accountId', 'platform'))
    .returning(),
);
const completeCart = prepared<{ cartId: string; orderId: string; updatedAt: Date }, unknown>('order_cart_completed', (db) =>
  db
    .update(carts)
    .set({ status: 'completed', orderId: placeholderFor<string>('orderId'), notices: [], updatedAt: placeholderFor<Date>('updatedAt') })
    .where(eq(carts.id, sql.placeholder('cartId'))),
);
const holdCart = prepared<{ cartId: string; orderId: string; notices: CartNotice[]; updatedAt: Date }, unknown>('order_cart_held', (db) =>
  db
    .update(carts)
    .set({ status: 'checkout', orderId: placeholderFor<string>('orderId'), notices: placeholderFor<CartNotice[]>('notices'), updatedAt: placeholderFor<Date>('updatedAt') })
    .where(eq(carts.id, sql.placeholder('cartId'))),
);
// The products' denormalised columns follow their variants, as the catalog writer computes them
// (catalog/writer.ts priceAndStock): search filters and sorts on them.
const followStock = preparedRows<{ moves: string }, never>(
  'order_follow_stock',
  sql`UPDATE products p SET stock_max = s.stock_max, price_min_in_stock = s.price_min_in_stock
      FROM (SELECT product_id,
                   max(coalesce(stock, ${UNTRACKED_STOCK})) AS stock_max,
                   min(price_cents) FILTER (WHERE stock IS NULL OR stock > 0) AS price_min_in_stock
            FROM variants
            WHERE product_id IN (SELECT product_id FROM variants WHERE id = ANY (ARRAY(SELECT x.id FROM jsonb_to_recordset(${sql.placeholder('moves')}::jsonb) AS x(id text))))
            GROUP BY product_id) s
      WHERE p.id = s.product_id`,
);

interface LockedVariant {
  id: string;
  stock: number | null;
  price_cents: number;
}

// Statements sent together go in one round trip, and the transaction's connection runs them in the
// order they were sent: the products' locks before the variants', the stock taken before the
// products follow it (test/x402-settlement-statements.test.ts reads the order off the wire).

/** Locks the variants and their products, products first, each in id order (see the top of the file). */
async function lockStock(tx: Db, ids: string[]): Promise<LockedVariant[]> {
  const values = { ids: JSON.stringify(ids) };
  const [, locked] = await Promise.all([lockProducts(tx, values), lockVariants(tx, values)]);
  return locked;
}

/** Takes `quantity` units of each variant (a negative quantity gives them back), under lockStock's locks. */
async function moveStock(tx: Db, moves: { id: string; quantity: number }[]): Promise<void> {
  const values = { moves: JSON.stringify(moves) };
  await Promise.all([takeStock(tx, values), followStock(tx, values)]);
}

export async function placeOrder(tx: Db, request: OrderRequest): Promise<PlaceResult> {
  const locked = await lockStock(tx, request.lines.map((l) => l.variant_id));
  const byId = new Map(locked.map((v) => [v.id, v]));

  const short: ShortLine[] = [];
  let priceChanged = false;
  for (const line of request.lines) {
    const v = byId.get(line.variant_id);
    const available = v ? (v.stock ?? Infinity) : 0;
    if (available < line.quantity) {
      short.push({ variant_id: line.variant_id, sku: line.sku, title: line.title, requested: line.quantity, available });
    } else if (v!.price_cents !== line.unit_price_cents) {
      priceChanged = true;
    }
  }
  if (short.length || priceChanged) return { placed: false, short, priceChanged };

  const status = request.pending ? 'pending_payment' : 'placed';
  // The order is a new row of its own: sent with the stock it takes; its history and its cart after it.
  const [, [order]] = await Promise.all([
    moveStock(tx, request.lines.map((l) => ({ id: l.variant_id, quantity: l.quantity }))),
    insertOrder(tx, {
      id: newId('ord'),
      cartId: request.cart.id,
      owner: request.cart.owner,
      status,
      lineItems: request.lines,
      totals: request.totals,
      shippingAddress: request.cart.shippingAddress,
      payment: request.payment,
      // A cart made with a buyer token places that buyer's order; one made with an OAuth token, the person's.
      buyerId: buyerOfNamespace(request.cart.owner),
      accountId: personOfNamespace(request.cart.owner),
      platform: request.cart.platform,
    }),
  ]);
  await Promise.all([
    request.settlesWithOrder ? recordOrderEvents(tx, order.id, ['pending_payment', order.createdAt], 'placed') : recordOrderEvent(tx, order.id, status, order.createdAt),
    request.pending
      ? holdCart(tx, { cartId: request.cart.id, orderId: order.id, notices: [request.pending.notice], updatedAt: new Date() })
      : completeCart(tx, { cartId: request.cart.id, orderId: order.id, updatedAt: new Date() }),
  ]);
  return { placed: true, order };
}

/** A pending order whose payment settled: placed, its cart completed. Undefined when it was not pending. */
export async function confirmOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.update(orders).set({ status: 'placed' }).where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment'))).returning();
  if (!order) return undefined;
  await Promise.all([recordOrderEvent(tx, order.id, 'placed'), completeCart(tx, { cartId: order.cartId, orderId: order.id, updatedAt: new Date() })]);
  return order;
}

/**
 * Voids a placed or pending order: it stays on record as `voided` and its units go back to stock
 * (a variant the catalog dropped since gets nothing back). Reopening the cart is the caller's.
 * Undefined when the order was voided already (a repeated notice of the same failure).
 */
export async function voidOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'voided' })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['placed', 'pending_payment'])))
    .returning();
  if (!order) return undefined;
  await Promise.all([recordOrderEvent(tx, order.id, 'voided'), lockStock(tx, order.lineItems.map((l) => l.variant_id))]);
  await moveStock(tx, order.lineItems.map((l) => ({ id: l.variant_id, quantity: -l.quantity })));
  return order;
}
