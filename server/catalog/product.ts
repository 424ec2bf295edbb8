/**
 * One product with every variant and the option values that tell them apart (get_product), and
 * what an id that names no product names instead: an agent holding a variant id or a SKU where a
 * product id belongs is told the product it belongs to, so no answer is a dead end.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { SKU_MATCHES } from './lookup';
import type { SearchSqlItem } from './search-sql';

/** A variant as search reads it, with what tells it from the product's others: {size: "M", color: "Navy"} (empty for a product with one). */
export type ProductVariant = SearchSqlItem['variants'][number] & { options: Record<string, string> };

/** A product as search reads it (without its rank key), its variants cheapest first (then by SKU), as search lists them. */
export type ProductItem = Omit<SearchSqlItem, 'key' | 'variants'> & { variants: ProductVariant[] };

/** The product, its seller and its variants in one statement (the primary key, then variants_product_idx). */
export async function findProduct(db: Db, id: string): Promise<ProductItem> {
  const [item] = await rows<ProductItem>(
    db,
    sql`SELECT p.id, p.title, p.description, p.brand, p.category, p.images, p.url, s.handle AS seller_handle, s.name AS seller_name,
          (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price_cents', v.price_cents, 'currency', v.currency,
                                                      'stock', v.stock, 'options', v.options) ORDER BY v.price_cents, v.sku), '[]'::json)
           FROM variants v WHERE v.product_id = p.id) AS variants
        FROM products p JOIN sellers s ON s.id = p.seller_id
        WHERE p.id = ${id}`,
  );
  if (!item) throw await productNotFound(db, id);
  return item;
}

/** A product that may be named where an item is: its id, and the variants it has. */
export interface ProductVariants {
  id: string;
  variants: { id: string; sku: string; seller_handle: string; stock: number | null; price_cents: number; options: Record<string, string> }[];
}

/** The variants of each product named (one statement); a product id naming nothing → 404 product_not_found. */
export async function variantsOfProducts(db: Db, ids: readonly string[]): Promise<Map<string, ProductVariants>> {
  const found = await rows<{ id: string; sku: string; seller_handle: string; stock: number | null; price_cents: number; options: Record<string, string>; product_id: string }>(
    db,
    sql`SELECT v.id, v.sku, s.handle AS seller_handle, v.stock, v.price_cents, v.options, v.product_id
        FROM variants v JOIN sellers s ON s.id = v.seller_id
        WHERE v.product_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        ORDER BY v.price_cents, v.sku`,
  );
  const products = new Map<string, ProductVariants>();
  for (const { product_id, ...variant } of found) {
    const entry = products.get(product_id) ?? { id: product_id, variants: [] };
    entry.variants.push(variant);
    products.set(product_id, entry);
  }
  const missing = ids.find((id) => !products.has(id));
  if (missing) throw await productNotFound(db, missing);
  return products;
}

/**
 * 404 product_not_found. An id that is a variant's (var_…) or a SKU is not a product's, but it
 * names one: the answer names that product, and says how to use what the caller holds (a variant
 * id as variant_id, a SKU with its seller_handle) to buy without looking it up again.
 */
async function productNotFound(db: Db, id: string): Promise<ApiError> {
  // A SKU is indexed under its seller only ((seller_id, sku)): one probe of that index per seller,
  // where a search of every variant for it would read them all.
  const owners = await rows<{ product_id: string; variant_id: string; sku: string; seller_handle: string }>(
    db,
    id.startsWith('var_')
      ? sql`SELECT v.product_id, v.id AS variant_id, v.sku, s.handle AS seller_handle
            FROM variants v JOIN sellers s ON s.id = v.seller_id WHERE v.id = ${id}`
      : sql`SELECT v.product_id, v.id AS variant_id, v.sku, s.handle AS seller_handle
            FROM sellers s CROSS JOIN LATERAL (SELECT v.product_id, v.id, v.sku FROM variants v WHERE v.seller_id = s.id AND v.sku = ${id}) v
            ORDER BY s.handle
            LIMIT ${SKU_MATCHES}`,
  );
  if (!owners.length) {
    return new ApiError('product_not_found', { message: `No product ${id}. Product ids are the productID (prod_…) of search results.` });
  }
  const matches = owners.map((o) => ({ product_id: o.product_id, variant_id: o.variant_id, sku: o.sku, seller_handle: o.seller_handle }));
  const [first] = owners;
  const message = id.startsWith('var_')
    ? `${id} is a variant id, not a product id: name the item with it as variant_id, or get its product ${first.product_id}.`
    : `${id} is a SKU, not a product id: ${owners.map((o) => `of ${o.seller_handle}, in product ${o.product_id}`).join('; ')}. Get that product, or name the item by sku with seller_handle.`;
  return new ApiError('product_not_found', { message, details: { matches } });
}
