/**
 * The store every instance of the service shares for what must be counted across them: the
 * budgets of the agent surface's rate limits (handed out in leases, limits/limiter.ts) and the
 * nonces of signed requests (a nonce seen on one instance is a replay on every other). Postgres or
 * PGlite by default (one raw statement on the UNLOGGED `rate_counters` table, sql-store.ts); Redis
 * when REDIS_URL is set (one Lua script, redis-store.ts).
 *
 * Every time is the service's clock (milliseconds since the epoch) passed as a value, never the
 * store's own: instances and tests agree on windows whatever the database or Redis server thinks
 * the time is.
 */
import { createHash } from 'node:crypto';

export interface Grant {
  /** What this statement added to the caller's lease: min(want, what was left), never negative. */
  granted: number;
  /** The window's count after it: everything every instance has taken of this budget. */
  count: number;
}

/** The arguments of one `lease`. */
export interface LeaseRequest {
  key: string;
  want: number;
  quota: number;
  expiresAtMs: number;
}

export interface SharedStore {
  readonly kind: 'postgres' | 'pglite' | 'redis';
  /**
   * Atomically takes min(`want`, `quota` − count) of the budget `key` (one fixed window of one
   * partition), which lives until `expiresAtMs`: one statement, one round trip.
   */
  lease(key: string, want: number, quota: number, expiresAtMs: number): Promise<Grant>;
  /**
   * `first`'s lease, then `then`'s only when `first` granted something (else undefined): two
   * budgets a call needs both of, in one round trip, the first deciding whether the second is spent.
   */
  leaseBoth(first: LeaseRequest, then: LeaseRequest): Promise<[Grant, Grant | undefined]>;
  /**
   * Insert-if-absent of a nonce kept until `expiresAtMs`: true when it is new (or its earlier
   * record has expired), false when some instance has seen it already.
   */
  rememberNonce(key: string, expiresAtMs: number): Promise<boolean>;
  /** Deletes what has expired (the minute sweep); Redis expires keys itself. */
  sweep(nowMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The store's key for a budget (`r:`) or a nonce (`n:`): the caller-derived name as it is up to 200
 * characters, else its digest (a profile URL may be long, and a btree entry has to fit a third of
 * a page).
 */
export function storeKey(prefix: 'r:' | 'n:', name: string): string {
  return name.length <= 200 ? prefix + name : `${prefix}#${createHash('sha256').update(name).digest('base64url')}`;
}
