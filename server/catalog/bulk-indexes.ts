/**
 * Bulk loads into an empty catalog (npm run seed): maintaining the full-text GIN index and the
 * sort indexes row by row costs several times more than building them once afterwards. The
 * secondary indexes of `products` and `variants` are dropped before loading and recreated from
 * their own definitions (read from pg_indexes, so the migration stays the one source of truth).
 *
 * The definitions are saved in `service_settings` in the same transaction as the drop, so a load
 * that dies half-way leaves a record that the next `restoreSecondaryIndexes` call puts back.
 * Unique indexes stay: the writer's upserts need them.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';

const SETTING = 'bulk_load.dropped_indexes';

interface IndexDefinition {
  name: string;
  definition: string;
}

/** Drops the secondary indexes of products and variants; returns their names. */
export async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const indexes = await rows<IndexDefinition>(
      tx,
      sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename IN ('products', 'variants')
            AND indexdef NOT LIKE 'CREATE UNIQUE INDEX %' ORDER BY indexname`,
    );
    if (!indexes.length) return [];
    // Merge with an earlier unfinished load's record rather than overwrite it.
    await tx.execute(sql`INSERT INTO service_settings (key, value) VALUES (${SETTING}, ${JSON.stringify(indexes)})
        ON CONFLICT (key) DO UPDATE SET value = (SELECT jsonb_agg(DISTINCT e)::text
          FROM jsonb_array_elements(service_settings.value::jsonb || excluded.value::jsonb) e)`);
    for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
    return indexes.map((i) => i.name);
  });
}

/** Recreates every index a bulk load dropped (no-op when none is pending), `parallel` at a time. */
export async function restoreSecondaryIndexes(db: Db, parallel = 2): Promise<string[]> {
  const [saved] = await rows<{ value: string }>(db, sql`SELECT value FROM service_settings WHERE key = ${SETTING}`);
  if (!saved) return [];
  const pending: IndexDefinition[] = JSON.parse(saved.value);
  const queue = [...pending];
  const worker = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      await db.transaction(async (tx) => {
        // Index builds outlast the connection's statement timeout, and more memory makes GIN builds much faster.
        await tx.execute(sql`SET LOCAL statement_timeout = 0`);
        await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
        // IF NOT EXISTS: an earlier restore may have got part of the way.
        await tx.execute(sql.raw(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  await db.execute(sql`DELETE FROM service_settings WHERE key = ${SETTING}`);
  return pending.map((i) => i.name);
}
