/**
 * A full-text match over the sharded GIN indexes (db/schema.ts, searchShard), which both the
 * search statement (search-sql.ts) and typo correction's "found in no product" (typo.ts) ask.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_SHARDS, searchShard } from '../db/schema';

export const SHARDS = Array.from({ length: SEARCH_SHARDS }, (_, shard) => shard);

/**
 * `p.search_vector @@ query` over the whole catalog, in the form the sharded GIN indexes
 * (db/schema.ts) serve: one arm per shard, which the planner answers with a BitmapOr of the
 * partial indexes. `shard` narrows it to one shard's index; `narrow` adds conditions on the
 * indexes' other columns (see search-sql.ts, narrowing).
 */
export function textMatch(query: SQL, { shard, narrow = [] }: { shard?: number; narrow?: SQL[] } = {}): SQL {
  const arm = (k: number) => sql`(${sql.join([searchShard(sql`p.id`, k), sql`p.search_vector @@ ${query}`, ...narrow], sql` AND `)})`;
  return shard === undefined ? sql`(${sql.join(SHARDS.map(arm), sql` OR `)})` : arm(shard);
}
