/**
 * The authorization server's keys, made once per database in `service_settings` so every instance
 * signs and checks alike: ES256 keys for ID tokens (published at /oauth/jwks) and the keys that
 * sign its cookies. Newest first: the first signs, the others still verify, so rotating
 * (`rotateOAuthKeys`) keeps what was signed with the previous key valid until it ends.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import type { Db } from '../db/client';
import { serviceSettings } from '../db/schema';

const SETTING = 'oauth.keys';
/** The current key and the one before it. */
const KEPT = 2;

export interface OAuthKeys {
  signing: JWK[];
  cookies: string[];
}

function newKeys(): { signing: JWK; cookie: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return {
    signing: { ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'ES256', use: 'sig' } as JWK,
    cookie: randomBytes(32).toString('base64url'),
  };
}

/** The keys, made by the first instance to ask. */
export async function oauthKeys(db: Db): Promise<OAuthKeys> {
  const fresh = newKeys();
  const initial: OAuthKeys = { signing: [fresh.signing], cookies: [fresh.cookie] };
  await db.insert(serviceSettings).values({ key: SETTING, value: JSON.stringify(initial) }).onConflictDoNothing();
  const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.key, SETTING));
  return JSON.parse(row.value) as OAuthKeys;
}

/** Puts new keys first and keeps the previous ones to verify with; instances use them once restarted. */
export async function rotateOAuthKeys(db: Db): Promise<OAuthKeys> {
  await oauthKeys(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(serviceSettings).where(eq(serviceSettings.key, SETTING)).for('update');
    const current = JSON.parse(row.value) as OAuthKeys;
    const fresh = newKeys();
    const rotated: OAuthKeys = {
      signing: [fresh.signing, ...current.signing].slice(0, KEPT),
      cookies: [fresh.cookie, ...current.cookies].slice(0, KEPT),
    };
    await tx.update(serviceSettings).set({ value: JSON.stringify(rotated) }).where(eq(serviceSettings.key, SETTING));
    return rotated;
  });
}
