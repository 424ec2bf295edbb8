/**
 * Carts under concurrency, on Postgres with real pools: two service instances (each its own pool
 * of ≥ 5 connections) on one database, as several instances serve one Postgres in production.
 * Parallel adds to one cart lose nothing, whichever instance serves them; a key retried in
 * parallel acts once; a limit tuned through one instance applies on the other at once.
 * PGlite is one connection, so nothing there runs in parallel: the file is skipped on it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows } from '../server/db/client';
import { agentHeaders, freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { seedCatalog, seller } from './support/catalog-fixtures';

const ADMIN = 'admin-token-for-concurrency-0123456789';
const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('carts under concurrency (Postgres; skipped on PGlite: one connection runs nothing in parallel)', () => {
  let shared: TestDatabase;
  let instances: TestApp[];
  let variantIds: string[];

  beforeAll(async () => {
    shared = await testDatabase();
    const second = await openDatabase({ databaseUrl: shared.url!, poolSize: 5, migrate: false });
    instances = [
      await testApp({ ADMIN_TOKEN: ADMIN }, shared),
      await testApp({ ADMIN_TOKEN: ADMIN }, { database: second, drop: () => second.close() }),
    ];
    const db = shared.database.db;
    await seedCatalog(db, [{ seller: seller('busy-shop'), products: Array.from({ length: 20 }, (_, i) => ({ title: `Busy ${i}`, variants: [[500, null]] as [number, null][] })) }]);
    variantIds = (await rows<{ id: string }>(db, sql`SELECT id FROM variants ORDER BY id`)).map((r) => r.id);
    await db.execute(sql`UPDATE platform_limits SET max_item_quantity = 1000`);
  });
  afterAll(async () => {
    await instances?.[1]?.db.drop();
    await shared?.drop();
  });

  /** Requests alternate between the two instances. */
  async function api(i: number, method: string, path: string, body?: unknown, key = freshKey()) {
    const res = await instances[i % 2].call(method, path, { headers: agentHeaders(method === 'GET' ? {} : { 'Idempotency-Key': key }), body });
    return { status: res.status, body: (await res.json()) as any };
  }

  const newCart = async () => (await api(0, 'POST', '/api/agent/cart', {})).body.id as string;

  it('20 parallel adds of one variant with different keys: the line holds their sum', async () => {
    const cart = await newCart();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api(i, 'POST', `/api/agent/cart/${cart}/items`, { variant_id: variantIds[0], quantity: 3 })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const read = await api(1, 'GET', `/api/agent/cart/${cart}`);
    expect(read.body.line_items).toEqual([expect.objectContaining({ variant_id: variantIds[0], quantity: 60 })]);
  });

  it('parallel adds of different variants: every line is there', async () => {
    const cart = await newCart();
    const answers = await Promise.all(variantIds.map((id, i) => api(i, 'POST', `/api/agent/cart/${cart}/items`, { variant_id: id, quantity: 1 })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const read = await api(0, 'GET', `/api/agent/cart/${cart}`);
    expect(read.body.line_items.map((l: { variant_id: string }) => l.variant_id).sort()).toEqual([...variantIds].sort());
  });

  it('one key retried in parallel acts once: the others replay it or are told it is in progress', async () => {
    const cart = await newCart();
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => api(i, 'POST', `/api/agent/cart/${cart}/items`, { variant_id: variantIds[1], quantity: 2 }, key)));
    for (const a of answers) expect([201, 409]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('idempotency_request_in_progress');
    const read = await api(0, 'GET', `/api/agent/cart/${cart}`);
    expect(read.body.line_items[0].quantity).toBe(2);
  });

  it('a limit tuned through one instance applies on the other within 1 s', async () => {
    const cart = await newCart();
    const put = await instances[0].call('PUT', '/api/admin/platform/limits', { headers: { Authorization: `Bearer ${ADMIN}` }, body: { max_item_quantity: 4 } });
    expect(put.status).toBe(200);
    const started = Date.now();
    const refused = await api(1, 'POST', `/api/agent/cart/${cart}/items`, { variant_id: variantIds[2], quantity: 5 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ max_quantity: 4 });
    await shared.database.db.execute(sql`UPDATE platform_limits SET max_item_quantity = 1000`);
  });

  it('parallel quick-buys, creates and adds on many carts at once all land', async () => {
    const address = { name: 'A B', line1: '1 Main St', city: 'Portland', postal_code: '97201', country: 'US' };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(i, 'POST', '/api/agent/quick-buy', { variant_id: variantIds[i % variantIds.length], quantity: 1, shipping_address: address }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(30);
  });
});
