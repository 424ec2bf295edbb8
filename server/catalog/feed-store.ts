/**
 * Writes a validated feed (see feed-import.ts) into one seller's catalog: all of it or nothing, in
 * one transaction through the catalog writer, which upserts by (seller, sku), so a re-import
 * updates in place.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { similarSellers } from './sellers';
import { writeProducts, type ProductInput, type WriteResult } from './writer';

export class UnknownSellerError extends Error {
  constructor(
    readonly handle: string,
    readonly suggestions: string[],
  ) {
    super(`No seller has the handle "${handle}".${suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`);
  }
}

// Any constant; it only has to be the same for every process that imports.
const IMPORT_LOCK = 724243;

export interface ImportOptions {
  /** Products per writer batch. */
  batchSize?: number;
  /** Called after each batch with the number of products written so far. */
  onProgress?: (written: number) => void;
}

/** The seller's id, or UnknownSellerError with up to three similar handles. */
export async function sellerIdByHandle(db: Db, handle: string): Promise<string> {
  const [seller] = await rows<{ id: string }>(db, sql`SELECT id FROM sellers WHERE handle = ${handle}`);
  if (!seller) throw new UnknownSellerError(handle, (await similarSellers(db, handle)).map((s) => s.handle));
  return seller.id;
}

export async function importProducts(db: Db, sellerId: string, products: ProductInput[], opts: ImportOptions = {}): Promise<WriteResult> {
  const batchSize = opts.batchSize ?? 500;
  return db.transaction(async (tx) => {
    // Imports run one at a time: two multi-batch imports would otherwise lock shared vocabulary
    // rows (search_words) in opposite orders and deadlock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const total: WriteResult = { inserted: 0, updated: 0 };
    for (let start = 0; start < products.length; start += batchSize) {
      const result = await writeProducts(tx, sellerId, products.slice(start, start + batchSize));
      total.inserted += result.inserted;
      total.updated += result.updated;
      opts.onProgress?.(Math.min(products.length, start + batchSize));
    }
    return total;
  });
}
