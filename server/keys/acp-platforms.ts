/**
 * An account's registration as an ACP platform (issue #47 §1, §4): the URL its order webhooks go
 * to, the HMAC secret they are signed with (`Merchant-Signature`), and optionally the public key
 * its requests' `Signature` verifies with (decision 4). One row per account (acp_platforms).
 *
 * The secret is 256 random bits, made when the account first registers a webhook URL and again
 * at each rotation (the old one stops signing at once: each attempt reads the row afresh). It is
 * answered once and stored sealed under SECRETS_KEY ('acp-webhook-secret-seal'), so a copy of the
 * database signs nothing; `npm run secrets:rotate` seals it again under a new key.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { acpPlatforms } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { invalidRequest } from '../errors/invalid-request';
import { canonicalJson } from '../lib/canonical-json';
import { ed25519Verifier } from '../lib/ed25519';
import { newSecret } from '../lib/secrets';
import { webhookUrlProblem } from '../profiles/webhook-url';
import type { ServiceKeys } from '../secrets/keys';
import { openText, sealedAgain, sealText } from '../secrets/sealed-text';
import { normalProfileUrl } from './agent-profiles';

const SEAL = 'acp-webhook-secret-seal';
/** How far a request's Timestamp may be from now, either way. */
export const ACP_SIGNATURE_WINDOW_S = 300;
/** The webhook secret's form: `whsec_` and 43 base64url characters (256 bits); the HMAC key is the whole string. */
export const ACP_WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A registration as its account sees it: never the secret, only whether one is set. */
export interface AcpPlatformRecord {
  webhook_url: string | null;
  signing_jwk: Record<string, string> | null;
  webhook_secret_set: boolean;
  /** When it last changed; null while the account has registered nothing. */
  updated_at: string | null;
}

/** What a change answers: the registration, and the secret when one was made by it (shown this once). */
export interface AcpPlatformChange {
  platform: AcpPlatformRecord;
  webhook_secret?: string;
}

type Row = typeof acpPlatforms.$inferSelect;

const NONE: AcpPlatformRecord = { webhook_url: null, signing_jwk: null, webhook_secret_set: false, updated_at: null };

const record = (row: Row | undefined): AcpPlatformRecord =>
  row ? { webhook_url: row.webhookUrl, signing_jwk: row.signingJwk, webhook_secret_set: row.webhookSecretSealed !== null, updated_at: row.updatedAt.toISOString() } : NONE;

/**
 * The URL as it is stored, or why it cannot take webhooks: the agent profiles' URL rules (absolute
 * https, no user name, password or fragment, ≤ 2048 characters) and the sender's (a name, not an IP
 * address). Whether the name resolves to public addresses is checked at each attempt.
 */
export function normalAcpWebhookUrl(input: string): { url: string } | { problem: string } {
  const normal = normalProfileUrl(input);
  if ('problem' in normal) return normal;
  return webhookUrlProblem(normal.url) ? { problem: 'must name its host, not an IP address' } : normal;
}

/** Members of a JWK that only a private key has (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037 §2). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * The public signing key as it is stored (kty, crv, x, y, and kid when given), or why it cannot be
 * one: an EC P-256 or Ed25519 public JWK whose point is on its curve, without a private member.
 */
export function publicSigningJwk(input: unknown): { jwk: Record<string, string> } | { problem: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { problem: 'must be a JWK object' };
  const jwk = input as Record<string, unknown>;
  const secret = PRIVATE_MEMBERS.filter((m) => m in jwk);
  if (secret.length) return { problem: `must be a public key: remove ${secret.join(', ')}` };
  const ec = jwk.kty === 'EC' && jwk.crv === 'P-256';
  const ed = jwk.kty === 'OKP' && jwk.crv === 'Ed25519';
  if (!ec && !ed) return { problem: 'must be an EC key on P-256 (kty "EC", crv "P-256") or an Ed25519 key (kty "OKP", crv "Ed25519")' };
  const members = ec ? ['x', 'y'] : ['x'];
  if (members.some((m) => typeof jwk[m] !== 'string')) return { problem: `must carry ${members.join(' and ')} as base64url strings` };
  const kept: Record<string, string> = { kty: jwk.kty as string, crv: jwk.crv as string, ...Object.fromEntries(members.map((m) => [m, jwk[m] as string])) };
  if (typeof jwk.kid === 'string') kept.kid = jwk.kid;
  try {
    createPublicKey({ key: kept, format: 'jwk' });
  } catch {
    return { problem: 'is not a valid key: its coordinates are not a point of the curve' };
  }
  return { jwk: kept };
}

/** The account's registration (all null while it has registered nothing). */
export async function readAcpPlatform(db: Db, accountId: string): Promise<AcpPlatformRecord> {
  const [row] = await db.select().from(acpPlatforms).where(eq(acpPlatforms.accountId, accountId));
  return record(row);
}

/**
 * Sets (a string, an object) or clears (null) the webhook URL and the signing key; a member left
 * out stays as it is. 400 invalid_request for a URL or key that cannot be one. The first webhook
 * URL makes the secret, answered this once; clearing the URL keeps it, for the URL set next.
 */
export async function updateAcpPlatform(
  db: Db,
  keys: ServiceKeys,
  accountId: string,
  change: { webhook_url?: string | null; signing_jwk?: unknown },
  now = new Date(),
): Promise<AcpPlatformChange> {
  const url = change.webhook_url == null ? change.webhook_url : normalAcpWebhookUrl(change.webhook_url);
  const jwk = change.signing_jwk == null ? change.signing_jwk : publicSigningJwk(change.signing_jwk);
  const issues = [
    ...(url && 'problem' in url ? [{ path: 'webhook_url', message: `The webhook URL ${url.problem}.` }] : []),
    ...(jwk && 'problem' in jwk ? [{ path: 'signing_jwk', message: `The signing key ${jwk.problem}.` }] : []),
  ];
  if (issues.length) throw invalidRequest(issues);
  const setUrl = url && 'url' in url ? url.url : null;
  const setJwk = jwk && 'jwk' in jwk ? jwk.jwk : null;
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, accountId, now);
    const webhookUrl = url === undefined ? row.webhookUrl : setUrl;
    const secret = webhookUrl && !row.webhookSecretSealed ? newSecret(ACP_WEBHOOK_SECRET_PREFIX) : undefined;
    const [saved] = await tx
      .update(acpPlatforms)
      .set({
        webhookUrl,
        signingJwk: jwk === undefined ? row.signingJwk : setJwk,
        ...(secret && { webhookSecretSealed: sealText(keys, SEAL, secret) }),
        updatedAt: now,
      })
      .where(eq(acpPlatforms.accountId, accountId))
      .returning();
    return { platform: record(saved), ...(secret && { webhook_secret: secret }) };
  });
}

/** A new secret for the account's webhooks, answered this once; the one it replaces signs nothing from now on. */
export async function rotateAcpWebhookSecret(db: Db, keys: ServiceKeys, accountId: string, now = new Date()): Promise<AcpPlatformChange & { webhook_secret: string }> {
  const secret = newSecret(ACP_WEBHOOK_SECRET_PREFIX);
  return db.transaction(async (tx) => {
    await lockedRow(tx, accountId, now);
    const [saved] = await tx
      .update(acpPlatforms)
      .set({ webhookSecretSealed: sealText(keys, SEAL, secret), updatedAt: now })
      .where(eq(acpPlatforms.accountId, accountId))
      .returning();
    return { platform: record(saved), webhook_secret: secret };
  });
}

/** The account's row, made empty when absent, locked for the transaction `tx`: concurrent changes take turns. */
async function lockedRow(tx: Db, accountId: string, now: Date): Promise<Row> {
  await tx.insert(acpPlatforms).values({ accountId, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(acpPlatforms).where(eq(acpPlatforms.accountId, accountId)).for('update');
  return row;
}

/** Whether the account's order webhooks have somewhere to go now (what enqueueing asks, in its transaction). */
export async function acpWebhookRegistered(db: Db, accountId: string): Promise<boolean> {
  const [row] = await selectWebhookUrl(db, { accountId });
  return !!row?.url;
}

// Every order of an ACP session runs it (db/prepared.ts).
const selectWebhookUrl = prepared<{ accountId: string }, { url: string | null }[]>('acp_webhook_url', (db) =>
  db.select({ url: acpPlatforms.webhookUrl }).from(acpPlatforms).where(eq(acpPlatforms.accountId, sql.placeholder('accountId'))),
);

/** Where the account's webhooks go now and the secret that signs them (opened), or null when it has no URL registered. */
export async function acpWebhookTarget(db: Db, keys: ServiceKeys, accountId: string): Promise<{ url: string; secret: string } | null> {
  const [row] = await db.select().from(acpPlatforms).where(eq(acpPlatforms.accountId, accountId));
  if (!row?.webhookUrl || !row.webhookSecretSealed) return null;
  return { url: row.webhookUrl, secret: await openText(keys, SEAL, row.webhookSecretSealed) };
}

/** Seals every stored secret not sealed under the current SECRETS_KEY again (npm run secrets:rotate); answers how many changed. */
export async function resealAcpWebhookSecrets(db: Db, keys: ServiceKeys): Promise<number> {
  const rows = await db.select({ accountId: acpPlatforms.accountId, sealed: acpPlatforms.webhookSecretSealed }).from(acpPlatforms).where(isNotNull(acpPlatforms.webhookSecretSealed));
  let changed = 0;
  for (const row of rows) {
    const again = await sealedAgain(keys, SEAL, row.sealed!);
    if (!again) continue;
    await db.update(acpPlatforms).set({ webhookSecretSealed: again }).where(eq(acpPlatforms.accountId, row.accountId));
    changed++;
  }
  return changed;
}

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

/**
 * Decision 4: the bearer key alone suffices. With a public key registered for the account, a
 * `Signature` sent must verify, else 401 acp_signature_invalid: base64url of the ES256 (r‖s, 64
 * bytes) or Ed25519 signature over acpSignedBytes (the Timestamp as sent, ".", the RFC 8785
 * canonical JSON of the body), with an RFC 3339 `Timestamp` at most ACP_SIGNATURE_WINDOW_S from
 * `now`. The Timestamp is signed so that the window means something: a captured request sent again
 * later with a fresh Timestamp no longer verifies. Without a registered key nothing is checked.
 */
export async function checkAcpRequestSignature(db: Db, accountId: string, sent: { signature?: string; timestamp?: string; body: unknown }, now = new Date()): Promise<void> {
  if (sent.signature === undefined) return;
  const [row] = await db.select({ jwk: acpPlatforms.signingJwk }).from(acpPlatforms).where(eq(acpPlatforms.accountId, accountId));
  if (!row?.jwk) return;
  const refuse = (why: string) => new ApiError('acp_signature_invalid', { message: `The request’s Signature was refused: ${why}.` });
  if (sent.timestamp === undefined) throw refuse('a Signature needs a Timestamp (RFC 3339)');
  const at = RFC3339.test(sent.timestamp) ? Date.parse(sent.timestamp) : NaN;
  if (Number.isNaN(at)) throw refuse('the Timestamp is not an RFC 3339 date-time');
  if (Math.abs(now.getTime() - at) > ACP_SIGNATURE_WINDOW_S * 1000) throw refuse(`the Timestamp is more than ${ACP_SIGNATURE_WINDOW_S} s from the service’s clock`);
  const signed = acpSignedBytes(sent.timestamp, sent.body);
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(sent.signature) || !verifies(row.jwk, signed, Buffer.from(sent.signature, 'base64url'))) {
    throw refuse('it does not verify with the registered key over the Timestamp, ".", and the RFC 8785 form of the body');
  }
}

/** What a request Signature covers: `<Timestamp as sent>.<RFC 8785 JSON of the body>` (nothing after the dot without a body), as UTF-8. */
export function acpSignedBytes(timestamp: string, body: unknown): Buffer {
  return Buffer.from(`${timestamp}.${body === undefined ? '' : canonicalJson(body)}`);
}

function verifies(jwk: Record<string, string>, data: Buffer, signature: Buffer): boolean {
  const key: KeyObject = createPublicKey({ key: jwk, format: 'jwk' });
  // ES256 as JWS has it: r‖s, not DER; Ed25519 hashes the message itself.
  return jwk.kty === 'EC' ? verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature) : ed25519Verifier(key)(data, signature);
}
