/**
 * From keys stored in `service_settings` to keys derived from SECRETS_KEY, without breaking what is
 * live. Every start runs `upgradeSecrets` (idempotent; instances starting at once take turns on the
 * marker row's lock): the OAuth keys are sealed in place under SECRETS_KEY (the same keys), or
 * re-sealed after a rotation; the stored payment-link and replay-sealing keys stay, read-only, until
 * the last link or replay record made under them has expired; every other stored key goes at once
 * (an old cursor then answers the usual invalid-cursor error; a pending buyer code or sign-in link
 * fails and is asked for again). The sweep (`retireLegacySecrets`) deletes each kept key when due.
 * Stored answers and webhook bodies found in the clear (written before they were sealed whole, or
 * by an instance of an older version) are sealed at every start.
 */
import { eq, inArray, max } from 'drizzle-orm';
import type { Db } from './db/client';
import { idempotencyRecords, paymentLinks, serviceSettings } from './db/schema';
import { forgetLegacyCookieKeys, sealOAuthKeys } from './oauth/keys';
import { TTL } from './oauth/provider';
import { purgeExpiredRecords, RETENTION_HOURS, sealPlainRecords } from './trpc/idempotency';
import { LEGACY_ROWS, type ServiceKeys } from './secrets/keys';
import { sealStoredBodies } from './webhooks/sealed-bodies';
import { prepareSigningKeys } from './webhooks/signing-key-rotation';

const MARKER = 'secrets.upgrade';
/** The cursor, buyer-code and Auth.js keys of before SECRETS_KEY: what they made is short-lived or re-asked for. */
const DROPPED_ROWS = ['cursor', 'buyer-codes', 'auth'];

type Kept = keyof typeof LEGACY_ROWS | 'oauth-cookie';

/** When each key kept from before SECRETS_KEY may go (ISO): once nothing made under it is still live. */
interface Marker {
  retire: Partial<Record<Kept, string>>;
}

/**
 * What start-up does once the database is open: the upgrade, then the kept keys read while no
 * transaction holds PGlite's one connection, then the webhook signing keys (re-sealed after a
 * rotation of SECRETS_KEY, the first one made), before any profile is served; then what is stored
 * in the clear is sealed (a stored answer may need a kept key to open its old field seals).
 */
export async function prepareSecrets(services: { db: Db; keys: ServiceKeys }): Promise<void> {
  await upgradeSecrets(services.db, services.keys);
  await services.keys.loadLegacy();
  await prepareSigningKeys(services.db, services.keys);
  await sealPlainRecords(services.db, services.keys);
  await sealStoredBodies(services.db, services.keys, 'plain');
}

export async function upgradeSecrets(db: Db, keys: ServiceKeys, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const marker = await lockMarker(tx);
    const { legacyCookies } = await sealOAuthKeys(tx, keys);
    // Cookies signed before the upgrade live at most as long as the provider's login memory.
    if (legacyCookies) marker.retire['oauth-cookie'] ??= new Date(now.getTime() + TTL.session * 1000).toISOString();
    await tx.delete(serviceSettings).where(inArray(serviceSettings.key, DROPPED_ROWS));
    const present = new Set(
      (await tx.select({ key: serviceSettings.key }).from(serviceSettings).where(inArray(serviceSettings.key, Object.values(LEGACY_ROWS)))).map((r) => r.key),
    );
    if (present.has(LEGACY_ROWS['payment-link']) && !marker.retire['payment-link']) {
      marker.retire['payment-link'] = new Date((await lastLiveLinkExpiry(tx)) || now.getTime()).toISOString();
    }
    if (present.has(LEGACY_ROWS['replay-seal']) && !marker.retire['replay-seal']) {
      marker.retire['replay-seal'] = new Date((await lastReplayEnd(tx)) || now.getTime() + RETENTION_HOURS * 3_600_000).toISOString();
    }
    await saveMarker(tx, marker);
  });
  await retireLegacySecrets(db, keys, now);
}

/** Deletes each key kept from before SECRETS_KEY once its time has come; answers which went. */
export async function retireLegacySecrets(db: Db, keys: ServiceKeys, now = new Date()): Promise<Kept[]> {
  const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.key, MARKER));
  if (!row || !dueOf(JSON.parse(row.value) as Marker, now).length) return [];
  // What a replay may still ask for is at most RETENTION_HOURS old: older records go before their seal's key.
  await purgeExpiredRecords(db);
  return db.transaction(async (tx) => {
    const marker = await lockMarker(tx);
    const due = dueOf(marker, now);
    for (const kept of due) {
      if (kept === 'oauth-cookie') await forgetLegacyCookieKeys(tx, keys);
      else await tx.delete(serviceSettings).where(eq(serviceSettings.key, LEGACY_ROWS[kept]));
      delete marker.retire[kept];
    }
    await saveMarker(tx, marker);
    return due;
  });
}

/**
 * After a rotation: the moment nothing made under SECRETS_KEY_PREVIOUS can still be presented — the
 * last live payment link's expiry, the newest replay record's end, a consent page opened now.
 */
export async function previousKeyNeededUntil(db: Db, now = new Date()): Promise<Date> {
  return new Date(Math.max(now.getTime() + TTL.interaction * 1000, await lastLiveLinkExpiry(db), await lastReplayEnd(db)));
}

/** When the last live payment link expires (ms since the epoch; 0 with none). */
async function lastLiveLinkExpiry(db: Db): Promise<number> {
  const [link] = await db.select({ at: max(paymentLinks.expiresAt) }).from(paymentLinks).where(eq(paymentLinks.status, 'live'));
  return link?.at?.getTime() ?? 0;
}

/** When the newest idempotency record may no longer be replayed (ms since the epoch; 0 with none). */
async function lastReplayEnd(db: Db): Promise<number> {
  const [record] = await db.select({ at: max(idempotencyRecords.createdAt) }).from(idempotencyRecords);
  return record?.at ? record.at.getTime() + RETENTION_HOURS * 3_600_000 : 0;
}

function dueOf(marker: Marker, now: Date): Kept[] {
  return (Object.entries(marker.retire) as [Kept, string][]).filter(([, at]) => new Date(at) <= now).map(([kept]) => kept);
}

async function lockMarker(tx: Db): Promise<Marker> {
  await tx.insert(serviceSettings).values({ key: MARKER, value: JSON.stringify({ retire: {} }) }).onConflictDoNothing();
  const [row] = await tx.select().from(serviceSettings).where(eq(serviceSettings.key, MARKER)).for('update');
  return JSON.parse(row.value) as Marker;
}

async function saveMarker(tx: Db, marker: Marker): Promise<void> {
  await tx.update(serviceSettings).set({ value: JSON.stringify(marker) }).where(eq(serviceSettings.key, MARKER));
}
