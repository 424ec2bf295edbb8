/**
 * Idempotency, one rule for every transport. An operation declares it with `.concat(idempotent)`
 * after its `.input()`: the procedure kind has already required a well-formed key, and this
 * middleware claims (caller namespace, key) with a fingerprint of the operation's name and its
 * canonical parsed input, so a REST request and an MCP tool call with the same key are the same
 * request exactly when they are the same operation with the same input. The operation and its
 * stored, transport-neutral outcome (result or error) commit in one transaction; a retry replays
 * that outcome, finds the claim still running, or is refused for other input, and never acts twice.
 * Every stored outcome is sealed as a whole (secrets/sealed-text.ts): whatever an answer carries (a
 * minted key, a buyer token, a pay-page URL, a continue_url), the table holds none of it in the clear.
 */
import { hash } from 'node:crypto';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { transactionAfter, type Db } from '../db/client';
import { newScope } from '../db/deadline';
import { placeholderFor, placeholders, prepared } from '../db/prepared';
import { idempotencyRecords } from '../db/schema';
import { ApiError, type ErrorCode } from '../errors/catalogue';
import { inBackground } from '../errors/background';
import { apiErrorIn } from '../errors/from-unknown';
import { canonicalJson } from '../lib/canonical-json';
import { callerNamespace } from '../identity/caller';
import { hmacSha256, unsealUnderAny } from '../lib/secrets';
import type { ServiceKeys } from '../secrets/keys';
import { isPlainJson, openText, plainJson, sealText } from '../secrets/sealed-text';
import type { RequestContext } from './context';
import { t } from './init';
import type { AppMeta } from './meta';

/** A key's form on each surface: the seed API's and UCP's 16–64 printable ASCII; ACP's 1–255 (AC §6.1). */
const KEY = /^[\x20-\x7e]{16,64}$/;
export const ACP_KEY = /^[\x20-\x7e]{1,255}$/;
/** A claim older than this belongs to a process that died mid-request: it may be taken over. */
const STALE_CLAIM_SECONDS = 60;
export const RETENTION_HOURS = 24;

/** The surfaces that carry a change's idempotency key each their own way. */
type KeySurface = 'rest' | 'mcp' | 'ucp-mcp' | 'acp' | 'acp-mcp';

/**
 * Where each surface takes the key: the one place a missing or malformed key's refusal names, so a
 * caller is told what its own surface needs (a UCP platform on MCP is not sent to a REST header).
 * REST under /api/agent and /ucp alike (and the in-process pages, which never read it) send the
 * header; ACP's binding too, with its own key form, and on its MCP endpoint `meta.idempotency_key`.
 */
const KEY_PLACE: Record<KeySurface, { place: string; form: RegExp; length: string }> = {
  rest: { place: 'the Idempotency-Key header', form: KEY, length: '16 to 64' },
  mcp: { place: 'the idempotency_key argument', form: KEY, length: '16 to 64' },
  'ucp-mcp': { place: 'meta["idempotency-key"] in the tool’s arguments', form: KEY, length: '16 to 64' },
  acp: { place: 'the Idempotency-Key header', form: ACP_KEY, length: '1 to 255' },
  'acp-mcp': { place: 'meta.idempotency_key in the tool’s arguments', form: ACP_KEY, length: '1 to 255' },
};

function keySurface(ctx: RequestContext, meta: AppMeta | undefined) {
  if (ctx.envelope.acp) return KEY_PLACE[ctx.envelope.transport === 'mcp' ? 'acp-mcp' : 'acp'];
  return KEY_PLACE[ctx.envelope.transport !== 'mcp' ? 'rest' : meta?.ucp ? 'ucp-mcp' : 'mcp'];
}

/**
 * Whether a call without a key runs anyway, keyed by nothing and stored nowhere: an 'if-keyed'
 * operation's, and every call of ACP's binding over MCP, where `meta.idempotency_key` is optional
 * (MCPB § Header Mapping) though REST requires the header.
 */
export function keyOptional(ctx: RequestContext, meta: AppMeta | undefined): boolean {
  return meta?.idempotent === 'if-keyed' || (ctx.envelope.acp !== undefined && ctx.envelope.transport === 'mcp');
}

/** 400 IDEMPOTENCY_KEY_REQUIRED, naming where the caller's surface takes the key. */
export function keyRequired(ctx: RequestContext, meta: AppMeta | undefined): ApiError {
  const { place, length } = keySurface(ctx, meta);
  return new ApiError('IDEMPOTENCY_KEY_REQUIRED', {
    message: `This operation changes data and needs an idempotency key: send ${place}, a fresh one (${length} printable ASCII characters) per logical request.`,
  });
}

export function assertValidKey(key: string, ctx: RequestContext, meta: AppMeta | undefined): void {
  const { place, form, length } = keySurface(ctx, meta);
  if (!form.test(key)) throw new ApiError('idempotency_key_invalid', { message: `The idempotency key (${place}) must be ${length} printable ASCII characters.` });
}

/**
 * The namespace a call's keys live in: its caller's, and on ACP's binding also the endpoint path it
 * named (AC §6.1: one key may be used once per endpoint).
 */
function keyNamespace(ctx: RequestContext): string {
  const caller = callerNamespace(ctx.caller);
  return ctx.envelope.acp ? `${caller} ${ctx.envelope.acp.path}` : caller;
}

/**
 * "The same request": the same operation with the same canonical input (key order ignored). With
 * `key`, an HMAC under it (an input carrying a card number: OperationPolicy.keyedFingerprint).
 */
export function requestFingerprint(operation: string, input: unknown, key?: Buffer): string {
  const text = `${operation}\n${canonicalJson(input ?? null)}`;
  // The one-shot hash: the same digest as createHash's, at a third of its cost for a short input.
  return key ? hmacSha256(key, text).toString('base64url') : hash('sha256', text, 'base64url');
}

/**
 * The fingerprint a claim stores, and those it may have been stored under: for a keyed one also
 * under SECRETS_KEY_PREVIOUS, so a retry across a rotation replays instead of conflicting.
 */
function fingerprintsOf(ctx: RequestContext, operation: string, input: unknown, meta: AppMeta | undefined): Pick<IdempotencyClaim, 'fingerprint' | 'earlier'> {
  if (!meta?.op?.keyedFingerprint) return { fingerprint: requestFingerprint(operation, input), earlier: [] };
  const { keys } = ctx.services;
  const previous = keys.previousKey('idempotency-fingerprint');
  return { fingerprint: requestFingerprint(operation, input, keys.key('idempotency-fingerprint')), earlier: previous ? [requestFingerprint(operation, input, previous)] : [] };
}

interface IdempotencyClaim {
  namespace: string;
  key: string;
  fingerprint: string;
  /** The same request's fingerprint under an earlier key, which a record made before a rotation holds. */
  earlier: string[];
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
  /** A success status other than the operation's usual one (ResponseControl.status). */
  status?: number;
  error?: StoredError;
  /** The success answer's headers (stored in `response_headers` before outcomes were sealed). */
  headers?: Record<string, string>;
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; outcome: StoredOutcome };

/** Every idempotent call runs these two: built once (db/prepared.ts). */
const insertClaim = prepared<Omit<IdempotencyClaim, 'earlier'> & { createdAt: Date }, { key: string }[]>('idempotency_claim', (db) =>
  db
    .insert(idempotencyRecords)
    .values({ ...placeholders('namespace', 'key', 'fingerprint', 'createdAt'), state: 'running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key }),
);

const storeOutcome = prepared<{ namespace: string; key: string; responseBody: string }, unknown>('idempotency_store', (db) =>
  db
    .update(idempotencyRecords)
    .set({ state: 'done', responseBody: placeholderFor<string>('responseBody') })
    .where(and(eq(idempotencyRecords.namespace, sql.placeholder('namespace')), eq(idempotencyRecords.key, sql.placeholder('key')))),
);

/** A key's record, as a claim that found the key taken reads it. */
type KeyRecord = Pick<typeof idempotencyRecords.$inferSelect, 'fingerprint' | 'state' | 'responseBody' | 'responseHeaders'>;

const selectRecord = prepared<{ namespace: string; key: string }, KeyRecord[]>('idempotency_record', (db) =>
  db
    .select({ fingerprint: idempotencyRecords.fingerprint, state: idempotencyRecords.state, responseBody: idempotencyRecords.responseBody, responseHeaders: idempotencyRecords.responseHeaders })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.namespace, sql.placeholder('namespace')), eq(idempotencyRecords.key, sql.placeholder('key')))),
);

async function keyRecord(db: Db, c: IdempotencyClaim): Promise<KeyRecord | undefined> {
  return (await selectRecord(db, { namespace: c.namespace, key: c.key }))[0];
}

/** Inserts the claim; whether it was this call's (false: the key has a record already). */
async function insertedClaim(db: Db, c: IdempotencyClaim): Promise<boolean> {
  const inserted = await insertClaim(db, { namespace: c.namespace, key: c.key, fingerprint: c.fingerprint, createdAt: new Date() });
  return inserted.length > 0;
}

async function claim(db: Db, keys: ServiceKeys, c: IdempotencyClaim): Promise<Claim> {
  return (await insertedClaim(db, c)) ? { kind: 'claimed' } : claimTaken(db, keys, c);
}

/** The key has a record (`known`, or read now): its outcome to replay, a stale claim taken over, or a refusal. */
async function claimTaken(db: Db, keys: ServiceKeys, c: IdempotencyClaim, known?: KeyRecord): Promise<Claim> {
  const where = and(eq(idempotencyRecords.namespace, c.namespace), eq(idempotencyRecords.key, c.key));
  const record = known ?? (await keyRecord(db, c));
  if (!record) return claim(db, keys, c); // purged between the two statements
  if (record.fingerprint !== c.fingerprint && !c.earlier.includes(record.fingerprint)) throw new ApiError('idempotency_key_reused');
  if (record.state === 'done') return { kind: 'replay', outcome: await storedOutcome(keys, record) };
  const takenOver = await db
    .update(idempotencyRecords)
    .set({ createdAt: new Date() })
    .where(and(where, eq(idempotencyRecords.state, 'running'), lt(idempotencyRecords.createdAt, new Date(Date.now() - STALE_CLAIM_SECONDS * 1000))))
    .returning({ key: idempotencyRecords.key });
  if (takenOver.length) return { kind: 'claimed' };
  throw new ApiError('idempotency_request_in_progress', { headers: { 'Retry-After': '1' } });
}

async function store(db: Db, keys: ServiceKeys, c: IdempotencyClaim, outcome: StoredOutcome): Promise<void> {
  await storeOutcome(db, { namespace: c.namespace, key: c.key, responseBody: sealText(keys, 'replay-seal', JSON.stringify(outcome)) });
}

type DoneRecord = Pick<typeof idempotencyRecords.$inferSelect, 'responseBody' | 'responseHeaders'>;

/**
 * A done record's outcome, parsed from the text it was stored as, so its keys come back in their
 * order and the replay renders byte for byte what the first answer did.
 */
async function storedOutcome(keys: ServiceKeys, record: DoneRecord): Promise<StoredOutcome> {
  const text = record.responseBody!;
  return isPlainJson(text) ? fromPlainRecord(keys, record) : (JSON.parse(await openText(keys, 'replay-seal', text)) as StoredOutcome);
}

/**
 * A record stored before outcomes were sealed whole: its headers beside it, and the secret fields
 * an operation declared (a minted key, a buyer token, a payment link's url) sealed one by one, each
 * `{ "sealed": … }` in its field's place, under the current, previous or legacy key.
 */
async function fromPlainRecord(keys: ServiceKeys, record: DoneRecord): Promise<StoredOutcome> {
  const outcome = JSON.parse(record.responseBody!) as StoredOutcome;
  const data = outcome.ok && outcome.data !== null && typeof outcome.data === 'object' ? { ...(outcome.data as Record<string, unknown>) } : undefined;
  for (const [field, value] of Object.entries(data ?? {})) {
    const sealed = (value as { sealed?: unknown } | null)?.sealed;
    if (typeof sealed !== 'string' || Object.keys(value as object).length !== 1) continue;
    const opened = unsealUnderAny(sealed, await keys.verifying('replay-seal'));
    if (!opened) throw new Error(`A stored answer's ${field} was sealed under a key no longer configured (SECRETS_KEY_PREVIOUS removed too early?)`);
    data![field] = opened.plaintext;
  }
  return { ...outcome, ...(data && { data }), headers: record.responseHeaders ?? {} };
}

/** Forgets the claim (running, or done but not delivered), so a retry with the key runs again. */
async function release(db: Db, c: IdempotencyClaim): Promise<void> {
  await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.namespace, c.namespace), eq(idempotencyRecords.key, c.key)));
}

/**
 * Releases the claim of a call that failed for a reason a retry may not meet (5xx, 429). Past the
 * request's deadline its own handle would give up on the statement at once (cutting the connection
 * it was sent on), and the caller must not wait longer: the claim is then released in the
 * background, under a deadline of its own. Left running, it would answer the retry the 503 asks
 * for "in progress" until STALE_CLAIM_SECONDS had passed.
 */
async function forget(ctx: RequestContext, c: IdempotencyClaim): Promise<void> {
  // A claim left behind only delays a retry (STALE_CLAIM_SECONDS): the call's own answer stands.
  if (performance.now() < ctx.scope.deadline) return inBackground('idempotency claim release', release(ctx.db, c));
  void inBackground('idempotency claim release', release(ctx.services.database.scoped(newScope()), c));
}

function replayed(ctx: RequestContext, outcome: StoredOutcome) {
  ctx.response.replayed = true;
  if (!outcome.ok) {
    const e = outcome.error!;
    throw new ApiError(e.code, { message: e.message, details: e.details, headers: e.headers });
  }
  Object.assign(ctx.response.headers, outcome.headers);
  ctx.response.status = outcome.status;
  // The stored outcome was validated by the output schema when it was produced.
  return { ok: true as const, data: outcome.data, ctx, marker: middlewareMarker };
}

/**
 * Outcomes of operations that ran are stored (success and business errors); refusals before the
 * operation, in-progress answers, 429s and 5xx are not, so those can be retried with the same key,
 * nor are the refusals an `ownTransactions` operation names unstored (its 402s).
 */
const enforceIdempotency = t.middleware(async ({ ctx, path, input, meta, next }) => {
  const own = meta?.op?.ownTransactions;
  if (!ctx.idempotencyKey) {
    // Called without a key where one is optional, it runs once, as any call does; nothing is
    // stored (an operation that commits its own transactions commits them as it would with a key).
    if (keyOptional(ctx, meta)) return withEffects(ctx, () => (own ? next() : inTransaction(ctx, next)));
    throw keyRequired(ctx, meta);
  }
  const c: IdempotencyClaim = { namespace: keyNamespace(ctx), key: ctx.idempotencyKey, ...fingerprintsOf(ctx, path, input, meta) };
  const { keys } = ctx.services;
  // With nothing to run between the claim and the operation's transaction, the claim goes ahead of
  // its BEGIN, in the same write (db/client.ts transactionAfter): a round trip less.
  const ahead = !own && ctx.beforeTransaction.length === 0;
  let taken: KeyRecord | undefined;
  if (ahead) {
    const ran = await runClaimed(ctx, c, next, own, { claim: (db) => insertedClaim(db, c), read: (tx) => keyRecord(tx, c) });
    if (!(ran instanceof KeyTaken)) return ran;
    taken = ran.record;
  }
  const claimed = ahead ? await claimTaken(ctx.db, keys, c, taken) : await claim(ctx.db, keys, c);
  if (claimed.kind === 'replay') return replayed(ctx, claimed.outcome);
  // Without a claim sent ahead, the key is never found taken in the transaction.
  return runClaimed(ctx, c, next, own) as ReturnType<typeof next>;
});

/**
 * A claim sent ahead of the transaction's BEGIN: `claim` sends it, and whether it was this call's;
 * `read` reads the key's record, in the transaction, when it was not.
 */
interface ClaimAhead {
  claim(db: Db): Promise<boolean>;
  read(tx: Db): Promise<KeyRecord | undefined>;
}

/** What the operation's transaction answers when the claim sent ahead of it found the key taken: the key's record, read in it. */
class KeyTaken {
  constructor(readonly record: KeyRecord | undefined) {}
}

/**
 * The call once its key is claimed: the operation, its outcome stored. With `claimAhead` the claim
 * is sent with the transaction's BEGIN; should the key turn out taken, the transaction reads the
 * key's record instead of running the operation, and answers it as KeyTaken; a claim that failed
 * fails the call as any claim does, forgetting nothing (the key's record, if any, is another call's).
 */
async function runClaimed<R extends { ok: boolean; data?: unknown; error?: unknown }>(
  ctx: RequestContext,
  c: IdempotencyClaim,
  next: () => Promise<R>,
  own: NonNullable<AppMeta['op']>['ownTransactions'],
  claimAhead?: ClaimAhead,
): Promise<R | KeyTaken> {
  const { keys } = ctx.services;
  let claimed = !claimAhead;
  const lead = claimAhead && { claim: async (db: Db) => (claimed = await claimAhead.claim(db)), read: claimAhead.read };
  try {
    // An effect after the commit that fails (503) forgets the outcome, so a retry with the key runs again.
    return await withEffects(ctx, () =>
      own
        ? runOwnTransactions(ctx, c, next)
        : inTransaction(ctx, next, (tx, data) => store(tx, keys, c, { ok: true, data, status: ctx.response.status, headers: ctx.response.headers }), lead),
    );
  } catch (err) {
    // The claim sent ahead failed, or its key's record could not be read: nothing of this call's to store or forget.
    if (!claimed) throw err;
    const failure = apiErrorIn(err);
    // A retryable refusal (a 429, a payment being settled) is not an outcome: its Retry-After
    // would be stale when replayed, and the retry it asks for must run.
    if (failure && failure.status < 500 && !failure.retryable && !own?.unstored.includes(failure.code)) {
      const error: StoredError = { code: failure.code, message: failure.message, details: failure.details, headers: failure.headers };
      await store(ctx.db, keys, c, { ok: false, error });
    } else {
      await forget(ctx, c);
    }
    throw err;
  }
}

/**
 * An `ownTransactions` operation: it commits its own steps and stores its success where it makes
 * it (ctx.storeSuccess); an answer it gives without storing (one found settled already) is stored
 * here.
 */
async function runOwnTransactions<R extends { ok: boolean; data?: unknown; error?: unknown }>(ctx: RequestContext, c: IdempotencyClaim, next: () => Promise<R>): Promise<R> {
  let stored = false;
  const success = (data: unknown): StoredOutcome => ({ ok: true, data, status: ctx.response.status, headers: ctx.response.headers });
  ctx.storeSuccess = async (tx, data) => {
    await store(tx, ctx.services.keys, c, success(data));
    stored = true;
  };
  const result = await next();
  if (!result.ok) throw result.error;
  if (!stored) await store(ctx.db, ctx.services.keys, c, success(result.data));
  return result;
}

/**
 * The call's database steps that must precede its transaction, `run`, then its effects outside the
 * database (a mail), which wait for the commit.
 */
async function withEffects<T>(ctx: RequestContext, run: () => Promise<T>): Promise<T> {
  for (const step of ctx.beforeTransaction) await step(ctx.db);
  const outcome = await run();
  for (const effect of ctx.afterCommit) await effect();
  return outcome;
}

/**
 * The operation in one transaction, rolled back on a refusal; `onSuccess` runs in it with the answer
 * (storing it). The operation sees the transaction as `ctx.db` for as long as it runs: set on the
 * request's own context and put back after, because handing it over as `next({ ctx })` makes tRPC
 * copy the whole context property by property (tRPC's copies were ~5% of POST feedback's busy
 * time in a profile, ~1% at this call).
 *
 * `onSuccess`'s statement is the transaction's last, so COMMIT is sent behind it without waiting
 * for its answer: one round trip for both (docs/architecture.md, "Independent statements sent
 * together"). It is handed to the connection two microtasks after it is made and COMMIT several
 * after the body returns, so it runs first (test/idempotency-round-trips.test.ts reads the order
 * off the wire). Should it fail, the transaction is aborted and its COMMIT rolls it back: nothing
 * of the operation is kept, and the call fails with the statement's own error.
 *
 * `lead`, the key's claim, goes ahead of BEGIN (db/client.ts transactionAfter). When it finds the
 * key taken, the operation does not run: the transaction reads the key's record instead, with the
 * COMMIT of a transaction that wrote nothing sent behind it, and answers it as KeyTaken. A retry
 * takes two round trips, as the first call's three.
 */
function inTransaction<R extends { ok: boolean; error?: unknown }>(ctx: RequestContext, next: () => Promise<R>, onSuccess?: (tx: Db, answered: unknown) => Promise<void>): Promise<R>;
function inTransaction<R extends { ok: boolean; error?: unknown }>(
  ctx: RequestContext,
  next: () => Promise<R>,
  onSuccess: (tx: Db, answered: unknown) => Promise<void>,
  lead?: ClaimAhead,
): Promise<R | KeyTaken>;
async function inTransaction<R extends { ok: boolean; error?: unknown }>(
  ctx: RequestContext,
  next: () => Promise<R>,
  onSuccess?: (tx: Db, answered: unknown) => Promise<void>,
  lead?: ClaimAhead,
): Promise<R | KeyTaken> {
  const { db } = ctx;
  let stored: Promise<void> | undefined;
  let taken: Promise<KeyRecord | undefined> | undefined;
  let committed: R | undefined;
  try {
    // `claimed` is the lead's answer; never given, the key is taken for all the body knows.
    const body = async (tx: Db, claimed?: boolean) => {
      if (!claimed) {
        taken = lead!.read(tx); // the transaction's one statement, COMMIT sent behind it
        taken.catch(() => {}); // awaited below, once the COMMIT is answered
        return undefined;
      }
      ctx.db = tx;
      let result: R;
      try {
        result = await next();
      } finally {
        ctx.db = db;
      }
      if (!result.ok) throw result.error; // roll the effect back
      stored = onSuccess?.(tx, (result as { data?: unknown }).data);
      stored?.catch(() => {}); // awaited below, once the COMMIT is answered
      return result;
    };
    committed = await (lead ? transactionAfter(db, lead.claim, body) : db.transaction((tx) => body(tx, true)));
  } catch (err) {
    // PGlite answers a COMMIT that rolled back with an error of its own: the last statement's says why.
    await stored;
    await taken;
    throw err;
  }
  await stored;
  return taken ? new KeyTaken(await taken) : committed!;
}

/** `.concat(idempotent)`: declares the operation idempotent in its metadata and enforces it. */
export const idempotent = t.procedure.meta({ idempotent: true }).use(enforceIdempotency);

/**
 * `.concat(idempotentIfKeyed)`: the operation honours an idempotency key when the call sends one
 * (stored, replayed, 409 for other input, as `idempotent`) and runs normally without (UCP's
 * create_* and update_*: rest.openapi.json makes the key optional there).
 */
export const idempotentIfKeyed = t.procedure.meta({ idempotent: 'if-keyed' }).use(enforceIdempotency);

/** The idempotency middleware, for the catalogue's check that it runs after the input is parsed. */
export const IDEMPOTENCY_MIDDLEWARE = idempotent._def.middlewares[0];

export async function purgeExpiredRecords(db: Db, retentionHours = RETENTION_HOURS): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, new Date(Date.now() - retentionHours * 3_600_000)))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}

/**
 * Seals the outcomes stored in the clear (before outcomes were sealed whole, or by an instance of
 * an older version during an upgrade), in batches: what every start does. A record whose field
 * seal no configured key opens is left as it is and said once: its replay fails as it would have.
 */
export async function sealPlainRecords(db: Db, keys: ServiceKeys, batchSize = 500): Promise<number> {
  const { namespace, key, responseBody } = idempotencyRecords;
  let sealed = 0;
  let after = ['', ''];
  for (;;) {
    const batch = await db
      .select({ namespace, key, responseBody, responseHeaders: idempotencyRecords.responseHeaders })
      .from(idempotencyRecords)
      .where(and(plainJson(responseBody), sql`(${namespace}, ${key}) > (${after[0]}, ${after[1]})`))
      .orderBy(asc(namespace), asc(key))
      .limit(batchSize);
    if (!batch.length) return sealed;
    for (const record of batch) {
      let outcome: StoredOutcome;
      try {
        outcome = await fromPlainRecord(keys, record);
      } catch (err) {
        console.warn(`Idempotency record left unsealed: ${(err as Error).message}`);
        continue;
      }
      const where = and(eq(namespace, record.namespace), eq(key, record.key), eq(responseBody, record.responseBody!));
      await db.update(idempotencyRecords).set({ responseBody: sealText(keys, 'replay-seal', JSON.stringify(outcome)), responseHeaders: null }).where(where);
      sealed++;
    }
    const last = batch[batch.length - 1];
    after = [last.namespace, last.key];
  }
}
