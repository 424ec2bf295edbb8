/**
 * An idempotent call answered 503 because its deadline passed after it claimed its key: the
 * claim is released although the request's own database handle has given up, so the retry the
 * 503 asks for, with the same key, runs — instead of being answered "in progress" until the
 * claim goes stale a minute later. The network to Postgres is made slow enough (each chunk 2 s
 * late, one way) that the claim lands and the transaction after it meets the deadline. Needs a
 * Postgres server (DATABASE_URL; `.ci/run` provides one).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_DEADLINE_MS } from '../../server/db/deadline';
import { idempotencyRecords } from '../../server/db/schema';
import { agentHeaders, freshKey } from '../support/app';
import { testServer, type TestServer } from '../support/http';
import { proxiedDatabase, type ProxiedDatabase } from './fault-proxy';

const serverUrl = process.env.DATABASE_URL;
let db: ProxiedDatabase;
let s: TestServer;

const createCart = async (key: string) => {
  const started = performance.now();
  const res = await fetch(`${s.url}/api/agent/cart`, {
    method: 'POST',
    headers: agentHeaders({ 'Idempotency-Key': key, 'Content-Type': 'application/json' }),
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json()) as { code?: string }, ms: performance.now() - started };
};

describe.skipIf(!serverUrl)('a claimed call that meets its deadline (needs DATABASE_URL)', () => {
  beforeAll(async () => {
    // One connection, kept warm: every statement of the call is prepared on it before the slow part.
    db = await proxiedDatabase(serverUrl!, { prefix: 'acapi_claim', poolSize: 1, slowMs: 2_000 });
    s = await testServer({}, { database: db.service, drop: async () => {} });
  }, 30_000);
  afterAll(async () => {
    await s?.close();
    await db?.close();
  });

  it('releases the claim, so the retry with the same key is served once the database is back', async () => {
    expect((await createCart(freshKey())).status).toBe(201);
    const key = freshKey();
    await db.proxy.set('slow');
    const late = await createCart(key);
    expect(late).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    expect(late.ms).toBeLessThan(DB_DEADLINE_MS + 1_000);
    // The call met its deadline after its claim, not before: the claim is there (its release is
    // still on its way through the slow network).
    expect(await db.direct.db.select({ state: idempotencyRecords.state }).from(idempotencyRecords).where(eq(idempotencyRecords.key, key))).toEqual([{ state: 'running' }]);
    await db.proxy.set('pass');
    // The 503 said to retry after a few seconds; the released claim lets the same key run.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const retried = await createCart(key);
    expect(retried, JSON.stringify(retried.body)).toMatchObject({ status: 201 });
  }, 60_000);
});
