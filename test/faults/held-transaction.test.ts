/**
 * A transaction that holds the database past the deadline: on PGlite it holds the only
 * connection, on Postgres a lock. Other requests are answered 503 within the deadline, write
 * nothing, and are served again once it ends.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { DB_DEADLINE_MS } from '../../server/db/deadline';
import { agentHeaders, freshKey } from '../support/app';
import { testServer, type TestServer } from '../support/http';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(() => s?.close());

const createCart = async () => {
  const started = performance.now();
  const res = await fetch(`${s.url}/api/agent/cart`, {
    method: 'POST',
    headers: agentHeaders({ 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' }),
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  return { res, body: (await res.json()) as { code?: string; retryable?: boolean }, ms: performance.now() - started };
};
const cartCount = async () => (await rows<{ n: number }>(s.db.database.db, sql`SELECT count(*)::int AS n FROM carts`))[0].n;

describe('a transaction holding the database', () => {
  it('answers the requests behind it 503 within the deadline, writing nothing, and serves them once it ends', async () => {
    const before = await cartCount();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = s.db.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE carts IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    await isLocked;

    const blocked = await createCart();
    release();
    await holder;

    expect(blocked.res.status).toBe(503);
    expect(blocked.body).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.ms).toBeLessThan(DB_DEADLINE_MS + 1_000);
    expect(await cartCount()).toBe(before);

    const served = await createCart();
    expect(served.res.status).toBe(201);
    expect(await cartCount()).toBe(before + 1);
  }, 30_000);
});
