/**
 * Auth.js's drizzle adapter over our tables, with one change: a session is stored under the
 * SHA-256 of its cookie value, never the value (the adapter would keep it raw), so a copy of the
 * sessions table signs nobody in. Auth.js keeps handing the raw value to the adapter and reading
 * it back (it sets the cookie from what createSession answers), so the hash is taken on the way
 * in and the raw value put back on the way out. The agent pipeline looks sessions up the same way
 * (the SHA-256 hex of the cookie).
 */
import type { Adapter, AdapterSession } from '@auth/core/adapters';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import type { Db } from '../db/client';
import { accounts, sessions, users, verificationTokens } from '../db/schema';
import { secretDigest } from '../lib/secrets';

/** Sessions are kept as the digest every issued secret is kept as (lib/secrets.ts). */
export const sessionDigest = secretDigest;

export function hashedSessionAdapter(db: Db): Adapter {
  const base = DrizzleAdapter(db as never, {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  } as never);
  const raw = <T extends AdapterSession | null | undefined>(session: T, sessionToken: string): T => (session ? { ...session, sessionToken } : session);
  return {
    ...base,
    async createSession(session) {
      return raw(await base.createSession!({ ...session, sessionToken: sessionDigest(session.sessionToken) }), session.sessionToken);
    },
    async getSessionAndUser(sessionToken) {
      const found = await base.getSessionAndUser!(sessionDigest(sessionToken));
      return found && { user: found.user, session: raw(found.session, sessionToken) };
    },
    async updateSession(session) {
      return raw(await base.updateSession!({ ...session, sessionToken: sessionDigest(session.sessionToken) }), session.sessionToken);
    },
    async deleteSession(sessionToken) {
      await base.deleteSession!(sessionDigest(sessionToken));
    },
  };
}
