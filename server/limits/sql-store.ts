/**
 * The shared store on Postgres or PGlite: each call is one raw statement on `rate_counters`
 * (UNLOGGED; the nonces of concurrent calls share one, limits/nonce-batch.ts), an upsert that decides under the row's lock, so two instances asking at once are
 * serialised by the database and neither is told of budget the other took. Raw SQL rather than the
 * query builder: the grant needs the row's value before the update (`SET` reads the old row), which
 * the builder does not express, and the statement is prepared once per connection.
 */
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/client';
import { nonceBatches } from './nonce-batch';
import { storeKey, type Grant, type SharedStore } from './store';

export function sqlStore(database: Database): SharedStore {
  const { db } = database;
  return {
    kind: database.kind,
    async lease(key, want, quota, expiresAtMs) {
      // A new window's row starts with the grant; an existing one adds min(want, quota − count),
      // never below nothing (a quota lowered under the count grants nothing).
      const [row] = await rows<{ count: string | number; granted: string | number }>(
        db,
        sql`INSERT INTO rate_counters AS c (key, count, granted, expires_at)
            VALUES (${storeKey('r:', key)}, LEAST(${want}::bigint, ${quota}::bigint), LEAST(${want}::bigint, ${quota}::bigint), ${iso(expiresAtMs)}::timestamptz)
            ON CONFLICT (key) DO UPDATE
              SET count = c.count + GREATEST(0, LEAST(${want}::bigint, ${quota}::bigint - c.count)),
                  granted = GREATEST(0, LEAST(${want}::bigint, ${quota}::bigint - c.count))
            RETURNING count, granted`,
      );
      return { granted: Number(row.granted), count: Number(row.count) } satisfies Grant;
    },
    async leaseBoth(first, then) {
      // The same upsert twice in one statement; the second's rows come from the first's answer,
      // so it inserts (or updates) nothing when the first granted nothing.
      const [row] = await rows<{ first_count: string | number; first_granted: string | number; then_count: string | number | null; then_granted: string | number | null }>(
        db,
        sql`WITH f AS (
              INSERT INTO rate_counters AS c (key, count, granted, expires_at)
              VALUES (${storeKey('r:', first.key)}, LEAST(${first.want}::bigint, ${first.quota}::bigint), LEAST(${first.want}::bigint, ${first.quota}::bigint), ${iso(first.expiresAtMs)}::timestamptz)
              ON CONFLICT (key) DO UPDATE
                SET count = c.count + GREATEST(0, LEAST(${first.want}::bigint, ${first.quota}::bigint - c.count)),
                    granted = GREATEST(0, LEAST(${first.want}::bigint, ${first.quota}::bigint - c.count))
              RETURNING count, granted
            ), t AS (
              INSERT INTO rate_counters AS c (key, count, granted, expires_at)
              SELECT ${storeKey('r:', then.key)}, LEAST(${then.want}::bigint, ${then.quota}::bigint), LEAST(${then.want}::bigint, ${then.quota}::bigint), ${iso(then.expiresAtMs)}::timestamptz
              FROM f WHERE f.granted > 0
              ON CONFLICT (key) DO UPDATE
                SET count = c.count + GREATEST(0, LEAST(${then.want}::bigint, ${then.quota}::bigint - c.count)),
                    granted = GREATEST(0, LEAST(${then.want}::bigint, ${then.quota}::bigint - c.count))
              RETURNING count, granted
            )
            SELECT f.count AS first_count, f.granted AS first_granted, t.count AS then_count, t.granted AS then_granted FROM f LEFT JOIN t ON true`,
      );
      const granted: Grant = { granted: Number(row.first_granted), count: Number(row.first_count) };
      return [granted, row.then_count === null ? undefined : { granted: Number(row.then_granted), count: Number(row.then_count) }];
    },
    // Concurrent nonces as one statement (limits/nonce-batch.ts): a row already there is left
    // alone (seen), unless it has expired and not yet been swept. Keys in one order, so that two
    // instances' batches lock the rows they share in the same order and never deadlock.
    rememberNonce: nonceBatches(async (batch) => {
      const names = new Map(batch.map(({ key }) => [storeKey('n:', key), key]));
      const claims = batch.map(({ key, expiresAtMs }) => ({ key: storeKey('n:', key), expires_at: iso(expiresAtMs) })).sort((x, y) => (x.key < y.key ? -1 : 1));
      const inserted = await rows<{ key: string }>(
        db,
        sql`INSERT INTO rate_counters AS c (key, count, granted, expires_at)
            SELECT b.key, 1, 1, b.expires_at FROM json_to_recordset(${JSON.stringify(claims)}::json) AS b(key text, expires_at timestamptz)
            ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at
              WHERE c.expires_at <= ${iso(Date.now())}::timestamptz
            RETURNING c.key`,
      );
      return new Set(inserted.map((row) => names.get(row.key)!));
    }),
    async sweep(nowMs = Date.now()) {
      await db.execute(sql`DELETE FROM rate_counters WHERE expires_at <= ${iso(nowMs)}::timestamptz`);
    },
    // The database is the service's own and closes with it.
    close: async () => {},
  };
}

/** A time as text: drizzle hands a raw statement's Date to postgres-js unserialised, which fails. */
const iso = (ms: number) => new Date(ms).toISOString();
