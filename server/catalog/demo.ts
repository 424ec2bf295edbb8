import type { Db } from '../db/client';

/** Seeds the demo network on an empty database (filled in by the catalog work). */
export async function ensureDemoCatalog(_db: Db): Promise<{ sellers: number; products: number } | null> {
  return null;
}
