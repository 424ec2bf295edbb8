/**
 * The one way products and sellers enter the database (demo seed, the generator, feed imports).
 * Rows travel as one JSON parameter per batch (`jsonb_to_recordset`), which is fast and identical
 * on postgres-js and PGlite; product-level price and stock columns are recomputed from the
 * variants in the same statement batch, and the search vocabulary is kept up to date.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { UNTRACKED_STOCK, type DeliveryZone, type SellerPolicies } from '../db/schema';
import { newId } from '../lib/ids';

export interface SellerInput {
  handle: string;
  name: string;
  /** Host names, primary first; normalised on write. */
  domains: string[];
  description: string;
  logoUrl?: string | null;
  currency: 'USD';
  delivery: DeliveryZone[];
  policies: SellerPolicies;
  createdAt?: Date;
}

export interface VariantInput {
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  currency: 'USD';
  /** null = not tracked (always available). */
  stock: number | null;
  gtin?: string | null;
}

export interface ProductInput {
  /** The feed's identity of the product (item_group_id, or the single variant's id). */
  externalId: string;
  title: string;
  description: string;
  brand?: string | null;
  /** `A > B > C` */
  category: string;
  images: string[];
  url?: string | null;
  createdAt?: Date;
  variants: VariantInput[];
}

/** Lower case, accents removed: the key `name=` lookups compare. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function normaliseCategory(category: string): string {
  return category
    .split('>')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(' > ');
}

/**
 * Longest category path, in characters. A product's lower-cased path is one lexeme of the
 * full-text indexes (db/schema.ts, categoryTerm), and a lexeme holds at most 2,047 bytes: 500
 * characters of UTF-8 stay under it even after lower-casing.
 */
export const MAX_CATEGORY_LENGTH = 500;

/** Why `category` cannot be stored (no path segment, or too long), or undefined when it can. */
export function categoryProblem(category: string): { code: 'invalid_category' | 'too_long'; message: string } | undefined {
  const path = normaliseCategory(category);
  if (!path) return { code: 'invalid_category', message: `category "${category}" has no path segment` };
  if (path.length > MAX_CATEGORY_LENGTH) return { code: 'too_long', message: `category has ${path.length} characters; at most ${MAX_CATEGORY_LENGTH}` };
  return undefined;
}

/** Words of a text as the search vocabulary keeps them: lower case letters and digits, ≥ 3 long. */
export function vocabularyWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && w.length <= 40 && !/^\d+$/.test(w));
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Inserts or updates sellers by handle; returns handle → id. */
export async function upsertSellers(db: Db, sellers: SellerInput[]): Promise<Map<string, string>> {
  if (!sellers.length) return new Map();
  const records = sellers.map((s) => ({
    id: newId('sel'),
    handle: s.handle,
    name: s.name,
    name_key: nameKey(s.name),
    domains: s.domains.map((d) => d.toLowerCase().replace(/\.$/, '')),
    description: s.description,
    logo_url: s.logoUrl ?? null,
    currency: s.currency,
    delivery: s.delivery,
    policies: s.policies,
    created_at: (s.createdAt ?? new Date()).toISOString(),
  }));
  const out = await rows<{ id: string; handle: string }>(
    db,
    sql`INSERT INTO sellers (id, handle, name, name_key, domains, description, logo_url, currency, delivery, policies, created_at)
        SELECT id, handle, name, name_key, ARRAY(SELECT jsonb_array_elements_text(domains)), description, logo_url, currency, delivery, policies, created_at
        FROM jsonb_to_recordset(${json(records)}) AS x(id text, handle text, name text, name_key text, domains jsonb, description text,
             logo_url text, currency text, delivery jsonb, policies jsonb, created_at timestamptz)
        ON CONFLICT (handle) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, domains = excluded.domains,
             description = excluded.description, logo_url = excluded.logo_url, currency = excluded.currency,
             delivery = excluded.delivery, policies = excluded.policies
        RETURNING id, handle`,
  );
  return new Map(out.map((r) => [r.handle, r.id]));
}

export interface WriteResult {
  inserted: number;
  updated: number;
}

/**
 * Upserts one seller's products by (seller, externalId) and their variants by (seller, sku). A
 * product's variant list is replaced by the given one. Call inside a transaction for all-or-nothing.
 */
export async function writeProducts(db: Db, sellerId: string, products: ProductInput[]): Promise<WriteResult> {
  if (!products.length) return { inserted: 0, updated: 0 };
  const now = Date.now();
  const productRecords = products.map((p) => {
    const problem = categoryProblem(p.category);
    if (problem) throw new Error(`Product ${p.externalId}: ${problem.message}`);
    const category = normaliseCategory(p.category);
    return {
      id: newId('prod', p.createdAt?.getTime() ?? now),
      seller_id: sellerId,
      external_id: p.externalId,
      title: p.title,
      description: p.description,
      brand: p.brand ?? null,
      category,
      category_key: category.toLowerCase(),
      images: p.images,
      url: p.url ?? null,
      ...priceAndStock(p.variants),
      created_at: new Date(p.createdAt?.getTime() ?? now).toISOString(),
    };
  });

  const written = await rows<{ id: string; external_id: string; inserted: boolean }>(
    db,
    sql`INSERT INTO products (id, seller_id, external_id, title, description, brand, category, category_key, images, url,
             price_min, price_min_in_stock, stock_max, created_at, updated_at)
        SELECT id, seller_id, external_id, title, description, brand, category, category_key, images, url,
             price_min, price_min_in_stock, stock_max, created_at, now()
        FROM jsonb_to_recordset(${json(productRecords)}) AS x(id text, seller_id text, external_id text, title text,
             description text, brand text, category text, category_key text, images jsonb, url text, price_min int,
             price_min_in_stock int, stock_max int, created_at timestamptz)
        ON CONFLICT (seller_id, external_id) DO UPDATE SET title = excluded.title, description = excluded.description,
             brand = excluded.brand, category = excluded.category, category_key = excluded.category_key,
             images = excluded.images, url = excluded.url, price_min = excluded.price_min,
             price_min_in_stock = excluded.price_min_in_stock, stock_max = excluded.stock_max, updated_at = now()
        RETURNING id, external_id, (xmax = 0) AS inserted`,
  );
  const idByExternal = new Map(written.map((r) => [r.external_id, r.id]));

  const variantRecords = products.flatMap((p) =>
    p.variants.map((v) => ({
      id: newId('var'),
      product_id: idByExternal.get(p.externalId)!,
      seller_id: sellerId,
      sku: v.sku,
      options: v.options,
      price_cents: v.priceCents,
      currency: v.currency,
      stock: v.stock,
      gtin: v.gtin ?? null,
    })),
  );
  const updatedIds = written.filter((r) => !r.inserted).map((r) => r.id);
  if (updatedIds.length) {
    // Re-import: the feed's variant list replaces the stored one.
    await db.execute(sql`DELETE FROM variants WHERE product_id IN (SELECT jsonb_array_elements_text(${json(updatedIds)}))
        AND sku NOT IN (SELECT x->>'sku' FROM jsonb_array_elements(${json(variantRecords)}) x)`);
  }
  await db.execute(sql`INSERT INTO variants (id, product_id, seller_id, sku, options, price_cents, currency, stock, gtin)
      SELECT id, product_id, seller_id, sku, options, price_cents, currency, stock, gtin
      FROM jsonb_to_recordset(${json(variantRecords)}) AS x(id text, product_id text, seller_id text, sku text, options jsonb,
           price_cents int, currency text, stock int, gtin text)
      ON CONFLICT (seller_id, sku) DO UPDATE SET product_id = excluded.product_id, options = excluded.options,
           price_cents = excluded.price_cents, currency = excluded.currency, stock = excluded.stock, gtin = excluded.gtin`);

  await addCategoryLabels(db, productRecords);
  await addVocabulary(db, products);
  const inserted = written.filter((r) => r.inserted).length;
  return { inserted, updated: written.length - inserted };
}

/** The product-level columns filters and sorts use, from its variants. */
export function priceAndStock(variants: VariantInput[]): { price_min: number; price_min_in_stock: number | null; stock_max: number } {
  let priceMin = Infinity;
  let inStock = Infinity;
  let stockMax = 0;
  for (const v of variants) {
    priceMin = Math.min(priceMin, v.priceCents);
    const available = v.stock === null || v.stock > 0;
    if (available) inStock = Math.min(inStock, v.priceCents);
    stockMax = Math.max(stockMax, v.stock ?? UNTRACKED_STOCK);
  }
  return { price_min: priceMin, price_min_in_stock: Number.isFinite(inStock) ? inStock : null, stock_max: stockMax };
}

/** Entries in the order of their keys' code units: the order concurrent writers take row locks in. */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Labels the batch's new categories with their spelling here (db/schema.ts, categoryLabels); a
 * category already labelled keeps its label. In key order, so concurrent writers wait on the same
 * new keys in one order and cannot deadlock.
 */
async function addCategoryLabels(db: Db, products: { category: string; category_key: string }[]): Promise<void> {
  const labels = new Map<string, string>();
  for (const p of products) if (!labels.has(p.category_key)) labels.set(p.category_key, p.category);
  const sorted = [...labels].sort(byKey).map(([key, label]) => ({ key, label }));
  await db.execute(sql`INSERT INTO category_labels (key, label)
      SELECT key, label FROM jsonb_to_recordset(${json(sorted)}) AS x(key text, label text)
      ON CONFLICT (key) DO NOTHING`);
}

/**
 * Adds the batch's words to the typo-correction vocabulary, counting documents per word: every
 * field the search vector holds, descriptions too. With titles, brands and categories only, a word
 * that products carry in their descriptions alone could not be a correction (the demo catalog's
 * "bluetooth": "blutooth" was left as typed and the search found nothing).
 */
async function addVocabulary(db: Db, products: ProductInput[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const p of products) {
    // Addresses are left out: the search vector reads "shop.example" as one host, never its words.
    const description = p.description.replace(/\S*[./@:]\S*[\p{L}\p{N}]/gu, ' ');
    for (const w of new Set(vocabularyWords(`${p.title} ${p.brand ?? ''} ${p.category} ${description}`))) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  if (!counts.size) return;
  // Sorted, so concurrent writers lock the shared word rows in one order and cannot deadlock.
  const words = [...counts].sort(byKey).map(([word, documents]) => ({ word, documents }));
  await db.execute(sql`INSERT INTO search_words (word, documents)
      SELECT word, documents FROM jsonb_to_recordset(${json(words)}) AS x(word text, documents int)
      ON CONFLICT (word) DO UPDATE SET documents = search_words.documents + excluded.documents`);
}
