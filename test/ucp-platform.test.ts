/**
 * A UCP platform that knows only the base URL, end to end (issue #34 § 5), over REST and over MCP
 * (the MCP SDK's client), through the real node:http server and database: search → create a
 * checkout → update it with the buyer's e-mail and a destination → requires_escalation with
 * continue_url → the person opens it and pays on the /pay page → the checkout is completed with
 * its order → the confirmation e-mail arrives at a real SMTP server (sent by the outbox's worker,
 * as `npm start` runs one) → the order read signed by the platform (200) and unsigned (401). Every
 * answer is validated against the official UCP schemas of the negotiated capabilities. (The person's side in Chromium is e2e/ucp-checkout.spec.ts;
 * /checkout/{token} is a page of the Next app, so here its domain function stands in for it.)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmationMailWorker } from '../server/payments/confirmation-mail';
import { continueCheckout } from '../server/payments/continue';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { payOnPage } from './support/orders';
import { testServer, type TestServer } from './support/http';
import { testDatabase, type TestDatabase } from './support/app';
import { platformCapability, platformProfile, UCP_DESTINATION } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { testKey, ucpSign } from './support/signing';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { requestProblems, type RequestOperation } from './support/ucp-request-views';

type Json = Record<string, any>;

const CHECKOUT_WITH_FULFILLMENT = 'https://ucp.dev/schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout';
const ORDER = 'https://ucp.dev/schemas/shopping/order.json';
const SEARCH_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_search.json#/$defs/search_response';

let ps: ProfileServer;
let smtp: SmtpSink;
let database: TestDatabase;
let s: TestServer;
let PLATFORM: string;
let confirmations: ConfirmationMailWorker;
const platformKey = testKey('ES256');
const clients: Client[] = [];

beforeAll(async () => {
  ps = await profileServer();
  smtp = await startSmtpSink();
  PLATFORM = `${ps.origin}/platform.json`;
  const profile = platformProfile({ signing_keys: [platformKey.jwk] });
  // The platform shows one fulfillment group per seller.
  (profile.ucp.capabilities as Json)['dev.ucp.shopping.fulfillment'] = [
    platformCapability('dev.ucp.shopping.fulfillment', { extends: 'dev.ucp.shopping.checkout', config: { supports_multi_group: true } }),
  ];
  ps.routes.set('/platform.json', { body: profile, headers: { 'cache-control': 'max-age=600' } });
  database = await testDatabase();
  s = await testServer({ ...ps.env, SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <orders@agent-commerce.test>' }, database);
  confirmations = new ConfirmationMailWorker(s.app.services);
  confirmations.start();
  await seedCatalog(s.app.services.db, [
    { seller: seller('kettle-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] },
    { seller: seller('tea-house'), products: [{ title: 'Oolong Tin', variants: [[1250, 40]] }] },
  ]);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await confirmations?.stop();
  await s?.close();
  await database?.drop();
  await smtp?.close();
  await ps?.close();
});

function conforms(schema: string, body: unknown): void {
  if (UCP_SCHEMAS_MISSING) return;
  const validate = ucpAjv().getSchema(schema)!;
  expect(validate(body), `${schema}: ${JSON.stringify(validate.errors, null, 2)}`).toBe(true);
}

/** A request body a platform may send: valid against the request view of the negotiated checkout schema. */
function platformMaySend(operation: RequestOperation, body: Json): void {
  expect(requestProblems(CHECKOUT_WITH_FULFILLMENT, operation, body), `${operation}: not a request a platform may send`).toBeUndefined();
}

/** The person: opens continue_url (it leads to the live payment link) and pays on the /pay page. */
async function personPays(continueUrl: string): Promise<void> {
  const token = new URL(continueUrl).pathname.split('/').pop()!;
  const answer = await continueCheckout(s.app.services, token);
  if (answer.kind !== 'pay') throw new Error(`continue_url led nowhere to pay: ${JSON.stringify(answer)}`);
  await payOnPage(s.app.services, answer.url, new URL(s.url).origin);
}

/** The checkout steps both transports share, given a way to call each operation. */
interface Platform {
  search(body: Json): Promise<Json>;
  createCheckout(body: Json, key?: string): Promise<Json>;
  updateCheckout(id: string, body: Json, key?: string): Promise<Json>;
  getCheckout(id: string): Promise<Json>;
  completeCheckout(id: string, body: Json, key: string): Promise<Json>;
}

async function buyThrough(platform: Platform, email: string) {
  const found = await platform.search({ query: 'kettle' });
  conforms(SEARCH_RESPONSE, found);
  const variant = found.products[0].variants[0].id as string;

  const create = { line_items: [{ item: { id: variant }, quantity: 1 }] };
  platformMaySend('create', create);
  const created = await platform.createCheckout(create);
  conforms(CHECKOUT_WITH_FULFILLMENT, created);
  expect(created.status).toBe('incomplete');
  expect(created.ucp.payment_handlers).toEqual({});
  expect(created.messages.map((m: Json) => m.code)).toContain('missing');
  expect(created.messages.map((m: Json) => m.path)).toContain('$.buyer.email');

  const update = {
    line_items: [{ id: created.line_items[0].id, item: { id: variant }, quantity: 1 }],
    buyer: { email },
    fulfillment: { methods: [{ type: 'shipping', line_item_ids: [created.line_items[0].id], destinations: [UCP_DESTINATION] }] },
  };
  platformMaySend('update', update);
  const ready = await platform.updateCheckout(created.id, update, randomUUID());
  conforms(CHECKOUT_WITH_FULFILLMENT, ready);
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
  expect(ready.continue_url).toMatch(new RegExp(`^${s.url}/checkout/[A-Za-z0-9_-]{43}$`));
  expect(ready.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'payment_required', severity: 'requires_buyer_input' }));

  // Completing before the person paid charges nothing: the checkout is still escalated.
  const complete = { payment: { instruments: [] } };
  platformMaySend('complete', complete);
  const early = await platform.completeCheckout(created.id, complete, randomUUID());
  conforms(CHECKOUT_WITH_FULFILLMENT, early);
  expect(early).toMatchObject({ status: 'requires_escalation', continue_url: ready.continue_url });

  await personPays(ready.continue_url);
  const completed = await platform.getCheckout(created.id);
  conforms(CHECKOUT_WITH_FULFILLMENT, completed);
  expect(completed.status).toBe('completed');
  expect(completed.order.id).toMatch(/^ord_/);

  const mail = await smtp.nextMail(email, 10_000);
  expect(mail.text).toContain(completed.order.id);
  return { checkoutId: created.id as string, orderId: completed.order.id as string };
}

describe('over REST', () => {
  const headers = () => ({ 'ucp-agent': `profile="${PLATFORM}"`, 'content-type': 'application/json' });
  async function rest(method: string, path: string, body?: Json, key?: string, signed = false): Promise<{ status: number; headers: Headers; body: Json }> {
    let h: Record<string, string> = { ...headers(), ...(key && { 'idempotency-key': key }) };
    if (signed) h = await ucpSign({ method, url: s.url + path, headers: h }, platformKey);
    const res = await fetch(s.url + path, { method, headers: h, body: body && JSON.stringify(body) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
  }
  const ok = async (answer: Promise<{ status: number; body: Json }>, expected = 200) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(expected);
    return body;
  };
  const platform: Platform = {
    search: (body) => ok(rest('POST', '/ucp/catalog/search', body)),
    createCheckout: (body, key) => ok(rest('POST', '/ucp/checkout-sessions', body, key), 201),
    updateCheckout: (id, body, key) => ok(rest('PUT', `/ucp/checkout-sessions/${id}`, body, key)),
    getCheckout: (id) => ok(rest('GET', `/ucp/checkout-sessions/${id}`)),
    completeCheckout: (id, body, key) => ok(rest('POST', `/ucp/checkout-sessions/${id}/complete`, body, key)),
  };

  it('takes a checkout to the person’s payment, and reads the order signed (200) and unsigned (401)', async () => {
    const { checkoutId, orderId } = await buyThrough(platform, 'ada@example.test');

    const signed = await rest('GET', `/ucp/orders/${orderId}`, undefined, undefined, true);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    conforms(ORDER, signed.body);
    expect(signed.body).toMatchObject({ id: orderId, checkout_id: checkoutId });

    const unsigned = await rest('GET', `/ucp/orders/${orderId}`);
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('replays a keyed create byte for byte, and refuses the key with other input', async () => {
    const found = await platform.search({ query: 'oolong' });
    const line = { item: { id: found.products[0].variants[0].id }, quantity: 1 };
    const key = randomUUID();
    const first = await fetch(`${s.url}/ucp/checkout-sessions`, { method: 'POST', headers: { ...headers(), 'idempotency-key': key }, body: JSON.stringify({ line_items: [line] }) });
    const again = await fetch(`${s.url}/ucp/checkout-sessions`, { method: 'POST', headers: { ...headers(), 'idempotency-key': key }, body: JSON.stringify({ line_items: [line] }) });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    const other = await rest('POST', '/ucp/checkout-sessions', { line_items: [{ ...line, quantity: 2 }] }, key);
    expect(other.status).toBe(409);
  });
});

describe('over MCP', () => {
  let client: Client;
  let unsignedClient: Client;
  /** Every request of the platform's client signed with its profile's key (RFC 9421 over the POST). */
  const signingFetch: typeof fetch = async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init.method ?? 'GET';
    // The signature covers UCP-Agent (signatures.md), so the signed client sends it beside meta.
    const unsigned = { ...Object.fromEntries(new Headers(init.headers).entries()), 'ucp-agent': `profile="${PLATFORM}"` };
    const body = typeof init.body === 'string' ? init.body : undefined;
    const headers = await ucpSign({ method, url, headers: unsigned, ...(body !== undefined && { body }) }, platformKey);
    return fetch(input, { ...init, headers });
  };
  async function connect(signed: boolean): Promise<Client> {
    const c = new Client({ name: 'ucp-platform-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/ucp/mcp`), signed ? { fetch: signingFetch } : {}));
    clients.push(c);
    return c;
  }
  beforeAll(async () => {
    client = await connect(true);
    unsignedClient = await connect(false);
  });
  const meta = (key?: string) => ({ 'ucp-agent': { profile: PLATFORM }, ...(key && { 'idempotency-key': key }) });
  async function tool(name: string, args: Json): Promise<Json> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    return result.structuredContent as Json;
  }
  const platform: Platform = {
    search: (catalog) => tool('search_catalog', { meta: meta(), catalog }),
    createCheckout: (checkout, key) => tool('create_checkout', { meta: meta(key), checkout }),
    updateCheckout: (id, checkout, key) => tool('update_checkout', { meta: meta(key), id, checkout }),
    getCheckout: (id) => tool('get_checkout', { meta: meta(), id }),
    completeCheckout: (id, checkout, key) => tool('complete_checkout', { meta: meta(key), id, checkout }),
  };

  it('takes a checkout to the person’s payment, and reads the order signed (a result) and unsigned (HTTP 401)', async () => {
    const { checkoutId, orderId } = await buyThrough(platform, 'grace@example.test');
    const order = await tool('get_order', { meta: meta(), id: orderId });
    conforms(ORDER, order);
    expect(order).toMatchObject({ id: orderId, checkout_id: checkoutId });
    // Authentication keeps its HTTP status on MCP: the SDK's client reports the 401 itself.
    await expect(unsignedClient.callTool({ name: 'get_order', arguments: { meta: meta(), id: orderId } })).rejects.toMatchObject({ code: 401 });
  });

  it('create_checkout without an idempotency key runs; complete_checkout without one is invalid params (-32602)', async () => {
    const found = await platform.search({ query: 'oolong' });
    const created = await platform.createCheckout({ line_items: [{ item: { id: found.products[0].variants[0].id }, quantity: 1 }] });
    expect(created.status).toBe('incomplete');
    await expect(client.callTool({ name: 'complete_checkout', arguments: { meta: meta(), id: created.id, checkout: {} } })).rejects.toMatchObject({ code: -32602 });
  });
});
