/**
 * The sellers a cart answers for: those of its lines, and the seller whose endpoint it was made at
 * (a seller's UCP endpoint names its own policies even while the cart is empty), with their names
 * and policy pages, beside the cart priced.
 */
import { sql } from 'drizzle-orm';
import { SELLER_POLICY_URLS, type SellerPolicyUrls } from '../catalog/search-sql';
import type { Db } from '../db/client';
import { preparedRows } from '../db/prepared';
import { priceCart, type PricedCart } from './pricing';
import type { CartRow } from './store';

export interface SellerPages {
  name: string;
  policy_urls: SellerPolicyUrls;
}

// Built once (db/prepared.ts): every answer of a UCP cart or checkout runs it.
const selectSellerPages = preparedRows<{ cartId: string; seller: string | null }, SellerPages & { handle: string }>(
  'session_seller_pages',
  sql`SELECT s.handle, s.name, ${SELLER_POLICY_URLS} AS policy_urls FROM sellers s
      WHERE s.id IN (SELECT v.seller_id FROM cart_items ci JOIN variants v ON v.id = ci.variant_id WHERE ci.cart_id = ${sql.placeholder('cartId')}
                     UNION ALL SELECT id FROM sellers WHERE handle = ${sql.placeholder('seller')})
      ORDER BY s.handle`,
);

/**
 * The cart priced, and the sellers of its lines (and the endpoint's seller, `seller`) by handle:
 * two statements sent together (one round trip), as neither needs the other's answer.
 */
export async function pricedWithSellers(db: Db, cart: CartRow, seller: string | null): Promise<{ priced: PricedCart; sellers: Map<string, SellerPages> }> {
  const [priced, sellers] = await Promise.all([priceCart(db, cart), sellerPages(db, cart.id, seller)]);
  return { priced, sellers };
}

/** The sellers alone, by handle, for a cart priced already. */
export async function sellerPages(db: Db, cartId: string, seller: string | null): Promise<Map<string, SellerPages>> {
  const found = await selectSellerPages(db, { cartId, seller });
  return new Map(found.map(({ handle, ...pages }) => [handle, pages]));
}
