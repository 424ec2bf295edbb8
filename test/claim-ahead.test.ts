/**
 * An idempotent call's claim goes ahead of its transaction's BEGIN, in the same write to Postgres
 * (trpc/idempotency.ts, db/client.ts transactionAfter): POST feedback takes three round trips.
 * Here: the writes on the wire (Postgres), and what a claim that fails or finds its key taken
 * leaves behind, on either driver: nothing of the call's, and a connection that serves the next.
 */
import net from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedbackReports, idempotencyRecords } from '../server/db/schema';
import { agentHeaders, freshKey, testApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const send = (key: string, message: string) =>
  t.call('POST', '/api/agent/feedback', {
    headers: agentHeaders({ 'Idempotency-Key': key }),
    body: { category: 'other', severity: 'friction', message },
  });

async function reports(message: string): Promise<number> {
  const [row] = await t.db.database.db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.message, message));
  return Number(row.n);
}

/** What `work` writes to Postgres's sockets, write by write. */
async function writesOf<T>(work: () => Promise<T>): Promise<{ result: T; writes: Buffer[] }> {
  const port = t.db.url ? Number(new URL(t.db.url).port || 5432) : undefined;
  const writes: Buffer[] = [];
  const write = net.Socket.prototype.write;
  const spy = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    if (this.remotePort === port) writes.push(Buffer.from(chunk as Uint8Array));
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  });
  try {
    return { result: await work(), writes };
  } finally {
    spy.mockRestore();
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
      const { result, writes } = await writesOf(() => send(freshKey(), 'three round trips'));
      expect(result.status).toBe(202);
      if (writes.every((w) => !w.toString('latin1').startsWith('P'))) prepared.push(writes);
    }
    expect(prepared).toHaveLength(5);
    for (const writes of prepared) {
      expect(writes).toHaveLength(3);
      // The first: the claim's Bind and Execute, then BEGIN as a simple query.
      expect(writes[0].toString('latin1')).toMatch(/^B.*Q.{4}begin/s);
    }
    expect(await reports('three round trips')).toBe(calls);
  });
});

describe('a claim sent ahead of BEGIN', () => {
  it('that fails fails the call, keeps nothing, and leaves the connection serving the next call', async () => {
    const db = t.db.database.db;
    const refused = freshKey();
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_claim() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.key LIKE '${refused}%' THEN RAISE EXCEPTION 'claim refused'; END IF;
          RETURN NEW;
        END $$`),
    );
    await db.execute(sql.raw('CREATE TRIGGER refuse_claim BEFORE INSERT ON idempotency_records FOR EACH ROW EXECUTE FUNCTION refuse_claim()'));
    try {
      // On Postgres, until BEGIN went out behind the refused claim (its statement prepared on the
      // connection it took); PGlite has no wire, and runs them one after the other.
      let behind = 0;
      for (let i = 0; i < 20 && behind < 2; i++) {
        const { result: failed, writes } = await writesOf(() => send(`${refused}-${i}`, 'claim refused'));
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
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_claim ON idempotency_records'));
      await db.execute(sql.raw('DROP FUNCTION refuse_claim()'));
    }
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
