/**
 * Changing the webhook signing keys as UCP's Key Rotation asks (signatures.md): a new key is
 * published first and signs only once every profile a platform may still hold from before carries
 * it (PUBLISH_DELAY_SECONDS, the profile's max-age); the key it replaces stays published for
 * GRACE_DAYS after its last signature, then the sweep drops it. A compromised key is revoked: gone
 * from the profile at once, and a new key signs in its place at once.
 */
import { eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookSigningKeys } from '../db/schema';
import { PROFILE_MAX_AGE_SECONDS } from '../domain/ucp-profile';
import { seal } from '../lib/secrets';
import type { ServiceKeys } from '../secrets/keys';
import { forgetSigningKeys, lockSigningKeys, newSigningKey, openSealed, signingKey, signingRowAt } from './signing-keys';

export const PUBLISH_DELAY_SECONDS = PROFILE_MAX_AGE_SECONDS;
/** UCP's minimum grace period: what the previous key signed still verifies this long. */
export const GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface Rotated {
  kid: string;
  signsFrom: Date;
  /** The keys this one replaces, each published until its date. */
  retiring: { kid: string; retiresAt: Date }[];
}

/** Publishes a new key now that signs from PUBLISH_DELAY_SECONDS on (at once when no key signs yet). */
export async function rotateSigningKey(db: Db, keys: ServiceKeys, now = new Date()): Promise<Rotated> {
  const rotated = await db.transaction(async (tx) => {
    const signs = signingRowAt(await lockSigningKeys(tx), now) !== undefined;
    const signsFrom = signs ? new Date(now.getTime() + PUBLISH_DELAY_SECONDS * 1000) : now;
    const retiresAt = new Date(signsFrom.getTime() + GRACE_DAYS * DAY_MS);
    const retiring = await tx
      .update(webhookSigningKeys)
      .set({ retiresAt })
      .where(isNull(webhookSigningKeys.retiresAt))
      .returning({ kid: webhookSigningKeys.kid, retiresAt: webhookSigningKeys.retiresAt });
    const made = await newSigningKey(keys, signsFrom, now);
    await tx.insert(webhookSigningKeys).values(made);
    return { kid: made.kid, signsFrom, retiring: retiring.map((r) => ({ kid: r.kid, retiresAt: r.retiresAt! })) };
  });
  forgetSigningKeys(db);
  return rotated;
}

/**
 * UCP's Key Compromise Response: `kid` leaves the profile at once and a new key signs at once (a
 * platform holding an older profile fetches it again on the unknown kid). Keys not yet signing go
 * too, having signed nothing; the others stop signing now and stay published GRACE_DAYS at most.
 * Undefined when there is no such key.
 */
export async function revokeSigningKey(db: Db, keys: ServiceKeys, kid: string, now = new Date()): Promise<Rotated | undefined> {
  const rotated = await db.transaction(async (tx) => {
    const rows = await lockSigningKeys(tx);
    if (!rows.some((row) => row.kid === kid)) return undefined;
    const pending = rows.filter((row) => row.signsFrom > now).map((row) => row.kid);
    await tx.delete(webhookSigningKeys).where(inArray(webhookSigningKeys.kid, [kid, ...pending]));
    const retiresAt = new Date(now.getTime() + GRACE_DAYS * DAY_MS);
    const retiring = await tx
      .update(webhookSigningKeys)
      .set({ retiresAt })
      .where(or(isNull(webhookSigningKeys.retiresAt), gt(webhookSigningKeys.retiresAt, retiresAt)))
      .returning({ kid: webhookSigningKeys.kid, retiresAt: webhookSigningKeys.retiresAt });
    const made = await newSigningKey(keys, now, now);
    await tx.insert(webhookSigningKeys).values(made);
    return { kid: made.kid, signsFrom: now, retiring: retiring.map((r) => ({ kid: r.kid, retiresAt: r.retiresAt! })) };
  });
  forgetSigningKeys(db);
  return rotated;
}

/** Drops the keys whose grace has ended (the minute sweep); answers their kids. */
export async function sweepSigningKeys(db: Db, now = new Date()): Promise<string[]> {
  const dropped = await db.delete(webhookSigningKeys).where(lte(webhookSigningKeys.retiresAt, now)).returning({ kid: webhookSigningKeys.kid });
  if (dropped.length) forgetSigningKeys(db);
  return dropped.map((row) => row.kid);
}

/**
 * Seals under SECRETS_KEY the keys found under SECRETS_KEY_PREVIOUS (the same keys), as
 * `npm run secrets:rotate` and each start do for the OAuth keys; answers how many were sealed again.
 */
export async function resealSigningKeys(db: Db, keys: ServiceKeys): Promise<number> {
  const resealed = await db.transaction(async (tx) => {
    let resealed = 0;
    for (const row of await lockSigningKeys(tx)) {
      const { pem, current } = await openSealed(row, keys);
      if (current) continue;
      await tx.update(webhookSigningKeys).set({ privateKeySealed: seal(pem, keys.key('webhook-keys-seal')) }).where(eq(webhookSigningKeys.kid, row.kid));
      resealed++;
    }
    return resealed;
  });
  if (resealed) forgetSigningKeys(db);
  return resealed;
}

/**
 * At start-up, before a profile is served: the keys sealed again after a SECRETS_KEY rotation, and
 * the first key made, so that every profile a platform caches holds the key that signs.
 */
export async function prepareSigningKeys(db: Db, keys: ServiceKeys): Promise<void> {
  await resealSigningKeys(db, keys);
  await signingKey(db, keys);
}
