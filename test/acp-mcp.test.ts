/**
 * ACP 2026-04-17's checkout over MCP (issue #47 §5; docs/mcp-binding.md, "MCPB") at /acp/mcp,
 * through the MCP SDK's own client over the real node:http server and database, as a platform with
 * its acp:platform key: the tools of openrpc.agentic_checkout.json with its arguments
 * `{meta, id, payload}`, results the REST answers (valid against ACP's CheckoutSession), failures
 * JSON-RPC -32000 with ACP's Error in error.data (valid against ACP's Error), -32602 only for
 * arguments of another shape, and the endpoint's own refusals (no credential, an unknown one) at
 * the HTTP level. A session is walked to completed with a token delegated on REST (MCPB leaves
 * delegate_payment to REST). The same operations on REST are test/acp-checkout.test.ts and
 * test/acp-complete.test.ts.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../server/db/schema';
import { ACP_VERSION } from '../server/errors/acp';
import { updateAcpPlatform } from '../server/keys/acp-platforms';
import { canonicalJson } from '../server/lib/canonical-json';
import { freshKey, testDatabase, type TestDatabase } from './support/app';
import { acpCall, platformKey, type Json } from './support/acp';
import { ACP_SCHEMAS_MISSING, acpSpecFile, acpValidator } from './support/acp-schemas';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { testServer, type TestServer } from './support/http';
import { httpRefusal, mcpClient, mcpEra } from './support/mcp-client';

/** MCPB § Tool Definitions. */
const FIVE_TOOLS = ['create_checkout_session', 'get_checkout_session', 'update_checkout_session', 'complete_checkout_session', 'cancel_checkout_session'];
const META = { api_version: ACP_VERSION };
const ADDRESS = { name: 'Ada Lovelace', line_one: '12 Analytical Way', city: 'Portland', state: 'OR', country: 'US', postal_code: '97201' };

let db: TestDatabase;
let s: TestServer;
let key: string;
let client: Client;
let kettle: string;
let tin: string;
const opened: Client[] = [];

beforeAll(async () => {
  db = await testDatabase();
  s = await testServer({}, db);
  const d = s.app.services.db;
  await seedCatalog(d, [
    { seller: seller('north-shop', { name: 'North Shop' }), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] },
    { seller: seller('south-shop', { name: 'South Shop' }), products: [{ title: 'Oolong Tin', variants: [[900, 40]] }] },
  ]);
  [kettle, tin] = await Promise.all(['Enamel Kettle', 'Oolong Tin'].map((title) => variantId(d, title)));
  ({ key } = await platformKey(s));
  client = await connect();
});
afterAll(async () => {
  for (const c of opened) await c.close();
  await s?.close();
  await db?.drop();
});

async function connect(authorization: string | null = `Bearer ${key}`): Promise<Client> {
  const c = await mcpClient(new URL(`${s.url}/acp/mcp`), authorization ? { Authorization: authorization } : {}, 'acp-mcp-test');
  opened.push(c);
  return c;
}

const call = (name: string, args: Record<string, unknown>, c: Client = client) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const createArgs = (payload: Json = {}, meta: Json = META) => ({ meta, payload: { line_items: [{ id: kettle }], currency: 'usd', capabilities: {}, ...payload } });

const totalOf = (session: Json): number => session.totals.find((t: Json) => t.type === 'total').amount;
const paying = (token: string) => ({ payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'spt', token } } } });

/** A session over MCP with lines, buyer and address: ready_for_payment. */
async function readySession(ctx: { skip(reason: string): void }): Promise<Json> {
  const created = session(await call('create_checkout_session', createArgs()), ctx);
  const ready = session(await call('update_checkout_session', { meta: META, id: created.id, payload: { buyer: { email: 'ada@example.com' }, fulfillment_details: { address: ADDRESS } } }), ctx);
  expect(ready.status).toBe('ready_for_payment');
  return ready;
}

/** The test card delegated on REST for the session's total (MCPB leaves delegate_payment to REST): its vt_ token. */
async function delegate(ready: Json): Promise<string> {
  const answer = await acpCall(s, key, 'POST', '/acp/agentic_commerce/delegate_payment', {
    payment_method: { type: 'card', card_number_type: 'fpan', number: '4242424242424242', exp_month: '12', exp_year: '2099', cvc: '123', display_card_funding_type: 'credit', metadata: {} },
    allowance: { reason: 'one_time', max_amount: totalOf(ready), currency: 'usd', checkout_session_id: ready.id, merchant_id: new URL(s.url).host, expires_at: new Date(Date.now() + 3_600_000).toISOString() },
    risk_signals: [{ type: 'card_testing', score: 2, action: 'authorized' }],
    metadata: {},
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

/** A success: structuredContent, the same JSON as text, valid against ACP's CheckoutSession. */
function session(result: CallToolResult, ctx: { skip(reason: string): void }): Json {
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  const body = result.structuredContent as Json;
  if (!ACP_SCHEMAS_MISSING) {
    const validate = acpValidator('agentic_checkout', body.order ? 'CheckoutSessionWithOrder' : 'CheckoutSession');
    expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
  } else ctx.skip(ACP_SCHEMAS_MISSING);
  return body;
}

/** A refused call: JSON-RPC -32000 whose data is ACP's Error (valid against its schema) with `code`. */
async function acpFailure(called: Promise<unknown>, code: string): Promise<Json> {
  const err = (await called.then(
    () => expect.unreachable('the call succeeded'),
    (e: unknown) => e,
  )) as { code: number; data: Json; message: string };
  expect([err.code, err.data?.code], JSON.stringify(err.data)).toEqual([-32000, code]);
  expect(err.data.type).toBe('invalid_request');
  if (!ACP_SCHEMAS_MISSING) {
    const validate = acpValidator('agentic_checkout', 'Error');
    expect(validate(err.data), JSON.stringify(validate.errors, null, 2)).toBe(true);
  }
  return err.data;
}

/** One JSON-RPC message POSTed without the SDK (as a 2025 client would), to see the HTTP status and headers it travels with. */
async function rpc(method: string, params: unknown, headers: Record<string, string> = { Authorization: `Bearer ${key}` }) {
  const res = await fetch(`${s.url}/acp/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

describe('the endpoint and its tools', () => {
  it('initialize names ACP’s checkout and says what arguments, results and failures look like', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'agent-commerce-acp' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    const instructions = client.getInstructions() ?? '';
    for (const needle of [ACP_VERSION, 'meta.api_version', '{meta, id, payload}', '-32000', '-32602', 'acp:platform']) expect(instructions).toContain(needle);
  });

  it('tools/list names MCPB’s five checkout tools, with arguments meta, id and payload', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...FIVE_TOOLS].sort());
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const args = (name: string) => [Object.keys(byName[name].inputSchema.properties ?? {}), byName[name].inputSchema.required];
    expect(args('create_checkout_session')).toEqual([['meta', 'payload'], ['meta', 'payload']]);
    expect(args('get_checkout_session')).toEqual([['meta', 'id'], ['meta', 'id']]);
    expect(args('update_checkout_session')).toEqual([['meta', 'id', 'payload'], ['meta', 'id', 'payload']]);
    expect(args('complete_checkout_session')).toEqual([['meta', 'id', 'payload'], ['meta', 'id', 'payload']]);
    // Cancel's payload may be left out (MCPB § Argument Structure).
    expect(args('cancel_checkout_session')).toEqual([['meta', 'id', 'payload'], ['meta', 'id']]);
    const meta = byName.create_checkout_session.inputSchema.properties!.meta as Json;
    expect(meta).toMatchObject({ type: 'object', required: ['api_version'], additionalProperties: true });
    expect(Object.keys(meta.properties)).toEqual(['api_version', 'idempotency_key', 'request_id', 'user_agent', 'accept_language', 'signature', 'timestamp']);
    // Served bundled: no $ref leaves the tool's own schema.
    for (const tool of tools) expect(JSON.stringify(tool).match(/"\$ref":"(?!#)[^"]*"/g), tool.name).toBeNull();
    expect(byName.get_checkout_session.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.cancel_checkout_session.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get_checkout_session.outputSchema).toMatchObject({ type: 'object' });
  });

  it('the arguments are openrpc.agentic_checkout.json’s, and a payload ACP’s request schemas take, the served schema takes too', (ctx) => {
    if (ACP_SCHEMAS_MISSING) return ctx.skip(ACP_SCHEMAS_MISSING);
    const openrpc = JSON.parse(fs.readFileSync(acpSpecFile('openrpc/openrpc.agentic_checkout.json'), 'utf8'));
    const tools = s.app.mcp.acpTools;
    for (const tool of tools) {
      const method = openrpc.methods.find((m: Json) => m.name === tool.name);
      expect(method, tool.name).toBeDefined();
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toEqual(method.params.map((p: Json) => p.name));
      expect(tool.inputSchema.required, tool.name).toEqual(method.params.filter((p: Json) => p.required).map((p: Json) => p.name));
    }
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const served = (name: string) => ajv.compile(tools.find((t) => t.name === name)!.inputSchema);
    const cases: [string, string, Json][] = [
      ['create_checkout_session', 'CheckoutSessionCreateRequest', { line_items: [{ id: kettle }], currency: 'usd', capabilities: {} }],
      ['update_checkout_session', 'CheckoutSessionUpdateRequest', { buyer: { email: 'ada@example.com' }, fulfillment_details: { address: ADDRESS } }],
      ['cancel_checkout_session', 'CancelSessionRequest', { intent_trace: { reason_code: 'price_sensitivity' } }],
      ['complete_checkout_session', 'CheckoutSessionCompleteRequest', paying('vt_01J8Z3WXYZ9ABC123')],
    ];
    for (const [tool, definition, payload] of cases) {
      const acp = acpValidator('agentic_checkout', definition);
      expect(acp(payload), `${definition}: ${JSON.stringify(acp.errors)}`).toBe(true);
      const validate = served(tool);
      expect(validate({ meta: META, id: 'cart_x', payload }), `${tool}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // What ACP's schema refuses (no currency), the served one refuses too.
    expect(acpValidator('agentic_checkout', 'CheckoutSessionCreateRequest')({ line_items: [{ id: kettle }], capabilities: {} })).toBe(false);
    expect(served('create_checkout_session')({ meta: META, payload: { line_items: [{ id: kettle }], capabilities: {} } })).toBe(false);
  });

  it('the other MCP endpoints list none of ACP’s tools, and ACP’s none of theirs', async () => {
    const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);
    const acp = names(s.app.mcp.acpTools);
    for (const other of [names(s.app.mcp.tools), names(s.app.mcp.bindingTools)]) expect(other.filter((n) => acp.includes(n))).toEqual([]);
  });
});

describe('checkout sessions over MCP, through REST’s pipeline', () => {
  it('create → update to ready_for_payment → get → cancel; each the REST answer, on the same sessions as REST', async (ctx) => {
    const created = session(await call('create_checkout_session', createArgs({ line_items: [{ id: kettle }, { id: tin, quantity: 2 }] })), ctx);
    expect(created.id).toMatch(/^cart_/);
    expect(created.status).toBe('not_ready_for_payment');
    expect(created.line_items.map((l: Json) => [l.item.id, l.quantity])).toEqual([[kettle, 1], [tin, 2]]);

    const ready = session(await call('update_checkout_session', { meta: META, id: created.id, payload: { buyer: { email: 'ada@example.com' }, fulfillment_details: { address: ADDRESS } } }), ctx);
    expect(ready.status).toBe('ready_for_payment');
    expect(ready.totals.find((t: Json) => t.type === 'total').amount).toBe(3200 + 1800 + 998);

    const got = await call('get_checkout_session', { meta: META, id: created.id });
    expect(session(got, ctx)).toEqual(ready);
    expect(got._meta?.['ai.service/agent-trust']).toBe('credential;kind=key');
    const rest = await acpCall(s, key, 'GET', `/acp/checkout_sessions/${created.id}`);
    expect([rest.status, rest.body]).toEqual([200, ready]);

    const cancelled = session(await call('cancel_checkout_session', { meta: META, id: created.id }), ctx);
    expect(cancelled.status).toBe('canceled');
    // Cancelling again: REST's 405 cart_not_open, as ACP's Error.
    await acpFailure(call('cancel_checkout_session', { meta: META, id: created.id, payload: {} }), 'cart_not_open');
  });

  it('meta fields MCPB names but this service does not act on, and unknown ones, are taken and ignored; a signature without a registered key is not checked', async (ctx) => {
    const meta = { ...META, request_id: 'req_mcp_1234', user_agent: 'agent/1.0', accept_language: 'en-US', signature: 'c2ln', timestamp: '2026-04-17T10:00:00Z', x_future: { any: 1 } };
    expect(session(await call('create_checkout_session', createArgs({}, meta)), ctx).status).toBe('not_ready_for_payment');
  });

  it('meta.signature and meta.timestamp are checked as REST’s Signature and Timestamp, over the payload, once the account registers a signing key', async (ctx) => {
    const platform = await platformKey(s);
    const signer = await connect(`Bearer ${platform.key}`);
    const pair = generateKeyPairSync('ed25519');
    await updateAcpPlatform(s.app.services.db, s.app.services.keys, platform.accountId, { signing_jwk: pair.publicKey.export({ format: 'jwk' }) });
    const args = createArgs();
    const timestamp = new Date().toISOString();
    const signature = sign(null, Buffer.from(`${timestamp}.${canonicalJson(args.payload)}`), pair.privateKey).toString('base64url');
    expect(session(await call('create_checkout_session', { ...args, meta: { ...META, signature, timestamp } }, signer), ctx).status).toBe('not_ready_for_payment');
    const other = createArgs({ line_items: [{ id: tin }] });
    await acpFailure(call('create_checkout_session', { ...other, meta: { ...META, signature, timestamp } }, signer), 'acp_signature_invalid');
    // Unsigned calls are still taken on the key alone (decision 4).
    expect(session(await call('create_checkout_session', createArgs(), signer), ctx).status).toBe('not_ready_for_payment');
  });

  it('meta.idempotency_key: a retry is replayed, other input is idempotency_conflict, REST shares the key on the same path; without one each call acts', async (ctx) => {
    const idem = freshKey();
    const meta = { ...META, idempotency_key: idem };
    const first = await call('create_checkout_session', createArgs({}, meta));
    const again = await call('create_checkout_session', createArgs({}, meta));
    expect(session(again, ctx)).toEqual(session(first, ctx));
    expect(again._meta?.['ai.service/idempotent-replayed']).toBe(true);
    const conflict = await acpFailure(call('create_checkout_session', createArgs({ line_items: [{ id: tin }] }, meta)), 'idempotency_conflict');
    expect(conflict.message).toBeTruthy();
    // REST's Idempotency-Key on the same path is the same key: the same request is replayed there.
    const rest = await acpCall(s, key, 'POST', '/acp/checkout_sessions', createArgs().payload, { 'Idempotency-Key': idem });
    expect([rest.status, rest.headers.get('idempotent-replayed'), rest.body.id]).toEqual([201, 'true', (first.structuredContent as Json).id]);
    // One path's key is not another's (AC §6.1): the same key updates a session.
    const id = (first.structuredContent as Json).id;
    expect(session(await call('update_checkout_session', { meta, id, payload: { buyer: { email: 'ada@example.com' } } }), ctx).buyer).toEqual({ email: 'ada@example.com' });

    const a = session(await call('create_checkout_session', createArgs()), ctx);
    const b = session(await call('create_checkout_session', createArgs()), ctx);
    expect(a.id).not.toBe(b.id);
    await acpFailure(call('create_checkout_session', createArgs({}, { ...META, idempotency_key: 'k'.repeat(256) })), 'idempotency_key_invalid');
  });

  it('create → update → delegate (REST) → complete: completed with its order, the token paying once', async (ctx) => {
    const ready = await readySession(ctx);
    const token = await delegate(ready);
    const done = session(await call('complete_checkout_session', { meta: { ...META, idempotency_key: freshKey() }, id: ready.id, payload: paying(token) }), ctx);
    expect(done.status).toBe('completed');
    expect(done.order).toMatchObject({ id: expect.stringMatching(/^ord_/), checkout_session_id: ready.id });
    const [order] = await s.app.services.db.select().from(orders).where(eq(orders.id, done.order.id));
    expect([order.cartId, order.totals.total_cents]).toEqual([ready.id, totalOf(ready)]);
    expect(session(await call('get_checkout_session', { meta: META, id: ready.id }), ctx)).toMatchObject({ status: 'completed' });
    // The spent token pays nothing else, and a completed session is closed.
    await acpFailure(call('complete_checkout_session', { meta: META, id: ready.id, payload: paying(token) }), 'cart_not_open');
    const other = await readySession(ctx);
    expect((await acpFailure(call('complete_checkout_session', { meta: META, id: other.id, payload: paying(token) }), 'payment_token_invalid')).param).toMatch(/token/);
  });

  it('complete without meta.idempotency_key pays once too', async (ctx) => {
    const ready = await readySession(ctx);
    const done = session(await call('complete_checkout_session', { meta: META, id: ready.id, payload: paying(await delegate(ready)) }), ctx);
    expect([done.status, done.order.checkout_session_id]).toEqual(['completed', ready.id]);
  });

  it('complete refuses what is no token delegated for the session, writing nothing: no payment_data, an unknown token, raw card data', async (ctx) => {
    const ready = await readySession(ctx);
    const placed = (await s.app.services.db.select().from(orders)).length;
    await acpFailure(call('complete_checkout_session', { meta: META, id: ready.id, payload: {} }), 'invalid_request');
    await acpFailure(call('complete_checkout_session', { meta: META, id: ready.id, payload: paying('vt_nothing') }), 'payment_token_invalid');
    const card = { payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'card', number: '4242424242424242', cvc: '123' } } } };
    await acpFailure(call('complete_checkout_session', { meta: META, id: ready.id, payload: card }), 'invalid_request');
    expect(session(await call('get_checkout_session', { meta: META, id: ready.id }), ctx).status).toBe('ready_for_payment');
    expect((await s.app.services.db.select().from(orders)).length).toBe(placed);
  });
});

describe('failures: ACP’s Error in error.data', () => {
  it('meta without api_version is missing_api_version, another version unsupported_api_version, each with supported_versions', async () => {
    const missing = await acpFailure(call('create_checkout_session', createArgs({}, {})), 'missing_api_version');
    expect(missing.supported_versions).toEqual([ACP_VERSION]);
    for (const version of ['2026-01-30', 20260417]) {
      const unsupported = await acpFailure(call('get_checkout_session', { meta: { api_version: version }, id: 'cart_x' }), 'unsupported_api_version');
      expect(unsupported.supported_versions).toEqual([ACP_VERSION]);
    }
  });

  it('they travel over HTTP 200, so every client reads error.data', async () => {
    const raw = await rpc('tools/call', { name: 'get_checkout_session', arguments: { meta: {}, id: 'cart_x' } });
    expect(raw.status).toBe(200);
    expect(raw.body.error).toMatchObject({ code: -32000, data: { type: 'invalid_request', code: 'missing_api_version' } });
  });

  it('a payload its schema refuses is invalid_request with param a JSONPath into the payload', async () => {
    expect((await acpFailure(call('create_checkout_session', createArgs({ currency: 'eur' })), 'invalid_request')).param).toBe('$.currency');
    expect((await acpFailure(call('create_checkout_session', { meta: META, payload: { currency: 'usd', capabilities: {} } }), 'invalid_request')).param).toBe('$.line_items');
    expect((await acpFailure(call('create_checkout_session', createArgs({ line_items: [{ id: kettle }, { id: 'var_unknown' }] })), 'variant_not_found')).param).toBe('$.line_items[1].id');
  });

  it('an unknown session, or another platform’s, is not_found', async (ctx) => {
    await acpFailure(call('get_checkout_session', { meta: META, id: 'cart_nothing' }), 'not_found');
    const other = await platformKey(s);
    const theirs = session(await call('create_checkout_session', createArgs(), await connect(`Bearer ${other.key}`)), ctx);
    await acpFailure(call('update_checkout_session', { meta: META, id: theirs.id, payload: {} }), 'not_found');
  });

  it('a key without acp:platform is forbidden: 403 on REST, -32000 with data.type invalid_request here (MCPB § Authentication and Authorization Errors)', async () => {
    const { key: plain } = await platformKey(s, []);
    const c = await connect(`Bearer ${plain}`);
    await acpFailure(call('get_checkout_session', { meta: META, id: 'cart_x' }, c), 'forbidden');
  });

  it('a spent rate limit is rate_limited over HTTP 200, with Retry-After', async () => {
    const strict = await testServer({ RATE_LIMIT_CREDENTIAL: '2/60' }, db);
    const restoreClock = setClock('2031-05-01T10:00:00Z');
    try {
      const { key: limited } = await platformKey(strict);
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${strict.url}/acp/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${limited}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'get_checkout_session', arguments: { meta: META, id: 'cart_nothing' } } }),
        });
        answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), error: ((await res.json()) as Json).error });
      }
      expect(answers.map((a) => [a.status, a.error.data.code])).toEqual([[200, 'not_found'], [200, 'not_found'], [200, 'rate_limited']]);
      expect(Number(answers[2].retryAfter)).toBeGreaterThan(0);
      expect(answers[2].error).toMatchObject({ code: -32000, data: { type: 'invalid_request' } });
    } finally {
      restoreClock();
      await strict.close();
    }
  });

  it('arguments that are not {meta, id, payload} are invalid params (-32602), before anything of ACP’s', async () => {
    const malformed: [string, Record<string, unknown>, string][] = [
      ['create_checkout_session', { payload: createArgs().payload }, 'meta'],
      ['create_checkout_session', { meta: 'v=2026-04-17', payload: createArgs().payload }, 'meta'],
      ['create_checkout_session', { meta: META }, 'payload'],
      ['update_checkout_session', { meta: META, id: 'cart_x', payload: [] }, 'payload'],
      ['get_checkout_session', { meta: META }, 'id'],
      ['get_checkout_session', { meta: META, id: 42 }, 'id'],
      ['get_checkout_session', { meta: META, id: 'cart_x', payload: {} }, 'payload'],
      ['cancel_checkout_session', { meta: META, id: 'cart_x', reason: 'x' }, 'reason'],
    ];
    for (const [name, args, argument] of malformed) {
      // Without an api_version too: the shape is checked first.
      await expect(call(name, args), `${name} ${JSON.stringify(args)}`).rejects.toMatchObject({ code: -32602, data: { type: 'invalid_request', code: 'invalid_request', param: `$.${argument}` } });
    }
    await expect(call('create_checkout', createArgs())).rejects.toMatchObject({ code: -32602 });
  });
});

describe('the endpoint’s own refusals stay HTTP', () => {
  it('no credential, or an unknown one: 401 with WWW-Authenticate on every request, initialize included', async () => {
    await expect(connect(null)).rejects.toMatchObject(httpRefusal(401));
    await expect(connect('Bearer ak_live_nothing')).rejects.toMatchObject(httpRefusal(401));
    for (const headers of [{}, { Authorization: 'Bearer ak_live_nothing' }] as Record<string, string>[]) {
      const raw = await rpc('tools/list', {}, headers);
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(raw.body).toMatchObject({ id: 7, error: { code: -32000, data: { type: 'invalid_request', code: 'unauthorized' } } });
    }
  });

  it('POST only, the Origin guard, a repeated Authorization refused in ACP’s shape', async () => {
    const get = await fetch(`${s.url}/acp/mcp`, { headers: { Authorization: `Bearer ${key}` } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await get.json()).error).toMatchObject({ code: -32000, data: { code: 'method_not_allowed' } });
    expect((await rpc('tools/list', {}, { Authorization: `Bearer ${key}`, Origin: 'http://evil.example.com' })).status).toBe(403);

    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const { port } = new URL(s.url);
    const response = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.end(`POST /acp/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${key}\r\nAuthorization: Bearer ${key}\r\nContent-Length: ${message.length}\r\nConnection: close\r\n\r\n${message}`),
      );
      socket.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
    });
    const [head, body] = response.split('\r\n\r\n');
    expect(head.split(' ')[1]).toBe('400');
    expect(JSON.parse(body).error.data).toEqual({ type: 'invalid_request', code: 'invalid_request', message: expect.stringContaining('Authorization'), param: '$.Authorization' });
  });

  it(`speaks the era the client pinned (${mcpEra()})`, async () => {
    expect((await client.listTools()).tools.length).toBe(FIVE_TOOLS.length);
  });
});
