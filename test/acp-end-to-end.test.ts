/**
 * ACP end to end on the real handler (issue #47 §8), on PGlite (and Postgres where DATABASE_URL is
 * set, as CI runs it): a platform's account registers its order-events URL through the developer
 * API (a pinned HTTPS `.test` receiver that verifies Merchant-Signature), mints an acp:platform
 * key, creates a session, makes it ready_for_payment, delegates 4242… with max_amount = the total
 * and completes it: completed with its order, and the receiver verifies the signed order_create.
 * An admin then records the shipment of every line: order_update, shipped. The walk again over
 * /acp/mcp, to the same signed order_create.
 *
 * Then the refusals, each leaving stock and orders as they were: a replayed token, another
 * session's token, a token in another currency, a total over max_amount, an expired token (the
 * clock moved on), a declining card (0002). And no card number or CVC is anywhere in the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client';
import { orders, variants } from '../server/db/schema';
import { DeliveryWorker } from '../server/webhooks/worker';
import { BASE, freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { ACP_ADDRESS, acpCall, acpError, readySession, sessionOf, type AcpAnswer, type Json } from './support/acp';
import { acpReceiver, merchantSignatureVerifies, type ReceivedDelivery } from './support/acp-receiver';
import { ACP_SCHEMAS_MISSING, acpValidator } from './support/acp-schemas';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { everyRowText } from './support/database-text';
import { signedInDeveloper, type Developer } from './support/developer';
import { profileServer, type ProfileServer } from './support/profile-server';

const ADMIN = 'acp-end-to-end-admin-token-0123456789';
const CARD_4242 = '4242424242424242';
const CARD_0002 = '4000000000000002';
/** A CVC no id or timestamp is likely to hold as a whole JSON or column value. */
const CVC = '7391';

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
let dev: Developer;
let key: string;
let kettle: string;
let secret: string;
const received: ReceivedDelivery[] = [];

const asDeveloper = (extra: Record<string, string> = {}) => ({ Cookie: dev.cookie(BASE), Origin: BASE, 'Idempotency-Key': freshKey(), ...extra });

beforeAll(async () => {
  ps = await profileServer();
  database = await testDatabase();
  t = await testApp({ ...ps.env, ADMIN_TOKEN: ADMIN }, database);
  db = t.app.services.db;
  await seedCatalog(db, [{ seller: seller('e2e-shop', { name: 'E2E Shop' }), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }, { title: 'Copper Whisk', variants: [[899, 50]] }] }]);
  kettle = await variantId(db, 'Enamel Kettle');
  dev = await signedInDeveloper(db);

  // The platform's account, through the developer API: its order-events URL (the secret shown once), then its key.
  const url = acpReceiver(ps, '/platform/agentic_checkout/webhooks/order_events', () => secret, received);
  const registered = await t.call('PUT', '/api/developer/acp-platform', { headers: asDeveloper(), body: { webhook_url: url } });
  const registration = (await registered.json()) as Json;
  expect(registered.status, JSON.stringify(registration)).toBe(200);
  secret = registration.webhook_secret;
  const minted = await t.call('POST', '/api/developer/network-keys', { headers: asDeveloper(), body: { name: 'acp platform', scopes: ['acp:platform'] } });
  const mintedBody = (await minted.json()) as Json;
  expect(minted.status, JSON.stringify(mintedBody)).toBe(201);
  key = mintedBody.secret;
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ps?.close();
});

const call = (method: string, path: string, body?: unknown) => acpCall(t, key, method, path, body);
const session = sessionOf;
const totalOf = (s: Json): number => s.totals.find((x: Json) => x.type === 'total').amount;
const paying = (token: string) => ({ payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'spt', token } } } });
const stock = async () => (await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, kettle)))[0].stock;
const orderCount = async () => (await db.select({ id: orders.id }).from(orders)).length;

const ready = (ctx: { skip(reason: string): void }) => readySession(t, key, kettle, ctx);

/** delegate_payment for `s`: the card and allowance as a platform sends them, `allowance` overriding. */
async function delegate(s: Json, opts: { number?: string; allowance?: Json } = {}): Promise<string> {
  const answer = await call('POST', '/acp/agentic_commerce/delegate_payment', {
    payment_method: { type: 'card', card_number_type: 'fpan', number: opts.number ?? CARD_4242, exp_month: '12', exp_year: '2099', cvc: CVC, display_card_funding_type: 'credit', metadata: {} },
    allowance: {
      reason: 'one_time',
      max_amount: totalOf(s),
      currency: 'usd',
      checkout_session_id: s.id,
      merchant_id: 'api.test.local',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      ...opts.allowance,
    },
    risk_signals: [{ type: 'card_testing', score: 2, action: 'authorized' }],
    metadata: {},
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

/**
 * A tool of ACP's MCP binding called as an MCP client posts it (2025-11-25, stateless: no
 * initialize needed), `meta` carrying the API version; answers its result as an AcpAnswer.
 */
async function tool(name: string, args: Json): Promise<AcpAnswer> {
  const res = await t.call('POST', '/acp/mcp', {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { meta: { api_version: '2026-04-17' }, ...args } } },
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const { result } = JSON.parse(text) as { result: { isError?: boolean; structuredContent: Json } };
  expect(result?.isError, text).toBeFalsy();
  return { status: 200, headers: res.headers, body: result.structuredContent };
}

/** Sends what is due, then answers the events the receiver took since `from`, each verified. */
async function delivered(from: number): Promise<Json[]> {
  while ((await new DeliveryWorker(t.app.services).runOnce()) > 0);
  return received.slice(from).map((r) => {
    expect(r.status, 'the receiver verified the Merchant-Signature').toBe(200);
    expect(merchantSignatureVerifies(r.headers, r.body, secret)).toBe(true);
    return JSON.parse(r.body) as Json;
  });
}

function isOrder(data: Json, ctx: { skip(reason: string): void }): void {
  if (ACP_SCHEMAS_MISSING) return ctx.skip(ACP_SCHEMAS_MISSING);
  const validate = acpValidator('agentic_checkout', 'Order');
  expect(validate(data), JSON.stringify(validate.errors, null, 2)).toBe(true);
}

let paidToken: string;

describe('an ACP platform, end to end', () => {
  it('registers, creates, readies, delegates 4242… for the total, completes; hears order_create, then order_update shipped', async (ctx) => {
    const s = await ready(ctx);
    const before = await stock();
    paidToken = await delegate(s);
    const done = session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(paidToken)), ctx);
    expect(done.status).toBe('completed');
    expect(done.order).toMatchObject({ id: expect.stringMatching(/^ord_/), checkout_session_id: s.id, permalink_url: expect.any(String) });
    expect(await stock()).toBe(before! - 1);

    const [created] = await delivered(0);
    expect(created).toMatchObject({ type: 'order_create', data: { type: 'order', id: done.order.id, checkout_session_id: s.id, status: 'confirmed' } });
    expect(created.data.totals.find((x: Json) => x.type === 'total').amount).toBe(totalOf(s));
    isOrder(created.data, ctx);

    const shipped = await t.call('POST', `/api/admin/orders/${encodeURIComponent(done.order.id)}/fulfillment-events`, {
      headers: { authorization: `Bearer ${ADMIN}`, 'Idempotency-Key': freshKey() },
      body: { type: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
    });
    expect(shipped.status, await shipped.clone().text()).toBe(201);
    const [update] = await delivered(1);
    expect(update).toMatchObject({ type: 'order_update', data: { id: done.order.id, status: 'shipped' } });
    expect(update.data.line_items.map((l: Json) => [l.quantity.fulfilled, l.status])).toEqual([[1, 'fulfilled']]);
    isOrder(update.data, ctx);
  });

  it('the same over /acp/mcp (MCPB): create, update to ready_for_payment, (delegate on REST), complete; the receiver verifies order_create', async (ctx) => {
    const from = received.length;
    const created = sessionOf(await tool('create_checkout_session', { payload: { line_items: [{ id: kettle }], currency: 'usd', capabilities: {} } }), ctx);
    const ready = sessionOf(await tool('update_checkout_session', { id: created.id, payload: { buyer: { email: 'ada@example.com' }, fulfillment_details: { address: ACP_ADDRESS } } }), ctx);
    expect(ready.status).toBe('ready_for_payment');
    const done = sessionOf(await tool('complete_checkout_session', { id: ready.id, payload: paying(await delegate(ready)) }), ctx);
    expect(done.status).toBe('completed');
    const [event] = await delivered(from);
    expect(event).toMatchObject({ type: 'order_create', data: { id: done.order.id, checkout_session_id: ready.id, status: 'confirmed' } });
    isOrder(event.data, ctx);
  });

  describe('refusals, stock and orders untouched', () => {
    /** Completing `s` with `token` is refused 400 payment_token_invalid at the token; nothing changed. */
    async function refused(s: Json, token: string, ctx: { skip(reason: string): void }, message: RegExp): Promise<void> {
      const [before, count] = [await stock(), await orderCount()];
      const error = acpError(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx, 400, 'payment_token_invalid');
      expect(error.param).toBe('$.payment_data.instrument.credential.token');
      expect(error.message).toMatch(message);
      expect([await stock(), await orderCount()]).toEqual([before, count]);
      expect(session(await call('GET', `/acp/checkout_sessions/${s.id}`), ctx).status).toBe('ready_for_payment');
    }

    it('a replayed token (it paid once already)', async (ctx) => {
      await refused(await ready(ctx), paidToken, ctx, /used already/);
    });

    it('another session’s token', async (ctx) => {
      const other = await ready(ctx);
      await refused(await ready(ctx), await delegate(other), ctx, new RegExp(`for checkout session ${other.id}`));
    });

    it('a token in another currency', async (ctx) => {
      const s = await ready(ctx);
      await refused(s, await delegate(s, { allowance: { currency: 'eur' } }), ctx, /currency is eur/);
    });

    it('a total over the token’s max_amount', async (ctx) => {
      const s = await ready(ctx);
      await refused(s, await delegate(s, { allowance: { max_amount: totalOf(s) - 1 } }), ctx, /above the payment token's max_amount/);
    });

    it('an expired token (the clock moved past expires_at)', async (ctx) => {
      const s = await ready(ctx);
      const token = await delegate(s, { allowance: { expires_at: new Date(Date.now() + 60_000).toISOString() } });
      const restore = setClock(new Date(Date.now() + 120_000).toISOString());
      try {
        await refused(s, token, ctx, /expired at/);
      } finally {
        restore();
      }
    });

    it('a declining card (0002): 200 ready_for_payment with payment_declined, the token spent', async (ctx) => {
      const s = await ready(ctx);
      const [before, count] = [await stock(), await orderCount()];
      const token = await delegate(s, { number: CARD_0002 });
      const declined = session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx);
      expect(declined.status).toBe('ready_for_payment');
      expect(declined.messages).toEqual([expect.objectContaining({ type: 'error', code: 'payment_declined' })]);
      expect([await stock(), await orderCount()]).toEqual([before, count]);
      await refused(s, token, ctx, /used already/);
    });
  });

  it('keeps no card number or CVC anywhere in the database', async () => {
    const found: string[] = [];
    const { tables, rows } = await everyRowText(db);
    expect(tables).toEqual(expect.arrayContaining(['acp_delegated_tokens', 'idempotency_records', 'orders', 'order_webhook_deliveries']));
    for (const { table, text } of rows) {
      if (text.includes(CARD_4242) || text.includes(CARD_0002)) found.push(`${table}: a card number`);
      if (new RegExp(`[(,"]${CVC}[,)"]`).test(text)) found.push(`${table}: the CVC`);
    }
    expect(found).toEqual([]);
  });
});
