/**
 * Cart lines: how an item is named in a request, how it is found in the catalog, the one way
 * lines enter a cart (create_cart, add_to_cart and quick_buy alike) and the one way they replace a
 * cart's (UCP's carts and checkouts), with the cart's rules (mergedLines) checked on the line as it
 * will be after merging: at most MAX_CART_LINES lines, the live max_item_quantity, and, when
 * adding, the stock the seller has now.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../db/client';
import { preparedRows } from '../db/prepared';
import { cartItems } from '../db/schema';
import { readLimits } from '../domain/limits';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import { variantsOfProducts, type ProductVariants } from '../catalog/product';

/** Lines a cart may hold (documented; more → 400 cart_line_limit). */
export const MAX_CART_LINES = 100;

/** The largest quantity a schema takes: the ceiling an admin can set max_item_quantity to. */
const QUANTITY_CEILING = 2_000_000_000;

export const quantitySchema = z
  .number()
  .int()
  .min(1)
  .max(QUANTITY_CEILING)
  .describe('Units, a whole number ≥ 1. The line’s quantity (after adding to what the cart holds) must be within the live max_item_quantity.');

/** The fields that name an item: variant_id, sku with seller_handle, or product_id (a product with one variant). */
export const itemRefFields = {
  variant_id: z
    .string()
    .min(1)
    .max(64)
    .describe('The variant (var_…): the Offer `identifier` in search results or get_product. Give this, or sku with seller_handle, or product_id.')
    .optional(),
  sku: z.string().min(1).max(100).describe('The seller’s SKU (unique per seller only): give it with seller_handle, instead of variant_id.').optional(),
  seller_handle: z.string().min(1).max(100).describe('The seller whose SKU `sku` is; only with sku.').optional(),
  product_id: z
    .string()
    .min(1)
    .max(64)
    .describe('The product (prod_…): the productID in search results. Enough for a product with one variant; one with several answers 409 variant_required listing them (details.variants).')
    .optional(),
};

export const ITEM_REF_RULE = 'Name the item one way: by variant_id, by sku together with seller_handle, or by product_id (a product with one variant).';

export type ItemRef = { variant_id?: string; sku?: string; seller_handle?: string; product_id?: string };

/**
 * A refinement for schemas holding itemRefFields: exactly one way of naming the item. Published
 * as prose (ITEM_REF_RULE) rather than as a JSON Schema oneOf, which the OpenAPI linters flag and
 * tool clients read unevenly.
 */
export function oneItemRef(value: ItemRef, ctx: z.RefinementCtx): void {
  const bySku = value.sku !== undefined || value.seller_handle !== undefined;
  const ways = [value.variant_id !== undefined, bySku, value.product_id !== undefined].filter(Boolean).length;
  if (ways > 1) {
    const path = value.variant_id !== undefined ? 'variant_id' : 'product_id';
    ctx.addIssue({ code: 'custom', path: [path], message: 'Name the item one way, not both: variant_id, sku + seller_handle, or product_id.' });
  } else if (ways === 0) {
    ctx.addIssue({ code: 'custom', path: ['variant_id'], message: 'Name the item: variant_id, sku together with seller_handle, or product_id.' });
  } else if (bySku && (value.sku === undefined || value.seller_handle === undefined)) {
    ctx.addIssue({ code: 'custom', path: [value.sku === undefined ? 'sku' : 'seller_handle'], message: 'sku and seller_handle go together (SKUs are unique per seller only).' });
  }
}

export interface ItemRequest extends ItemRef {
  quantity: number;
}

interface FoundVariant {
  id: string;
  sku: string;
  seller_handle: string;
  stock: number | null;
}

const describeRef = (ref: ItemRef) => (ref.variant_id !== undefined ? `variant ${ref.variant_id}` : `sku ${ref.sku} of seller ${ref.seller_handle}`);
const refKey = (ref: ItemRef) =>
  ref.variant_id !== undefined ? `id:${ref.variant_id}` : ref.product_id !== undefined ? `product:${ref.product_id}` : `sku:${ref.seller_handle}\0${ref.sku}`;

/**
 * The variants the requests name, in three indexed lookups at most (by primary key; by seller
 * handle then (seller_id, sku); by product). A product named must have one variant (else 409
 * variant_required, listing them); the first request naming nothing → 404 variant_not_found
 * (product_not_found for a product id).
 */
async function findVariants(db: Db, requests: ItemRequest[]): Promise<FoundVariant[]> {
  const ids = [...new Set(requests.flatMap((r) => (r.variant_id !== undefined ? [r.variant_id] : [])))];
  const productIds = [...new Set(requests.flatMap((r) => (r.product_id !== undefined ? [r.product_id] : [])))];
  const skuRefs = requests.filter((r) => r.variant_id === undefined && r.product_id === undefined);
  const found = new Map<string, FoundVariant>();
  if (productIds.length) {
    for (const product of (await variantsOfProducts(db, productIds)).values()) {
      if (product.variants.length > 1) throw variantRequired(product);
      found.set(`product:${product.id}`, product.variants[0]);
    }
  }
  if (ids.length) {
    const byId = await rows<FoundVariant>(
      db,
      sql`SELECT v.id, v.sku, s.handle AS seller_handle, v.stock
          FROM variants v JOIN sellers s ON s.id = v.seller_id
          WHERE v.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    for (const v of byId) found.set(`id:${v.id}`, v);
  }
  if (skuRefs.length) {
    const pairs = sql.join(skuRefs.map((r) => sql`(${r.seller_handle}::text, ${r.sku}::text)`), sql`, `);
    const bySku = await rows<FoundVariant>(
      db,
      sql`SELECT v.id, v.sku, s.handle AS seller_handle, v.stock
          FROM (VALUES ${pairs}) AS r(handle, sku)
          JOIN sellers s ON s.handle = r.handle
          JOIN variants v ON v.seller_id = s.id AND v.sku = r.sku`,
    );
    for (const v of bySku) found.set(`sku:${v.seller_handle}\0${v.sku}`, v);
  }
  const missing = requests.find((r) => !found.has(refKey(r)));
  if (missing) throw await variantNotFound(db, missing);
  return requests.map((r) => found.get(refKey(r))!);
}

/**
 * 409 variant_required: a product named by its id has several variants. The answer lists them
 * with what tells them apart, so the next call names one without another search.
 */
function variantRequired(product: ProductVariants): ApiError {
  const variants = product.variants.map((v) => ({
    variant_id: v.id,
    sku: v.sku,
    options: v.options,
    price_cents: v.price_cents,
    in_stock: v.stock === null || v.stock > 0,
  }));
  const named = variants.map((v) => Object.values(v.options).join('/') || v.sku);
  return new ApiError('variant_required', {
    message: `Product ${product.id} has ${variants.length} variants (${named.join(', ')}): call again with the chosen one's variant_id from details.variants, and a fresh Idempotency-Key.`,
    details: { product_id: product.id, variants },
  });
}

/** Above this pg_trgm similarity a SKU is offered as what was meant. */
const SKU_SIMILARITY = 0.3;

/**
 * 404 variant_not_found; for a SKU, the seller's most similar SKUs in details.did_you_mean. The
 * similarity is computed over that seller's SKUs only (the (seller_id, sku) index narrows to them),
 * which bounds the cost of this error path by the seller's catalog size.
 */
async function variantNotFound(db: Db, ref: ItemRef): Promise<ApiError> {
  if (ref.variant_id !== undefined) {
    return new ApiError('variant_not_found', { message: `No variant ${ref.variant_id}. Variant ids are the Offer identifier (var_…) in search results.` });
  }
  const near = await rows<{ sku: string; known: boolean }>(
    db,
    sql`SELECT v.sku FROM variants v JOIN sellers s ON s.id = v.seller_id
        WHERE s.handle = ${ref.seller_handle} AND similarity(v.sku, ${ref.sku}) >= ${SKU_SIMILARITY}::float4
        ORDER BY similarity(v.sku, ${ref.sku}) DESC, v.sku
        LIMIT 3`,
  );
  const message = `No ${describeRef(ref)}.${near.length ? ` Did you mean ${near.map((n) => n.sku).join(', ')}?` : ''}`;
  return new ApiError('variant_not_found', { message, ...(near.length && { details: { did_you_mean: near.map((n) => n.sku) } }) });
}

/**
 * Adds the requested items to the (locked, mutable) cart: one line per variant, a variant already
 * in the cart adding to its line. Every merged line is checked before anything is written, so the
 * call is all or nothing. The row lock the caller holds on the cart serialises concurrent adds;
 * the upsert adds to the stored quantity rather than writing a computed one all the same.
 */
export async function addItems(tx: Db, cartId: string, requests: ItemRequest[]): Promise<void> {
  if (!requests.length) return;
  // The variants, and the cart's lines with the live ceiling in one statement: independent reads, sent together.
  const [variants, state] = await Promise.all([
    findVariants(tx, requests),
    rows<{ max_item_quantity: number; variant_id: string | null; quantity: number | null }>(
      tx,
      sql`SELECT l.max_item_quantity, ci.variant_id, ci.quantity
          FROM platform_limits l LEFT JOIN cart_items ci ON ci.cart_id = ${cartId}
          WHERE l.id = 1`,
    ),
  ]);
  const held = new Map(state.flatMap((l) => (l.variant_id === null ? [] : [[l.variant_id, l.quantity!] as const])));
  const lines = mergedLines(
    requests.map((r, index) => ({ variant: variants[index], quantity: r.quantity, index })),
    state[0].max_item_quantity,
    held,
  );
  assertLineCount(new Set([...held.keys(), ...lines.map((l) => l.variant.id)]).size, ' Start another cart for the rest.');
  for (const line of lines) assertQuantity(line.variant, line.quantity, line.maxQuantity);

  await addLines(tx, writtenLines(cartId, lines.map(({ variant, added }) => ({ variantId: variant.id, quantity: added }))));
}

/** A cart line as a request leaves it. */
export interface MergedLine<V> {
  variant: V;
  /** The units the request asks for the variant. */
  added: number;
  /** The units the line will hold: those added, plus what the cart holds of the variant. */
  quantity: number;
  /** The first request naming the variant. */
  index: number;
  /** The live max_item_quantity the line is held to. */
  maxQuantity: number;
  /** Whether the line would hold more than maxQuantity. */
  aboveCeiling: boolean;
}

/**
 * The cart-line rules every way in applies (the seed API's adds, UCP's replacements), answering
 * what is wrong rather than refusing, so each way in words it its own way: a variant named twice
 * is one line of the summed units (on top of `held`, what the cart keeps of it), and a line holds
 * at most the live max_item_quantity. Lines come in the order first named.
 */
export function mergedLines<V extends { id: string }>(
  requests: { variant: V; quantity: number; index: number }[],
  maxQuantity: number,
  held: ReadonlyMap<string, number> = new Map(),
): MergedLine<V>[] {
  const merged = new Map<string, { variant: V; added: number; index: number }>();
  for (const r of requests) {
    const line = merged.get(r.variant.id) ?? { variant: r.variant, added: 0, index: r.index };
    line.added += r.quantity;
    merged.set(r.variant.id, line);
  }
  return [...merged.values()].map((line) => {
    const quantity = (held.get(line.variant.id) ?? 0) + line.added;
    return { ...line, quantity, maxQuantity, aboveCeiling: quantity > maxQuantity };
  });
}

/** 400 cart_line_limit when the cart would hold more than MAX_CART_LINES lines; `advice` says what to do instead. */
export function assertLineCount(lines: number, advice = ''): void {
  if (lines > MAX_CART_LINES) {
    throw new ApiError('cart_line_limit', {
      message: `A cart holds at most ${MAX_CART_LINES} lines; this would make ${lines}.${advice}`,
      details: { max_lines: MAX_CART_LINES },
    });
  }
}

/** A line a replacement sends: a variant id and its units. */
export interface LineSent {
  variantId: string;
  quantity: number;
}

/** Why a line sent was not taken, at its index in the lines sent. */
export type LineRefusal =
  /** An unknown variant, or another seller's at a seller's endpoint. */
  | { code: 'item_unavailable'; index: number; variantId: string }
  | { code: 'quantity_exceeds_limit'; index: number; variantId: string; quantity: number; maxQuantity: number };

export interface LinesToReplace {
  /** The lines the cart takes, one per variant. */
  lines: { variantId: string; quantity: number }[];
  /** The lines it does not: the unavailable in the order sent, then those above the ceiling. */
  refused: LineRefusal[];
}

// Every replacement runs this, built once (db/prepared.ts); the ids travel as one jsonb parameter,
// matched with `= ANY (ARRAY(…))` so each is looked up by its key (orders/place.ts says why).
const selectTakeable = preparedRows<{ ids: string }, { max_item_quantity: number; id: string | null; seller_handle: string | null }>(
  'cart_lines_takeable',
  sql`SELECT l.max_item_quantity, v.id, s.handle AS seller_handle
      FROM platform_limits l
      LEFT JOIN (variants v JOIN sellers s ON s.id = v.seller_id) ON v.id = ANY (ARRAY(SELECT jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)))
      WHERE l.id = 1`,
);

/**
 * The lines `sent` make of a cart whose lines they replace (UCP's carts and checkouts), in one
 * statement (the variants and the live max_item_quantity): a line whose variant is unknown, or
 * another seller's when the cart is a seller's (`seller`), and a line above the ceiling are
 * refused rather than failing the call; stock is not checked (pricing says when a line is above
 * it). More than MAX_CART_LINES lines taken is 400 cart_line_limit.
 */
export async function linesToReplace(db: Db, sent: LineSent[], seller: string | null): Promise<LinesToReplace> {
  const ids = [...new Set(sent.map((r) => r.variantId))];
  const found = await selectTakeable(db, { ids: JSON.stringify(ids) });
  const sellerOf = new Map(found.flatMap((v) => (v.id === null ? [] : [[v.id, v.seller_handle!] as const])));
  const refused: LineRefusal[] = [];
  const available: { variant: { id: string }; quantity: number; index: number }[] = [];
  sent.forEach((r, index) => {
    const handle = sellerOf.get(r.variantId);
    if (handle === undefined || (seller !== null && handle !== seller)) refused.push({ code: 'item_unavailable', index, variantId: r.variantId });
    else available.push({ variant: { id: r.variantId }, quantity: r.quantity, index });
  });
  const lines: LinesToReplace['lines'] = [];
  for (const line of mergedLines(available, found[0].max_item_quantity)) {
    if (line.aboveCeiling) refused.push({ code: 'quantity_exceeds_limit', index: line.index, variantId: line.variant.id, quantity: line.quantity, maxQuantity: line.maxQuantity });
    else lines.push({ variantId: line.variant.id, quantity: line.quantity });
  }
  assertLineCount(lines.length);
  return { lines, refused };
}

/**
 * Lines written, built once (db/prepared.ts): the lines travel as one jsonb parameter of
 * {id, variant_id, quantity}. Lines are listed oldest first (created_at, then id).
 * clock_timestamp(), unlike the transaction's now(), is the time of the insert itself, which is
 * after the cart lock was won; lines written together may share it (PGlite's clock ticks in
 * milliseconds), so their ids are handed out ascending in the order asked and inserted in that order.
 */
const LINES_IN = sql`
  INSERT INTO cart_items (id, cart_id, variant_id, quantity, created_at)
  SELECT x.id, ${sql.placeholder('cartId')}, x.variant_id, x.quantity, clock_timestamp()
  FROM jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) AS x(id text, variant_id text, quantity int)
  ORDER BY x.id
  ON CONFLICT (cart_id, variant_id) DO UPDATE`;
/** A variant the cart holds adds to its line's quantity. */
const addLines = preparedRows<WrittenLines, never>('cart_lines_add', sql`${LINES_IN} SET quantity = cart_items.quantity + excluded.quantity`);
/** The cart's lines become exactly these: the others go, and a line already at its quantity is untouched. Answers how many lines changed. */
const replaceLines = preparedRows<WrittenLines, { changed: number }>(
  'cart_lines_replace',
  sql`WITH gone AS (
        DELETE FROM cart_items WHERE cart_id = ${sql.placeholder('cartId')}
          AND variant_id NOT IN (SELECT x.variant_id FROM jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) AS x(variant_id text))
        RETURNING 1),
      written AS (${LINES_IN} SET quantity = excluded.quantity WHERE cart_items.quantity <> excluded.quantity RETURNING 1)
      SELECT ((SELECT count(*) FROM gone) + (SELECT count(*) FROM written))::int AS changed`,
);

interface WrittenLines {
  cartId: string;
  /** [{id, variant_id, quantity}] as JSON. */
  lines: string;
}

function writtenLines(cartId: string, lines: { variantId: string; quantity: number }[]): WrittenLines {
  const ids = lines.map(() => newId('item')).sort();
  return { cartId, lines: JSON.stringify(lines.map((l, i) => ({ id: ids[i], variant_id: l.variantId, quantity: l.quantity }))) };
}

/**
 * Makes the (locked, mutable) cart's lines exactly `lines`, one per variant (UCP's update_cart and
 * update_checkout replace them), in one statement: a variant the cart holds keeps its line, and
 * its id, at the new quantity; the other lines go. The lines are those linesToReplace takes (within
 * the live max_item_quantity and MAX_CART_LINES); stock is not checked, so a line above it stays, as one
 * whose stock fell does, and the cart's pricing says so. Answers whether any line changed: a
 * platform that sends the same lines again changes nothing.
 */
export async function replaceItems(tx: Db, cartId: string, lines: { variantId: string; quantity: number }[]): Promise<boolean> {
  const [{ changed }] = await replaceLines(tx, writtenLines(cartId, lines));
  return changed > 0;
}

/** Sets a line's quantity (update_cart_item): the same ceiling and stock rules as adding. */
export async function setItemQuantity(tx: Db, cartId: string, itemId: string, quantity: number): Promise<void> {
  const [line] = await rows<FoundVariant>(
    tx,
    sql`SELECT v.id, v.sku, s.handle AS seller_handle, v.stock
        FROM cart_items ci JOIN variants v ON v.id = ci.variant_id JOIN sellers s ON s.id = v.seller_id
        WHERE ci.id = ${itemId} AND ci.cart_id = ${cartId}`,
  );
  if (!line) throw itemNotFound(itemId);
  const { max_item_quantity } = await readLimits(tx);
  assertQuantity(line, quantity, max_item_quantity);
  await tx.update(cartItems).set({ quantity }).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
}

export async function removeItem(tx: Db, cartId: string, itemId: string): Promise<void> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .returning({ id: cartItems.id });
  if (!removed.length) throw itemNotFound(itemId);
}

function itemNotFound(itemId: string): ApiError {
  return new ApiError('item_not_found', { message: `The cart has no line item ${itemId}. Item ids are the cart's line_items[].id.` });
}

/** A line's quantity against the live ceiling (400), then against the stock now (409). */
function assertQuantity(variant: FoundVariant, quantity: number, maxQuantity: number): void {
  if (quantity > maxQuantity) {
    throw new ApiError('quantity_exceeds_limit', {
      message: `The line for sku ${variant.sku} would hold ${quantity}; a line holds at most ${maxQuantity} (max_item_quantity).`,
      details: { max_quantity: maxQuantity },
    });
  }
  if (variant.stock !== null && quantity > variant.stock) {
    throw new ApiError('insufficient_stock', {
      message: `Sku ${variant.sku} of ${variant.seller_handle}: ${quantity} asked for, ${variant.stock} in stock.`,
      details: { available: variant.stock, variant_id: variant.id },
    });
  }
}
