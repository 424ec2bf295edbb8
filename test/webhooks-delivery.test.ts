/**
 * Order webhooks (issue #35 §3–4): the outbox row an order's payment commits, sent by workers to
 * the webhook URL the platform's profile declares, on a pinned HTTPS `.test` name
 * (test/support/profile-server.ts). The test platform verifies each delivery as a platform would:
 * http-message-signatures against the key in the service's /.well-known/ucp, the Content-Digest,
 * no `alg`, deduplicated by Webhook-Id. Retries keep the Webhook-Id, Webhook-Timestamp and bytes
 * with a fresh signature; a 410 stops; a slow receiver is a timeout; a row committed and never sent
 * is sent by a worker started afresh; two workers never send one row twice; a private address is
 * never connected; a platform without the order capability is skipped. "Time passes" by making a
 * row due in the database, so every signature is made on the real clock the verifier checks.
 */
import net from 'node:net';
import { createPublicKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { createVerifier, httpbis } from 'http-message-signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartOwner } from '../server/carts/store';
import type { Db } from '../server/db/client';
import { orderWebhookDeliveries, webhookGoneUrls } from '../server/db/schema';
import { contentDigestProblem } from '../server/signatures/content-digest';
import { openBody } from '../server/webhooks/sealed-bodies';
import { DeliveryWorker, type WorkerOptions } from '../server/webhooks/worker';
import { BASE, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { placedOrder as placeOrder } from './support/orders';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { platformCapability, platformProfile } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';

type Json = Record<string, any>;

const ORDER = 'dev.ucp.shopping.order';

interface Received {
  headers: Record<string, string>;
  body: string;
  path: string;
}

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
/** Every request each webhook path received, in order. */
const received = new Map<string, Received[]>();
/** What each webhook path answers next (a status, or `slow`: nothing for 15 s); 200 when empty. */
const answers = new Map<string, (number | 'slow')[]>();
/** A TLS-less listener on loopback a private webhook URL names: it must never see a connection. */
let listener: net.Server;
let listenerConnections = 0;

/** Serves a platform profile at /<name>.json whose order capability names `webhook` (none: no order capability). */
function platform(name: string, webhook?: string): string {
  const capabilities = {
    'dev.ucp.shopping.checkout': [platformCapability('dev.ucp.shopping.checkout')],
    ...(webhook !== undefined && { [ORDER]: [platformCapability(ORDER, { config: { webhook_url: webhook } })] }),
  };
  ps.routes.set(`/${name}.json`, { body: platformProfile({ capabilities }), headers: { 'cache-control': 'max-age=600' } });
  return `${ps.origin}/${name}.json`;
}

/** A webhook path of the test platform: records each request, answers as `answers` says. */
function receiver(path: string): string {
  received.set(path, []);
  ps.routes.set(path, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.get(path)!.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), path: req.url! });
      const answer = answers.get(path)?.shift() ?? 200;
      if (answer === 'slow') {
        const timer = setTimeout(() => res.writeHead(200).end('{}'), 15_000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      res.writeHead(answer, { 'content-type': 'application/json', ...(answer === 302 && { location: `${ps.origin}/elsewhere` }) }).end('{}');
    });
  });
  return `${ps.origin}${path}`;
}

beforeAll(async () => {
  ps = await profileServer();
  listener = net.createServer((socket) => {
    listenerConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  database = await testDatabase();
  t = await testApp({ ...ps.env, WEBHOOK_RETRY_SCHEDULE: '5,10,20' }, database);
  db = t.app.services.db;
  await seedCatalog(db, [{ seller: seller('kettle-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 500]] }] }]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ps?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

const ownerOf = (url: string) => cartOwner({ agent: { url, host: new URL(url).hostname, hostKind: 'public' }, buyer: {} });

/** An order placed as a person places one: the platform's cart, its payment link, the /pay form submitted. */
async function placedOrder(profileUrl: string, scope: string | null = null): Promise<string> {
  return (await placeOrder(t.app.services, ownerOf(profileUrl), [['Enamel Kettle', 1]], { scope })).id;
}

const worker = (options: WorkerOptions = {}, app = t) => new DeliveryWorker(app.app.services, options);

async function deliveriesOf(orderId: string) {
  return db.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.orderId, orderId)).orderBy(orderWebhookDeliveries.occurredAt);
}

/** Time passes: the order's pending deliveries are due now. */
async function due(orderId: string): Promise<void> {
  await db.update(orderWebhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(orderWebhookDeliveries.orderId, orderId));
}

/** The service's published keys, as a platform reads them from /.well-known/ucp. */
async function businessKeys(path = '/.well-known/ucp'): Promise<Record<string, string>[]> {
  const res = await t.call('GET', path);
  const profile = (await res.json()) as Json;
  expect(profile.signing_keys, 'the business profile publishes signing_keys').toBeDefined();
  return profile.signing_keys;
}

/** What a platform checks of a delivery; throws on anything wrong. Answers the signature's parameters. */
async function verified(request: Received, keys: Record<string, string>[]): Promise<{ keyid: string; created: number; fields: string[]; input: string }> {
  expect(contentDigestProblem(request.headers['content-digest'] ?? null, Buffer.from(request.body))).toBeNull();
  const input = request.headers['signature-input'];
  expect(input).not.toMatch(/;alg=/);
  let params: { keyid: string; created: number; fields: string[] } | undefined;
  const ok = await httpbis.verifyMessage(
    {
      keyLookup: async (p) => {
        const jwk = keys.find((k) => k.kid === p.keyid);
        if (!jwk) return null;
        return { id: jwk.kid, algs: ['ecdsa-p256-sha256'], verify: createVerifier(createPublicKey({ key: jwk, format: 'jwk' }), 'ecdsa-p256-sha256') };
      },
      requiredParams: ['keyid', 'created', 'expires'],
      requiredFields: ['@method', '@authority', '@path', 'ucp-agent', 'content-digest', 'content-type', 'webhook-id', 'webhook-timestamp', 'idempotency-key'],
    },
    { method: 'POST', url: `${ps.origin}${request.path}`, headers: request.headers },
  );
  expect(ok).toBe(true);
  const m = /^sig1=\(([^)]*)\);(.*)$/.exec(input)!;
  const fields = m[1].split(' ').map((f) => f.replaceAll('"', ''));
  const keyid = /keyid="([^"]+)"/.exec(m[2])![1];
  params = { keyid, created: Number(/created=(\d+)/.exec(m[2])![1]), fields };
  return { ...params, input };
}

describe('a placed order reaches the platform, signed', () => {
  it('sends the order as it stands, once, signed by a key of /.well-known/ucp, with @query covered; the platform dedupes by Webhook-Id', async (ctx) => {
    const hook = receiver('/hooks/placed');
    const profile = platform('placed', `${hook}?tenant=7`);
    const before = Math.floor(Date.now() / 1000);
    const orderId = await placedOrder(profile);
    const after = Math.ceil(Date.now() / 1000);

    const [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ event: 'order_placed', profileUrl: profile, state: 'pending', attempts: 0, scope: null });
    // Enqueueing is an insert: nothing was sent while the person paid.
    expect(received.get('/hooks/placed')).toEqual([]);

    expect(await worker().runOnce()).toBe(1);
    const [request] = received.get('/hooks/placed')!;
    expect(request.path).toBe('/hooks/placed?tenant=7');
    // Stored sealed (a copy of the database holds no permalink_url); sent as the stored bytes open.
    expect(row.body).not.toContain('permalink_url');
    expect(request.body).toBe(await openBody(t.app.services.keys, row.body));
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': row.id,
      'idempotency-key': row.id,
      'ucp-agent': `profile="${BASE}/.well-known/ucp"`,
    });
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(after);

    const signature = await verified(request, await businessKeys());
    expect(signature.fields).toEqual(['@method', '@authority', '@path', '@query', 'ucp-agent', 'content-digest', 'content-type', 'webhook-id', 'webhook-timestamp', 'idempotency-key']);
    expect(signature.input).toMatch(/;keyid="[^"]+";created=\d+;expires=\d+$/);

    const body = JSON.parse(request.body) as Json;
    expect(body.ucp).toEqual({ version: '2026-04-08', capabilities: { [ORDER]: [{ version: '2026-04-08' }] } });
    expect(body).toMatchObject({ id: orderId, currency: 'USD' });
    if (UCP_SCHEMAS_MISSING) ctx.skip(UCP_SCHEMAS_MISSING);
    else {
      const validate = ucpAjv().getSchema('https://ucp.dev/schemas/shopping/order.json')!;
      expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
    }

    const [sent] = await deliveriesOf(orderId);
    expect(sent).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, lastUrl: `${hook}?tenant=7`, leaseUntil: null });
    // Delivered: never sent again.
    expect(await worker().runOnce()).toBe(0);
    expect(new Set(received.get('/hooks/placed')!.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('keeps the connection to a platform open: its next delivery makes no new TLS handshake', async () => {
    const hook = receiver('/hooks/kept');
    const profile = platform('kept', hook);
    await placedOrder(profile);
    await worker().runOnce();
    expect(received.get('/hooks/kept')).toHaveLength(1);
    const connections = ps.connections();
    await placedOrder(profile);
    await worker().runOnce();
    expect(received.get('/hooks/kept')).toHaveLength(2);
    expect(ps.connections()).toBe(connections);
  });

  it('signs an order made at a seller’s endpoint as that seller’s profile', async () => {
    receiver('/hooks/seller');
    const orderId = await placedOrder(platform('seller', `${ps.origin}/hooks/seller`), 'kettle-shop');
    await worker().runOnce();
    const [request] = received.get('/hooks/seller')!;
    expect(request.headers['ucp-agent']).toBe(`profile="${BASE}/store/kettle-shop/.well-known/ucp"`);
    await verified(request, await businessKeys('/store/kettle-shop/.well-known/ucp'));
    expect((await deliveriesOf(orderId))[0]).toMatchObject({ scope: 'kettle-shop', state: 'delivered' });
  });
});

describe('retries', () => {
  it('a 500 is retried on the schedule: the same Webhook-Id, Webhook-Timestamp and bytes, a fresh signature', async () => {
    receiver('/hooks/flaky');
    answers.set('/hooks/flaky', [500, 302]);
    const orderId = await placedOrder(platform('flaky', `${ps.origin}/hooks/flaky`));
    await worker().runOnce();
    let [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    expect(row.lastError).toContain('answered 500');
    // 5 s (WEBHOOK_RETRY_SCHEDULE=5,10,20) ± 10 % after the attempt ended.
    expect(row.nextAttemptAt.getTime() - row.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(4_500);
    expect(row.nextAttemptAt.getTime() - row.lastAttemptAt!.getTime()).toBeLessThanOrEqual(5_500);
    expect(await worker().runOnce()).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second for `created`
    await due(orderId);
    await worker().runOnce();
    [row] = await deliveriesOf(orderId);
    // A redirect is a failed attempt; its Location is never followed.
    expect(row).toMatchObject({ state: 'pending', attempts: 2, lastStatus: 302 });
    expect(row.lastError).toContain('not followed');
    expect(ps.hits.get('/elsewhere')).toBeUndefined();

    await due(orderId);
    await worker().runOnce();
    [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200 });

    const [first, second, third] = received.get('/hooks/flaky')!;
    for (const name of ['webhook-id', 'webhook-timestamp', 'content-digest']) {
      expect(second.headers[name]).toBe(first.headers[name]);
      expect(third.headers[name]).toBe(first.headers[name]);
    }
    expect(third.body).toBe(first.body);
    expect(third.headers.signature).not.toBe(first.headers.signature);
    const keys = await businessKeys();
    const [a, c] = [await verified(first, keys), await verified(third, keys)];
    expect(c.created).toBeGreaterThan(a.created);
    // The timestamp is the event's, not any attempt's.
    expect(Number(third.headers['webhook-timestamp'])).toBeLessThanOrEqual(a.created);
  });

  it('a 410 stops: the delivery fails, and later ones to that URL fail without a request', async () => {
    receiver('/hooks/gone');
    answers.set('/hooks/gone', [410]);
    const profile = platform('gone', `${ps.origin}/hooks/gone`);
    const first = await placedOrder(profile);
    await worker().runOnce();
    expect((await deliveriesOf(first))[0]).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410 });
    expect(await db.select().from(webhookGoneUrls).where(eq(webhookGoneUrls.url, `${ps.origin}/hooks/gone`))).toHaveLength(1);

    const second = await placedOrder(profile);
    await worker().runOnce();
    const [row] = await deliveriesOf(second);
    expect(row.state).toBe('failed');
    expect(row.lastError).toContain('410');
    // The same URL written otherwise by another platform's profile is that URL still.
    const shouting = platform('gone-shouting', `${ps.origin.replace('https://', 'HTTPS://')}/hooks/gone`);
    const third = await placedOrder(shouting);
    await worker().runOnce();
    expect((await deliveriesOf(third))[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(received.get('/hooks/gone')).toHaveLength(1);
  });

  it('a receiver that takes 15 s is a timeout, then a retry', async () => {
    receiver('/hooks/slow');
    answers.set('/hooks/slow', ['slow']);
    const orderId = await placedOrder(platform('slow', `${ps.origin}/hooks/slow`));
    const started = Date.now();
    await worker({ timeoutMs: 1_000 }).runOnce();
    expect(Date.now() - started).toBeLessThan(5_000);
    let [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
    expect(row.lastError).toContain('did not answer within 1 s');

    await due(orderId);
    await worker({ timeoutMs: 1_000 }).runOnce();
    [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(received.get('/hooks/slow')).toHaveLength(2);
  });

  it('past three days after the event a failed attempt ends the delivery: failed, with its reason', async () => {
    receiver('/hooks/down');
    answers.set('/hooks/down', [503]);
    const orderId = await placedOrder(platform('down', `${ps.origin}/hooks/down`));
    // The event was three days ago: the next attempt would fall past the horizon.
    await db.update(orderWebhookDeliveries).set({ occurredAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(orderWebhookDeliveries.orderId, orderId));
    await worker().runOnce();
    const [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 503 });
    expect(row.lastError).toContain('no attempt is left');
  });
});

describe('nothing is lost, nothing sent twice at once', () => {
  it('a row committed and never sent (the process died) is sent by a worker started afresh; so is one whose sender died mid-send', async () => {
    receiver('/hooks/crash');
    const profile = platform('crash', `${ps.origin}/hooks/crash`);
    const never = await placedOrder(profile);
    const midSend = await placedOrder(profile);
    // The second's worker claimed it and died: its lease lapsed.
    await db
      .update(orderWebhookDeliveries)
      .set({ state: 'sending', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(orderWebhookDeliveries.orderId, midSend));
    expect(await worker().runOnce()).toBe(2);
    expect((await deliveriesOf(never))[0].state).toBe('delivered');
    expect((await deliveriesOf(midSend))[0].state).toBe('delivered');
  });

  it('a row another worker holds (its lease live) is left alone', async () => {
    receiver('/hooks/held');
    const orderId = await placedOrder(platform('held', `${ps.origin}/hooks/held`));
    await db
      .update(orderWebhookDeliveries)
      .set({ state: 'sending', leaseUntil: new Date(Date.now() + 30_000) })
      .where(eq(orderWebhookDeliveries.orderId, orderId));
    // (A round may send other tests' deliveries that came due meanwhile: this one stays held.)
    await worker().runOnce();
    expect(received.get('/hooks/held')).toEqual([]);
    expect((await deliveriesOf(orderId))[0]).toMatchObject({ state: 'sending', attempts: 0 });
  });

  it('two instances on one database: every delivery sent, none twice, one order’s in the order they happened', async () => {
    receiver('/hooks/pair');
    const profile = platform('pair', `${ps.origin}/hooks/pair`);
    const second = await testApp({ ...ps.env, WEBHOOK_RETRY_SCHEDULE: '5,10,20' }, database);
    try {
      const orders = [];
      for (let i = 0; i < 6; i++) orders.push(await placedOrder(profile));
      // A later event of the first order, to the same platform: sent only after the first.
      const [placed] = await deliveriesOf(orders[0]);
      await db.insert(orderWebhookDeliveries).values({ ...placed, id: crypto.randomUUID(), event: 'order_voided', occurredAt: new Date(placed.occurredAt.getTime() + 1), createdAt: undefined });
      const a = worker({}, t);
      const b = worker({}, second);
      for (let round = 0; round < 4; round++) await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      const ids = received.get('/hooks/pair')!.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(7);
      expect(new Set(ids).size).toBe(7);
      const first = (await deliveriesOf(orders[0])).map((d) => d.id);
      expect(ids.filter((id) => first.includes(id))).toEqual(first);
      const states = await db.select({ state: orderWebhookDeliveries.state }).from(orderWebhookDeliveries).where(sql`${orderWebhookDeliveries.orderId} IN ${orders}`);
      expect(states.every((s) => s.state === 'delivered')).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('where a delivery may not go', () => {
  it('a webhook URL on a name that resolves to loopback is never connected: a failed attempt each time, with its reason', async () => {
    const port = (listener.address() as net.AddressInfo).port;
    const orderId = await placedOrder(platform('private', `https://localhost:${port}/hook`));
    await worker().runOnce();
    let [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/not public|does not resolve/);
    await due(orderId);
    await worker().runOnce();
    [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(listenerConnections).toBe(0);
  });

  it('an IP-literal or plain-http webhook URL fails at once, never connected', async () => {
    const port = (listener.address() as net.AddressInfo).port;
    const literal = await placedOrder(platform('literal', `https://127.0.0.1:${port}/hook`));
    const plain = await placedOrder(platform('plain', `http://agents.test:${port}/hook`));
    await worker().runOnce();
    const [a] = await deliveriesOf(literal);
    const [b] = await deliveriesOf(plain);
    expect(a).toMatchObject({ state: 'failed', attempts: 1 });
    expect(a.lastError).toContain('IP address');
    expect(b).toMatchObject({ state: 'failed', attempts: 1 });
    expect(b.lastError).toContain('not an https URL');
    expect(listenerConnections).toBe(0);
  });

  it('a platform without the order capability, or without webhook_url, is skipped, not failed', async () => {
    const none = await placedOrder(platform('no-order'));
    const noUrl = 'no-url';
    ps.routes.set(`/${noUrl}.json`, { body: platformProfile({ capabilities: { [ORDER]: [platformCapability(ORDER)] } }), headers: { 'cache-control': 'max-age=600' } });
    const bare = await placedOrder(`${ps.origin}/${noUrl}.json`);
    await worker().runOnce();
    const [a] = await deliveriesOf(none);
    const [b] = await deliveriesOf(bare);
    expect(a).toMatchObject({ state: 'skipped', attempts: 0 });
    expect(a.lastError).toContain(`declares no ${ORDER}`);
    expect(b).toMatchObject({ state: 'skipped' });
    expect(b.lastError).toContain('webhook_url');
  });

  it('a cart made with a key credits no platform: its order is sent nowhere', async () => {
    const order = await placeOrder(t.app.services, 'key:key_test', [['Enamel Kettle', 1]]);
    expect(await deliveriesOf(order.id)).toEqual([]);
  });
});
