/**
 * The platform profiles a developer account speaks for. On UCP's binding every call names a
 * platform profile in UCP-Agent, and a credential acts as itself: a network key (or a buyer token
 * registered with one) may name a profile only if its account listed it here, the business's
 * confirmation that the credential may act for that platform (UCP overview.md § Identity Binding).
 *
 * URLs are kept as WHATWG URL writes them (`new URL(…).href`), the form the pipeline compares the
 * UCP-Agent profile in, so `speaksFor` is one look-up by primary key. At most MAX_AGENT_PROFILES per
 * account: an add locks its account's row, so concurrent adds on any number of instances count
 * each other.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { accountAgentProfiles, users } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { invalidRequest } from '../errors/invalid-request';

export const MAX_AGENT_PROFILES = 10;
/** The longest profile URL kept (as normalised): longer ones are no profile an agent publishes. */
export const MAX_PROFILE_URL_LENGTH = 2048;

/** A listed profile as its account sees it. */
export interface AgentProfileRecord {
  url: string;
  created_at: string;
}

type Row = typeof accountAgentProfiles.$inferSelect;

const record = (row: Row): AgentProfileRecord => ({ url: row.url, created_at: row.createdAt.toISOString() });

/**
 * The URL as it is stored and compared, or the reason it cannot be a platform profile: an absolute
 * https URL without credentials or fragment, at most MAX_PROFILE_URL_LENGTH characters once
 * normalised (percent-encoding and punycode can lengthen it).
 */
export function normalProfileUrl(input: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { problem: 'must be an absolute URL, e.g. https://agent.example.com/profile.json' };
  }
  if (url.protocol !== 'https:') return { problem: 'must use https' };
  if (url.username || url.password) return { problem: 'must not carry a user name or password' };
  // `#` alone leaves `hash` empty but is still written by href.
  if (url.hash || url.href.endsWith('#')) return { problem: 'must not carry a fragment (#…)' };
  if (url.href.length > MAX_PROFILE_URL_LENGTH) return { problem: `must be at most ${MAX_PROFILE_URL_LENGTH} characters` };
  return { url: url.href };
}

/** The account's profiles, oldest first. */
export async function listAgentProfiles(db: Db, accountId: string): Promise<AgentProfileRecord[]> {
  const rows = await db
    .select()
    .from(accountAgentProfiles)
    .where(eq(accountAgentProfiles.accountId, accountId))
    .orderBy(asc(accountAgentProfiles.createdAt), asc(accountAgentProfiles.url));
  return rows.map(record);
}

/**
 * Lists a profile for the account: 400 invalid_request for a URL that cannot be one, 409
 * agent_profile_limit_reached past MAX_AGENT_PROFILES. `created` is false for a URL listed
 * before (its record). Runs in a transaction of its own (a savepoint inside the caller's).
 */
export async function addAgentProfile(db: Db, accountId: string, input: string, now = new Date()): Promise<{ profile: AgentProfileRecord; created: boolean }> {
  const normal = normalProfileUrl(input);
  if ('problem' in normal) throw invalidRequest([{ path: 'url', message: `The profile URL ${normal.problem}.` }]);
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: serialises the account's adds (and network-key mints, which lock it FOR
    // UPDATE) without blocking inserts that only reference the account (its sessions).
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, accountId)).for('no key update');
    if (!account) throw new ApiError('credential_required', { message: 'The signed-in account no longer exists: sign in again.', details: { required: 'developer_session' } });

    const mine = and(eq(accountAgentProfiles.accountId, accountId), eq(accountAgentProfiles.url, normal.url));
    const [listed] = await tx.select().from(accountAgentProfiles).where(mine);
    if (listed) return { profile: record(listed), created: false };

    const [{ n }] = await tx.select({ n: count() }).from(accountAgentProfiles).where(eq(accountAgentProfiles.accountId, accountId));
    if (n >= MAX_AGENT_PROFILES) {
      throw new ApiError('agent_profile_limit_reached', {
        message: `This account already lists ${MAX_AGENT_PROFILES} agent profiles: remove one it no longer speaks for (DELETE /api/developer/agent-profiles?url=…) before adding another.`,
        details: { max_agent_profiles: MAX_AGENT_PROFILES },
      });
    }
    const [row] = await tx.insert(accountAgentProfiles).values({ accountId, url: normal.url, createdAt: now }).returning();
    return { profile: record(row), created: true };
  });
}

/** Removes one of the account's profiles (named in any form that normalises to it) and answers it; one not listed is 404 agent_profile_not_found. */
export async function removeAgentProfile(db: Db, accountId: string, input: string): Promise<AgentProfileRecord> {
  const normal = normalProfileUrl(input);
  const url = 'url' in normal ? normal.url : input;
  const [row] = await db
    .delete(accountAgentProfiles)
    .where(and(eq(accountAgentProfiles.accountId, accountId), eq(accountAgentProfiles.url, url)))
    .returning();
  if (!row) throw new ApiError('agent_profile_not_found');
  return record(row);
}

/** Every binding call with a credential asks this: built once (db/prepared.ts). */
const listed = prepared<{ accountId: string; url: string }, { one: number }[]>('agent_profile_listed', (db) =>
  db
    .select({ one: sql<number>`1` })
    .from(accountAgentProfiles)
    .where(and(eq(accountAgentProfiles.accountId, sql.placeholder('accountId')), eq(accountAgentProfiles.url, sql.placeholder('url'))))
    .limit(1),
);

/**
 * Whether the account listed `profileUrl`, given as WHATWG URL writes it (the UCP-Agent profile's
 * `new URL(…).href`, as the pipeline holds it): one look-up by primary key, no normalising here.
 */
export async function speaksFor(db: Db, accountId: string, profileUrl: string): Promise<boolean> {
  return (await listed(db, { accountId, url: profileUrl })).length > 0;
}
