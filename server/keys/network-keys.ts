/**
 * Network API keys: minted and revoked by a signed-in developer, presented by agents as
 * `Authorization: Bearer ak_live_…`. The secret is shown once; only its digest is kept.
 *
 * Limits per account (the spec's, fixed): 10 active keys, 5 mints in a rolling hour. A mint locks
 * its account's row, so concurrent mints on any number of instances count each other. A key revoked
 * before it was ever used gives its mint back (it never reached an agent); any key may be revoked,
 * since a leaked key must die, and revoking frees its slot.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, not } from 'drizzle-orm';
import type { Db } from '../db/client';
import { networkKeys, users } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import { newSecret, secretDigest } from '../lib/secrets';

export const KEY_SCOPES = ['buyer:write', 'dev.ucp.shopping.order:read', 'checkout:write', 'acp:platform'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const SECRET_PREFIX = 'ak_live_';
/** A well-formed secret; anything else is refused without a database look-up. */
export const SECRET_FORMAT = /^ak_live_[A-Za-z0-9_-]{43}$/;
/** How much of the secret lists show, so a person can tell keys apart. */
export const PREFIX_LENGTH = 12;

export const MAX_ACTIVE_KEYS = 10;
export const MINTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export type KeyRow = typeof networkKeys.$inferSelect;

/** A key as its owner sees it (lists, revocation). */
export interface KeyRecord {
  id: string;
  name: string;
  prefix: string;
  scopes: KeyScope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function keyRecord(row: KeyRow): KeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as KeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listKeys(db: Db, accountId: string): Promise<KeyRecord[]> {
  const rows = await db.select().from(networkKeys).where(eq(networkKeys.accountId, accountId)).orderBy(desc(networkKeys.createdAt), desc(networkKeys.id));
  return rows.map(keyRecord);
}

export interface MintedKey {
  id: string;
  name: string;
  prefix: string;
  scopes: KeyScope[];
  created_at: string;
  secret: string;
}

/** Mints a key inside the caller's transaction; the account's row lock serialises its mints. */
export async function mintKey(tx: Db, accountId: string, input: { name: string; scopes: KeyScope[] }, now = new Date()): Promise<MintedKey> {
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, accountId)).for('update');
  if (!account) throw new ApiError('credential_required', { message: 'The signed-in account no longer exists: sign in again.', details: { required: 'developer_session' } });

  const [{ active }] = await tx
    .select({ active: count() })
    .from(networkKeys)
    .where(and(eq(networkKeys.accountId, accountId), isNull(networkKeys.revokedAt)));
  if (active >= MAX_ACTIVE_KEYS) {
    throw new ApiError('key_limit_reached', {
      message: `This account already has ${MAX_ACTIVE_KEYS} active keys: revoke one you no longer use to free a slot.`,
      details: { max_active_keys: MAX_ACTIVE_KEYS },
    });
  }

  // Mints of the last hour, less keys revoked before their first use (they gave their mint back).
  const counted = await tx
    .select({ createdAt: networkKeys.createdAt })
    .from(networkKeys)
    .where(
      and(
        eq(networkKeys.accountId, accountId),
        gt(networkKeys.createdAt, new Date(now.getTime() - HOUR_MS)),
        not(and(isNotNull(networkKeys.revokedAt), isNull(networkKeys.firstUsedAt))!),
      ),
    )
    .orderBy(asc(networkKeys.createdAt));
  if (counted.length >= MINTS_PER_HOUR) {
    const frees = counted[counted.length - MINTS_PER_HOUR].createdAt.getTime() + HOUR_MS;
    const seconds = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
    throw new ApiError('rate_limited', {
      message: `An account may mint ${MINTS_PER_HOUR} keys an hour; the next mint is possible in ${seconds} seconds.`,
      details: { mints_per_hour: MINTS_PER_HOUR, retry_after_seconds: seconds },
      headers: { 'Retry-After': String(seconds) },
    });
  }

  const secret = newSecret(SECRET_PREFIX);
  const [row] = await tx
    .insert(networkKeys)
    .values({
      id: newId('key'),
      accountId,
      name: input.name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      secretHash: secretDigest(secret),
      scopes: [...new Set(input.scopes)],
      createdAt: now,
    })
    .returning();
  const { last_used_at: _used, revoked_at: _revoked, ...record } = keyRecord(row);
  return { ...record, secret };
}

/** Revokes one of the account's keys; revoking it again answers the same record. */
export async function revokeKey(db: Db, accountId: string, id: string, now = new Date()): Promise<KeyRecord> {
  const mine = and(eq(networkKeys.id, id), eq(networkKeys.accountId, accountId));
  const [revoked] = await db
    .update(networkKeys)
    .set({ revokedAt: now })
    .where(and(mine, isNull(networkKeys.revokedAt)))
    .returning();
  if (revoked) return keyRecord(revoked);
  const [already] = await db.select().from(networkKeys).where(mine);
  if (!already) throw new ApiError('key_not_found');
  return keyRecord(already);
}
