/**
 * A command's database handle (seed, catalog:import: `NO_DEADLINE`) waits as long as its work
 * takes. The request deadline armed a timer of Infinity, which Node fires after 1 ms: the first
 * wait (a lock on Postgres, the queue on PGlite) failed at once, and a million-product seed lost its
 * connection in the middle of rebuilding an index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { NO_DEADLINE } from '../../server/db/deadline';
import { testDatabase, type TestDatabase } from '../support/app';

const HELD_MS = 300;
let t: TestDatabase;
beforeAll(async () => {
  t = await testDatabase();
});
afterAll(() => t?.drop());

/** Holds carts locked (Postgres) and the only connection (PGlite) for HELD_MS. */
async function holdCarts(): Promise<{ released: Promise<void> }> {
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE carts IN ACCESS EXCLUSIVE MODE`);
    locked();
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
  });
  await isLocked;
  // Wrapped: an async function returning the promise itself would wait for it.
  return { released: holder };
}

describe('a command’s database handle (NO_DEADLINE)', () => {
  it('waits behind a held lock or queue for a statement, and for a transaction', async () => {
    const command = t.database.scoped(NO_DEADLINE);

    let { released } = await holdCarts();
    let started = performance.now();
    const [{ n }] = await rows<{ n: number }>(command, sql`SELECT count(*)::int AS n FROM carts`);
    expect(n).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(HELD_MS / 2);
    await released;

    ({ released } = await holdCarts());
    started = performance.now();
    const counted = await command.transaction(async (tx) => (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM carts`))[0].n);
    expect(counted).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(HELD_MS / 2);
    await released;
  });
});
