/**
 * Opens the database: Postgres through `postgres` when DATABASE_URL is set, otherwise embedded
 * PGlite in a data folder. Both are driven through the same drizzle API and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { Options, Sql } from 'postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { STARTUP_WAIT_MS, waitForPostgres } from './connect-retry';
import { currentScope, DB_DEADLINE_MS, type RequestScope } from './deadline';
import { FairQueue, queued } from './fair-queue';
import { PoolSockets } from './postgres-deadline';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /**
   * The process's shared handle: its statements wait under the scope of the page request they run
   * in, or a fresh deadline each outside any (db/deadline.ts).
   */
  db: Db;
  /** A handle whose every statement and transaction waits on the database until `scope`'s deadline at most. */
  scoped(scope: RequestScope): Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs a maintenance statement (VACUUM) on one connection, outside any transaction and without
   * the service's statement timeout, which a full-table pass at a million rows can outlast.
   */
  maintain(statement: string): Promise<void>;
  /** Applies the pending migrations in `drizzle/`. */
  migrate(): Promise<void>;
  /** PGlite only: its data directory as a tarball, a `template` for the next `openDatabase`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: an in-memory database (tests). */
  memory?: boolean;
  /**
   * PGlite only, with `memory`: start from this data directory (a tarball from `dumpDataDir`)
   * instead of running initdb, which is most of the ~3 s a fresh instance takes to open.
   */
  template?: Blob;
  poolSize?: number;
  migrate?: boolean;
  /** Postgres only: how long to wait for the server to answer before giving up (0: do not check). */
  waitMs?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.waitMs ?? STARTUP_WAIT_MS) : await openPglite(opts);
  if (opts.migrate !== false) await database.migrate();
  return database;
}

/** The pool options of the service (the benchmarks' bare servers use them too, to compare like with like). */
export function postgresOptions(max: number, applicationName = 'agent-commerce'): Options<Record<string, never>> {
  return {
    max,
    connect_timeout: 5,
    // Seconds before a closed connection reconnects for a waiting query. postgres.js's own backoff
    // grows to 20 s after a burst of failures, which outlives an outage by far: requests kept
    // meeting their deadline long after the database was back (test/faults/). One second at most
    // still spares a database that is down: ten connections try once a second.
    backoff: (failures: number) => Math.min(0.05 * 2 ** failures, 1),
    idle_timeout: 60,
    onnotice: () => {},
    // A slow statement or a lock wait is cancelled by Postgres before the request's deadline
    // (deadline.ts), as 57014 or 55P03: 503 service_unavailable, its transaction rolled back.
    // JIT compiling costs 0.1–1.5 s on plans with high estimates (broad catalog queries) and never
    // pays back on these short OLTP statements. No parallel workers either: they take cores from
    // other requests, and a parallel scan returns rows in no fixed order, while a search's
    // candidate set must be the same rows on every page of a walk (catalog/search-sql.ts).
    connection: {
      statement_timeout: DB_DEADLINE_MS - 2_000,
      lock_timeout: DB_DEADLINE_MS / 2,
      idle_in_transaction_session_timeout: DB_DEADLINE_MS,
      application_name: applicationName,
      jit: 'off' as never,
      max_parallel_workers_per_gather: 0 as never,
    },
  };
}

async function openPostgres(url: string, max: number, waitMs: number): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const sockets = new PoolSockets();
  // The pool's sockets are made here (postgres.js's `socket` option, missing from its types), so a
  // deadline can cut the one a late statement is on (postgres-deadline.ts). One host, TCP or a unix socket.
  const client = postgres(url, { ...postgresOptions(max), ...({ socket: sockets.connect } as object) });
  if (waitMs > 0) {
    try {
      await waitForPostgres(client, url, waitMs);
    } catch (err) {
      await client.end({ timeout: 1 });
      throw err;
    }
  }
  const db = drizzle(preparing(client, sockets), { schema });
  return {
    db,
    scoped: (scope) => overClient(db, preparing(client, sockets, scope)),
    kind: 'postgres',
    async maintain(statement) {
      const connection = await client.reserve();
      try {
        await connection.unsafe('SET statement_timeout = 0');
        await connection.unsafe(statement);
      } finally {
        // A connection that cannot reset is broken, and postgres.js opens its replacement at the
        // default timeout: the caller hears the maintenance statement's own outcome.
        await connection.unsafe('RESET statement_timeout').catch(() => {});
        connection.release();
      }
    },
    async migrate() {
      // On a connection of its own without the service's statement timeout: a migration that
      // builds an index on a large catalog may run for minutes, and must not be cut off.
      const migrator = postgres(url, { ...postgresOptions(1, 'agent-commerce-migrate'), connection: { application_name: 'agent-commerce-migrate' } });
      try {
        const { migrate } = await import('drizzle-orm/postgres-js/migrator');
        await migrate(drizzle(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await migrator.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * The client drizzle drives, with every statement under its request's deadline (postgres-deadline.ts):
 * `scope`'s, or without one the page request's it runs in; a transaction's statements share its scope.
 *
 * drizzle hands postgres-js its unnamed queries unprepared, which costs an extra round trip (to
 * describe the parameters) and a fresh parse and plan on every call: measured, about half the
 * database work of an idempotent POST. Our statement texts are a bounded set — generated by code,
 * every value a parameter — so preparing all of them (per connection) is safe.
 */
function preparing(sql: Sql, sockets: PoolSockets, scope?: RequestScope, transaction?: { pid?: number }): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: object) =>
          sockets.withDeadline(target.unsafe(query, params as never, { ...options, prepare: true }), scope ?? currentScope(), transaction);
      }
      if (prop === 'begin') {
        // Transactions get their own connection-bound client: prepare and keep the deadline there too.
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: Sql) => unknown;
          const within = scope ?? currentScope();
          const lead = leads.get(receiver);
          leads.delete(receiver);
          // The patched begin(options, body, lead): see transactionAfter.
          const begin = (run: (tx: unknown) => unknown) =>
            (target.begin as (...a: unknown[]) => Promise<unknown>)(...(lead ? [args[0] ?? '', run, (sql: Sql) => lead(preparing(sql, sockets, within))] : [...args, run]));
          return sockets.transaction(within, begin, (tx, tracked) => body(preparing(tx as Sql, sockets, within, tracked)));
        };
      }
      if (prop === LEADS) return true;
      return Reflect.get(target, prop, receiver);
    },
  });
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
  const client = new PGlite({ dataDir, loadDataDir: opts.template, extensions: { pg_trgm } });
  await client.waitReady;
  const queue = new FairQueue();
  const db = drizzle({ client: queued(client, queue), schema });
  return {
    db,
    scoped: (scope) => overClient(db, queued(client, queue, scope)),
    kind: 'pglite',
    maintain: async (statement) => void (await client.exec(statement)),
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async dump() {
      // Checkpointed first, so that an instance loaded from it has no WAL to replay (~15% of its start).
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}

/** A drizzle session's constructor and the fields it was made with (the same for both drivers). */
interface Session {
  constructor: new (client: unknown, dialect: unknown, schema: unknown, options: unknown) => unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
}

/**
 * The same drizzle database driving another client (one bound to a request's deadline): a new
 * session, all else shared. drizzle() itself costs ~150 µs, as much as a whole GET, since it
 * rebuilds the relational schema; a session is a handful of fields.
 */
function overClient(db: Db, client: unknown): Db {
  const { session } = db as unknown as { session: Session };
  // `session` is drizzle's @internal field, hidden from its types: the copy declares it to set it.
  const bound: Db & { session: unknown } = Object.create(db);
  bound.session = new session.constructor(client, session.dialect, session.schema, session.options);
  return bound;
}

/** Marks a client whose transactions take a statement ahead of their BEGIN (`preparing`'s). */
const LEADS = Symbol('leads');
/** The statement the next transaction a client begins sends ahead of its BEGIN, by client. */
const leads = new WeakMap<object, (client: Sql) => Promise<unknown>>();

/**
 * `lead`, a statement of its own (committed whatever the transaction does), then `body` in a
 * transaction that starts once `lead` is answered and is handed its answer. On Postgres BEGIN is
 * sent behind `lead` on the same connection and in the same write, a round trip less; BEGIN
 * itself is never sent ahead of a statement of the transaction, since each postgres.js statement
 * carries its own Sync and one sent behind a BEGIN that failed would run on its own. Should `lead`
 * fail, the transaction rolls back before it runs anything and the call fails with `lead`'s error.
 */
export function transactionAfter<L, T>(db: Db, lead: (db: Db) => Promise<L>, body: (tx: Db, led: L) => Promise<T>): Promise<T> {
  const client = (db as unknown as { session: { client: Record<symbol, unknown> } }).session.client;
  if (client[LEADS] !== true) return lead(db).then((led) => db.transaction((tx) => body(tx, led)));
  let led: L;
  // Taken by the proxy's `begin`, which db.transaction reaches before it returns.
  leads.set(client, async (sql) => void (led = await lead(overClient(db, sql))));
  try {
    return db.transaction((tx) => body(tx, led));
  } finally {
    leads.delete(client);
  }
}

/** Runs raw SQL and returns its rows on either driver (PGlite answers `{rows}`, postgres-js an array). */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The rows of a raw statement's result, whichever driver answered it. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
