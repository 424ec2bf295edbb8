/**
 * A transaction whose connection goes away while its statement runs — cut at the request's
 * deadline, or its backend terminated — is answered 503, and what it still had to send fails with
 * it: the rollback postgres.js sends for it is neither left on the connection nor run on the
 * connection's next session, and a statement queued in the transaction does not wait for a
 * connection it will never get. Under the Postgres fault load (postgres-outage.test.ts) such a
 * rollback, carried into the next session, left that connection waiting for ever for an answer it
 * had already taken, and the pool could be left with none to serve. One connection here, so the
 * pool has no other to fall back on. Needs a Postgres server (DATABASE_URL; `.ci/run` provides one).
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { toApiError } from '../../server/errors/from-unknown';
import { proxiedDatabase, type ProxiedDatabase } from './fault-proxy';

const serverUrl = process.env.DATABASE_URL;
let db: ProxiedDatabase;

const within = (ms: number) => db.service.scoped({ deadline: performance.now() + ms });
const select = (deadlineMs = 5_000) => rows<{ n: number }>(within(deadlineMs), sql`SELECT 1 AS n`);
const answerOf = (err: unknown) => toApiError(err, 'req_test');

describe.skipIf(!serverUrl)('a transaction whose connection goes away (needs DATABASE_URL)', () => {
  // A pool of its own for each case: one the first case left broken must not fail the second.
  beforeEach(async () => {
    db = await proxiedDatabase(serverUrl!, { prefix: 'acapi_cut', poolSize: 1 });
  }, 30_000);
  afterEach(() => db?.close());

  it('cut at its deadline: answered 503, and the connection serves every statement after it', async () => {
    expect(await select()).toEqual([{ n: 1 }]);
    const cut = await within(300)
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(5)`);
      })
      .catch((err: unknown) => err);
    expect(answerOf(cut)).toMatchObject({ code: 'service_unavailable', status: 503 });
    // The first statement after the cut starts the connection again; the ones after it run on
    // that session, which must not still hold the cut transaction's rollback.
    for (let i = 0; i < 3; i++) expect(await select()).toEqual([{ n: 1 }]);
  }, 30_000);

  it('its backend terminated: the statement waiting for the connection is served on the next session, untouched by the rollback', async () => {
    expect(await select()).toEqual([{ n: 1 }]);
    let pid!: number;
    let sleeping!: () => void;
    const isSleeping = new Promise<void>((resolve) => (sleeping = resolve));
    const terminated = within(5_000)
      .transaction(async (tx) => {
        [{ pid }] = await rows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        sleeping();
        await tx.execute(sql`SELECT pg_sleep(5)`);
      })
      .catch((err: unknown) => err);
    await isSleeping;
    // Waits for the only connection, which the transaction holds.
    const waiting = select();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await db.admin`SELECT pg_terminate_backend(${pid})`;
    expect(answerOf(await terminated)).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(await waiting).toEqual([{ n: 1 }]);
    expect(await select()).toEqual([{ n: 1 }]);
  }, 30_000);

  it('its backend terminated: a statement queued behind the running one fails at once, not at its deadline', async () => {
    let pid!: number;
    let queued!: Promise<unknown>;
    let sleeping!: () => void;
    const isSleeping = new Promise<void>((resolve) => (sleeping = resolve));
    const terminated = within(5_000)
      .transaction(async (tx) => {
        [{ pid }] = await rows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        // A first statement with a parameter is described before it runs, so the connection
        // takes no other until it is done: the second waits in the transaction's own queue.
        // (drizzle sends a statement when it is first awaited: the sleep goes first.)
        const running = tx.execute(sql`SELECT pg_sleep(${5})`).then(() => {});
        queued = tx.execute(sql`SELECT 2 AS n`).then(
          () => 'served',
          () => 'failed',
        );
        sleeping();
        await running;
      })
      .catch((err: unknown) => err);
    await isSleeping;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await db.admin`SELECT pg_terminate_backend(${pid})`;
    expect(answerOf(await terminated)).toMatchObject({ code: 'service_unavailable', status: 503 });
    const settled = await Promise.race([queued, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000))]);
    expect(settled).toBe('failed');
  }, 30_000);
});
