/**
 * The shared store (server/limits/): two service instances on one database — or, with REDIS_URL
 * set, on one Redis — see each other's nonces and never hand out more of a budget than its quota,
 * however their leases interleave. On PGlite, on Postgres with DATABASE_URL, and on Redis with
 * REDIS_URL (skipped, saying so, without it).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../server/db/client';
import { sql } from 'drizzle-orm';
import { testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';

const redisUrl = process.env.REDIS_URL;
const stores = [
  { name: process.env.DATABASE_URL ? 'Postgres' : 'PGlite', env: {} as Record<string, string>, skip: false },
  { name: 'Redis', env: redisUrl ? { REDIS_URL: redisUrl } : {}, skip: !redisUrl },
];

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** A name no earlier run has used (Redis outlives test runs; a database does not). */
const unique = (what: string) => `${what}-${randomBytes(8).toString('hex')}`;

describe.each(stores)('the shared store on $name', ({ name, env, skip }) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (skip) return;
    a = await testApp(env, db);
    b = await testApp(env, db);
  });
  afterAll(async () => {
    await a?.app.services.shared.close();
    await b?.app.services.shared.close();
  });

  it.skipIf(skip)(`is ${name === 'Redis' ? 'redis' : 'the database'} (${skip ? 'REDIS_URL not set' : 'in use'})`, () => {
    expect(a.app.services.shared.kind).toBe(name === 'Redis' ? 'redis' : db.url ? 'postgres' : 'pglite');
  });

  it.skipIf(skip)('remembers a nonce once: new on one instance, seen on the other, and seen again on the first', async () => {
    const nonce = unique('https://agent.example/profile.json kid-1 nonce');
    const expires = Date.now() + 120_000;
    expect(await a.app.services.shared.rememberNonce(nonce, expires)).toBe(true);
    expect(await b.app.services.shared.rememberNonce(nonce, expires)).toBe(false);
    expect(await a.app.services.shared.rememberNonce(nonce, expires)).toBe(false);
    // Another nonce of the same key is new.
    expect(await b.app.services.shared.rememberNonce(`${nonce}-2`, expires)).toBe(true);
  });

  it.skipIf(skip)('takes one of many instances racing for a nonce', async () => {
    const nonce = unique('race');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).app.services.shared.rememberNonce(nonce, Date.now() + 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it.skipIf(skip)(`sends the nonces of concurrent calls as one ${name === 'Redis' ? 'pipelined round trip' : 'statement'}, each caller told of its own, a replay inside the batch refused`, async () => {
    const roundTrips = name === 'Redis' ? vi.spyOn(Redis.prototype, 'pipeline') : vi.spyOn(a.app.services.db, 'execute');
    try {
      const nonces = Array.from({ length: 50 }, (_, i) => unique(`batch-${i}`));
      const expires = Date.now() + 60_000;
      const answers = await Promise.all([nonces[0], ...nonces, nonces[7]].map((n) => a.app.services.shared.rememberNonce(n, expires)));
      expect(roundTrips).toHaveBeenCalledTimes(1);
      // The first of a nonce sent twice in one batch is new; the second is its replay.
      expect(answers).toEqual([true, false, ...nonces.slice(1).map(() => true), false]);
      // The batch keeps nothing: the store answers the next, on either instance.
      expect(await b.app.services.shared.rememberNonce(nonces[3], expires)).toBe(false);
      expect(await a.app.services.shared.rememberNonce(nonces[3], expires)).toBe(false);
    } finally {
      roundTrips.mockRestore();
    }
  });

  it.skipIf(skip)('counts each nonce once when two instances send the same ones in concurrent batches, in opposite orders', async () => {
    const nonces = Array.from({ length: 40 }, (_, i) => unique(`both-${i}`));
    const expires = Date.now() + 60_000;
    const [fromA, fromB] = await Promise.all([
      Promise.all(nonces.map((n) => a.app.services.shared.rememberNonce(n, expires))),
      Promise.all([...nonces].reverse().map((n) => b.app.services.shared.rememberNonce(n, expires))).then((answers) => answers.reverse()),
    ]);
    expect(nonces.map((_, i) => Number(fromA[i]) + Number(fromB[i]))).toEqual(nonces.map(() => 1));
  });

  it.skipIf(skip)('keeps a nonce until it expires, then takes it as new', async () => {
    const nonce = unique('short');
    expect(await a.app.services.shared.rememberNonce(nonce, Date.now() + 50)).toBe(true);
    expect(await b.app.services.shared.rememberNonce(nonce, Date.now() + 50)).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect(await b.app.services.shared.rememberNonce(nonce, Date.now() + 60_000)).toBe(true);
    expect(await a.app.services.shared.rememberNonce(nonce, Date.now() + 60_000)).toBe(false);
  });

  it.skipIf(skip)('keeps a very long key apart from its neighbours (stored by digest)', async () => {
    const long = unique('x'.repeat(3000));
    expect(await a.app.services.shared.rememberNonce(long, Date.now() + 60_000)).toBe(true);
    expect(await b.app.services.shared.rememberNonce(long, Date.now() + 60_000)).toBe(false);
    expect(await b.app.services.shared.rememberNonce(`${long}y`, Date.now() + 60_000)).toBe(true);
  });

  it.skipIf(skip)('grants min(lease, what is left) and never more than the quota, however instances interleave', async () => {
    const key = unique('open:https://agent.example/p.json');
    const expires = Date.now() + 60_000;
    const first = await a.app.services.shared.lease(key, 3, 10, expires);
    expect(first).toEqual({ granted: 3, count: 3 });
    expect(await b.app.services.shared.lease(key, 3, 10, expires)).toEqual({ granted: 3, count: 6 });
    expect(await a.app.services.shared.lease(key, 3, 10, expires)).toEqual({ granted: 3, count: 9 });
    expect(await b.app.services.shared.lease(key, 3, 10, expires)).toEqual({ granted: 1, count: 10 });
    expect(await a.app.services.shared.lease(key, 3, 10, expires)).toEqual({ granted: 0, count: 10 });
    // A lowered quota grants nothing and leaves the count alone.
    expect(await b.app.services.shared.lease(key, 3, 5, expires)).toEqual({ granted: 0, count: 10 });

    const raced = unique('raced');
    const grants = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).app.services.shared.lease(raced, 7, 100, expires)));
    expect(grants.reduce((sum, g) => sum + g.granted, 0)).toBe(100);
    expect(Math.max(...grants.map((g) => g.count))).toBe(100);
  });

  it.skipIf(skip)('leases two budgets in one round trip, the second only when the first grants something', async () => {
    const byAddress = unique('address:198.51.100.1');
    const byProfile = unique('open:https://agent.example/p.json 198.51.100.1');
    const expiresAtMs = Date.now() + 60_000;
    const ask = (key: string, want: number, quota: number) => ({ key, want, quota, expiresAtMs });
    expect(await a.app.services.shared.leaseBoth(ask(byAddress, 2, 3), ask(byProfile, 5, 10))).toEqual([{ granted: 2, count: 2 }, { granted: 5, count: 5 }]);
    expect(await b.app.services.shared.leaseBoth(ask(byAddress, 2, 3), ask(byProfile, 5, 10))).toEqual([{ granted: 1, count: 3 }, { granted: 5, count: 10 }]);
    // The first is spent: the second is not asked, and keeps what it had.
    expect(await a.app.services.shared.leaseBoth(ask(byAddress, 2, 3), ask(byProfile, 5, 20))).toEqual([{ granted: 0, count: 3 }, undefined]);
    expect(await b.app.services.shared.lease(byProfile, 5, 20, expiresAtMs)).toEqual({ granted: 5, count: 15 });
    // Raced from both instances: neither budget is ever over-granted.
    const [first, then] = [unique('raced-address'), unique('raced-profile')];
    const grants = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).app.services.shared.leaseBoth(ask(first, 3, 40), ask(then, 2, 100))));
    expect(grants.reduce((sum, [g]) => sum + g.granted, 0)).toBe(40);
    expect(grants.reduce((sum, [, g]) => sum + (g?.granted ?? 0), 0)).toBe(2 * grants.filter(([g]) => g.granted > 0).length);
  });

  it.skipIf(skip || name === 'Redis')('sweeps what has expired, and only that', async () => {
    const gone = unique('gone');
    const kept = unique('kept');
    await a.app.services.shared.rememberNonce(gone, Date.now() + 10);
    await a.app.services.shared.rememberNonce(kept, Date.now() + 60_000);
    await a.app.services.shared.sweep(Date.now() + 1_000);
    const left = await rows<{ key: string }>(a.app.services.db, sql`SELECT key FROM rate_counters WHERE key IN (${`n:${gone}`}, ${`n:${kept}`})`);
    expect(left.map((r) => r.key)).toEqual([`n:${kept}`]);
    const [{ persistence }] = await rows<{ persistence: string }>(a.app.services.db, sql`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_counters'`);
    expect(persistence).toBe('u');
  });
});
