/**
 * How many sign-in links may be asked for, counted in the database (db/rate-limits.ts), so every
 * instance sees the same counts:
 * - 5 per (address, client) in any 15 minutes: what one client can do to one address. Counted per
 *   client, so requests for someone's address from elsewhere never hold the owner's own;
 * - 30 per client in any 15 minutes, whatever the addresses;
 * - 20 per address in any hour, from anywhere: the mailbox's ceiling. A browser that has signed in
 *   to the address before (its "known browser" cookie, browser-cookies.ts) is not held by it, so
 *   strangers reaching it cannot lock the owner out.
 * The client is its address bucket (IPv4, or the IPv6 /64: lib/client-ip.ts); the address is the
 * normalised one (the caller's), counted under its SHA-256: the counters need not hold who asked.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { hitAll, type RateRule, type RateVerdict } from '../db/rate-limits';
import { clientAddressBucket } from '../lib/client-ip';

export const SIGN_IN_LIMITS = {
  perAddressAndClient: { limit: 5, windowSeconds: 15 * 60 },
  perClient: { limit: 30, windowSeconds: 15 * 60 },
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

export function takeSignInRequest(db: Db, address: string, forwardedFor: string | null, { knownBrowser }: { knownBrowser: boolean }, now = new Date()): Promise<RateVerdict> {
  const addressKey = createHash('sha256').update(address).digest('hex');
  const client = clientAddressBucket(forwardedFor);
  return hitAll(
    db,
    [
      { bucket: `signin-email-client:${addressKey}:${client}`, ...SIGN_IN_LIMITS.perAddressAndClient },
      { bucket: `signin-ip:${client}`, ...SIGN_IN_LIMITS.perClient },
      ...(knownBrowser ? [] : [{ bucket: `signin-email:${addressKey}`, ...SIGN_IN_LIMITS.perAddress }]),
    ],
    now,
  );
}
