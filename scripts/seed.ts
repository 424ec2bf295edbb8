/**
 * npm run seed -- --sellers N --products M [--seed S]
 *
 * Fills the configured database (DATABASE_URL, else the PGlite folder) with a generated catalog
 * through the catalog writer. The same flags give the same catalog; re-running upserts in place.
 * Into an empty catalog it loads without the secondary indexes and foreign keys and puts them back
 * at the end (see server/catalog/bulk-load.ts), which is what makes a million products fit in minutes.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rows } from '../server/db/client';
import { dropForBulkLoad, restoreAfterBulkLoad, type Dropped } from '../server/catalog/bulk-load';
import { CatalogGenerator } from '../server/catalog/generator';
import { upsertSellers, writeProducts } from '../server/catalog/writer';
import { forLog } from '../server/errors/for-log';
import { fail, openCommandDatabase, progressBar, seconds } from './support/cli';

const USAGE = `Usage: npm run seed -- --sellers N --products M [--seed S]

  --sellers N    number of sellers (1 – 100000)
  --products M   number of products across them (0 – 10000000)
  --seed S       random seed, an integer ≥ 0 (default 1); the same flags give the same catalog

Writes to DATABASE_URL when set, otherwise to the embedded database in DATA_DIR (default .data).`;

const BATCH = 1000;

function integerFlag(value: string | undefined, name: string, min: number, max: number, fallback?: number): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    fail(`--${name} is required.`, USAGE);
  }
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    fail(`--${name} must be an integer from ${min} to ${max}, got "${value}".`, USAGE);
  }
  return Number(value);
}

function parseFlags() {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: { sellers: { type: 'string' }, products: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail((err as Error).message, USAGE);
  }
  return {
    sellers: integerFlag(values.sellers, 'sellers', 1, 100_000),
    products: integerFlag(values.products, 'products', 0, 10_000_000),
    seed: integerFlag(values.seed, 'seed', 0, 2 ** 31 - 1, 1),
  };
}

function describeDropped(d: Dropped): string {
  return `${d.indexes.length} indexes and ${d.foreignKeys.length} foreign keys`;
}

async function main(): Promise<void> {
  const flags = parseFlags();
  const started = performance.now();
  const database = await openCommandDatabase('npm run seed');
  const { db } = database;
  // PGlite is one connection: parallel writes would only queue.
  const parallel = database.kind === 'postgres' ? 3 : 1;

  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.error('\nStopping after the batches in flight (Ctrl-C again to quit at once; indexes and keys are then put back by the next seed).');
  });

  // An earlier load that died half-way left indexes and keys to put back before anything else.
  const leftOver = await restoreAfterBulkLoad(db, parallel);
  if (leftOver.indexes.length || leftOver.foreignKeys.length) {
    console.log(`Restored ${describeDropped(leftOver)} left dropped by an interrupted seed.`);
  }

  const [{ empty }] = await rows<{ empty: boolean }>(db, sql`SELECT NOT EXISTS (SELECT 1 FROM products) AS empty`);
  const dropped: Dropped = empty && flags.products > 0 ? await dropForBulkLoad(db) : { indexes: [], foreignKeys: [] };

  const generator = new CatalogGenerator({ ...flags, batchSize: BATCH });
  const sellerIds = new Map<string, string>();
  for (let i = 0; i < generator.sellers.length; i += BATCH) {
    for (const [handle, id] of await upsertSellers(db, generator.sellers.slice(i, i + BATCH))) sellerIds.set(handle, id);
  }

  const bar = progressBar('products');
  bar.start(flags.products, 0);
  let written = 0;
  let inserted = 0;
  const inFlight = new Set<Promise<void>>();
  try {
    // Generating the next batch overlaps with the database writing the previous ones.
    for (const { seller, products } of generator.chunks()) {
      if (stopping) break;
      const write: Promise<void> = db
        .transaction(async (tx) => {
          // A lost last batch after a crash is harmless here (re-running upserts it); waiting for
          // a WAL flush on every batch is not.
          await tx.execute(sql`SET LOCAL synchronous_commit = off`);
          return writeProducts(tx, sellerIds.get(seller.handle)!, products);
        })
        .then((result) => {
          inserted += result.inserted;
          written += products.length;
          bar.update(written);
        });
      inFlight.add(write);
      write.finally(() => inFlight.delete(write)).catch(() => {});
      if (inFlight.size >= parallel) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await Promise.allSettled(inFlight);
    bar.stop();
    if (dropped.indexes.length || dropped.foreignKeys.length) {
      const indexStarted = performance.now();
      process.stdout.write(`Building ${describeDropped(dropped)} … `);
      await restoreAfterBulkLoad(db, parallel);
      console.log(`done in ${seconds(indexStarted)}.`);
    }
  }

  // After a load, VACUUM sets the visibility map — without it the browse indexes' index-only scans
  // (catalog/schema.ts) read the heap anyway — and ANALYZE gives the planner the new statistics.
  const vacuumStarted = performance.now();
  process.stdout.write('VACUUM (ANALYZE) … ');
  await database.maintain('VACUUM (ANALYZE) sellers, products, variants, search_words');
  console.log(`done in ${seconds(vacuumStarted)}.`);

  const [totals] = await rows<{ sellers: number; products: number; variants: number; words: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM sellers)::int AS sellers, (SELECT count(*) FROM products)::int AS products,
               (SELECT count(*) FROM variants)::int AS variants, (SELECT count(*) FROM search_words)::int AS words`,
  );
  await database.close();
  console.log(
    `${stopping ? 'Interrupted' : 'Seeded'}: ${generator.sellers.length} sellers and ${written} products ` +
      `(${inserted} new, ${written - inserted} updated, seed ${flags.seed}) in ${seconds(started)}.\n` +
      `The catalog now holds ${totals.sellers} sellers, ${totals.products} products, ${totals.variants} variants and ${totals.words} search words.`,
  );
  if (stopping) process.exitCode = 130;
}

main().catch((err) => {
  console.error(forLog(err, { frames: false }));
  process.exit(1);
});
