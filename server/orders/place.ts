/**
 * Placing an order: one step of the caller's transaction, and the only place stock is taken.
 * The database decides every race (no in-process lock), so it holds across instances: the rows
 * the order touches are locked, products first and then variants, each in id order (the catalog
 * writer also takes products before variants, so the two never wait on each other in a cycle),
 * and stock is re-checked under those locks before it is decremented. Two buyers racing for the
 * last unit: the second waits for the first to commit, then sees no stock and places nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { carts, orders, UNTRACKED_STOCK, type OrderLine, type OrderTotals, type ShippingAddress } from '../db/schema';
import { newId } from '../lib/ids';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderRequest {
  cart: { id: string; owner: string; shippingAddress: ShippingAddress };
  /** The cart's lines as priced from the catalog a moment ago; re-checked here under the locks. */
  lines: OrderLine[];
  totals: OrderTotals;
  payment: { provider: string; reference: string };
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

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

interface LockedVariant {
  id: string;
  stock: number | null;
  price_cents: number;
}

export async function placeOrder(tx: Db, request: OrderRequest): Promise<PlaceResult> {
  const ids = request.lines.map((l) => l.variant_id);
  await rows(
    tx,
    sql`SELECT p.id FROM products p
        WHERE p.id IN (SELECT product_id FROM variants WHERE id IN (SELECT jsonb_array_elements_text(${json(ids)})))
        ORDER BY p.id FOR UPDATE OF p`,
  );
  const locked = await rows<LockedVariant>(
    tx,
    sql`SELECT id, stock, price_cents FROM variants WHERE id IN (SELECT jsonb_array_elements_text(${json(ids)})) ORDER BY id FOR UPDATE`,
  );
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

  const taken = request.lines.map((l) => ({ id: l.variant_id, quantity: l.quantity }));
  await tx.execute(sql`UPDATE variants v SET stock = v.stock - x.quantity
      FROM jsonb_to_recordset(${json(taken)}) AS x(id text, quantity int)
      WHERE v.id = x.id AND v.stock IS NOT NULL`);
  // The products' denormalised columns follow their variants, as the catalog writer computes them
  // (catalog/writer.ts priceAndStock): search filters and sorts on them.
  await tx.execute(sql`UPDATE products p SET stock_max = s.stock_max, price_min_in_stock = s.price_min_in_stock
      FROM (SELECT product_id,
                   max(coalesce(stock, ${UNTRACKED_STOCK})) AS stock_max,
                   min(price_cents) FILTER (WHERE stock IS NULL OR stock > 0) AS price_min_in_stock
            FROM variants
            WHERE product_id IN (SELECT product_id FROM variants WHERE id IN (SELECT jsonb_array_elements_text(${json(ids)})))
            GROUP BY product_id) s
      WHERE p.id = s.product_id`);

  const [order] = await tx
    .insert(orders)
    .values({
      id: newId('ord'),
      cartId: request.cart.id,
      owner: request.cart.owner,
      lineItems: request.lines,
      totals: request.totals,
      shippingAddress: request.cart.shippingAddress,
      payment: request.payment,
    })
    .returning();
  await tx.update(carts).set({ status: 'completed', orderId: order.id, notices: [], updatedAt: new Date() }).where(eq(carts.id, request.cart.id));
  return { placed: true, order };
}
