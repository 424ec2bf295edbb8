/**
 * The authorization server's keys. ES256 keys for ID tokens (published at /oauth/jwks) are made
 * once per database in `service_settings`, sealed (AES-256-GCM) under a key derived from
 * SECRETS_KEY, so every instance signs alike and a copy of the database holds no usable private
 * key. Its cookies are signed with a key derived from SECRETS_KEY (secrets/keys.ts); cookie keys
 * stored before SECRETS_KEY stay, sealed, to verify what they signed until secrets-upgrade.ts
 * retires them. Newest first: the first signs, the others still verify, so rotating
 * (`rotateOAuthKeys`) keeps what was signed with the previous key valid until it ends.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import type { Db } from '../db/client';
import { serviceSettings } from '../db/schema';
import { seal, unsealUnderAny } from '../lib/secrets';
import { SealedUnderAnotherKey, type ServiceKeys } from '../secrets/keys';

const SETTING = 'oauth.keys';
/** The current key and the one before it. */
const KEPT = 2;

/** What the provider is given. */
export interface OAuthKeys {
  signing: JWK[];
  cookies: string[];
}

/** What the row holds, sealed: the signing keys, and cookie keys from before SECRETS_KEY (verify only). */
interface StoredKeys {
  signing: JWK[];
  cookies: string[];
}

/** How the row was found: sealed under SECRETS_KEY, under SECRETS_KEY_PREVIOUS, or in plain JSON (before SECRETS_KEY). */
type SealedUnder = 'current' | 'previous' | 'plain';

function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(12).toString('base64url'), alg: 'ES256', use: 'sig' } as JWK;
}

function sealed(stored: StoredKeys, keys: ServiceKeys): string {
  return JSON.stringify({ sealed: seal(JSON.stringify(stored), keys.key('oauth-keys-seal')) });
}

function open(value: string, keys: ServiceKeys): { stored: StoredKeys; under: SealedUnder } {
  const parsed = JSON.parse(value) as StoredKeys | { sealed: string };
  if (!('sealed' in parsed)) return { stored: parsed, under: 'plain' };
  const current = keys.key('oauth-keys-seal');
  const previous = keys.previousKey('oauth-keys-seal');
  const opened = unsealUnderAny(parsed.sealed, previous ? [current, previous] : [current]);
  if (opened) return { stored: JSON.parse(opened.plaintext) as StoredKeys, under: opened.key === current ? 'current' : 'previous' };
  throw new SealedUnderAnotherKey('The OAuth keys are');
}

function forProvider(stored: StoredKeys, keys: ServiceKeys): OAuthKeys {
  const derived = [keys.key('oauth-cookie'), keys.previousKey('oauth-cookie')].filter((key) => key !== undefined);
  return { signing: stored.signing, cookies: [...derived.map((key) => key.toString('base64url')), ...stored.cookies] };
}

async function read(db: Db, keys: ServiceKeys, lock = false): Promise<{ stored: StoredKeys; under: SealedUnder } | undefined> {
  const query = db.select().from(serviceSettings).where(eq(serviceSettings.key, SETTING));
  const [row] = lock ? await query.for('update') : await query;
  return row && open(row.value, keys);
}

async function write(db: Db, keys: ServiceKeys, stored: StoredKeys): Promise<void> {
  await db.update(serviceSettings).set({ value: sealed(stored, keys) }).where(eq(serviceSettings.key, SETTING));
}

/** The keys, made by the first instance to ask. */
export async function oauthKeys(db: Db, keys: ServiceKeys): Promise<OAuthKeys> {
  await db
    .insert(serviceSettings)
    .values({ key: SETTING, value: sealed({ signing: [newSigningKey()], cookies: [] }, keys) })
    .onConflictDoNothing();
  return forProvider((await read(db, keys))!.stored, keys);
}

/** Puts a new signing key first and keeps the previous one to verify with; instances use it once restarted. */
export async function rotateOAuthKeys(db: Db, keys: ServiceKeys): Promise<OAuthKeys> {
  await oauthKeys(db, keys);
  return db.transaction(async (tx) => {
    const { stored } = (await read(tx, keys, true))!;
    const rotated: StoredKeys = { signing: [newSigningKey(), ...stored.signing].slice(0, KEPT), cookies: stored.cookies };
    await write(tx, keys, rotated);
    return forProvider(rotated, keys);
  });
}

/**
 * Seals the stored keys under SECRETS_KEY where they stand (the same keys): found in plain JSON
 * (before SECRETS_KEY) or under SECRETS_KEY_PREVIOUS. Run in the upgrade's transaction; answers
 * whether cookie keys from before SECRETS_KEY are kept to verify with.
 */
export async function sealOAuthKeys(tx: Db, keys: ServiceKeys): Promise<{ legacyCookies: boolean }> {
  const found = await read(tx, keys, true);
  if (!found) return { legacyCookies: false };
  if (found.under !== 'current') await write(tx, keys, found.stored);
  return { legacyCookies: found.stored.cookies.length > 0 };
}

/** Drops the cookie keys from before SECRETS_KEY, once nothing they signed can still be presented. */
export async function forgetLegacyCookieKeys(tx: Db, keys: ServiceKeys): Promise<void> {
  const found = await read(tx, keys, true);
  if (found?.stored.cookies.length) await write(tx, keys, { ...found.stored, cookies: [] });
}
