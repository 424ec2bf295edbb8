/**
 * Bulk loads into an empty catalog (npm run seed). Maintaining the full-text GIN index and the sort
 * indexes row by row costs several times more than building them once afterwards, and checking the
 * foreign key of every product and variant as it arrives (a lookup and a row lock each) cost ~10%
 * of a load, where one validating join at the end takes seconds. So the secondary indexes and the
 * foreign keys of `products` and `variants` are dropped before loading and put back afterwards
 * from their own definitions, read from the catalogs (the migrations stay the one source of truth).
 *
 * The definitions are saved in `service_settings` in the same transaction as the drop, so a load
 * that dies half-way leaves a record that the next `restoreAfterBulkLoad` call puts back. Unique
 * indexes stay: the writer's upserts need them.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';

const INDEXES = 'bulk_load.dropped_indexes';
const FOREIGN_KEYS = 'bulk_load.dropped_foreign_keys';

interface IndexDefinition {
  name: string;
  definition: string;
}

interface ForeignKeyDefinition {
  table: string;
  name: string;
  definition: string;
}

export interface Dropped {
  indexes: string[];
  foreignKeys: string[];
}

/** Saves `items` under `key`, merged with an earlier unfinished load's record rather than overwriting it. */
async function remember(tx: Db, key: string, items: object[]): Promise<void> {
  await tx.execute(sql`INSERT INTO service_settings (key, value) VALUES (${key}, ${JSON.stringify(items)})
      ON CONFLICT (key) DO UPDATE SET value = (SELECT jsonb_agg(DISTINCT e)::text
        FROM jsonb_array_elements(service_settings.value::jsonb || excluded.value::jsonb) e)`);
}

/** Drops the secondary indexes and the foreign keys of products and variants; returns their names. */
export async function dropForBulkLoad(db: Db): Promise<Dropped> {
  return db.transaction(async (tx) => {
    const indexes = await rows<IndexDefinition>(
      tx,
      sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename IN ('products', 'variants')
            AND indexdef NOT LIKE 'CREATE UNIQUE INDEX %' ORDER BY indexname`,
    );
    const foreignKeys = await rows<ForeignKeyDefinition>(
      tx,
      sql`SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
          FROM pg_constraint c
          WHERE c.contype = 'f' AND c.conrelid IN ('products'::regclass, 'variants'::regclass) ORDER BY c.conname`,
    );
    if (indexes.length) await remember(tx, INDEXES, indexes);
    if (foreignKeys.length) await remember(tx, FOREIGN_KEYS, foreignKeys);
    for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
    for (const fk of foreignKeys) await tx.execute(sql`ALTER TABLE ${sql.identifier(fk.table)} DROP CONSTRAINT ${sql.identifier(fk.name)}`);
    return { indexes: indexes.map((i) => i.name), foreignKeys: foreignKeys.map((f) => f.name) };
  });
}

async function saved<T>(db: Db, key: string): Promise<T[]> {
  const [row] = await rows<{ value: string }>(db, sql`SELECT value FROM service_settings WHERE key = ${key}`);
  return row ? (JSON.parse(row.value) as T[]) : [];
}

/**
 * Recreates every index (`parallel` at a time) and foreign key a bulk load dropped; a no-op when
 * none is pending. A foreign key is validated as it is added: rows a concurrent delete orphaned
 * make it fail, and the record stays for the next call.
 */
export async function restoreAfterBulkLoad(db: Db, parallel = 2): Promise<Dropped> {
  const indexes = await saved<IndexDefinition>(db, INDEXES);
  const queue = [...indexes];
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
  if (indexes.length) await db.execute(sql`DELETE FROM service_settings WHERE key = ${INDEXES}`);

  // After the indexes: adding a key locks both tables against the index builds' share locks.
  const foreignKeys = await saved<ForeignKeyDefinition>(db, FOREIGN_KEYS);
  for (const fk of foreignKeys) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      const [{ present }] = await rows<{ present: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = ${fk.name} AND conrelid = ${fk.table}::regclass) AS present`,
      );
      if (!present) await tx.execute(sql`ALTER TABLE ${sql.identifier(fk.table)} ADD CONSTRAINT ${sql.identifier(fk.name)} ${sql.raw(fk.definition)}`);
    });
  }
  if (foreignKeys.length) await db.execute(sql`DELETE FROM service_settings WHERE key = ${FOREIGN_KEYS}`);
  return { indexes: indexes.map((i) => i.name), foreignKeys: foreignKeys.map((f) => f.name) };
}
