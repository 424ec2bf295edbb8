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
import { ACCESS_TOKEN_FORMAT, readAccessToken } from '../oauth/access-tokens';

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
  /** The buyer's owner: `account:<id>`, or `oauth:<client>:<account>` (registered with an OAuth token). */
  owner: string;
  /** The verifying key (its use is recorded as the key's), or null for a grant. */
  keyId: string | null;
  /**
   * The resource the verifying OAuth token was for: the buyer token is taken where that token was
   * (an MCP-only token's buyer token is MCP-only). Null: verified with a key.
   */
  resource: string | null;
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

interface Cached {
  credential: BearerCredential | null;
  until: number;
}

interface LookUp {
  answer: Promise<BearerCredential | null>;
  /** When the look-up was sent: its answer is kept for a second from then. */
  at: number;
}

export class CredentialResolver {
  /** Every bearer credential resolved in the last second, by the digest of its header value (no secret is kept). */
  private readonly resolved = new Map<string, Cached>();
  /**
   * Look-ups on their way, by the same digest: the calls that find an answer expired while one is
   * asked for share it, instead of each sending its own (at 50 concurrent calls of one key, 50
   * statements a second, each ~0.4 ms of drizzle's query building, where one does).
   */
  private readonly lookingUp = new Map<string, LookUp>();
  /** When this instance last wrote each key's use; absent: not yet, so the first use is written at once. */
  private readonly usesWritten = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly publicBaseUrl: string,
  ) {}

  /** invalid_credential, with the challenge that tells an OAuth client where to start. */
  invalid(message = 'The credential in the Authorization header is not recognised: it is unknown, malformed, expired or revoked. Open operations need no Authorization header, only the agent profile (UCP-Agent).'): ApiError {
    const challenge = `Bearer realm="agent-commerce", error="invalid_token", resource_metadata="${resourceMetadataUrl(this.publicBaseUrl)}"`;
    return new ApiError('invalid_credential', { message, headers: { 'WWW-Authenticate': challenge } });
  }

  /**
   * The credential an Authorization header names when this instance resolved it within the last
   * second and has no use of it to write: answered without a promise, the hot path of a client
   * that calls many times a second. Otherwise undefined: ask `bearer`.
   */
  recent(authorization: string): BearerCredential | undefined {
    const cached = this.resolved.get(secretDigest(authorization));
    const now = Date.now();
    if (!cached?.credential || cached.until <= now) return undefined;
    const keyId = cached.credential.kind === 'oauth' ? null : cached.credential.keyId;
    if (keyId && this.useDue(keyId, now)) return undefined;
    return cached.credential;
  }

  /**
   * The network key, buyer token or OAuth access token an Authorization header names, or
   * invalid_credential (never the open path). `db`: the request's handle, under its deadline.
   */
  async bearer(authorization: string, db: Db = this.db): Promise<BearerCredential> {
    const now = Date.now();
    const key = secretDigest(authorization);
    let cached = this.resolved.get(key);
    if (!cached || cached.until <= now) cached = await this.lookUpShared(key, authorization, now, db);
    const { credential } = cached;
    if (!credential) throw this.invalid();
    if (credential.kind !== 'oauth' && credential.keyId) await this.recordUse(credential.keyId, now, db);
    return credential;
  }

  /** One look-up per digest at a time; its answer cached for a second from when it was sent. */
  private async lookUpShared(key: string, authorization: string, now: number, db: Db): Promise<Cached> {
    const shared = this.lookingUp.get(key);
    const pending = shared ?? { answer: this.lookUp(authorization, db), at: now };
    if (!shared) {
      this.lookingUp.set(key, pending);
      const settled = () => this.lookingUp.get(key) === pending && this.lookingUp.delete(key);
      pending.answer.then(settled, settled);
    }
    let credential: BearerCredential | null;
    let at = pending.at;
    try {
      credential = await pending.answer;
    } catch (err) {
      // A failure is the call's that sent the look-up (its deadline, its malformed header): a call
      // that only waited on it asks on its own, under its own deadline, and meets its own.
      if (!shared) throw err;
      at = Date.now();
      credential = await this.lookUp(authorization, db);
    }
    const cached = { credential, until: at + CACHE_MS };
    // Bounds the memory a flood of made-up credentials can take.
    if (this.resolved.size >= MAX_CACHED) this.resolved.clear();
    this.resolved.set(key, cached);
    return cached;
  }

  private async lookUp(authorization: string, db: Db): Promise<BearerCredential | null> {
    const secret = BEARER.exec(authorization)?.[1];
    const kind = !secret ? undefined : SECRET_FORMAT.test(secret) ? 'key' : BUYER_TOKEN_FORMAT.test(secret) ? 'buyer' : ACCESS_TOKEN_FORMAT.test(secret) ? 'oauth' : undefined;
    if (!kind) {
      throw this.invalid('The Authorization header must be `Bearer ak_live_…` (a network key), `Bearer bt_live_…` (a buyer token) or `Bearer <OAuth access token>`. Open operations need no Authorization header, only the agent profile (UCP-Agent).');
    }
    if (kind === 'oauth') {
      const token = await readAccessToken(db, secret!);
      return token && { kind: 'oauth', ...token };
    }
    const digest = secretDigest(secret!);
    return kind === 'key' ? this.lookUpKey(digest, db) : this.lookUpBuyerToken(digest, db);
  }

  /** The signed-in developer a session cookie names, or null when it is unknown or has ended. */
  async session(token: string, db: Db = this.db): Promise<SessionCredential | null> {
    const [row] = await db
      .select({ accountId: users.id, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.sessionToken, secretDigest(token)), gt(sessions.expires, new Date())));
    return row ? { kind: 'session', ...row } : null;
  }

  /** A live token whose key is not revoked, or whose OAuth grant still stands. */
  private async lookUpBuyerToken(digest: string, db: Db): Promise<BuyerCredential | null> {
    const now = new Date();
    const [row] = await db
      .select({ buyerId: buyerTokens.buyerId, owner: buyers.owner, keyId: buyerTokens.keyId, resource: buyerTokens.resource, scopes: buyerTokens.scopes })
      .from(buyerTokens)
      .innerJoin(buyers, eq(buyers.id, buyerTokens.buyerId))
      .leftJoin(networkKeys, and(eq(networkKeys.id, buyerTokens.keyId), isNull(networkKeys.revokedAt)))
      .leftJoin(grants, and(eq(grants.model, 'Grant'), eq(grants.grantId, buyerTokens.grantId), or(isNull(grants.expiresAt), gt(grants.expiresAt, now))))
      .where(and(eq(buyerTokens.tokenHash, digest), gt(buyerTokens.expiresAt, now), or(isNotNull(networkKeys.id), isNotNull(grants.idDigest))));
    return row ? { kind: 'buyer', ...row } : null;
  }

  private async lookUpKey(digest: string, db: Db): Promise<KeyCredential | null> {
    const [row] = await db
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
  private useDue(keyId: string, now: number): boolean {
    const written = this.usesWritten.get(keyId);
    return written === undefined || now - written >= LAST_USED_EVERY_MS;
  }

  private async recordUse(keyId: string, now: number, db: Db): Promise<void> {
    if (!this.useDue(keyId, now)) return;
    const written = this.usesWritten.get(keyId);
    if (this.usesWritten.size >= MAX_CACHED) this.usesWritten.clear();
    this.usesWritten.set(keyId, now);
    const at = new Date(now);
    const write = db
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
