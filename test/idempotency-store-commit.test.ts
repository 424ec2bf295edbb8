/**
 * An idempotent operation's stored outcome is its transaction's last statement, and COMMIT is sent
 * behind it without waiting for its answer (trpc/idempotency.ts, inTransaction). Here: the order
 * on the wire, and a stored outcome that fails: the COMMIT behind it rolls the operation back, the
 * call fails, and a retry with the same key runs again, once.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackReports, idempotencyRecords } from '../server/db/schema';
import { agentHeaders, freshKey, testApp, type TestApp } from './support/app';
import { statementsOf } from './support/statement-log';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const send = (key: string, message: string) =>
  t.call('POST', '/api/agent/feedback', {
    headers: agentHeaders({ 'Idempotency-Key': key }),
    body: { category: 'other', severity: 'friction', message, context: { endpoint: '/api/agent/cart' } },
  });

async function reports(message: string): Promise<number> {
  const [row] = await t.db.database.db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.message, message));
  return Number(row.n);
}

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
    const db = t.db.database.db;
    const key = freshKey();
    // The database refuses this key's outcome: the statement sent just ahead of COMMIT fails.
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.key = '${key}' AND NEW.state = 'done' THEN RAISE EXCEPTION 'outcome refused'; END IF;
          RETURN NEW;
        END $$`),
    );
    await db.execute(sql.raw('CREATE TRIGGER refuse_outcome BEFORE UPDATE ON idempotency_records FOR EACH ROW EXECUTE FUNCTION refuse_outcome()'));
    try {
      const failed = await send(key, 'outcome refused');
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await failed.json()).toMatchObject({ code: expect.any(String) });
      expect(await reports('outcome refused')).toBe(0);
      // The claim was released with the failure: nothing answers for the key.
      expect(await db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))).toEqual([]);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_outcome ON idempotency_records'));
      await db.execute(sql.raw('DROP FUNCTION refuse_outcome()'));
    }

    const retried = await send(key, 'outcome refused');
    expect(retried.status).toBe(202);
    expect(await reports('outcome refused')).toBe(1);
    const replayed = await send(key, 'outcome refused');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await reports('outcome refused')).toBe(1);
  });
});
