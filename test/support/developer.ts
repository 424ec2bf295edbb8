/**
 * A signed-in developer without going through the e-mail link (test/signin.test.ts covers that):
 * an account and a session row as Auth.js writes them, the session token kept as its digest.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { BUYER_TOKEN_PREFIX } from '../../server/buyers/buyers';
import { buyers, buyerTokens, sessions, users } from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/identity/session-cookie';
import { newId } from '../../server/lib/ids';
import { newSecret, secretDigest } from '../../server/lib/secrets';

export interface Developer {
  accountId: string;
  email: string;
  /** The raw session token, as the browser's cookie holds it. */
  session: string;
  /** A Cookie header carrying the session (the service's base URL is http in these tests' eyes unless https). */
  cookie(base: string): string;
}

let counter = 0;

export async function signedInDeveloper(
  db: Db,
  { email = `dev${++counter}-${randomBytes(3).toString('hex')}@example.org`, session = randomBytes(32).toString('base64url') } = {},
): Promise<Developer> {
  const [user] = await db.insert(users).values({ email, emailVerified: new Date() }).returning();
  await db.insert(sessions).values({ sessionToken: secretDigest(session), userId: user.id, expires: new Date(Date.now() + 30 * 86_400_000) });
  return {
    accountId: user.id,
    email,
    session,
    cookie: (base) => `${base.startsWith('https:') ? '__Secure-' : ''}${SESSION_COOKIE}=${session}`,
  };
}

/**
 * A buyer of `accountId` verified through the key `keyId`, and a buyer token for it, as verifying
 * a code leaves them (test/buyers.test.ts goes through the codes themselves).
 */
export async function verifiedBuyer(db: Db, accountId: string, keyId: string, email = `buyer${++counter}@example.org`, scopes: string[] = []): Promise<{ buyerId: string; token: string }> {
  const [buyer] = await db.insert(buyers).values({ id: newId('buy'), owner: `account:${accountId}`, email, name: 'Ada Lovelace', verifiedAt: new Date() }).returning();
  const token = newSecret(BUYER_TOKEN_PREFIX);
  await db.insert(buyerTokens).values({ id: newId('btk'), buyerId: buyer.id, tokenHash: secretDigest(token), keyId, scopes, expiresAt: new Date(Date.now() + 86_400_000) });
  return { buyerId: buyer.id, token };
}
