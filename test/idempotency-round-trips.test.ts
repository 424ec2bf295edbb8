/**
 * An idempotent call's round trips to the database, read off the wire (trpc/idempotency.ts):
 * - its claim goes ahead of its transaction's BEGIN, in the same write to Postgres (db/client.ts
 *   transactionAfter); a claim that fails or finds its key taken leaves nothing of the call's
 *   behind, and a connection that serves the next call, on either driver; one that finds its key
 *   taken reads the key's record in that transaction, COMMIT sent behind it: a retry takes two;
 * - its stored outcome is the transaction's last statement, with COMMIT sent behind it without
 *   waiting for its answer (inTransaction); should it fail, the COMMIT rolls the operation back,
 *   the call fails, and a retry with the same key runs again, once.
 * POST feedback takes three round trips.
 */
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords } from '../server/db/schema';
import { freshKey, testApp, type TestApp } from './support/app';
import { reportsOf, sendFeedback } from './support/feedback';
import { statementsOf } from './support/statement-log';
import { allPrepared, writesOf } from './support/wire';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const send = (key: string, message: string) => sendFeedback(t, key, message);
const reports = (message: string) => reportsOf(t, message);

/** `work`, while the database refuses to write an idempotency record for which `condition` holds. */
async function refusing<T>(name: string, event: 'INSERT' | 'UPDATE', condition: string, work: () => Promise<T>): Promise<T> {
  const db = t.db.database.db;
  await db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${condition} THEN RAISE EXCEPTION '${name}'; END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON idempotency_records FOR EACH ROW EXECUTE FUNCTION ${name}()`));
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON idempotency_records`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('on the wire (needs DATABASE_URL)', () => {
  it('sends the claim and BEGIN in one write: three round trips for POST feedback', async () => {
    // A statement's first use on a connection is described first (Parse, then Bind once answered:
    // a round trip more, and BEGIN then waits for the claim's answer). Each pooled connection does
    // that once per statement: the calls counted are those whose statements were all prepared.
    const prepared: Buffer[][] = [];
    let calls = 0;
    for (; calls < 20 && prepared.length < 5; calls++) {
      const { result, writes } = await writesOf(t, () => send(freshKey(), 'three round trips'));
      expect(result.status).toBe(202);
      if (allPrepared(writes)) prepared.push(writes);
    }
    expect(prepared).toHaveLength(5);
    for (const writes of prepared) {
      expect(writes).toHaveLength(3);
      // The first: the claim's Bind and Execute, then BEGIN as a simple query.
      expect(writes[0].toString('latin1')).toMatch(/^B.*Q.{4}begin/s);
    }
    expect(await reports('three round trips')).toBe(calls);
  });

  it('answers a retry in two round trips: the claim with BEGIN, then the key’s record with COMMIT', async () => {
    const key = freshKey();
    expect((await send(key, 'replayed in two')).status).toBe(202);
    const prepared: Buffer[][] = [];
    for (let i = 0; i < 20 && prepared.length < 5; i++) {
      const { result, writes } = await writesOf(t, () => statementsOf(t.db.database, () => send(key, 'replayed in two')));
      expect(result.result.headers.get('idempotent-replayed')).toBe('true');
      // The claim, finding the key taken; in the transaction begun behind it, the key's record, not the operation.
      // A rate-limit budget's lease, now and then, is none of the call's: such calls are not counted.
      const leased = result.statements.some((s) => s.includes('rate_counters'));
      const statements = result.statements.filter((s) => !s.includes('rate_counters'));
      expect(statements.map((s) => s.trim().split(/\s+/, 2).join(' ').toLowerCase()), statements.join('\n')).toEqual(['insert into', 'begin', 'select "fingerprint",', 'commit']);
      if (!leased && allPrepared(writes)) prepared.push(writes);
    }
    expect(prepared).toHaveLength(5);
    for (const writes of prepared) {
      expect(writes).toHaveLength(2);
      expect(writes[0].toString('latin1')).toMatch(/^B.*Q.{4}begin/s);
      // The second: two statements executed, the record's and COMMIT (the statement log above gives their order).
      expect(writes[1].toString('latin1').match(/E\0\0\0\t\0\0\0\0\0/g)).toHaveLength(2);
    }
    expect(await reports('replayed in two')).toBe(1);
  });

  it('answers as the record of a claim committed while its own waited on it says', async () => {
    // The namespace and fingerprint of the call below, as the same call under another key stored them.
    const earlier = freshKey();
    expect((await send(earlier, 'committed behind the snapshot')).status).toBe(202);
    const [{ namespace, fingerprint }] = await t.db.database.db
      .select({ namespace: idempotencyRecords.namespace, fingerprint: idempotencyRecords.fingerprint })
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, earlier));
    const key = freshKey();
    const other = postgres(t.db.url!, { max: 2, onnotice: () => {} });
    try {
      // Another call's claim, not yet committed: this call's insert waits on it, then does nothing.
      const reserved = other.reserve();
      const holder = await reserved;
      await holder`BEGIN`;
      await holder`INSERT INTO idempotency_records (namespace, key, fingerprint, state) VALUES (${namespace}, ${key}, ${fingerprint}, 'running')`;
      const pending = send(key, 'committed behind the snapshot');
      await until(async () => (await other`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%idempotency_records%'`).length > 0);
      await holder`COMMIT`;
      holder.release();
      // Read again, the record is the other call's, running: in progress, and the operation did not run again.
      const answer = await pending;
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ code: 'idempotency_request_in_progress' });
      expect(await reports('committed behind the snapshot')).toBe(1);
    } finally {
      await other.end();
    }
  });
});

/** Polls `check` every 10 ms, for at most 5 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check()); ) {
    if (Date.now() - started > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a claim sent ahead of BEGIN', () => {
  it('that fails fails the call, keeps nothing, and leaves the connection serving the next call', async () => {
    const refused = freshKey();
    await refusing('refuse_claim', 'INSERT', `NEW.key LIKE '${refused}%'`, async () => {
      // On Postgres, until BEGIN went out behind the refused claim (its statement prepared on the
      // connection it took); PGlite has no wire, and runs them one after the other.
      let behind = 0;
      for (let i = 0; i < 20 && behind < 2; i++) {
        const { result: failed, writes } = await writesOf(t, () => send(`${refused}-${i}`, 'claim refused'));
        expect(failed.status).toBeGreaterThanOrEqual(500);
        expect(await failed.json()).toMatchObject({ code: expect.any(String) });
        if (writes.length && /^B.*Q.{4}begin/s.test(writes[0].toString('latin1'))) behind++;
        if (!process.env.DATABASE_URL) break;
      }
      if (process.env.DATABASE_URL) expect(behind).toBe(2);
      expect(await reports('claim refused')).toBe(0);
      // The transaction behind it rolled back: the next calls run, each in a transaction of its own.
      for (let i = 0; i < 12; i++) expect((await send(freshKey(), 'after a refused claim')).status).toBe(202);
      expect(await reports('after a refused claim')).toBe(12);
    });
    const retried = await send(`${refused}-0`, 'claim refused');
    expect(retried.status).toBe(202);
    expect(await reports('claim refused')).toBe(1);
  });

  it('that finds its key taken rolls back without running the operation, and answers as the key’s record says', async () => {
    const key = freshKey();
    expect((await send(key, 'taken key')).status).toBe(202);
    const replayed = await send(key, 'taken key');
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const reused = await send(key, 'other input, same key');
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await reports('taken key')).toBe(1);
    expect(await reports('other input, same key')).toBe(0);
    // The record is the first call's, untouched by the others.
    const records = await t.db.database.db.select({ state: idempotencyRecords.state }).from(idempotencyRecords).where(eq(idempotencyRecords.key, key));
    expect(records).toEqual([{ state: 'done' }]);
  });

  it('answers 50 concurrent calls with one key as one call', async () => {
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(key, 'fifty at once')));
    const statuses = answers.map((a) => a.status);
    // Each either ran, replayed the outcome, or found the claim still running (409, retry after 1 s).
    expect(statuses.every((s) => s === 202 || s === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 202 && a.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    expect(await reports('fifty at once')).toBe(1);
  });
});

describe('the stored outcome and COMMIT, sent together', () => {
  it('runs the operation, then stores its outcome, then commits: in that order on the wire', async () => {
    const { result, statements } = await statementsOf(t.db.database, () => send(freshKey(), 'wire order'));
    expect(result.status).toBe(202);
    const at = (pattern: RegExp) => statements.findIndex((s) => pattern.test(s.trim()));
    const begun = at(/^begin\b/i);
    const inserted = at(/^insert into "feedback_reports"/i);
    const stored = at(/^update "idempotency_records"/i);
    const committed = at(/^commit\b/i);
    expect([begun, inserted, stored, committed].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(begun < inserted && inserted < stored && stored < committed, statements.join('\n')).toBe(true);
    expect(await reports('wire order')).toBe(1);
  });

  it('keeps nothing when the stored outcome fails, and a retry with the key runs once', async () => {
    const key = freshKey();
    // The database refuses this key's outcome: the statement sent just ahead of COMMIT fails.
    await refusing('refuse_outcome', 'UPDATE', `NEW.key = '${key}' AND NEW.state = 'done'`, async () => {
      const failed = await send(key, 'outcome refused');
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await failed.json()).toMatchObject({ code: expect.any(String) });
      expect(await reports('outcome refused')).toBe(0);
      // The claim was released with the failure: nothing answers for the key.
      expect(await t.db.database.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))).toEqual([]);
    });

    const retried = await send(key, 'outcome refused');
    expect(retried.status).toBe(202);
    expect(await reports('outcome refused')).toBe(1);
    const replayed = await send(key, 'outcome refused');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await reports('outcome refused')).toBe(1);
  });
});
