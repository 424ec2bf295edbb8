/**
 * Idempotency for mutations, shared by every transport. The caller's first request claims
 * (namespace, key); the operation and its stored outcome then commit in one transaction, so a
 * retry either replays that outcome or finds the claim still running, and never acts twice.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { idempotencyRecords } from './db/schema';
import { ApiError, type ErrorCode } from './errors/catalogue';
import { canonicalJson } from './lib/canonical-json';
import type { Caller, IdempotencyClaim, RequestContext } from './trpc/context';

const KEY = /^[\x20-\x7e]{16,64}$/;
/** A claim older than this belongs to a process that died mid-request: it may be taken over. */
const STALE_CLAIM_SECONDS = 60;
export const RETENTION_HOURS = 24;

export function assertValidKey(key: string): void {
  if (!KEY.test(key)) throw new ApiError('idempotency_key_invalid');
}

/** Keys are namespaced per caller: the agent profile now, the credential once credentials exist. */
export function callerNamespace(caller: Caller): string {
  return caller.agent ? `agent:${caller.agent.url}` : 'anonymous';
}

/** "The same request": same operation (method and path) and the same canonical JSON body. */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\n')
    .update(canonicalJson(body ?? null))
    .digest('base64url');
}

interface StoredError {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

interface StoredOutcome {
  ok: boolean;
  data?: unknown;
  error?: StoredError;
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; outcome: StoredOutcome; headers: Record<string, string> };

async function claim(db: Db, c: IdempotencyClaim): Promise<Claim> {
  const inserted = await db
    .insert(idempotencyRecords)
    .values({ namespace: c.namespace, key: c.key, fingerprint: c.fingerprint, state: 'running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  if (inserted.length) return { kind: 'claimed' };

  const where = and(eq(idempotencyRecords.namespace, c.namespace), eq(idempotencyRecords.key, c.key));
  const [record] = await db.select().from(idempotencyRecords).where(where);
  if (!record) return claim(db, c); // purged between the two statements
  if (record.fingerprint !== c.fingerprint) throw new ApiError('idempotency_key_reused');
  if (record.state === 'done') {
    return { kind: 'replay', outcome: record.responseBody as StoredOutcome, headers: record.responseHeaders ?? {} };
  }
  const takenOver = await db
    .update(idempotencyRecords)
    .set({ createdAt: new Date() })
    .where(and(where, eq(idempotencyRecords.state, 'running'), lt(idempotencyRecords.createdAt, sql`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`)))
    .returning({ key: idempotencyRecords.key });
  if (takenOver.length) return { kind: 'claimed' };
  throw new ApiError('idempotency_request_in_progress', { headers: { 'Retry-After': '1' } });
}

async function store(db: Db, c: IdempotencyClaim, outcome: StoredOutcome, headers: Record<string, string>): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ state: 'done', responseBody: outcome, responseHeaders: headers })
    .where(and(eq(idempotencyRecords.namespace, c.namespace), eq(idempotencyRecords.key, c.key)));
}

async function release(db: Db, c: IdempotencyClaim): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.namespace, c.namespace), eq(idempotencyRecords.key, c.key), eq(idempotencyRecords.state, 'running')));
}

function replay<T>(ctx: RequestContext, outcome: StoredOutcome, headers: Record<string, string>): T {
  ctx.response.replayed = true;
  if (!outcome.ok) {
    const e = outcome.error!;
    throw new ApiError(e.code, { message: e.message, details: e.details, headers: e.headers });
  }
  Object.assign(ctx.response.headers, headers);
  return outcome.data as T;
}

/**
 * Wraps a mutation's resolver. Outcomes of operations that ran are stored (success and business
 * errors); refusals before the operation, in-progress answers and 5xx are not.
 */
export function idempotent<I, O>(
  operation: (args: { ctx: RequestContext; input: I }) => Promise<O>,
): (args: { ctx: RequestContext; input: I }) => Promise<O> {
  return async ({ ctx, input }) => {
    const c = ctx.idempotency;
    if (!c) throw new ApiError('IDEMPOTENCY_KEY_REQUIRED');
    const claimed = await claim(ctx.db, c);
    if (claimed.kind === 'replay') return replay<O>(ctx, claimed.outcome, claimed.headers);
    try {
      return await ctx.db.transaction(async (tx) => {
        const data = await operation({ ctx: { ...ctx, db: tx as unknown as Db }, input });
        await store(tx as unknown as Db, c, { ok: true, data }, ctx.response.headers);
        return data;
      });
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        const error: StoredError = { code: err.code, message: err.message, details: err.details, headers: err.headers };
        await store(ctx.db, c, { ok: false, error }, {});
      } else {
        await release(ctx.db, c).catch(() => {});
      }
      throw err;
    }
  };
}

export async function purgeExpiredRecords(db: Db, retentionHours = RETENTION_HOURS): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, sql`now() - make_interval(hours => ${retentionHours})`))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}
