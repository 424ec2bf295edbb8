/**
 * Issued credentials, resolved for the pipeline: a network key, a buyer token or an OAuth access
 * token from `Authorization: Bearer …`, a developer's session from its cookie. One resolver per process; every answer it keeps is at most
 * a second old, so a key revoked on any instance fails on every instance within 1 s.
 */
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { BUYER_TOKEN_FORMAT } from '../buyers/buyers';
import { buyers, buyerTokens, networkKeys, oauthRecords, sessions, users } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { SECRET_FORMAT, type KeyScope } from '../keys/network-keys';
import { secretDigest } from '../lib/secrets';
import { ACCESS_TOKEN_FORMAT, accessTokenLookup, type AccessTokenLookup } from '../oauth/access-tokens';

export interface KeyCredential {
  kind: 'key';
  keyId: string;
  accountId: string;
  scopes: readonly KeyScope[];
}

/**
 * A buyer token: acts for its buyer, with the scopes of the key or OAuth grant that verified the
 * buyer, less buyer:write (a buyer does not register buyers). Revoking that key or grant ends it.
 */
export interface BuyerCredential {
  kind: 'buyer';
  buyerId: string;
  /** The buyer's owner: `account:<id>` or `client:<id>`. */
  owner: string;
  /** The verifying key (its use is recorded as the key's), or null for a grant. */
  keyId: string | null;
  scopes: readonly string[];
}

/** An OAuth access token: the person (a developer account) who allowed the client, with what they allowed. */
export interface OAuthCredential {
  kind: 'oauth';
  clientId: string;
  accountId: string;
  scopes: readonly string[];
  grantId: string;
  /** What the token was issued for: the base URL (the REST API) or `<base>/api/mcp`. */
  resource: string;
}

export interface SessionCredential {
  kind: 'session';
  accountId: string;
  email: string;
}

export type Credential = KeyCredential | BuyerCredential | OAuthCredential | SessionCredential;
export type BearerCredential = KeyCredential | BuyerCredential | OAuthCredential;

const CACHE_MS = 1_000;
/** Later uses move `last_used_at` at most this often per key and instance. */
const LAST_USED_EVERY_MS = 60_000;
/** Bounds the memory a flood of made-up keys can take: the cache starts over past this. */
const MAX_CACHED = 10_000;

const BEARER = /^Bearer +(\S+) *$/i;
/** OAuth grants, among the provider's rows: a buyer token verified through one dies with it. */
const grants = alias(oauthRecords, 'grants');

/** RFC 9728: where a client learns which authorization server issues tokens for the REST API. */
export function resourceMetadataUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}/.well-known/oauth-protected-resource`;
}

interface CachedKey {
  credential: KeyCredential | BuyerCredential | null;
  until: number;
}

export class CredentialResolver {
  private readonly keys = new Map<string, CachedKey>();
  /** When this instance last wrote each key's use; absent: not yet, so the first use is written at once. */
  private readonly usesWritten = new Map<string, number>();

  private readonly accessToken: AccessTokenLookup;

  constructor(
    private readonly db: Db,
    private readonly publicBaseUrl: string,
  ) {
    this.accessToken = accessTokenLookup(db);
  }

  /** invalid_credential, with the challenge that tells an OAuth client where to start. */
  invalid(message = 'The credential in the Authorization header is not recognised: it is unknown, malformed, expired or revoked. Open operations need no Authorization header, only the agent profile (UCP-Agent).'): ApiError {
    const challenge = `Bearer realm="agent-commerce", error="invalid_token", resource_metadata="${resourceMetadataUrl(this.publicBaseUrl)}"`;
    return new ApiError('invalid_credential', { message, headers: { 'WWW-Authenticate': challenge } });
  }

  /** The network key, buyer token or OAuth access token an Authorization header names, or invalid_credential (never the open path). */
  async bearer(authorization: string): Promise<BearerCredential> {
    const secret = BEARER.exec(authorization)?.[1];
    const kind = !secret ? undefined : SECRET_FORMAT.test(secret) ? 'key' : BUYER_TOKEN_FORMAT.test(secret) ? 'buyer' : ACCESS_TOKEN_FORMAT.test(secret) ? 'oauth' : undefined;
    if (!kind) {
      throw this.invalid('The Authorization header must be `Bearer ak_live_…` (a network key), `Bearer bt_live_…` (a buyer token) or `Bearer <OAuth access token>`. Open operations need no Authorization header, only the agent profile (UCP-Agent).');
    }
    if (kind === 'oauth') {
      const token = await this.accessToken(secret!);
      if (!token) throw this.invalid();
      return { kind: 'oauth', ...token };
    }
    const digest = secretDigest(secret!);
    const now = Date.now();
    let cached = this.keys.get(digest);
    if (!cached || cached.until <= now) {
      cached = { credential: await (kind === 'key' ? this.lookUpKey(digest) : this.lookUpBuyerToken(digest)), until: now + CACHE_MS };
      if (this.keys.size >= MAX_CACHED) this.keys.clear();
      this.keys.set(digest, cached);
    }
    if (!cached.credential) throw this.invalid();
    if (cached.credential.keyId) await this.recordUse(cached.credential.keyId, now);
    return cached.credential;
  }

  /** The signed-in developer a session cookie names, or null when it is unknown or has ended. */
  async session(token: string): Promise<SessionCredential | null> {
    const [row] = await this.db
      .select({ accountId: users.id, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.sessionToken, secretDigest(token)), gt(sessions.expires, new Date())));
    return row ? { kind: 'session', ...row } : null;
  }

  /** A live token whose key is not revoked, or whose OAuth grant still stands. */
  private async lookUpBuyerToken(digest: string): Promise<BuyerCredential | null> {
    const now = new Date();
    const [row] = await this.db
      .select({ buyerId: buyerTokens.buyerId, owner: buyers.owner, keyId: buyerTokens.keyId, scopes: buyerTokens.scopes })
      .from(buyerTokens)
      .innerJoin(buyers, eq(buyers.id, buyerTokens.buyerId))
      .leftJoin(networkKeys, and(eq(networkKeys.id, buyerTokens.keyId), isNull(networkKeys.revokedAt)))
      .leftJoin(grants, and(eq(grants.model, 'Grant'), eq(grants.grantId, buyerTokens.grantId), or(isNull(grants.expiresAt), gt(grants.expiresAt, now))))
      .where(and(eq(buyerTokens.tokenHash, digest), gt(buyerTokens.expiresAt, now), or(isNotNull(networkKeys.id), isNotNull(grants.idDigest))));
    return row ? { kind: 'buyer', ...row } : null;
  }

  private async lookUpKey(digest: string): Promise<KeyCredential | null> {
    const [row] = await this.db
      .select({ id: networkKeys.id, accountId: networkKeys.accountId, scopes: networkKeys.scopes })
      .from(networkKeys)
      .where(and(eq(networkKeys.secretHash, digest), isNull(networkKeys.revokedAt)));
    return row ? { kind: 'key', keyId: row.id, accountId: row.accountId, scopes: row.scopes as KeyScope[] } : null;
  }

  /**
   * The first use is written before the call goes on, whether the key came from the cache or not:
   * whether a key was ever used decides if revoking it gives its mint back. Later uses move
   * `last_used_at` at most once a minute, without holding the call up.
   */
  private async recordUse(keyId: string, now: number): Promise<void> {
    const written = this.usesWritten.get(keyId);
    if (written !== undefined && now - written < LAST_USED_EVERY_MS) return;
    if (this.usesWritten.size >= MAX_CACHED) this.usesWritten.clear();
    this.usesWritten.set(keyId, now);
    const at = new Date(now);
    const write = this.db
      .update(networkKeys)
      .set({ firstUsedAt: sql`coalesce(${networkKeys.firstUsedAt}, ${at.toISOString()}::timestamptz)`, lastUsedAt: at })
      .where(eq(networkKeys.id, keyId));
    if (written === undefined) {
      try {
        await write;
      } catch (err) {
        this.usesWritten.delete(keyId);
        throw err;
      }
    } else {
      write.catch(() => this.usesWritten.delete(keyId));
    }
  }
}
