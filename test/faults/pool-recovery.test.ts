/**
 * A statement whose deadline passes while the connection it waits for is still starting (the
 * network slow, or the database just back) is answered 503 at its deadline, and the pool keeps
 * that connection: once it is up, the next statement runs on it. Needs a Postgres server
 * (DATABASE_URL; `.ci/run` provides one).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { toApiError } from '../../server/errors/from-unknown';
import { proxiedDatabase, type ProxiedDatabase } from './fault-proxy';

const serverUrl = process.env.DATABASE_URL;
let db: ProxiedDatabase;

describe.skipIf(!serverUrl)('a connection still starting at a statement’s deadline (needs DATABASE_URL)', () => {
  beforeAll(async () => {
    // One connection: a slot the pool lost would leave nothing to serve the next statement.
    db = await proxiedDatabase(serverUrl!, { prefix: 'acapi_pool', poolSize: 1 });
  }, 30_000);
  afterAll(() => db?.close());

  const select = (deadlineMs: number) => rows<{ n: number }>(db.service.scoped({ deadline: performance.now() + deadlineMs }), sql`SELECT 1 AS n`);

  it('answers the statement at its deadline and serves the next one on the same pool', async () => {
    expect(await select(5_000)).toEqual([{ n: 1 }]);
    // The open connection is cut; each chunk of the next start-up arrives 250 ms late, so the
    // connection the statement waits for is still starting when its 100 ms are up.
    await db.proxy.set('reset');
    await new Promise((resolve) => setTimeout(resolve, 200)); // postgres.js sees the close
    await db.proxy.set('slow');
    const late = await select(100).catch((err: unknown) => err);
    expect(toApiError(late, 'req_test')).toMatchObject({ code: 'service_unavailable', status: 503 });
    await db.proxy.set('pass');
    const started = performance.now();
    expect(await select(5_000)).toEqual([{ n: 1 }]);
    expect(performance.now() - started).toBeLessThan(3_000);
  }, 30_000);
});
