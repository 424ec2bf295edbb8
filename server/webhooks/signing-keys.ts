/**
 * The ES256 keys that sign order webhooks (UCP signatures.md): their public halves are published as
 * `signing_keys` in every business profile, their private halves stored sealed under a key derived
 * from SECRETS_KEY, so a copy of the database signs nothing. Every instance reads the set from the
 * database, so a rotation or a revocation (signing-key-rotation.ts) reaches them all within
 * CACHE_MS. A key is published from the moment it is written, signs from `signs_from`, and is
 * published until `retires_at`.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { calculateJwkThumbprint } from 'jose';
import type { Db } from '../db/client';
import { webhookSigningKeys } from '../db/schema';
import { seal, unsealUnderAny } from '../lib/secrets';
import { SealedUnderAnotherKey, type ServiceKeys } from '../secrets/keys';

export type SigningKeyRow = typeof webhookSigningKeys.$inferSelect;

/** How long an instance serves the key set it read: how late it sees another's rotation or revocation. */
const CACHE_MS = 5_000;
// Any constant; the same for every instance that might write the keys at once.
const SIGNING_KEYS_LOCK = 724244;

/**
 * Per database handle: callers pass the process's (services.db), a request's scoped handle would
 * miss. The read in flight is shared, so a worker's round and the profiles asking together at the
 * end of CACHE_MS read the set once.
 */
const cache = new WeakMap<Db, { at: number; rows: Promise<SigningKeyRow[]> }>();
/**
 * Private keys opened, per SECRETS_KEY set and by their sealed text: a delivery signs without
 * unsealing and parsing again, and only keys that opened them get them.
 */
const opened = new WeakMap<ServiceKeys, Map<string, KeyObject>>();

/** The key that signs now: the newest whose signs_from has passed. Made (insert-if-absent) when none exists. */
export async function signingKey(db: Db, keys: ServiceKeys, now = new Date()): Promise<{ kid: string; privateKey: KeyObject }> {
  const row = signingRowAt(await keySet(db, now), now) ?? (await makeSigner(db, keys, now));
  const mine = opened.get(keys) ?? opened.set(keys, new Map()).get(keys)!;
  let privateKey = mine.get(row.privateKeySealed);
  if (!privateKey) {
    privateKey = createPrivateKey((await openSealed(row, keys)).pem);
    mine.set(row.privateKeySealed, privateKey);
  }
  return { kid: row.kid, privateKey };
}

/** The public JWKs to publish now (every key not retired), cached ≤ 5 s per process. */
export async function publishedSigningKeys(db: Db, now = new Date()): Promise<Record<string, string>[]> {
  return (await keySet(db, now)).filter((row) => published(row, now)).map((row) => row.publicJwk);
}

/** Takes the lock every writer of the keys holds for its transaction (instances starting at once, a rotation). */
export async function lockSigningKeys(tx: Db): Promise<SigningKeyRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNING_KEYS_LOCK})`);
  return readKeys(tx);
}

/** After a write: this process reads the set again at once (the others within CACHE_MS). */
export function forgetSigningKeys(db: Db): void {
  cache.delete(db);
}

/** Of `rows` ordered newest first: the one that signs at `now`. */
export function signingRowAt(rows: SigningKeyRow[], now: Date): SigningKeyRow | undefined {
  return rows.find((row) => row.signsFrom <= now && published(row, now));
}

/** A new P-256 key, its kid the RFC 7638 thumbprint of its public half, its private half sealed. */
export async function newSigningKey(keys: ServiceKeys, signsFrom: Date, now: Date): Promise<SigningKeyRow> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' }) as Record<string, string>;
  const kid = await calculateJwkThumbprint({ kty, crv, x, y });
  return {
    kid,
    publicJwk: { kid, kty, crv, x, y, use: 'sig', alg: 'ES256' },
    privateKeySealed: seal(privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, keys.key('webhook-keys-seal')),
    signsFrom,
    retiresAt: null,
    createdAt: now,
  };
}

/** The private key's PKCS #8 PEM, and whether it is sealed under SECRETS_KEY (not SECRETS_KEY_PREVIOUS). */
export async function openSealed(row: SigningKeyRow, keys: ServiceKeys): Promise<{ pem: string; current: boolean }> {
  const opened = unsealUnderAny(row.privateKeySealed, await keys.verifying('webhook-keys-seal'));
  if (!opened) throw new SealedUnderAnotherKey(`The webhook signing key ${row.kid} is`);
  return { pem: opened.plaintext, current: opened.key === keys.key('webhook-keys-seal') };
}

function published(row: SigningKeyRow, now: Date): boolean {
  return !row.retiresAt || row.retiresAt > now;
}

async function keySet(db: Db, now: Date): Promise<SigningKeyRow[]> {
  const hit = cache.get(db);
  const t = now.getTime();
  if (hit && t >= hit.at && t - hit.at < CACHE_MS) return hit.rows;
  const rows = readKeys(db);
  cache.set(db, { at: t, rows });
  // A failed read is not kept: the next caller reads again.
  rows.catch(() => cache.get(db)?.rows === rows && cache.delete(db));
  return rows;
}

/** Newest first: by when each signs from (a rotation's key signs from later than any before it). */
function readKeys(db: Db): Promise<SigningKeyRow[]> {
  return db.select().from(webhookSigningKeys).orderBy(desc(webhookSigningKeys.signsFrom), desc(webhookSigningKeys.createdAt));
}

/**
 * The first key (or one after every key was dropped), signing at once: under the lock, so instances
 * asking together make one. It is made at start-up (main.ts), before a profile is served.
 */
async function makeSigner(db: Db, keys: ServiceKeys, now: Date): Promise<SigningKeyRow> {
  const row = await db.transaction(async (tx) => {
    const found = signingRowAt(await lockSigningKeys(tx), now);
    if (found) return found;
    const made = await newSigningKey(keys, now, now);
    await tx.insert(webhookSigningKeys).values(made);
    return made;
  });
  forgetSigningKeys(db);
  return row;
}
