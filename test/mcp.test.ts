/**
 * The MCP server through the SDK's own Client and Streamable HTTP client transport, against the
 * service's real node:http server (test/support/http.ts) and database: protocol methods, every
 * tool, the limits resource, identity and buyer cases, advisories, idempotency shared with REST,
 * errors, and the HTTP edge (methods, DNS-rebinding guard). The same client against `npm start`
 * is in server.smoke.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import Ajv2020 from 'ajv/dist/2020';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItems, feedbackReports, products } from '../server/db/schema';
import { AGENT, agentHeaders, freshKey } from './support/app';
import { AT_REFUSAL, BEFORE_REFUSAL, REFUSED_FROM, setClock } from './support/clock';
import { ADDRESS, seedCart, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { testServer, type TestServer } from './support/http';
import { httpRefusal, mcpClient, mcpEra, rpcErrorClass } from './support/mcp-client';
import { signedInDeveloper } from './support/developer';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';

const PROFILE = 'https://agent.shopbot.dev/profile.json';
const CART_TOOLS = ['create_cart', 'get_cart', 'cancel_cart', 'add_to_cart', 'update_cart_item', 'remove_cart_item', 'set_shipping_address', 'quick_buy', 'checkout'];
/** Tools that need a credential: test/buyers-mcp.test.ts and test/wallets.test.ts call them. */
const BUYER_TOOLS = ['register_buyer', 'request_buyer_code', 'verify_buyer', 'get_buyer', 'list_buyer_orders', 'get_order_status', 'register_wallet', 'list_wallets', 'remove_wallet'];
const TOOLS = ['get_platform_limits', 'send_feedback', 'search_catalog', 'get_product', 'list_sellers', 'get_seller', 'get_store_policies', 'read_docs', ...CART_TOOLS, ...BUYER_TOOLS];

let s: TestServer;
let client: Client;

function connect(headers: Record<string, string> = {}): Promise<Client> {
  return mcpClient(new URL(`${s.url}/api/mcp`), headers);
}

/** A tools/call with the profile in the `meta` argument, unless the case says otherwise. */
function call(name: string, args: Record<string, unknown> = {}, c: Client = client): Promise<CallToolResult> {
  return c.callTool({ name, arguments: { meta: { 'ucp-agent': { profile: PROFILE } }, ...args } }) as Promise<CallToolResult>;
}

function errorOf(result: CallToolResult): { code: string; error: string; details?: Record<string, any> } {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const body = JSON.parse((result.content[0] as { text: string }).text);
  expect(result._meta?.['ai.service/error']).toEqual(body);
  return body;
}

async function feedbackCount(message: string): Promise<number> {
  const [row] = await s.db.database.db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.message, message));
  return Number(row.n);
}

const feedback = (message: string) => ({ category: 'tool_description', severity: 'friction', message, context: { endpoint: '/api/mcp' } });

beforeAll(async () => {
  s = await testServer();
  await seedSmallCatalog(s.db.database.db);
  client = await connect();
});
afterAll(async () => {
  await client?.close();
  await s?.close();
});

describe('protocol methods need no agent profile', () => {
  it('initialize names the server and tells a client how to identify and retry', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'agent-commerce' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    const instructions = client.getInstructions() ?? '';
    for (const needle of ['UCP-Agent', 'ucp-agent', 'idempotency_key', 'same arguments', 'service://platform/limits', 'payment link', '{error, code}']) expect(instructions).toContain(needle);
  });

  it('ping (2025; 2026-07-28 removed it)', async () => {
    if (mcpEra() === '2026-07-28') await expect(client.ping()).rejects.toThrow();
    else expect(await client.ping()).toEqual({});
  });

  it('tools/list: the contract’s tools, each with schemas, annotations and a manual', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ openWorldHint: false });
      expect(tool.inputSchema.properties).toHaveProperty('meta');
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$ref');
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.send_feedback.inputSchema.required).toContain('idempotency_key');
    expect(byName.send_feedback.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true, destructiveHint: false });
    // The first tool that takes an idempotency key says what it is; the instructions say the rest.
    expect((byName.send_feedback.inputSchema.properties as any).idempotency_key.description).toMatch(/same arguments/);
    expect(byName.get_cart.description).toMatch(/Every cart tool answers this cart/);
    expect(byName.add_to_cart.outputSchema).toEqual({ type: 'object', description: expect.stringContaining("get_cart's outputSchema") });
    expect(byName.search_catalog.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(byName.search_catalog.inputSchema.properties).not.toHaveProperty('idempotency_key');
    // Snake_case arguments with the REST parameters' own prose.
    expect((byName.search_catalog.inputSchema.properties as any).max_price_cents).toMatchObject({ type: 'integer' });
    expect((byName.search_catalog.inputSchema.properties as any).in_stock).toMatchObject({ type: 'boolean' });
  });

  it('tools/list says each thing once (its size and output schemas: lean-answers.test.ts)', async () => {
    const { tools } = await client.listTools();
    // No paragraph in every tool: a line of a description is in at most 4 tools (the limit a few
    // check, the codes two share), and a line longer than that is in one only.
    const lines = new Map<string, string[]>();
    for (const tool of tools) for (const line of (tool.description ?? '').split('\n')) lines.set(line, [...(lines.get(line) ?? []), tool.name]);
    for (const [line, owners] of lines) {
      expect(owners.length, line).toBeLessThanOrEqual(line.length > 80 ? 1 : 4);
    }
    // An argument described alike in several tools is described in the first only.
    const described = new Map<string, string>();
    for (const tool of tools) {
      for (const [name, schema] of Object.entries<any>(tool.inputSchema.properties ?? {})) {
        if (typeof schema.description !== 'string') continue;
        const key = `${name}: ${schema.description}`;
        expect(described.get(key), `${key} (in ${tool.name})`).toBeUndefined();
        described.set(key, tool.name);
      }
    }
    // The cart tools' shared paragraph and the identification paragraph are gone from every description.
    for (const tool of tools) expect(tool.description, tool.name).not.toMatch(/UCP-Agent HTTP header|lines priced from the catalog now.*lines priced/s);
  });

  it('resources/list and resources/read give exactly the REST limits record', async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: 'service://platform/limits', mimeType: 'application/json' })]);
    const read = await client.readResource({ uri: 'service://platform/limits' });
    const rest = await s.call('GET', '/api/agent/platform/limits', { headers: agentHeaders() });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(await rest.json());
    await expect(client.readResource({ uri: 'service://platform/nothing' })).rejects.toMatchObject({ code: -32602, data: { uri: 'service://platform/nothing' } });
  });

  it('an unknown tool is a JSON-RPC error', async () => {
    await expect(call('no_such_tool')).rejects.toBeInstanceOf(rpcErrorClass());
  });
});

describe('every tool through the pipeline', () => {
  it('answers structuredContent valid against its outputSchema and the same JSON as text (every open tool)', async () => {
    const tools = (await client.listTools()).tools.filter((tool) => !BUYER_TOOLS.includes(tool.name));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // Each cart tool works on a cart of its own, so that cancelling one leaves the others open.
    const db = s.db.database.db;
    const backpack = await variantId(db, 'Trail Backpack');
    const cart = async () => ({ cart_id: await seedCart(db, [['Trail Backpack', 1]]), idempotency_key: freshKey() });
    const line = async () => {
      const { cart_id, idempotency_key } = await cart();
      const [item] = await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.cartId, cart_id));
      return { cart_id, item_id: item.id, idempotency_key };
    };
    const cases: Record<string, Record<string, unknown>> = {
      create_cart: { items: [{ variant_id: backpack, quantity: 1 }], idempotency_key: freshKey() },
      get_cart: { cart_id: (await cart()).cart_id },
      cancel_cart: await cart(),
      add_to_cart: { ...(await cart()), variant_id: await variantId(db, 'Stoneware Mug'), quantity: 1 },
      update_cart_item: { ...(await line()), quantity: 2 },
      remove_cart_item: await line(),
      set_shipping_address: { ...(await cart()), ...ADDRESS },
      quick_buy: { variant_id: backpack, quantity: 1, shipping_address: ADDRESS, idempotency_key: freshKey() },
      checkout: await cart(),
      get_platform_limits: {},
      send_feedback: { ...feedback('every tool'), idempotency_key: freshKey() },
      search_catalog: { q: 'merino', limit: 2 },
      get_product: { id: (await db.select({ id: products.id }).from(products).where(eq(products.title, 'Merino Trail Socks')))[0].id },
      list_sellers: { limit: 2 },
      get_seller: { handle: 'acme-outdoors' },
      get_store_policies: { handle: 'acme-outdoors' },
      read_docs: { slug: 'mcp' },
    };
    expect(Object.keys(cases).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const tool of tools) {
      const result = await call(tool.name, cases[tool.name]);
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      const validate = ajv.compile(tool.outputSchema!);
      expect(validate(result.structuredContent), `${tool.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      // The text block is the same compact JSON, byte for byte.
      expect((result.content[0] as { text: string }).text).toBe(JSON.stringify(result.structuredContent));
    }
  });

  it('answers what REST answers for the same input', async () => {
    // search_catalog defaults to the compact view (ToolMeta.defaults); REST to full.
    const mcp = await call('search_catalog', { q: 'merino', limit: 3, in_stock: true });
    const rest = await s.call('GET', '/api/agent/search?q=merino&limit=3&in_stock=true&view=compact', { headers: agentHeaders() });
    expect(mcp.structuredContent).toEqual(await rest.json());
    const full = await call('search_catalog', { q: 'merino', limit: 3, in_stock: true, view: 'full', facets: false });
    const restFull = await s.call('GET', '/api/agent/search?q=merino&limit=3&in_stock=true&facets=false', { headers: agentHeaders() });
    expect(full.structuredContent).toEqual(await restFull.json());
    const docs = await call('read_docs', { slug: 'mcp' });
    expect((docs.structuredContent as any).endpoint).toBe(`${s.url}/api/mcp`);
    expect((docs.structuredContent as any).status).toBeUndefined(); // no longer "planned"
  });

  it('search_catalog answers the compact view unless asked for full, and says so in its schema', async () => {
    const { tools } = await client.listTools();
    const search = tools.find((t) => t.name === 'search_catalog')!;
    expect((search.inputSchema.properties as any).view).toMatchObject({ enum: ['full', 'compact'], default: 'compact' });
    expect((search.inputSchema.properties as any).facets).toMatchObject({ type: 'boolean' });
    const compactAnswer = (await call('search_catalog', { q: 'merino socks' })).structuredContent as any;
    expect(compactAnswer).not.toHaveProperty('facets');
    const compact = compactAnswer.itemListElement[0];
    expect(compact).toEqual({
      '@type': 'Product',
      productID: expect.stringMatching(/^prod_/),
      name: 'Merino Trail Socks',
      brand: 'Acme',
      image: expect.stringMatching(/^https:/),
      offers: { '@type': 'AggregateOffer', offerCount: 2, lowPrice: '18.00', highPrice: '19.00', availability: 'schema:InStock', seller: 'acme-outdoors' },
    });
    const fullAnswer = (await call('search_catalog', { q: 'merino socks', view: 'full' })).structuredContent as any;
    expect(fullAnswer).toHaveProperty('facets');
    const full = fullAnswer.itemListElement[0].item;
    expect(full).toMatchObject({ name: compact.name, description: expect.any(String), image: [compact.image] });
    expect(full.offers.map((o: any) => o.price)).toEqual(['18.00', '19.00']);
    expect(full.offers[0]).toMatchObject({ identifier: expect.stringMatching(/^var_/), seller: { '@type': 'Organization', identifier: 'acme-outdoors' } });
    expect(errorOf(await call('search_catalog', { view: 'tiny' })).details!.issues).toEqual([expect.objectContaining({ path: 'view' })]);
  });

  it('validates arguments strictly, whatever REST was asked before (no coercion leaks into the shared schemas)', async () => {
    expect((await s.call('GET', '/api/agent/search?limit=3&in_stock=false', { headers: agentHeaders() })).status).toBe(200);
    const asText = errorOf(await call('search_catalog', { limit: '3' }));
    expect(asText.code).toBe('invalid_request');
    expect(asText.details!.issues).toEqual([expect.objectContaining({ path: 'limit' })]);
    expect(errorOf(await call('search_catalog', { in_stock: 'true' })).code).toBe('invalid_request');
    const unknown = errorOf(await call('search_catalog', { colour: 'red' }));
    expect(unknown.code).toBe('invalid_request');
  });

  it('checks identity before arguments', async () => {
    const result = await client.callTool({ name: 'search_catalog', arguments: { limit: 'many' } });
    expect(errorOf(result as CallToolResult).code).toBe('ucp_agent_required');
  });

  it('names arguments by their tool names in argument errors (cart_id, not the REST path’s id)', async () => {
    const wrongType = errorOf(await call('get_cart', { cart_id: 5 }));
    expect(wrongType.details!.issues).toEqual([expect.objectContaining({ path: 'cart_id' })]);
    expect(wrongType.error).toContain('cart_id');
    const unknown = errorOf(await call('cancel_cart', { cart_id: 'cart_x', item_id: 'item_x', idempotency_key: freshKey() }));
    expect(unknown.details!.issues).toEqual([expect.objectContaining({ path: 'item_id' })]);
    expect(unknown.details!.issues![0].message).toBe("Unknown parameter 'item_id'; the parameters are cart_id.");
  });

  it('fails in-band with the REST error bodies', async () => {
    const miss = errorOf(await call('get_seller', { handle: 'acme-outdoor' }));
    expect(miss.code).toBe('SELLER_NOT_FOUND');
    expect(miss.details!.did_you_mean[0]).toMatchObject({ handle: 'acme-outdoors' });
    const slug = errorOf(await call('read_docs', { slug: 'nope' }));
    expect(slug).toMatchObject({ code: 'doc_not_found', details: { valid_slugs: ['overview', 'rest', 'mcp', 'errors', 'limits', 'ucp'] } });
    expect(errorOf(await call('get_seller', {})).code).toBe('invalid_seller_selector');
  });
});

describe('identity', () => {
  it('tools/call without a profile fails with ucp_agent_required', async () => {
    const result = (await client.callTool({ name: 'get_platform_limits', arguments: {} })) as CallToolResult;
    expect(errorOf(result).code).toBe('ucp_agent_required');
  });

  it('takes the profile from the UCP-Agent header, params._meta or arguments.meta, in either form', async () => {
    const viaHeader = await connect({ 'UCP-Agent': AGENT });
    try {
      expect((await viaHeader.callTool({ name: 'get_platform_limits', arguments: {} })).isError).toBeFalsy();
    } finally {
      await viaHeader.close();
    }
    const viaMeta = await client.callTool({ name: 'get_platform_limits', arguments: {}, _meta: { 'ucp-agent': { profile: PROFILE } } });
    expect(viaMeta.isError).toBeFalsy();
    const headerForm = await client.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': `profile="${PROFILE}"` } } });
    expect(headerForm.isError).toBeFalsy();
    const bare = await client.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': PROFILE } } });
    expect(bare.isError).toBeFalsy();
  });

  it('refuses a profile named in several places with different values (conflicting_credentials); the same one is fine', async () => {
    const OTHER = 'https://other-agent.shopbot.dev/profile.json';
    const viaHeader = await connect({ 'UCP-Agent': AGENT });
    try {
      // The same profile in the header (dictionary form), params._meta (object) and arguments.meta (bare URL).
      const same = await viaHeader.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': PROFILE } }, _meta: { 'ucp-agent': { profile: PROFILE } } });
      expect(same.isError).toBeFalsy();
      const headerAndArgument = await viaHeader.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { profile: OTHER } } } });
      expect(errorOf(headerAndArgument as CallToolResult)).toMatchObject({
        code: 'conflicting_credentials',
        details: { field: 'ucp-agent', places: ['arguments.meta', 'header'] },
      });
    } finally {
      await viaHeader.close();
    }
    const metaAndArgument = await client.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { profile: PROFILE } } }, _meta: { 'ucp-agent': OTHER } });
    expect(errorOf(metaAndArgument as CallToolResult)).toMatchObject({ code: 'conflicting_credentials', details: { places: ['arguments.meta', 'params._meta'] } });
    const buyers = await client.callTool({
      name: 'get_platform_limits',
      arguments: { meta: { 'ucp-agent': { profile: PROFILE }, 'ai.service.buyer': { ref: 'user_1' } } },
      _meta: { 'ai.service.buyer': { ref: 'user_2' } },
    });
    expect(errorOf(buyers as CallToolResult)).toMatchObject({ code: 'conflicting_credentials', details: { field: 'ai.service.buyer' } });
  });

  it('applies the REST rules to the profile, advisories and their date included', async () => {
    const insecure = await client.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { profile: 'http://agent.shopbot.dev/p.json' } } } });
    expect(errorOf(insecure as CallToolResult).code).toBe('ucp_agent_insecure_url');
    const notAUrl = await client.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { url: PROFILE } } } });
    expect(errorOf(notAUrl as CallToolResult).code).toBe('ucp_agent_invalid');
    const reservedCall = () => client.callTool({ name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { profile: 'https://agent.example/p.json' } } } });
    const realClock = setClock(BEFORE_REFUSAL);
    try {
      const reserved = await reservedCall();
      expect(reserved.isError).toBeFalsy();
      expect(reserved._meta?.['ai.service/advisories']).toEqual([expect.objectContaining({ code: 'reserved_profile_host', refused_from: REFUSED_FROM })]);
      vi.setSystemTime(new Date(AT_REFUSAL));
      expect(errorOf((await reservedCall()) as CallToolResult)).toMatchObject({ code: 'reserved_profile_host', details: { refused_from: REFUSED_FROM } });
    } finally {
      realClock();
    }
  });

  it('an Authorization header is honoured, never a fallback to the open path: a bad one is HTTP 401 on every request', async () => {
    for (const authorization of ['Bearer sk_unknown', `Bearer ak_live_${'A'.repeat(43)}`]) {
      await expect(connect({ Authorization: authorization })).rejects.toMatchObject(httpRefusal(401));
      const raw = await fetch(`${s.url}/api/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: authorization },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer realm="agent-commerce", error="invalid_token"/);
    }
  });

  it('a network key serves tools/call without an agent profile; a key and a profile together conflict', async () => {
    const dev = await signedInDeveloper(s.app.services.db);
    const { secret } = await createCaller(createContext(s.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() })).developer.mintNetworkKey({ name: 'mcp', scopes: [] });
    const withKey = await connect({ Authorization: `Bearer ${secret}` });
    try {
      const limits = (await withKey.callTool({ name: 'get_platform_limits', arguments: {} })) as CallToolResult;
      expect(limits.isError).toBeFalsy();
      expect(limits.structuredContent).toMatchObject({ max_item_quantity: expect.any(Number) });
      expect(errorOf(await call('get_platform_limits', {}, withKey)).code).toBe('conflicting_credentials');
    } finally {
      await withKey.close();
    }
  });

  it('takes the buyer reference from _meta["ai.service.buyer"] or meta, with the REST rules', async () => {
    const message = `buyer ref ${freshKey()}`;
    const ok = await call('send_feedback', { ...feedback(message), idempotency_key: freshKey(), meta: { 'ucp-agent': { profile: PROFILE }, 'ai.service.buyer': { ref: 'user_8f3a2c1d', session: 'conv-42' } } });
    expect(ok.isError).toBeFalsy();
    const [row] = await s.db.database.db.select().from(feedbackReports).where(eq(feedbackReports.message, message));
    expect(row).toMatchObject({ buyerRef: 'user_8f3a2c1d', buyerSession: 'conv-42', agentProfile: PROFILE });

    const pii = await client.callTool({
      name: 'get_platform_limits',
      arguments: { meta: { 'ucp-agent': { profile: PROFILE } } },
      _meta: { 'ai.service.buyer': { ref: 'jane@example.com' } },
    });
    expect(pii.isError).toBeFalsy();
    expect(pii._meta?.['ai.service/advisories']).toEqual([expect.objectContaining({ code: 'buyer_ref_pii_dropped', refused_from: null })]);
  });
});

describe('idempotency, one namespace with REST', () => {
  it('a mutating tool needs idempotency_key, well-formed', async () => {
    expect(errorOf(await call('send_feedback', feedback('no key'))).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(errorOf(await call('send_feedback', { ...feedback('short key'), idempotency_key: 'short' })).code).toBe('idempotency_key_invalid');
    expect(errorOf(await call('send_feedback', { ...feedback('number key'), idempotency_key: 12345678901234567890 })).code).toBe('idempotency_key_invalid');
    expect(await feedbackCount('no key')).toBe(0);
  });

  it('a retry of send_feedback with the same key replays and writes one row', async () => {
    const key = freshKey();
    const message = `retry ${key}`;
    const first = await call('send_feedback', { ...feedback(message), idempotency_key: key });
    const again = await call('send_feedback', { ...feedback(message), idempotency_key: key });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(first._meta?.['ai.service/idempotent-replayed']).toBeUndefined();
    expect(again._meta?.['ai.service/idempotent-replayed']).toBe(true);
    expect(await feedbackCount(message)).toBe(1);
    const other = errorOf(await call('send_feedback', { ...feedback(`${message} changed`), idempotency_key: key }));
    expect(other.code).toBe('idempotency_key_reused');
  });

  it('a REST request and a tool call with the same key and input replay each other', async () => {
    const restFirst = freshKey();
    const message = `rest then mcp ${restFirst}`;
    const rest = await s.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': restFirst }), body: feedback(message) });
    expect(rest.status).toBe(202);
    const mcp = await call('send_feedback', { ...feedback(message), idempotency_key: restFirst });
    expect(mcp.structuredContent).toEqual(await rest.json());
    expect(mcp._meta?.['ai.service/idempotent-replayed']).toBe(true);

    const mcpFirst = freshKey();
    const second = `mcp then rest ${mcpFirst}`;
    const tool = await call('send_feedback', { ...feedback(second), idempotency_key: mcpFirst });
    const replay = await s.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': mcpFirst }), body: feedback(second) });
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(tool.structuredContent);
    expect(await feedbackCount(message)).toBe(1);
    expect(await feedbackCount(second)).toBe(1);

    const reused = await s.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': mcpFirst }), body: feedback('something else') });
    expect(reused.status).toBe(409);
    expect((await reused.json()).code).toBe('idempotency_key_reused');
  });
});

describe('the HTTP edge', () => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
  const post = (headers: Record<string, string>) =>
    fetch(`${s.url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });

  it.each(['GET', 'DELETE', 'PUT'])('%s answers 405 with Allow: POST', async (method) => {
    const res = await fetch(`${s.url}/api/mcp`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers a browser Origin other than the service’s own with 403; loopback aliases and no Origin are served', async () => {
    expect((await post({ Origin: 'http://evil.example.com' })).status).toBe(403);
    expect((await post({ Origin: 'null' })).status).toBe(403);
    const port = new URL(s.url).port;
    for (const origin of [s.url, `http://localhost:${port}`, `http://[::1]:${port}`]) {
      expect((await post({ Origin: origin })).status, origin).toBe(200);
    }
    expect((await post({ Origin: `http://localhost:${Number(port) + 1}` })).status).toBe(403);
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('mcp-session-id')).toBeNull();
  });
});

describe('GET /api/mcp/openrpc.json', () => {
  it('is a valid OpenRPC 1.3.2 document with one method per tool', async () => {
    const res = await fetch(`${s.url}/api/mcp/openrpc.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(validateOpenRPCDocument(doc)).toBe(true);
    expect(doc.openrpc).toBe('1.3.2');
    expect(doc.servers).toEqual([{ name: 'mcp', url: `${s.url}/api/mcp` }]);
    const { tools } = await client.listTools();
    expect(doc.methods.map((m: { name: string }) => m.name)).toEqual(tools.map((t) => t.name));
    for (const tool of tools) {
      const method = doc.methods.find((m: { name: string }) => m.name === tool.name);
      expect(method.paramStructure).toBe('by-name');
      expect(method.params.map((p: { name: string }) => p.name)).toEqual(Object.keys(tool.inputSchema.properties!));
      expect(method.result.schema).toEqual(tool.outputSchema);
    }
  });
});
