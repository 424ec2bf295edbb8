import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackReports, idempotencyRecords } from '../server/db/schema';
import { purgeExpiredRecords } from '../server/trpc/idempotency';
import { agentHeaders, freshKey, testApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const body = { category: 'missing_capability', severity: 'nice_to_have', message: 'gift wrapping', context: { endpoint: '/api/agent/cart' } };
const send = (key: string | undefined, payload: unknown = body, extra: Record<string, string> = {}) =>
  t.call('POST', '/api/agent/feedback', { headers: agentHeaders({ ...(key !== undefined && { 'Idempotency-Key': key }), ...extra }), body: payload });

async function feedbackCount(message: string): Promise<number> {
  const [row] = await t.db.database.db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.message, message));
  return Number(row.n);
}

describe('Idempotency-Key', () => {
  it('is required on mutations under /api/agent', async () => {
    const res = await send(undefined);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it.each([
    ['too short', 'k'.repeat(15)],
    ['too long', 'k'.repeat(65)],
    ['non-printable', `${'k'.repeat(8)}\t${'k'.repeat(8)}`],
    ['non-ASCII', `${'k'.repeat(16)}é`],
  ])('must be 16–64 printable ASCII (%s)', async (_, key) => {
    const res = await send(key);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('idempotency_key_invalid');
  });

  it('accepts the boundaries', async () => {
    expect((await send('a'.repeat(16), { ...body, message: 'min key' })).status).toBe(202);
    expect((await send('~'.repeat(64), { ...body, message: 'max key' })).status).toBe(202);
  });
});

describe('replay', () => {
  it('returns the original status, body and headers without acting twice', async () => {
    const key = freshKey();
    const payload = { ...body, message: 'replay me' };
    const first = await send(key, payload);
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();

    const again = await send(key, payload);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await feedbackCount('replay me')).toBe(1);
  });

  it('answers the first answer byte for byte', async () => {
    // A cart has keys of many lengths, which a jsonb column would store reordered.
    const key = freshKey();
    const create = () => t.call('POST', '/api/agent/cart', { headers: agentHeaders({ 'Idempotency-Key': key }), body: {} });
    const first = await create();
    expect(first.status).toBe(201);
    const replay = await create();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(await first.text());

    const errorKey = freshKey();
    const add = () =>
      t.call('POST', '/api/agent/cart/cart_01jzzzzzzzzzzzzzzzzzzzzz/items', {
        headers: agentHeaders({ 'Idempotency-Key': errorKey }),
        body: { variant_id: 'var_01jzzzzzzzzzzzzzzzzzzzzz', quantity: 1 },
      });
    const failed = await add();
    expect(failed.status).toBe(404);
    const failedAgain = await add();
    expect(failedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await failedAgain.text()).toBe(await failed.text());
  });

  it('compares bodies as canonical JSON (key order and whitespace do not matter)', async () => {
    const key = freshKey();
    const a = await t.call('POST', '/api/agent/feedback', {
      headers: agentHeaders({ 'Idempotency-Key': key, 'content-type': 'application/json' }),
      raw: '{"category":"other","severity":"blocker","message":"canonical","context":{"endpoint":"/x","b":1,"a":2}}',
    });
    const b = await t.call('POST', '/api/agent/feedback', {
      headers: agentHeaders({ 'Idempotency-Key': key, 'content-type': 'application/json' }),
      raw: '{ "context": {"a": 2, "b": 1, "endpoint": "/x"},\n "message": "canonical", "severity": "blocker", "category": "other" }',
    });
    expect(b.status).toBe(202);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect((await b.json()).id).toBe((await a.json()).id);
  });

  it('answers 409 idempotency_key_reused for the same key with another body', async () => {
    const key = freshKey();
    expect((await send(key, { ...body, message: 'first body' })).status).toBe(202);
    const res = await send(key, { ...body, message: 'second body' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('idempotency_key_reused');
    expect(await feedbackCount('second body')).toBe(0);
  });

  it('namespaces keys per caller', async () => {
    const key = freshKey();
    const payload = { ...body, message: 'two callers' };
    const a = await send(key, payload);
    const b = await send(key, payload, { 'UCP-Agent': 'profile="https://other-agent.shopbot.dev/p.json"' });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(await feedbackCount('two callers')).toBe(2);
  });

  it('does not store refusals before the operation: a corrected retry with the same key runs', async () => {
    const key = freshKey();
    const invalid = await send(key, { ...body, severity: 'urgent' });
    expect(invalid.status).toBe(400);
    const valid = await send(key, { ...body, message: 'after a refusal' });
    expect(valid.status).toBe(202);
    expect(valid.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 idempotency_request_in_progress with Retry-After while the first is running', async () => {
    const key = freshKey();
    const payload = { ...body, message: 'still running' };
    const first = send(key, payload);
    const second = send(key, payload);
    const [a, b] = await Promise.all([first, second]);
    const statuses = [a.status, b.status].sort();
    // Either the second saw the claim (409 in progress) or the finished outcome (replay).
    if (statuses[1] === 409) {
      const conflict = a.status === 409 ? a : b;
      expect((await conflict.json()).code).toBe('idempotency_request_in_progress');
      expect(conflict.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(await feedbackCount('still running')).toBe(1);

    // Deterministically: a claim that is running right now.
    const runningKey = freshKey();
    const { requestFingerprint } = await import('../server/trpc/idempotency');
    const { callerNamespace } = await import('../server/identity/caller');
    await t.db.database.db.insert(idempotencyRecords).values({
      namespace: callerNamespace({ agent: { url: 'https://agent.shopbot.dev/profile.json', host: '', hostKind: 'public' }, buyer: {} }),
      key: runningKey,
      // The operation's name and its parsed input, whichever transport carries it.
      fingerprint: requestFingerprint('platform.feedback', payload),
      state: 'running',
    });
    const res = await send(runningKey, payload);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    const json = await res.json();
    expect(json).toMatchObject({ code: 'idempotency_request_in_progress', retryable: true });
  });

  it('50 concurrent identical requests have one effect and identical answers (or in-progress 409s)', async () => {
    const key = freshKey();
    const payload = { ...body, message: 'fifty at once' };
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(key, payload)));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    const ok = bodies.filter((_, i) => responses[i].status === 202);
    const conflicts = bodies.filter((_, i) => responses[i].status === 409);
    expect(ok.length + conflicts.length).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((b) => JSON.stringify(b))).size).toBe(1);
    for (const c of conflicts) expect(c.code).toBe('idempotency_request_in_progress');
    expect(await feedbackCount('fifty at once')).toBe(1);
    const records = await t.db.database.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key));
    expect(records).toHaveLength(1);
    expect(records[0].state).toBe('done');
  });

  it('does not store 5xx outcomes', async () => {
    const key = freshKey();
    await t.db.database.db.execute(sql`ALTER TABLE feedback_reports RENAME TO feedback_reports_away`);
    try {
      const res = await send(key, { ...body, message: 'server error' });
      expect(res.status).toBe(500);
    } finally {
      await t.db.database.db.execute(sql`ALTER TABLE feedback_reports_away RENAME TO feedback_reports`);
    }
    expect(await t.db.database.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))).toHaveLength(0);
    const retry = await send(key, { ...body, message: 'server error' });
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps records at least 24 hours, then purges them', async () => {
    const fresh = freshKey();
    const old = freshKey();
    expect((await send(fresh, { ...body, message: 'fresh record' })).status).toBe(202);
    expect((await send(old, { ...body, message: 'old record' })).status).toBe(202);
    await t.db.database.db
      .update(idempotencyRecords)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(idempotencyRecords.key, old));
    expect(await purgeExpiredRecords(t.db.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.database.db.select({ key: idempotencyRecords.key }).from(idempotencyRecords);
    expect(left.map((r) => r.key)).toContain(fresh);
    expect(left.map((r) => r.key)).not.toContain(old);
  });
});
