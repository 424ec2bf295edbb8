/**
 * How many sign-in links may be asked for: 5 per address and 30 per client IP in any 15 minutes,
 * counted in the database (db/rate-limits.ts), so every instance sees the same counts. Addresses
 * are counted under their SHA-256: the counters need not hold who asked.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { hitAll, type RateVerdict } from '../db/rate-limits';
import { clientIp } from '../lib/client-ip';

export { clientIp };

export const SIGN_IN_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 15 * 60 },
  perClient: { limit: 30, windowSeconds: 15 * 60 },
} as const;

export function takeSignInRequest(db: Db, address: string, forwardedFor: string | null, now = new Date()): Promise<RateVerdict> {
  return hitAll(
    db,
    [
      { bucket: `signin-email:${createHash('sha256').update(address).digest('hex')}`, ...SIGN_IN_LIMITS.perAddress },
      { bucket: `signin-ip:${clientIp(forwardedFor)}`, ...SIGN_IN_LIMITS.perClient },
    ],
    now,
  );
}

