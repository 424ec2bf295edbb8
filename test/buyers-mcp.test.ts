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

it('a buyer tool without a credential is refused, naming what it needs', async () => {
  const anonymous = await connect();
  const result = (await anonymous.callTool({ name: 'get_buyer', arguments: {} })) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({ code: 'credential_required', details: { required: 'buyer_token' } });
});
