/**
 * JSON text the service stores and must give back as it was (an idempotent answer replayed, an
 * order webhook sent again), sealed as a whole with AES-256-GCM under a key derived from
 * SECRETS_KEY: whatever it holds (a pay-page URL, a continue_url, a minted key), a copy of the
 * database alone reads none of it. The rule is the writer's, not a list of fields.
 *
 * Sealed text is base64url (lib/secrets.ts: iv, tag, ciphertext), which never begins with `{`:
 * a JSON object stored before sealing, or by an instance of an older version during an upgrade,
 * is told apart by its first character, and sealed where it stands (plainJson is that test in SQL).
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { seal, unsealUnderAny } from '../lib/secrets';
import type { KeyPurpose, ServiceKeys } from './keys';

/** `column` holds a JSON object in the clear; a literal, so a partial index of the same predicate serves it. */
export function plainJson(column: Column): SQL {
  return sql`${column} LIKE '{%'`;
}

export function isPlainJson(stored: string): boolean {
  return stored.startsWith('{');
}

export function sealText(keys: ServiceKeys, purpose: KeyPurpose, text: string): string {
  return seal(text, keys.key(purpose));
}

/** The text `stored` holds: opened under the current key, the previous one or a legacy one; plain JSON as it is. */
export async function openText(keys: ServiceKeys, purpose: KeyPurpose, stored: string): Promise<string> {
  if (isPlainJson(stored)) return stored;
  return opened(stored, await keys.verifying(purpose)).plaintext;
}

/**
 * `stored` sealed under the current key (plain JSON sealed, text sealed under a previous key sealed
 * again), or undefined when it already is: what start-up and `npm run secrets:rotate` write back.
 */
export async function sealedAgain(keys: ServiceKeys, purpose: KeyPurpose, stored: string): Promise<string | undefined> {
  const current = keys.key(purpose);
  if (isPlainJson(stored)) return seal(stored, current);
  const { plaintext, key } = opened(stored, await keys.verifying(purpose));
  return key === current ? undefined : seal(plaintext, current);
}

function opened(stored: string, keys: Buffer[]): { plaintext: string; key: Buffer } {
  const found = unsealUnderAny(stored, keys);
  if (!found) throw new Error('Stored text was sealed under a key no longer configured (SECRETS_KEY_PREVIOUS removed before npm run secrets:rotate?)');
  return found;
}
