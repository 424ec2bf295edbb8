/**
 * UCP's shopping binding over MCP (issue #33) at <base>/ucp/mcp and <base>/store/{handle}/ucp/mcp,
 * through the MCP SDK's own client over the real node:http server and database, the platform
 * profile served over HTTPS on a pinned .test name (test/support/profile-server.ts): its own tools
 * (the seed API's /api/mcp unchanged beside it), arguments as mcp.openrpc.json gives them, answers
 * valid against the official UCP schemas, and UCP's MCP error model: discovery failures -32001 and
 * invalid params -32602 as HTTP 200 with error.data, business outcomes as results, protocol errors
 * with their HTTP status. The same operations on REST are test/ucp-binding.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { addAgentProfile } from '../server/keys/agent-profiles';
import { testDatabase, type TestDatabase } from './support/app';
import { setClock } from './support/clock';
import { signedInDeveloper } from './support/developer';
import { testServer, type TestServer } from './support/http';
import { mcpClient, mcpEra } from './support/mcp-client';
import { platformProfile, serveProfile, ucpAgentHeader } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';
import { mintKey } from './support/x402-agent';

type Json = Record<string, any>;

const SEARCH_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_search.json#/$defs/search_response';
const LOOKUP_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/lookup_response';
const PRODUCT_RESPONSE = 'https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/get_product_response';
const ERROR_RESPONSE = 'https://ucp.dev/schemas/shopping/types/error_response.json';
/** Every method of mcp.openrpc.json. */
const BINDING_TOOLS = [
  ...['search_catalog', 'lookup_catalog', 'get_product'],
  ...['create_cart', 'get_cart', 'update_cart', 'cancel_cart'],
  ...['create_checkout', 'get_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout'],
  'get_order',
];

/** Each tool's arguments, all required, as mcp.openrpc.json lists them (checked against it below when UCP_SCHEMAS_DIR is set). */
const TOOL_ARGUMENTS: Record<string, string[]> = {
  search_catalog: ['meta', 'catalog'],
  lookup_catalog: ['meta', 'catalog'],
  get_product: ['meta', 'catalog'],
  create_cart: ['meta', 'cart'],
  get_cart: ['meta', 'id'],
  update_cart: ['meta', 'id', 'cart'],
  cancel_cart: ['meta', 'id'],
  create_checkout: ['meta', 'checkout'],
  get_checkout: ['meta', 'id'],
  update_checkout: ['meta', 'id', 'checkout'],
  complete_checkout: ['meta', 'id', 'checkout'],
  cancel_checkout: ['meta', 'id'],
  get_order: ['meta', 'id'],
};
const READS = ['search_catalog', 'lookup_catalog', 'get_product', 'get_cart', 'get_checkout', 'get_order'];

let ps: ProfileServer;
let db: TestDatabase;
let s: TestServer;
let PLATFORM: string;
let client: Client;
const opened: Client[] = [];

beforeAll(async () => {
  ps = await profileServer();
  PLATFORM = serveProfile(ps, '/platform.json');
  serveProfile(ps, '/no-catalog.json', platformProfile({ capabilities: {} }));
  serveProfile(ps, '/other-version.json', platformProfile({ version: '2026-01-11' }));
  serveProfile(ps, '/not-a-profile.json', { hello: 'world' });
  db = await testDatabase();
  s = await testServer(ps.env, db);
  await ensureDemoCatalog(s.app.services.db);
  client = await connect();
});
afterAll(async () => {
  for (const c of opened) await c.close();
  await s?.close();
  await db?.drop();
  await ps?.close();
});

async function connect(path = '/ucp/mcp', headers: Record<string, string> = {}, server: TestServer = s): Promise<Client> {
  const c = await mcpClient(new URL(`${server.url}${path}`), headers, 'ucp-mcp-test');
  opened.push(c);
  return c;
}

const meta = (profile = PLATFORM) => ({ 'ucp-agent': { profile } });

/** A tools/call as mcp.openrpc.json has it: `meta`, then the REST body under `catalog`. */
function call(name: string, catalog: unknown, c: Client = client, profile = PLATFORM): Promise<CallToolResult> {
  return c.callTool({ name, arguments: { meta: meta(profile), catalog } }) as Promise<CallToolResult>;
}

/** A success (or business outcome): structuredContent, and the same JSON as text content. */
function answerOf(result: CallToolResult): Json {
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as Json;
}

/** One JSON-RPC message POSTed without the SDK, to see the HTTP status and headers it travels with. */
async function rpc(path: string, method: string, params: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Json }> {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const toolsCall = (name: string, args: unknown) => ({ name, arguments: args });

function conforms(schema: string, body: unknown, ctx: { skip(reason: string): void }): void {
  if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema(schema)!;
  expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
}

describe('protocol methods need no platform profile', () => {
  it('initialize names the binding and says how to identify and what failures look like', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'agent-commerce-ucp' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    const instructions = client.getInstructions() ?? '';
    for (const needle of ['2026-04-08', 'meta["ucp-agent"]', 'error_response', '-32001', '-32602']) expect(instructions).toContain(needle);
  });

  it('ping (2025; 2026-07-28 removed it)', async () => {
    if (mcpEra() === '2026-07-28') await expect(client.ping()).rejects.toThrow();
    else expect(await client.ping()).toEqual({});
  });

  it('tools/list: exactly the binding’s tools, with mcp.openrpc.json’s arguments and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...BINDING_TOOLS].sort());
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(Object.keys(tool.inputSchema.properties!), tool.name).toEqual(TOOL_ARGUMENTS[tool.name]);
      expect(tool.inputSchema.required, tool.name).toEqual(TOOL_ARGUMENTS[tool.name]);
      expect(tool.outputSchema?.type).toBe('object');
      // The reads (the catalog's POSTs included) take no idempotency key; every change does.
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: READS.includes(tool.name), openWorldHint: false });
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t])) as Record<string, Tool>;
    // The requests of docs/catalog/mcp.md's examples are valid arguments.
    const examples: Record<string, Json> = {
      search_catalog: { query: 'blue running shoes', context: { address_country: 'US', intent: 'comfortable everyday shoes' }, filters: { categories: ['Footwear'], price: { max: 15000 } }, pagination: { limit: 20 } },
      lookup_catalog: { ids: ['prod_abc123', 'var_xyz789'], context: { address_country: 'US' } },
      get_product: { id: 'prod_abc123', selected: [{ name: 'Color', label: 'Blue' }], preferences: ['Color', 'Size'], context: { address_country: 'US' } },
    };
    for (const [name, catalog] of Object.entries(examples)) {
      const validate = ajv.compile(byName[name].inputSchema);
      expect(validate({ meta: meta('https://platform.example/profiles/shopping-agent.json'), catalog }), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(validate({ catalog }), name).toBe(false);
    }
    // A business outcome is a result too, so each output schema takes UCP's error_response.
    const outcome = { ucp: { version: '2026-04-08', status: 'error' }, messages: [{ type: 'error', code: 'not_found', content: 'No such product.', severity: 'unrecoverable' }] };
    for (const tool of tools) expect(ajv.validate(tool.outputSchema!, outcome), tool.name).toBe(true);
  });

  it('the tools’ arguments are mcp.openrpc.json’s', (ctx) => {
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    const openrpc = JSON.parse(readFileSync(path.join(process.env.UCP_SCHEMAS_DIR!, 'services/shopping/mcp.openrpc.json'), 'utf8')) as { methods: { name: string; params: { name: string }[] }[] };
    expect(Object.fromEntries(openrpc.methods.map((m) => [m.name, m.params.map((p) => p.name)]))).toEqual(TOOL_ARGUMENTS);
  });

  it('/api/mcp is unchanged: the seed API’s tools, none of the binding’s, and the binding lists none of the seed API’s', async () => {
    const seed = await connect('/api/mcp');
    expect(seed.getServerVersion()).toMatchObject({ name: 'agent-commerce' });
    const { tools } = await seed.listTools();
    expect(tools.map((t) => t.name)).toEqual(s.app.mcp.tools.map((t) => t.name));
    expect(tools.map((t) => t.name)).not.toContain('lookup_catalog');
    // The seed API's search_catalog takes its own arguments, not UCP's.
    const search = tools.find((t) => t.name === 'search_catalog')!;
    expect(search.inputSchema.properties).not.toHaveProperty('catalog');
    expect(s.app.mcp.bindingTools.map((t) => t.name).sort()).toEqual([...BINDING_TOOLS].sort());
    const openrpc = await (await fetch(`${s.url}/api/mcp/openrpc.json`)).json();
    expect(openrpc.methods.map((m: { name: string }) => m.name)).toEqual(tools.map((t) => t.name));
  });
});

describe('the catalog tools', () => {
  it('search_catalog answers UCP’s search_response with the negotiated capability, valid against UCP’s schema', async (ctx) => {
    const answer = answerOf(await call('search_catalog', { query: 'headphones', pagination: { limit: 3 } }));
    expect(answer.ucp).toEqual({ version: '2026-04-08', status: 'success', capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] } });
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.length).toBeLessThanOrEqual(3);
    conforms(SEARCH_RESPONSE, answer, ctx);
  });

  it('lookup_catalog and get_product answer UCP’s lookup and product responses; the REST binding answers the same', async (ctx) => {
    const [product] = answerOf(await call('search_catalog', { query: 'jacket', pagination: { limit: 1 } })).products;
    const variant = product.variants[0];
    const lookup = answerOf(await call('lookup_catalog', { ids: [product.id, variant.id, 'prod_unknown'] }));
    expect(lookup.ucp.capabilities).toEqual({ 'dev.ucp.shopping.catalog.lookup': [{ version: '2026-04-08' }] });
    expect(lookup.products.map((p: Json) => p.id)).toContain(product.id);
    conforms(LOOKUP_RESPONSE, lookup, ctx);
    const one = answerOf(await call('get_product', { id: product.id }));
    expect(one.product.id).toBe(product.id);
    conforms(PRODUCT_RESPONSE, one, ctx);
    const rest = await s.call('POST', '/ucp/catalog/product', { headers: { 'UCP-Agent': ucpAgentHeader(PLATFORM) }, body: { id: product.id } });
    expect(await rest.json()).toEqual(one);
  });

  it('an unknown product is the business outcome not_found: a result (never isError) whose structuredContent is UCP’s error_response', async (ctx) => {
    const result = await call('get_product', { id: 'prod_does_not_exist' });
    expect(result.isError).toBeFalsy();
    const outcome = answerOf(result);
    expect(outcome).toMatchObject({ ucp: { version: '2026-04-08', status: 'error' }, messages: [{ type: 'error', code: 'not_found', severity: 'unrecoverable' }] });
    expect(Object.keys(outcome).sort()).toEqual(['continue_url', 'messages', 'ucp']);
    conforms(ERROR_RESPONSE, outcome, ctx);
  });

  it('takes the profile from the UCP-Agent header too; named differently in meta it is a conflict, kept as HTTP 400', async () => {
    const withHeader = await connect('/ucp/mcp', { 'UCP-Agent': ucpAgentHeader(PLATFORM) });
    const result = (await withHeader.callTool({ name: 'search_catalog', arguments: { catalog: { query: 'coffee' } } })) as CallToolResult;
    expect(answerOf(result).products.length).toBeGreaterThan(0);
    // The same profile in both places is one profile.
    expect(answerOf(await call('search_catalog', { query: 'coffee' }, withHeader)).products.length).toBeGreaterThan(0);
    const conflict = await rpc('/ucp/mcp', 'tools/call', toolsCall('search_catalog', { meta: meta(`${ps.origin}/other-version.json`), catalog: { query: 'coffee' } }), { 'UCP-Agent': ucpAgentHeader(PLATFORM) });
    expect(conflict.status).toBe(400);
    expect(conflict.body.error).toMatchObject({ code: -32000, data: { code: 'conflicting_credentials', messages: [expect.objectContaining({ code: 'conflicting_credentials' })] } });
  });
});

describe('negotiation errors are JSON-RPC -32001 with error.data, over HTTP 200', () => {
  const cases: [string, string, () => Json][] = [
    ['no meta at all', 'invalid_profile_url', () => ({ catalog: { query: 'jacket' } })],
    ['a profile that is no URL', 'invalid_profile_url', () => ({ meta: { 'ucp-agent': { profile: 'not a url' } }, catalog: { query: 'jacket' } })],
    ['a profile that does not answer 200', 'profile_unreachable', () => ({ meta: meta(`${ps.origin}/missing.json`), catalog: { query: 'jacket' } })],
    ['a document that is no platform profile', 'profile_malformed', () => ({ meta: meta(`${ps.origin}/not-a-profile.json`), catalog: { query: 'jacket' } })],
    ['a profile at another version', 'version_unsupported', () => ({ meta: meta(`${ps.origin}/other-version.json`), catalog: { query: 'jacket' } })],
  ];

  it.each(cases)('%s: %s', async (_, code, args) => {
    await expect(client.callTool({ name: 'search_catalog', arguments: args() })).rejects.toMatchObject({
      code: -32001,
      data: { code, content: expect.any(String), continue_url: `${s.url}/`, messages: [expect.objectContaining({ type: 'error', code })] },
    });
    const raw = await rpc('/ucp/mcp', 'tools/call', toolsCall('search_catalog', args()));
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32001, data: { code } } });
  });

  it('a profile without the catalog capability: the business outcome capabilities_incompatible, a result', async (ctx) => {
    const outcome = answerOf(await call('search_catalog', { query: 'jacket' }, client, `${ps.origin}/no-catalog.json`));
    expect(outcome).toMatchObject({ ucp: { status: 'error', capabilities: {} }, messages: [{ code: 'capabilities_incompatible', severity: 'unrecoverable' }] });
    conforms(ERROR_RESPONSE, outcome, ctx);
  });
});

describe('invalid params are JSON-RPC -32602 with error.data, over HTTP 200', () => {
  it('a request the operation refuses names the argument path under catalog', async () => {
    const refused = client.callTool({ name: 'get_product', arguments: { meta: meta(), catalog: { id: 42 } } });
    await expect(refused).rejects.toMatchObject({ code: -32602, data: { code: 'invalid_request', details: { issues: [expect.objectContaining({ path: 'catalog.id' })] } } });
    const raw = await rpc('/ucp/mcp', 'tools/call', toolsCall('search_catalog', { meta: meta(), catalog: {} }));
    expect(raw.status).toBe(200);
    expect(raw.body.error).toMatchObject({ code: -32602, data: { code: 'invalid_request', messages: [expect.objectContaining({ code: 'invalid_request', severity: 'recoverable' })] } });
  });

  it('catalog missing or no object, and an argument the tool does not take', async () => {
    const issuesOf = async (args: Json) => {
      const raw = await rpc('/ucp/mcp', 'tools/call', toolsCall('search_catalog', args));
      expect(raw.status).toBe(200);
      expect(raw.body.error.code, JSON.stringify(raw.body)).toBe(-32602);
      return raw.body.error.data.details.issues as Json[];
    };
    expect(await issuesOf({ meta: meta() })).toEqual([expect.objectContaining({ path: 'catalog', message: expect.stringContaining('Required') })]);
    expect(await issuesOf({ meta: meta(), catalog: 'headphones' })).toEqual([expect.objectContaining({ path: 'catalog', message: expect.stringContaining('object') })]);
    expect(await issuesOf({ meta: meta(), catalog: { query: 'jacket' }, query: 'jacket' })).toEqual([expect.objectContaining({ path: 'query', message: expect.stringContaining('meta, catalog') })]);
  });

  it('a negotiation failure comes before the arguments are read', async () => {
    const raw = await rpc('/ucp/mcp', 'tools/call', toolsCall('search_catalog', { catalog: 'headphones' }));
    expect(raw.body.error).toMatchObject({ code: -32001, data: { code: 'invalid_profile_url' } });
  });

  it('an unknown tool is invalid params', async () => {
    await expect(client.callTool({ name: 'create_cart', arguments: { meta: meta() } })).rejects.toMatchObject({ code: -32602 });
  });
});

/** The MCP endpoints: the seed API's, and the binding's at the network and at a seller. */
const MCP_ENDPOINTS = ['/api/mcp', '/ucp/mcp', '/store/acme-outdoors/ucp/mcp'];

describe('a tools/call whose params are not the request’s shape is -32602 with a sentence, on every MCP endpoint', () => {
  const cases: [string, unknown, RegExp][] = [
    ['arguments as an array', { name: 'search_catalog', arguments: [{ query: 'tent' }] }, /params\.arguments must be an object .*, not an array/],
    ['arguments as a string', { name: 'search_catalog', arguments: 'tent' }, /params\.arguments must be an object .*, not a string/],
    ['arguments null', { name: 'search_catalog', arguments: null }, /params\.arguments must be an object .*, not null/],
    ['no name', { arguments: {} }, /params\.name must be the tool’s name, a string .*, not missing/],
    ['a name that is no string', { name: 42, arguments: {} }, /params\.name must be the tool’s name, a string/],
    ['no params', undefined, /tools\/call needs params: an object with the tool’s name and its arguments/],
  ];
  for (const [what, params, sentence] of cases) {
    it(what, async () => {
      for (const endpoint of MCP_ENDPOINTS) {
        const raw = await rpc(endpoint, 'tools/call', params, { 'UCP-Agent': ucpAgentHeader(PLATFORM) });
        expect(raw.status, endpoint).toBe(200);
        expect(raw.body.error, `${endpoint}: ${JSON.stringify(raw.body)}`).toMatchObject({ code: -32602, message: expect.stringMatching(sentence) });
        // A sentence, not the schema library's issue list.
        expect(raw.body.error.message, endpoint).not.toMatch(/"code":|invalid_type|expected/);
      }
    });
  }

  it('the SDK client is told the same', async () => {
    const seed = await connect('/api/mcp');
    for (const c of [client, seed]) {
      await expect(c.callTool({ name: 'search_catalog', arguments: [] as unknown as Record<string, unknown> })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/not an array/) });
    }
  });
});

describe('a missing idempotency key is named as the caller’s surface takes it', () => {
  const KEY_PLACES = ['Idempotency-Key header', 'idempotency_key argument', 'meta["idempotency-key"]'];
  /** The refusal's message names `place`, and no other surface's. */
  function namesOnly(message: string, place: string): void {
    expect(message).toContain(place);
    for (const other of KEY_PLACES.filter((p) => p !== place)) expect(message).not.toContain(other);
  }

  it('REST under /api/agent and /ucp: the Idempotency-Key header', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${s.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'UCP-Agent': ucpAgentHeader(PLATFORM) }, body: JSON.stringify(body) });
    for (const res of [await post('/api/agent/cart', {}), await post('/ucp/carts/cart_01J0000000000000000000000/cancel', {})]) {
      const body = await res.json();
      expect([res.status, body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
      namesOnly(body.error, 'Idempotency-Key header');
    }
  });

  it('/api/mcp: the idempotency_key argument', async () => {
    const raw = await rpc('/api/mcp', 'tools/call', toolsCall('create_cart', {}), { 'UCP-Agent': ucpAgentHeader(PLATFORM) });
    const text = JSON.parse(raw.body.result.content[0].text);
    expect(text.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    namesOnly(text.error, 'idempotency_key argument');
  });

  it('UCP’s MCP endpoints: meta["idempotency-key"]', async () => {
    for (const endpoint of ['/ucp/mcp', '/store/acme-outdoors/ucp/mcp']) {
      const raw = await rpc(endpoint, 'tools/call', toolsCall('cancel_cart', { meta: meta(), id: 'cart_01J0000000000000000000000' }));
      expect(raw.body.error, endpoint).toMatchObject({ code: -32602, data: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
      namesOnly(raw.body.error.message, 'meta["idempotency-key"]');
    }
  });
});

describe('a seller’s endpoint <base>/store/{handle}/ucp/mcp', () => {
  it('searches that seller’s products only', async () => {
    const seller = await connect('/store/acme-outdoors/ucp/mcp');
    expect((await seller.listTools()).tools.map((t) => t.name).sort()).toEqual([...BINDING_TOOLS].sort());
    const answer = answerOf(await call('search_catalog', { query: 'jacket' }, seller));
    expect(answer.products.length).toBeGreaterThan(0);
    for (const product of answer.products) expect(product.metadata?.seller_handle).toBe('acme-outdoors');
    const network = answerOf(await call('search_catalog', { query: 'headphones' }));
    const other = network.products.find((p: Json) => p.metadata?.seller_handle !== 'acme-outdoors');
    expect(answerOf(await call('get_product', { id: other.id }, seller)).messages[0].code).toBe('not_found');
  });

  it('a handle no seller has is no endpoint: its calls keep the 404', async () => {
    const raw = await rpc('/store/no-such-seller/ucp/mcp', 'tools/call', toolsCall('search_catalog', { meta: meta(), catalog: { query: 'jacket' } }));
    expect(raw.status).toBe(404);
    expect(raw.body.error).toMatchObject({ code: -32000, data: { code: 'not_found' } });
  });
});

describe('protocol errors keep their HTTP status', () => {
  let restoreClock: (() => void) | undefined;
  afterEach(() => {
    restoreClock?.();
    restoreClock = undefined;
  });

  it('an unknown credential is refused on every request with 401, error.data in UCP’s shape', async () => {
    const raw = await rpc('/ucp/mcp', 'tools/list', {}, { Authorization: 'Bearer ak_live_nothing' });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(raw.body.error).toMatchObject({ code: -32000, data: { code: 'invalid_credential', messages: [expect.objectContaining({ code: 'invalid_credential' })] } });
  });

  it('a key acts for a profile its account lists; for any other, 403 profile_not_trusted', async () => {
    const dev = await signedInDeveloper(s.app.services.db);
    const key = await mintKey(s, dev, []);
    const args = { meta: meta(), catalog: { query: 'jacket' } };
    const refused = await rpc('/ucp/mcp', 'tools/call', toolsCall('search_catalog', args), { Authorization: `Bearer ${key}` });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: -32000, data: { code: 'profile_not_trusted' } });
    await addAgentProfile(s.app.services.db, dev.accountId, PLATFORM);
    const keyed = await connect('/ucp/mcp', { Authorization: `Bearer ${key}` });
    const result = (await keyed.callTool({ name: 'search_catalog', arguments: args })) as CallToolResult;
    expect(answerOf(result).products.length).toBeGreaterThan(0);
    expect(result._meta?.['ai.service/agent-trust']).toBe('credential;kind=key');
  });

  it('a spent rate limit is 429 with Retry-After and error.data.retry_after', async () => {
    const strict = await testServer({ ...ps.env, RATE_LIMIT_OPEN: '2/60' }, db);
    try {
      restoreClock = setClock('2031-05-01T10:00:00Z');
      const profile = serveProfile(ps, '/rate-limited.json');
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await fetch(`${strict.url}/ucp/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: toolsCall('search_catalog', { meta: meta(profile), catalog: { query: 'tent' } }) }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const seconds = Number(last!.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      const { error } = await last!.json();
      expect(error).toMatchObject({ code: -32000, data: { code: 'rate_limited', retry_after: seconds } });
    } finally {
      await strict.close();
    }
  });

  it('an unreachable shared store is 503 with Retry-After and error.data.retry_after', async () => {
    const outage = await testServer({ ...ps.env, REDIS_URL: 'redis://127.0.0.1:1' }, db);
    try {
      const res = await fetch(`${outage.url}/ucp/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: toolsCall('search_catalog', { meta: meta(), catalog: { query: 'tent' } }) }),
      });
      expect(res.status).toBe(503);
      const seconds = Number(res.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect((await res.json()).error).toMatchObject({ code: -32000, data: { code: 'service_unavailable', retry_after: seconds } });
    } finally {
      await outage.app.services.shared.close();
      await outage.close();
    }
  });

  it('the HTTP edge is the seed server’s: POST only, the Origin guard', async () => {
    const get = await fetch(`${s.url}/ucp/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await get.json()).error).toMatchObject({ code: -32000, data: { code: 'method_not_allowed' } });
    const foreign = await rpc('/ucp/mcp', 'ping', {}, { Origin: 'http://evil.example.com' });
    expect(foreign.status).toBe(403);
    expect((await rpc('/store/acme-outdoors/ucp/mcp', 'ping', {})).status).toBe(200);
  });
});
