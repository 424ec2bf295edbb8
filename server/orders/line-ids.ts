/**
 * The id of each line of an order: the cart line's (item_…), the id UCP's order and its
 * fulfillment events name a line by. Orders keep it on each line since they record it; an order
 * placed before then finds it in its cart (one line per variant per cart). Should that line be
 * gone since (the cart reopened after a voided order and changed, the variant left the catalog),
 * the variant id stands in: it too names one line of the order, and the same one every time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartItems, type OrderLine } from '../db/schema';

export async function orderLineIds(db: Db, order: { cartId: string; lineItems: OrderLine[] }): Promise<string[]> {
  const missing = order.lineItems.filter((line) => line.item_id === undefined).map((line) => line.variant_id);
  const found = missing.length
    ? await db
        .select({ id: cartItems.id, variantId: cartItems.variantId })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, order.cartId), inArray(cartItems.variantId, missing)))
    : [];
  const byVariant = new Map(found.map((row) => [row.variantId, row.id]));
  return order.lineItems.map((line) => line.item_id ?? byVariant.get(line.variant_id) ?? line.variant_id);
}
