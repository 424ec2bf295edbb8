/**
 * Products and variants by identifier, for UCP's catalog (server/ucp/): which product each id of
 * a batch names (a product id, a variant id or a SKU), and those products with everything UCP's
 * product shape shows (every variant with its options and GTIN, the seller's name and policy pages);
 * and the same products page by page, for ACP's product feed (./acp-feed.ts).
 * Each is one statement over primary keys and unique indexes, whatever the batch's size; a seller
 * handle confines both to that seller's catalog, as if no other seller's product existed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { SELLER_POLICY_URLS, type SearchDetailItem, type SearchDetailVariant, type SellerPolicyUrls } from './search-sql';

/** A variant as UCP shows it: the search's, with its options and GTIN. */
export type CatalogVariant = SearchDetailVariant;

/** A product as search reads it with `detail` (its seller's policy pages, every variant), without the search's keyset. */
export type CatalogProduct = Omit<SearchDetailItem, 'key'>;

/** What one identifier of a batch names: a product (variant_id null), or one of its variants. */
export interface ResolvedId {
  input: string;
  product_id: string;
  variant_id: string | null;
}

/** A seller's policies by the link types UCP's and ACP's seller links both name them with. */
const POLICY_LINKS = { returns: 'refund_policy', shipping: 'shipping_policy', privacy: 'privacy_policy', terms: 'terms_of_service' } as const;

/** A product's links to its seller's four policy pages (returns, shipping, privacy, terms). */
export function sellerPolicyLinks(urls: SellerPolicyUrls): { type: (typeof POLICY_LINKS)[keyof SellerPolicyUrls]; url: string }[] {
  return (Object.keys(POLICY_LINKS) as (keyof SellerPolicyUrls)[]).map((policy) => ({ type: POLICY_LINKS[policy], url: urls[policy] }));
}

/** Distinct ids one lookup takes (UCP asks a business to take at least 10). */
export const LOOKUP_MAX_IDS = 50;

/** Sellers whose SKU one identifier may be (SKUs are unique per seller only): the first by handle. */
export const SKU_MATCHES = 3;

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const inScope = (sellerHandle: string | undefined): SQL => (sellerHandle === undefined ? sql`true` : sql`s.handle = ${sellerHandle}`);

/** The form of the ids this catalog issues (prod_…, var_…): never tried as a SKU. */
const CATALOG_ID = /^(?:prod|var)_[0-9a-z]{26}$/;

/**
 * What each identifier names, in one statement: a product id (primary key), a variant id
 * (primary key) or a SKU (variants_seller_sku_idx, one probe per seller and SKU: a SKU is unique
 * per seller only, so one may name up to SKU_MATCHES variants). An identifier naming nothing is absent.
 */
export async function resolveIds(db: Db, ids: readonly string[], sellerHandle?: string): Promise<ResolvedId[]> {
  if (!ids.length) return [];
  const skus = ids.filter((id) => !CATALOG_ID.test(id));
  return rows<ResolvedId>(
    db,
    sql`SELECT p.id AS input, p.id AS product_id, NULL::text AS variant_id
        FROM products p JOIN sellers s ON s.id = p.seller_id
        WHERE p.id IN (${list(ids)}) AND ${inScope(sellerHandle)}
        UNION ALL
        SELECT v.id, v.product_id, v.id
        FROM variants v JOIN sellers s ON s.id = v.seller_id
        WHERE v.id IN (${list(ids)}) AND ${inScope(sellerHandle)}
        ${
          skus.length
            ? sql`UNION ALL
        SELECT m.sku, m.product_id, m.id
        FROM (SELECT v.sku, v.product_id, v.id, row_number() OVER (PARTITION BY v.sku ORDER BY s.handle) AS n
              FROM sellers s
              CROSS JOIN LATERAL (SELECT v.sku, v.product_id, v.id FROM variants v WHERE v.seller_id = s.id AND v.sku IN (${list(skus)})) v
              WHERE ${inScope(sellerHandle)}) m
        WHERE m.n <= ${SKU_MATCHES}`
            : sql``
        }`,
  );
}

/** A product with its seller's name and policy pages and every variant (cheapest first), from `products p JOIN sellers s`. */
const PRODUCT_WITH_VARIANTS = sql`SELECT p.id, p.title, p.description, p.brand, p.category, p.images, p.url,
               s.handle AS seller_handle, s.name AS seller_name, ${SELLER_POLICY_URLS} AS seller_policy_urls,
               (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'gtin', v.gtin, 'price_cents', v.price_cents,
                                                           'currency', v.currency, 'stock', v.stock, 'options', v.options)
                                         ORDER BY v.price_cents, v.sku), '[]'::json)
                FROM variants v WHERE v.product_id = p.id) AS variants
        FROM products p JOIN sellers s ON s.id = p.seller_id`;

/** The products named, with their sellers and every variant, in one statement; an id naming none (or another seller's) is absent. */
export async function productsByIds(db: Db, ids: readonly string[], sellerHandle?: string): Promise<Map<string, CatalogProduct>> {
  if (!ids.length) return new Map();
  const found = await rows<CatalogProduct>(db, sql`${PRODUCT_WITH_VARIANTS} WHERE p.id IN (${list(ids)}) AND ${inScope(sellerHandle)}`);
  return new Map(found.map((product) => [product.id, product]));
}

/**
 * The whole catalog a page at a time, in product id order: the `limit` products after `after`
 * (null: from the start). A keyset on the primary key, so the millionth page costs what the first does.
 */
export async function productsAfter(db: Db, after: string | null, limit: number): Promise<CatalogProduct[]> {
  return rows<CatalogProduct>(db, sql`${PRODUCT_WITH_VARIANTS} WHERE ${after === null ? sql`true` : sql`p.id > ${after}`} ORDER BY p.id LIMIT ${limit}`);
}
