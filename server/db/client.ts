/**
 * Opens the database: Postgres through `postgres` when DATABASE_URL is set, otherwise embedded
 * PGlite in a data folder. Both are driven through the same drizzle API and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: an in-memory database (tests). */
  memory?: boolean;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : await openPglite(opts);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, {
    max,
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
    // A stuck query must not hold a request forever: it surfaces as 503 service_unavailable.
    // JIT compiling costs 0.1–1.5 s on plans with high estimates (broad catalog queries) and never
    // pays back on these short OLTP statements.
    connection: { statement_timeout: 15_000, application_name: 'agent-commerce', jit: 'off' },
  });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'postgres',
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.resolve(opts.dataDir ?? '.data');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // Single-object form: the two-argument form silently drops extensions.
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** Runs raw SQL and returns its rows on either driver (PGlite answers `{rows}`, postgres-js an array). */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
