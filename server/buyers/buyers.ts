/**
 * Buyers: a person's e-mail address that an agent registers and the person verifies with a
 * one-time code mailed to it. Verifying gives the agent a buyer token (`bt_live_…`, 30 days) that
 * acts for that buyer: its carts and orders are the buyer's.
 *
 * A buyer belongs to one owner (a developer account: any of its keys; or, registered with an OAuth
 * token, the person for that client), and no other owner can see it, even for the same address.
 * Codes: 6 digits, 10 minutes, kept as an HMAC; at most 5 sent per buyer an hour, and at most 5
 * tries in 15 minutes, a right code clearing them (both counted in the database, shared by every
 * instance).
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clearBucket, hit, recent } from '../db/rate-limits';
import { buyerCodes, buyers, buyerTokens } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import { hmacSha256, newSecret, secretDigest } from '../lib/secrets';

export const BUYER_TOKEN_PREFIX = 'bt_live_';
export const BUYER_TOKEN_FORMAT = /^bt_live_[A-Za-z0-9_-]{43}$/;
export const BUYER_TOKEN_DAYS = 30;
export const CODE_MINUTES = 10;
export const CODES_PER_HOUR = 5;
export const WRONG_CODES = 5;
export const LOCK_MINUTES = 15;

export type BuyerRow = typeof buyers.$inferSelect;

export interface BuyerRecord {
  buyer_id: string;
  status: 'unverified' | 'verified';
}

const sendBucket = (buyerId: string) => `buyer-code-send:${buyerId}`;
const attemptBucket = (buyerId: string) => `buyer-code-attempt:${buyerId}`;
const ATTEMPTS = { limit: WRONG_CODES, windowSeconds: LOCK_MINUTES * 60 };

export function buyerRecord(row: BuyerRow): BuyerRecord {
  return { buyer_id: row.id, status: row.verifiedAt ? 'verified' : 'unverified' };
}

/** The owner's buyer for this address, made if new; `created` tells which. */
export async function registerBuyer(tx: Db, owner: string, input: { email: string; name?: string }): Promise<{ row: BuyerRow; created: boolean }> {
  const email = input.email.toLowerCase();
  const [made] = await tx
    .insert(buyers)
    .values({ id: newId('buy'), owner, email, name: input.name ?? null })
    .onConflictDoNothing()
    .returning();
  if (made) return { row: made, created: true };
  const [row] = await tx.select().from(buyers).where(and(eq(buyers.owner, owner), eq(buyers.email, email)));
  return { row, created: false };
}

export async function loadBuyer(db: Db, owner: string, buyerId: string): Promise<BuyerRow> {
  const [row] = await db.select().from(buyers).where(and(eq(buyers.id, buyerId), eq(buyers.owner, owner)));
  if (!row) throw new ApiError('buyer_not_found');
  return row;
}

/**
 * A fresh code for the buyer, replacing any earlier one; the caller mails it once its transaction
 * has committed. Refused (429) past 5 codes in an hour.
 */
export async function issueCode(tx: Db, buyer: BuyerRow, codeKey: Buffer, now = new Date()): Promise<string> {
  const verdict = await hit(tx, sendBucket(buyer.id), { limit: CODES_PER_HOUR, windowSeconds: 3600 }, now);
  if (!verdict.allowed) {
    throw new ApiError('rate_limited', {
      message: `A buyer may be sent ${CODES_PER_HOUR} codes an hour; the next can be sent in ${verdict.retryAfterSeconds} seconds.`,
      headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = { buyerId: buyer.id, codeHash: codeDigest(codeKey, buyer.id, code), expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000) };
  await tx.insert(buyerCodes).values(row).onConflictDoUpdate({ target: buyerCodes.buyerId, set: { codeHash: row.codeHash, expiresAt: row.expiresAt } });
  return code;
}

export interface Verified {
  buyer: BuyerRow;
  token: string;
  expiresAt: Date;
}

/**
 * What verified a buyer, and so what its token dies with: a network key, or an OAuth grant with the
 * resource its token was for (where the buyer token is taken too).
 */
export type Verifier = { keyId: string; scopes: readonly string[] } | { grantId: string; resource: string; scopes: readonly string[] };

/**
 * Claims one of the buyer's code tries, committed on its own before the code is checked: at most 5
 * in 15 minutes, whatever their outcome, so parallel guesses cannot outrun the count (a miss
 * counted after the check's transaction would let every guess in flight be checked first).
 */
export async function claimCodeAttempt(db: Db, buyer: BuyerRow, now = new Date()): Promise<void> {
  const verdict = await hit(db, attemptBucket(buyer.id), ATTEMPTS, now);
  if (!verdict.allowed) {
    throw new ApiError('code_attempts_exceeded', {
      message: `${WRONG_CODES} tries at this buyer's code: verification is locked for ${Math.ceil(verdict.retryAfterSeconds / 60)} more minutes.`,
      headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
    });
  }
}

/**
 * Checks a code, its try already claimed (claimCodeAttempt). Right: the buyer is verified, the code
 * used up, the tries cleared, and a token bound to `verifier` issued, with its scopes less
 * buyer:write (a buyer does not register buyers). Wrong: 400 invalid_code with the tries left.
 */
export async function verifyCode(tx: Db, buyer: BuyerRow, code: string, ctx: { codeKey: Buffer; verifier: Verifier }, now = new Date()): Promise<Verified> {
  const [stored] = await tx.select().from(buyerCodes).where(eq(buyerCodes.buyerId, buyer.id)).for('update');
  if (!stored) throw new ApiError('code_expired', { message: 'No code is waiting for this buyer: request one with POST /api/agent/buyer/otp.' });
  if (stored.expiresAt <= now) throw new ApiError('code_expired');
  const given = Buffer.from(codeDigest(ctx.codeKey, buyer.id, code));
  if (!timingSafeEqual(given, Buffer.from(stored.codeHash))) {
    const left = Math.max(0, WRONG_CODES - (await recent(tx, attemptBucket(buyer.id), ATTEMPTS, now)).length);
    throw new ApiError('invalid_code', {
      message: left > 0 ? `That code is not right; ${left} tries left.` : `That code is not right, and it was the last try: verification is locked for ${LOCK_MINUTES} minutes.`,
      details: { attempts_left: left },
    });
  }
  await tx.delete(buyerCodes).where(eq(buyerCodes.buyerId, buyer.id));
  await clearBucket(tx, attemptBucket(buyer.id));
  const [verified] = await tx
    .update(buyers)
    .set({ verifiedAt: sql`coalesce(${buyers.verifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(buyers.id, buyer.id))
    .returning();
  const token = newSecret(BUYER_TOKEN_PREFIX);
  const expiresAt = new Date(now.getTime() + BUYER_TOKEN_DAYS * 86_400_000);
  const { verifier } = ctx;
  await tx.insert(buyerTokens).values({
    id: newId('btk'),
    buyerId: buyer.id,
    tokenHash: secretDigest(token),
    ...('keyId' in verifier ? { keyId: verifier.keyId } : { grantId: verifier.grantId, resource: verifier.resource }),
    scopes: verifier.scopes.filter((scope) => scope !== 'buyer:write'),
    expiresAt,
    createdAt: now,
  });
  return { buyer: verified, token, expiresAt };
}

/** Codes are 6 digits: kept as an HMAC under a service secret, so the table alone reveals none. */
function codeDigest(key: Buffer, buyerId: string, code: string): string {
  return hmacSha256(key, `${buyerId}:${code}`).toString('base64url');
}
