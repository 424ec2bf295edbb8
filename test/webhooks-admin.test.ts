/**
 * Order webhooks as people see them (issue #35 §3): order-status lists each order's deliveries
 * (when, the last answer's status, the next try), and the admin API lists the failed ones and
 * sends one again. Orders are made by a key whose call named a profile (the cart credited to that
 * platform, as UCP's binding records it), placed through the /pay page, sent by a worker to the
 * test platform on its pinned HTTPS `.test` name.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client';
import { DeliveryWorker } from '../server/webhooks/worker';
import { testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { placedOrder as placeOrder } from './support/orders';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { signedInDeveloper } from './support/developer';
import { platformCapability, platformProfile } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { mintKey } from './support/x402-agent';

type Json = Record<string, any>;

const ADMIN = 'admin-token-for-webhooks';
const ORDER = 'dev.ucp.shopping.order';

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
let key: string;
let owner: string;
let PLATFORM: string;
/** What the webhook answers next; 200 when empty. */
const answers: number[] = [];
let hits = 0;

beforeAll(async () => {
  ps = await profileServer();
  PLATFORM = `${ps.origin}/platform.json`;
  const capabilities = { [ORDER]: [platformCapability(ORDER, { config: { webhook_url: `${ps.origin}/hook` } })] };
  ps.routes.set('/platform.json', { body: platformProfile({ capabilities }), headers: { 'cache-control': 'max-age=600' } });
  ps.routes.set('/hook', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      hits++;
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  database = await testDatabase();
  t = await testApp({ ...ps.env, ADMIN_TOKEN: ADMIN, WEBHOOK_RETRY_SCHEDULE: '5' }, database);
  db = t.app.services.db;
  await seedCatalog(db, [{ seller: seller('kettle-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  key = await mintKey(t, await signedInDeveloper(db), ['dev.ucp.shopping.order:read']);
  const credential = await t.app.services.credentials.bearer(`Bearer ${key}`);
  if (credential.kind !== 'key') throw new Error('not a key');
  owner = `key:${credential.keyId}`;
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ps?.close();
});

/** An order of the key's cart, credited to the platform, paid on the /pay page. */
async function placedOrder(): Promise<string> {
  return (await placeOrder(t.app.services, owner, [['Enamel Kettle', 1]], { platform: PLATFORM })).id;
}

async function orderStatus(orderId: string): Promise<Json> {
  const res = await t.call('GET', `/api/agent/order-status?order_id=${orderId}`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return res.json();
}

const admin = (method: string, path: string) => t.call(method, path, { headers: { authorization: `Bearer ${ADMIN}` } });

describe('order-status', () => {
  it('shows each delivery: pending before a worker sends it, then delivered with the answer’s status', async () => {
    const orderId = await placedOrder();
    const pending = (await orderStatus(orderId)).deliveries;
    expect(pending).toEqual([expect.objectContaining({ event: 'order_placed', state: 'pending', attempts: 0, last_status: null })]);
    expect(pending[0].next_attempt_at).toEqual(expect.any(String));
    expect(pending[0]).not.toHaveProperty('last_error');

    await new DeliveryWorker(t.app.services).runOnce();
    const [sent] = (await orderStatus(orderId)).deliveries;
    expect(sent).toMatchObject({ id: pending[0].id, state: 'delivered', attempts: 1, last_status: 200, next_attempt_at: null });
    expect(sent.last_attempt_at).toEqual(expect.any(String));
  });
});

describe('the admin API', () => {
  it('lists failed deliveries and sends one again: the same Webhook-Id, delivered', async () => {
    answers.push(410);
    const orderId = await placedOrder();
    const worker = new DeliveryWorker(t.app.services);
    await worker.runOnce();

    expect((await t.call('GET', '/api/admin/webhooks/failed')).status).toBe(401);
    const listed = (await (await admin('GET', '/api/admin/webhooks/failed')).json()) as Json;
    const failed = listed.deliveries.find((d: Json) => d.order_id === orderId);
    expect(failed).toMatchObject({ state: 'failed', last_status: 410, next_attempt_at: null });
    expect(failed.last_error).toContain('410');

    const retried = await admin('POST', `/api/admin/webhooks/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id: failed.id, state: 'pending' });
    const before = hits;
    await worker.runOnce();
    expect(hits).toBe(before + 1);
    const [row] = (await orderStatus(orderId)).deliveries;
    expect(row).toMatchObject({ id: failed.id, state: 'delivered', attempts: 2, last_status: 200 });
    expect(((await (await admin('GET', '/api/admin/webhooks/failed')).json()) as Json).deliveries.map((d: Json) => d.id)).not.toContain(failed.id);
  });

  it('a delivery that does not exist is 404; one that has not failed is answered as it stands', async () => {
    const missing = await admin('POST', '/api/admin/webhooks/deliveries/no-such-delivery/retry');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Json).code).toBe('not_found');
    const orderId = await placedOrder();
    const [pending] = (await orderStatus(orderId)).deliveries;
    const answer = await admin('POST', `/api/admin/webhooks/deliveries/${pending.id}/retry`);
    expect(await answer.json()).toMatchObject({ id: pending.id, state: 'pending', attempts: 0 });
  });
});
