/**
 * A signed-in developer without going through the e-mail link (test/signin.test.ts covers that):
 * an account and a session row as Auth.js writes them, the session token kept as its digest.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { sessions, users } from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/identity/session-cookie';
import { secretDigest } from '../../server/lib/secrets';

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
