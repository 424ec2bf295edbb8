/**
 * What each person allowed each OAuth client, kept per account and client: the scopes and the grant
 * holding them. The provider finds a remembered grant here (`loadExistingGrant`), "Connected agents"
 * lists these, and Disconnect revokes one. A consent is live only while its grant is: a grant
 * revoked by a reused refresh token or code takes its consent with it.
 */
import { and, desc, eq, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oauthConsents, oauthRecords } from '../db/schema';
import { revokeGrantRows, sweepOAuthRecords } from './adapter';

export interface Consent {
  clientId: string;
  clientName: string | null;
  redirectHost: string;
  scopes: string[];
  grantId: string;
  createdAt: Date;
  updatedAt: Date;
}

const grantAlive = (now: Date) =>
  and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.grantId, oauthConsents.grantId), or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, now)));

/** Records (or widens) a consent the person just gave on the consent page. */
export async function saveConsent(db: Db, accountId: string, consent: Omit<Consent, 'createdAt' | 'updatedAt'>): Promise<void> {
  const now = new Date();
  await db
    .insert(oauthConsents)
    .values({ accountId, ...consent, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [oauthConsents.accountId, oauthConsents.clientId],
      set: { clientName: consent.clientName, redirectHost: consent.redirectHost, scopes: consent.scopes, grantId: consent.grantId, updatedAt: now },
    });
}

/** The grant a person's consent to a client lives in, if it is still live. */
export async function rememberedGrantId(db: Db, accountId: string, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ grantId: oauthConsents.grantId })
    .from(oauthConsents)
    .innerJoin(oauthRecords, grantAlive(new Date()))
    .where(and(eq(oauthConsents.accountId, accountId), eq(oauthConsents.clientId, clientId)));
  return row?.grantId;
}

/** A person's live consents, the latest first. */
export async function listConsents(db: Db, accountId: string): Promise<Consent[]> {
  return db
    .select({
      clientId: oauthConsents.clientId,
      clientName: oauthConsents.clientName,
      redirectHost: oauthConsents.redirectHost,
      scopes: oauthConsents.scopes,
      grantId: oauthConsents.grantId,
      createdAt: oauthConsents.createdAt,
      updatedAt: oauthConsents.updatedAt,
    })
    .from(oauthConsents)
    .innerJoin(oauthRecords, grantAlive(new Date()))
    .where(eq(oauthConsents.accountId, accountId))
    .orderBy(desc(oauthConsents.updatedAt));
}

/** Revokes a grant: its codes and tokens stop working (access tokens within 1 s) and its consent is gone. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(oauthConsents).where(eq(oauthConsents.grantId, grantId));
    await revokeGrantRows(tx, grantId);
  });
}

/**
 * Disconnect: revokes the person's consent to a client and every grant they gave it, not only the
 * one the consent names (two approvals racing each other each make a grant, and the consent keeps
 * the last); the name of the client disconnected, or null when nothing was connected.
 */
export async function disconnect(db: Db, accountId: string, clientId: string): Promise<{ clientName: string | null } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(oauthConsents)
      .where(and(eq(oauthConsents.accountId, accountId), eq(oauthConsents.clientId, clientId)))
      .returning({ clientName: oauthConsents.clientName });
    const grants = await tx
      .select({ grantId: oauthRecords.grantId })
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, 'Grant'), sql`${oauthRecords.payload}->>'accountId' = ${accountId}`, sql`${oauthRecords.payload}->>'clientId' = ${clientId}`));
    for (const { grantId } of grants) if (grantId) await revokeGrantRows(tx, grantId);
    return row || grants.length ? { clientName: row?.clientName ?? null } : null;
  });
}

/**
 * The minute sweep (any instance may run it): expired codes, tokens, sessions, interactions and
 * grants, then the consents whose grant is gone (expired, or revoked by a reused code or refresh
 * token, which the provider does without us).
 */
export async function sweepOAuth(db: Db, now = new Date()): Promise<void> {
  await sweepOAuthRecords(db, now);
  await db
    .delete(oauthConsents)
    .where(notExists(db.select({ one: oauthRecords.grantId }).from(oauthRecords).where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.grantId, oauthConsents.grantId)))));
}
