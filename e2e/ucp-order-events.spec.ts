/**
 * Order webhooks as a platform lives them (issue #35 §4), against `npm start`, in Chromium: the
 * platform's profile on the agents' host declares dev.ucp.shopping.order with a webhook_url there
 * (e2e/support/agents-host.ts records what it receives). A checkout on UCP's binding, the person
 * pays at continue_url, the operator records `shipped` then `delivered`: the platform receives three
 * events, in that order, each verified as a platform would (Content-Digest over the raw body,
 * http-message-signatures against the key the service's /.well-known/ucp publishes, no `alg`),
 * each with its own Webhook-Id, each the order as it stood. The worker of `npm start` sends them;
 * the test only waits (expect.poll).
 */
import type https from 'node:https';
import { createPublicKey, randomUUID } from 'node:crypto';
import { CARDS, payWith } from './support/purchase';
import { expect, test } from '@playwright/test';
import { createVerifier, httpbis } from 'http-message-signatures';
import { E2E_ADMIN_TOKEN } from '../playwright.config';
import { BINDING_CAPABILITIES } from '../server/negotiation/capabilities';
import { contentDigestProblem } from '../server/signatures/content-digest';
import { platformCapability, platformProfile, UCP_DESTINATION } from '../test/support/platform-profile';
import { agentsHost, serveAgentsHost, type ReceivedPost } from './support/agents-host';

type Json = Record<string, any>;

const PORT = Number(process.env.E2E_PORT ?? 3210);
const ORDER = 'dev.ucp.shopping.order';
const PROFILE = `${agentsHost(PORT).origin}/ucp/order-events.json`;
/** A query, so the signature covers @query too. */
const WEBHOOK = `${agentsHost(PORT).origin}/ucp/orders-hook?tenant=e2e`;
const COVERED = ['@method', '@authority', '@path', '@query', 'ucp-agent', 'content-digest', 'content-type', 'webhook-id', 'webhook-timestamp', 'idempotency-key'];

const inbox: ReceivedPost[] = [];
let agentsServer: https.Server;
test.beforeAll(async () => {
  // Every capability of the binding, the order capability naming the webhook.
  const capabilities = Object.fromEntries(Object.keys(BINDING_CAPABILITIES).map((name) => [name, [platformCapability(name, name === ORDER ? { config: { webhook_url: WEBHOOK } } : {})]]));
  agentsServer = await serveAgentsHost(PORT, new Map([['/ucp/order-events.json', platformProfile({ capabilities })]]), new Map([['/ucp/orders-hook', inbox]]));
});
test.afterAll(async () => {
  await new Promise((resolve) => agentsServer?.close(resolve));
});

/** The platform's call of the binding: UCP-Agent always, a fresh Idempotency-Key on writes. */
async function call(method: string, url: string, body?: Json): Promise<{ status: number; body: Json }> {
  const headers = { 'UCP-Agent': `profile="${PROFILE}"`, ...(body && { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }) };
  const res = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

/** What a platform checks of a delivery before it believes it; throws on anything wrong. */
async function verify(request: ReceivedPost, keys: Json[], ucpAgent: string): Promise<void> {
  expect(contentDigestProblem(request.headers['content-digest'] ?? null, Buffer.from(request.body))).toBeNull();
  expect(request.headers['signature-input']).not.toMatch(/;alg=/);
  expect(request.headers['signature-input']).toMatch(/^sig1=\("@method" "@authority" "@path" "@query" [^)]*\);keyid="[^"]+";created=\d+;expires=\d+$/);
  expect(request.headers).toMatchObject({ 'content-type': 'application/json', 'ucp-agent': ucpAgent, 'idempotency-key': request.headers['webhook-id'] });
  const ok = await httpbis.verifyMessage(
    {
      keyLookup: async ({ keyid }) => {
        const jwk = keys.find((k) => k.kid === keyid);
        return jwk ? { id: jwk.kid, algs: ['ecdsa-p256-sha256'], verify: createVerifier(createPublicKey({ key: jwk, format: 'jwk' }), 'ecdsa-p256-sha256') } : null;
      },
      requiredParams: ['keyid', 'created', 'expires'],
      requiredFields: COVERED,
    },
    { method: 'POST', url: `${agentsHost(PORT).origin}${request.url}`, headers: request.headers },
  );
  expect(ok).toBe(true);
}

test('a platform that declared a webhook URL hears of its order placed, shipped and delivered: three signed events, each the order as it stood', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const manifest = (await call('GET', `${baseURL}/.well-known/ucp`)).body;
  const keys = manifest.signing_keys as Json[];
  expect(keys.length).toBeGreaterThan(0);
  const endpoint = (manifest.ucp.services['dev.ucp.shopping'] as Json[]).find((s) => s.transport === 'rest')!.endpoint as string;

  const found = await call('POST', `${endpoint}/catalog/search`, { query: 'wireless headphones' });
  const variant = (found.body.products as Json[]).flatMap((p) => p.variants as Json[]).find((v) => v.availability?.available !== false)!;
  const line_items = [{ item: { id: variant.id }, quantity: 1 }];
  const created = await call('POST', `${endpoint}/checkout-sessions`, { line_items });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const ready = await call('PUT', `${endpoint}/checkout-sessions/${created.body.id}`, {
    line_items,
    buyer: { email: `order-events-${Date.now()}@example.com` },
    fulfillment: { methods: [{ type: 'shipping', destinations: [UCP_DESTINATION] }] },
  });
  expect(ready.body.status, JSON.stringify(ready.body.messages)).toBe('requires_escalation');

  // The person pays at continue_url; nothing has reached the platform before.
  expect(inbox).toEqual([]);
  await page.goto(ready.body.continue_url);
  await payWith(page, CARDS.success);
  await expect(page.getByText(/ord_[0-9a-z]{26}/)).toBeVisible();
  const orderId = (await call('GET', `${endpoint}/checkout-sessions/${created.body.id}`)).body.order.id as string;

  // The operator records the seller's shipment and its delivery at once, before the platform has
  // heard of the order: the worker still sends one order's events in the order they happened.
  const fulfillment = async (type: 'shipped' | 'delivered') => {
    const res = await fetch(`${baseURL}/api/admin/orders/${orderId}/fulfillment-events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type, carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  await fulfillment('shipped');
  await fulfillment('delivered');
  await expect.poll(() => inbox.length, { timeout: 15_000, message: 'the order’s three events reach the platform' }).toBeGreaterThanOrEqual(3);
  // Nothing more is sent: each event once.
  await page.waitForTimeout(2_000);
  expect(inbox).toHaveLength(3);

  for (const request of inbox) {
    expect(request.url).toBe('/ucp/orders-hook?tenant=e2e');
    await verify(request, keys, `profile="${baseURL}/.well-known/ucp"`);
  }
  expect(new Set(inbox.map((r) => r.headers['webhook-id'])).size).toBe(3);
  const timestamps = inbox.map((r) => Number(r.headers['webhook-timestamp']));
  expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));

  const [placed, shipped, delivered] = inbox.map((r) => JSON.parse(r.body) as Json);
  for (const body of [placed, shipped, delivered]) {
    expect(body).toMatchObject({ id: orderId, checkout_id: created.body.id, ucp: { capabilities: { [ORDER]: [{ version: expect.any(String) }] } } });
  }
  const line = (body: Json) => body.line_items[0] as Json;
  const events = (body: Json) => (body.fulfillment.events as Json[]).map((e) => e.type);
  expect(line(placed)).toMatchObject({ quantity: { total: 1, fulfilled: 0 }, status: 'processing' });
  expect(events(placed)).toEqual([]);
  expect(line(shipped)).toMatchObject({ quantity: { total: 1, fulfilled: 1 }, status: 'fulfilled' });
  expect(events(shipped)).toEqual(['shipped']);
  expect(shipped.fulfillment.events[0]).toMatchObject({ carrier: 'UPS', tracking_number: '1Z999AA10123456784', line_items: [{ id: line(placed).id, quantity: 1 }] });
  expect(line(delivered)).toMatchObject({ quantity: { total: 1, fulfilled: 1 }, status: 'fulfilled' });
  expect(events(delivered)).toEqual(['shipped', 'delivered']);
});
