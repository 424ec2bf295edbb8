/**
 * The buyer tools through the MCP SDK client against the real node:http server: a key with
 * buyer:write registers, has a code mailed (a real SMTP server) and verifies; the buyer token then
 * reads the buyer and its orders. Every answer is valid against the tool's output schema.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';
import { freshKey } from './support/app';
import { signedInDeveloper } from './support/developer';
import { testServer, type TestServer } from './support/http';
import { startSmtpSink, type SmtpSink } from './support/smtp';

let s: TestServer;
let smtp: SmtpSink;
const clients: Client[] = [];
const ajv = new Ajv2020({ strict: false, allErrors: true });

async function connect(secret?: string): Promise<Client> {
  const c = new Client({ name: 'buyers-mcp-test', version: '1.0.0' });
  const headers: Record<string, string> = secret ? { Authorization: `Bearer ${secret}` } : {};
  await c.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), { requestInit: { headers } }));
  clients.push(c);
  return c;
}

/** Calls a tool and checks its answer against the tool's output schema. */
async function call(c: Client, tools: Tool[], name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
  expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return result.structuredContent as Record<string, any>;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  s = await testServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await s?.close();
  await smtp?.close();
});

it('register_buyer, request_buyer_code and verify_buyer with a key; get_buyer, list_buyer_orders and get_order_status with the buyer token', async () => {
  const dev = await signedInDeveloper(s.app.services.db);
  const caller = createCaller(createContext(s.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() }));
  const { secret } = await caller.developer.mintNetworkKey({ name: 'mcp buyers', scopes: ['buyer:write'] });
  const agent = await connect(secret);
  const { tools } = await agent.listTools();

  const email = `mcp-${freshKey()}@example.org`;
  const { buyer_id } = await call(agent, tools, 'register_buyer', { email, idempotency_key: freshKey() });
  const mail = smtp.nextMail(email);
  await call(agent, tools, 'request_buyer_code', { buyer_id, idempotency_key: freshKey() });
  const code = (await mail).text.match(/\b(\d{6})\b/)![1];
  const { buyer_token } = await call(agent, tools, 'verify_buyer', { buyer_id, code, idempotency_key: freshKey() });

  const asBuyer = await connect(buyer_token);
  expect(await call(asBuyer, tools, 'get_buyer', {})).toMatchObject({ id: buyer_id, email });
  expect(await call(asBuyer, tools, 'list_buyer_orders', { limit: 5 })).toEqual({ orders: [], nextCursor: null });
  const unknown = (await asBuyer.callTool({ name: 'get_order_status', arguments: { order_id: 'ord_unknown' } })) as CallToolResult;
  expect(unknown.isError).toBe(true);
  expect(JSON.parse((unknown.content[0] as { text: string }).text).code).toBe('order_not_found');
});

/** A raw tools/call, to read the HTTP answer an SDK client would act on. */
function rawCall(name: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${s.url}/api/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
  });
}

it('a buyer tool called without a credential is HTTP 401 naming the resource metadata and the scopes; open tools and protocol methods stay open', async () => {
  const res = await rawCall('get_buyer');
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe(
    `Bearer resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/mcp", scope="buyer:write dev.ucp.shopping.order:read"`,
  );
  const anonymous = await connect();
  expect((await anonymous.listTools()).tools.length).toBeGreaterThan(0);
  const open = (await anonymous.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { profile: 'https://agent.shopbot.dev/p.json' } } } })) as CallToolResult;
  expect(open.isError).toBeFalsy();
});

it('a credential without what the tool needs is HTTP 403 insufficient_scope naming it', async () => {
  const dev = await signedInDeveloper(s.app.services.db);
  const caller = createCaller(createContext(s.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() }));
  const { secret } = await caller.developer.mintNetworkKey({ name: 'no scopes', scopes: [] });
  for (const [tool, scope] of [['register_buyer', 'buyer:write'], ['get_buyer', 'buyer_token']]) {
    const res = await rawCall(tool, { Authorization: `Bearer ${secret}` });
    expect(res.status, tool).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/mcp"`);
  }
});
