/**
 * Rolling-window rate limits shared by every instance: one `rate_limit_hits` row per counted
 * event, a limit being "at most `limit` events of `bucket` in the last `windowSeconds`". A refused
 * attempt is not recorded, so someone who keeps trying is let in again once the window has moved
 * on, not held for ever.
 *
 * Race-free on Postgres and PGlite: the count and the insert run in one transaction under a
 * transaction-level advisory lock per bucket, so two instances taking the last slot of a bucket
 * at the same moment are serialised (a plain count-then-insert would let both through). Times
 * come from the service's clock, passed to SQL as values (never the database's `now()`).
 */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimitHits } from './schema';

export interface RateRule {
  /** At most this many events… */
  limit: number;
  /** …in this rolling window. */
  windowSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** When refused: whole seconds until the oldest counted event leaves the window (at least 1). */
  retryAfterSeconds: number;
}

/** Rows older than this are swept; no rule may use a longer window. */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

/** Counts one event of `bucket` if the rule allows it. */
export function hit(db: Db, bucket: string, rule: RateRule, now = new Date()): Promise<RateVerdict> {
  return hitAll(db, [{ bucket, ...rule }], now);
}

/**
 * Counts one event in each bucket only if every rule allows it (a sign-in counts against its
 * address and its client IP, or against neither). Refused: the longest wait among the refusals.
 */
export async function hitAll(db: Db, rules: (RateRule & { bucket: string })[], now = new Date()): Promise<RateVerdict> {
  for (const rule of rules) {
    if (rule.windowSeconds > LONGEST_WINDOW_SECONDS) throw new Error(`A rate window may be at most ${LONGEST_WINDOW_SECONDS} s (the sweep keeps no more).`);
  }
  // Locks taken in one order everywhere, so two requests naming the same buckets cannot deadlock.
  const ordered = [...rules].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  return db.transaction(async (tx) => {
    let retryAfterSeconds = 0;
    for (const { bucket } of ordered) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rate:${bucket}`}))`);
    for (const { bucket, limit, windowSeconds } of ordered) {
      // The newest `limit` events in the window: with that many, the oldest of them must leave
      // the window before another fits.
      const events = await recent(tx, bucket, { limit, windowSeconds }, now);
      if (events.length >= limit) {
        const frees = events[limit - 1].getTime() + windowSeconds * 1000;
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((frees - now.getTime()) / 1000), 1);
      }
    }
    if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
    await tx.insert(rateLimitHits).values(ordered.map(({ bucket }) => ({ bucket, at: now })));
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/** The newest `limit` events of `bucket` in the rule's window, newest first; counts nothing. */
export async function recent(db: Db, bucket: string, { limit, windowSeconds }: RateRule, now = new Date()): Promise<Date[]> {
  const rows = await db
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.at, new Date(now.getTime() - windowSeconds * 1000))))
    .orderBy(desc(rateLimitHits.at))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** Forgets every event of `bucket` (a right buyer code clears the tries before it). */
export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}

/** Deletes events older than the longest window; any instance may run it. */
export async function sweepRateLimitHits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000)));
}
