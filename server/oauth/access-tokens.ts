/**
 * OAuth access tokens as the agent API's pipeline sees them: read from the provider's own rows
 * (oauth_records), never from a copy. The pipeline remembers an answer at most a second per
 * instance (identity/credentials.ts), so a token revoked anywhere (RFC 7009, Disconnect, a reused
 * refresh token) fails everywhere within 1 s. The token is the raw Bearer value: oidc-provider's
 * opaque tokens carry no prefix.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { oauthRecords } from '../db/schema';
import { idDigest } from './adapter';

export interface AccessTokenInfo {
  clientId: string;
  accountId: string;
  scopes: string[];
  grantId: string;
  /** The resource the token was issued for: the base URL or `<base>/api/mcp`. */
  resource: string;
}

/** 256 bits of base64url (oidc-provider's opaque format); anything else is no token of ours. */
export const ACCESS_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

interface StoredAccessToken {
  clientId: string;
  accountId: string;
  grantId: string;
  scope?: string;
  aud?: string;
  extra?: { resource?: string };
  exp: number;
}

const grants = alias(oauthRecords, 'grants');

/**
 * The token as its row says now: null for one unknown, expired or revoked, or whose grant is gone.
 * The pipeline's credential resolver keeps each answer at most a second.
 */
export async function readAccessToken(db: Db, token: string, now = new Date()): Promise<AccessTokenInfo | null> {
  return ACCESS_TOKEN_FORMAT.test(token) ? read(db, idDigest(token), now) : null;
}

async function read(db: Db, digest: string, now: Date): Promise<AccessTokenInfo | null> {
  // A token whose grant is gone is dead even if its own row was not reached yet.
  const [row] = await db
    .select({ payload: oauthRecords.payload })
    .from(oauthRecords)
    .innerJoin(grants, and(eq(grants.model, 'Grant'), eq(grants.grantId, oauthRecords.grantId), or(isNull(grants.expiresAt), gt(grants.expiresAt, now))))
    .where(and(eq(oauthRecords.model, 'AccessToken'), eq(oauthRecords.idDigest, digest), gt(oauthRecords.expiresAt, now), isNull(oauthRecords.consumedAt)));
  if (!row) return null;
  const token = row.payload as StoredAccessToken;
  if (token.exp * 1000 <= now.getTime()) return null;
  return {
    clientId: token.clientId,
    accountId: token.accountId,
    scopes: token.scope ? token.scope.split(' ') : [],
    grantId: token.grantId,
    resource: token.extra?.resource ?? token.aud ?? '',
  };
}
