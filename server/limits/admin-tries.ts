/**
 * Tries at the admin token, throttled per client address (an IPv4 address, or an IPv6 /64): at
 * most ADMIN_TOKEN_TRIES in a rolling minute, then 429 rate_limited with Retry-After, right token
 * or not, until the oldest try leaves the window. A try is counted before the token is compared
 * (counted after, every guess in flight would be compared first), and a right token clears its
 * address's tries, so an operator's own calls never add up; what is left counts wrong tokens.
 * Kept in the database's rolling windows (db/rate-limits.ts), which every instance shares whether
 * or not the agent surface's budgets are in Redis, as sign-in links and buyer codes are.
 */
import type { Db } from '../db/client';
import { clearBucket, hit, type RateRule } from '../db/rate-limits';
import { ApiError } from '../errors/catalogue';

export const ADMIN_TOKEN_TRIES = { limit: 10, windowSeconds: 60 } as const satisfies RateRule;

const bucket = (address: string) => `admin-token:${address}`;

/** Counts one try from `address`, or refuses it (429) when the address has spent its tries. */
export async function claimAdminTry(db: Db, address: string): Promise<void> {
  const verdict = await hit(db, bucket(address), ADMIN_TOKEN_TRIES);
  if (verdict.allowed) return;
  const seconds = verdict.retryAfterSeconds;
  throw new ApiError('rate_limited', {
    message: `${ADMIN_TOKEN_TRIES.limit} tries at the admin token from this client address in a minute: the next is taken in ${seconds} s.`,
    details: { retry_after: seconds, policy: 'admin' },
    headers: { 'Retry-After': String(seconds) },
  });
}

/** A right token: the address's tries are forgotten. */
export function clearAdminTries(db: Db, address: string): Promise<void> {
  return clearBucket(db, bucket(address));
}
