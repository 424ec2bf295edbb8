/**
 * Rows of developer accounts that have ended and that nothing reads again: sign-in links past
 * their 10 minutes (a used link is deleted when used), sessions past their expiry (Auth.js
 * deletes one only when its cookie comes back), and rate-limit events older than any window.
 * Any instance may sweep.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sweepRateLimitHits } from '../db/rate-limits';
import { sessions, verificationTokens } from '../db/schema';

export async function sweepAccounts(db: Db, now = new Date()): Promise<void> {
  await db.delete(verificationTokens).where(lt(verificationTokens.expires, now));
  await db.delete(sessions).where(lt(sessions.expires, now));
  await sweepRateLimitHits(db, now);
}
