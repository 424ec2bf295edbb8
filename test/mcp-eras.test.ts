/**
 * Both eras of MCP on the same URLs (issue #46): 2026-07-28 as the wire has it (routing headers
 * checked against the body, the `_meta` envelope, removed methods, subscriptions/listen, cache
 * hints, no session id), a v2 client's `auto` connect landing on it, and no state in either era:
 * two instances over one database answer one client's calls in turn. Every tool and error through
 * each client: mcp.test.ts and ucp-mcp.test.ts (2025), their -2026 files (2026).
 */
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, type CallToolResult } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { freshKey, testDatabase, type TestDatabase } from './support/app';
import { ADDRESS } from './support/cart-fixtures';
import { testServer, type TestServer } from './support/http';
import { mcpClient, modernClient } from './support/mcp-client';

type Json = Record<string, any>;
const MODERN = '2026-07-28';
const PROFILE = 'https://agent.shopbot.dev/profile.json';
const AGENT_PROFILE = { profile: PROFILE };

let db: TestDatabase;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  db = await testDatabase();
  a = await testServer({}, db);
  b = await testServer({}, db);
  await ensureDemoCatalog(a.db.database.db);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

const envelope = (version = MODERN) => ({
  [PROTOCOL_VERSION_META_KEY]: version,
  [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
});

/** One 2026-07-28 request POSTed as a client sends it: routing headers from the body unless `headers` says otherwise. */
async function modern(path: string, method: string, params: Json = {}, headers: Record<string, string | undefined> = {}) {
  const name = method === 'tools/call' ? params.name : method === 'resources/read' ? params.uri : undefined;
  const sent: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': MODERN,
    'Mcp-Method': method,
    ...(name !== undefined && { 'Mcp-Name': name }),
    ...headers,
  };
  const res = await fetch(`${a.url}${path}`, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(sent).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params: { ...params, _meta: { ...envelope(), ...params._meta } } }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as Json) : undefined };
}

describe('2026-07-28 on the wire, on every MCP endpoint', () => {
  for (const path of ['/api/mcp', '/ucp/mcp']) {
    it(`${path}: server/discover and tools/list answer JSON, complete, cacheable, without a session id`, async () => {
      const discover = await modern(path, 'server/discover');
      expect(discover.status, discover.text.slice(0, 400)).toBe(200);
      expect(discover.headers.get('content-type')).toMatch(/^application\/json/);
      expect(discover.headers.get('mcp-session-id')).toBeNull();
      expect(discover.body!.result).toMatchObject({ resultType: 'complete', supportedVersions: [MODERN], capabilities: { tools: {} }, ttlMs: 300_000, cacheScope: 'public' });
      expect(discover.body!.result.instructions).toContain(path === '/api/mcp' ? 'search_catalog' : 'UCP 2026-04-08');
      expect(discover.body!.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: path === '/api/mcp' ? 'agent-commerce' : 'agent-commerce-ucp' });
      const list = await modern(path, 'tools/list');
      expect(list.headers.get('mcp-session-id')).toBeNull();
      expect(list.body!.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
      // The same tools a 2025 client lists.
      const legacy = await fetch(`${a.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      const legacyBody = await legacy.json();
      expect(list.body!.result.tools).toEqual(legacyBody.result.tools);
      expect(legacyBody.result).not.toHaveProperty('resultType');
    });

    it(`${path}: routing headers that differ from the body, or are missing, are 400 -32020`, async () => {
      const wrongMethod = await modern(path, 'tools/list', {}, { 'Mcp-Method': 'tools/call' });
      expect(wrongMethod.status).toBe(400);
      expect(wrongMethod.body!.error.code).toBe(-32020);
      const wrongName = await modern(path, 'tools/call', { name: 'search_catalog', arguments: {} }, { 'Mcp-Name': 'get_product' });
      expect(wrongName.status).toBe(400);
      expect(wrongName.body!.error.code).toBe(-32020);
      const noName = await modern(path, 'tools/call', { name: 'search_catalog', arguments: {} }, { 'Mcp-Name': undefined });
      expect(noName.status).toBe(400);
      expect(noName.body!.error.code).toBe(-32020);
      const otherVersion = await modern(path, 'tools/list', {}, { 'MCP-Protocol-Version': '2025-11-25' });
      expect(otherVersion.status).toBe(400);
    });

    it(`${path}: an unsupported version is 400 -32022 naming the supported; a missing envelope key 400 -32602`, async () => {
      const unsupported = await modern(path, 'tools/list', { _meta: { [PROTOCOL_VERSION_META_KEY]: '2099-01-01' } }, { 'MCP-Protocol-Version': '2099-01-01' });
      expect(unsupported.status).toBe(400);
      expect(unsupported.body!.error).toMatchObject({ code: -32022, data: { supported: [MODERN] } });
      const missing = await modern(path, 'tools/list', { _meta: { [CLIENT_INFO_META_KEY]: undefined, [CLIENT_CAPABILITIES_META_KEY]: undefined } });
      expect(missing.status, missing.text.slice(0, 400)).toBe(400);
      expect(missing.body!.error.code).toBe(-32602);
    });

    it(`${path}: ping and initialize are gone (404 -32601); subscriptions/listen acknowledges and closes`, async () => {
      for (const method of ['ping', 'initialize']) {
        const gone = await modern(path, method);
        expect(gone.status, `${method}: ${gone.text.slice(0, 400)}`).toBe(404);
        expect(gone.body!.error.code).toBe(-32601);
      }
      const listen = await modern(path, 'subscriptions/listen', { notifications: {} });
      expect(listen.status, listen.text.slice(0, 400)).toBe(200);
      expect(listen.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = listen.text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)));
      expect(events.at(0)).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
      expect(events.at(-1)).toMatchObject({ id: 9, result: expect.any(Object) });
    });

    it(`${path}: GET is 405 Allow: POST in this era too`, async () => {
      const res = await fetch(`${a.url}${path}`, { headers: { Accept: 'text/event-stream', 'MCP-Protocol-Version': MODERN } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    });
  }

  it('/api/mcp: a tools/call answers complete, with the tool’s own _meta; resources/templates/list is empty; an unknown resource is -32602 with data.uri', async () => {
    const called = await modern('/api/mcp', 'tools/call', { name: 'get_platform_limits', arguments: { meta: { 'ucp-agent': { profile: PROFILE } } } });
    expect(called.body!.result).toMatchObject({ resultType: 'complete', structuredContent: expect.any(Object), _meta: { 'ai.service/agent-trust': expect.anything() } });
    const templates = await modern('/api/mcp', 'resources/templates/list');
    expect(templates.body!.result).toMatchObject({ resultType: 'complete', resourceTemplates: [] });
    // A 2025 client keeps the answer it had.
    const legacy = await fetch(`${a.url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list' }),
    });
    expect((await legacy.json()).error).toMatchObject({ code: -32601 });
    const limits = await modern('/api/mcp', 'resources/read', { uri: 'service://platform/limits' });
    expect(limits.body!.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    const unknown = await modern('/api/mcp', 'resources/read', { uri: 'service://platform/nothing' });
    expect(unknown.body!.error).toMatchObject({ code: -32602, data: { uri: 'service://platform/nothing' } });
    // The service issues no requestState: one sent back was never its own.
    const forged = await modern('/api/mcp', 'tools/call', { name: 'get_platform_limits', arguments: {}, requestState: 'forged' });
    expect(forged.body!.error).toMatchObject({ code: -32602, data: { reason: 'invalid_request_state' } });
    const forgedRead = await modern('/api/mcp', 'resources/read', { uri: 'service://platform/limits', requestState: 'forged' });
    expect(forgedRead.body!.error).toMatchObject({ code: -32602 });
  });

  it('/ucp/mcp keeps UCP’s error model: a call without a platform profile is -32001 with error.data, over HTTP 200', async () => {
    const refused = await modern('/ucp/mcp', 'tools/call', { name: 'search_catalog', arguments: { catalog: { query: 'tent' } } });
    expect(refused.status, refused.text.slice(0, 400)).toBe(200);
    expect(refused.body!.error).toMatchObject({ code: -32001, data: { code: expect.any(String), messages: expect.any(Array) } });
  });

  it('a credential tool without a credential is challenged before the headers are read (401); edge refusals echo the id', async () => {
    const res = await modern('/api/mcp', 'tools/call', { name: 'get_buyer', arguments: {} }, { 'Mcp-Name': 'other' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/resource_metadata=".*\/api\/mcp"/);
    // Edge refusals echo the request's id once its body was read.
    expect(res.body!.id).toBe(9);
    const foreign = await modern('/api/mcp', 'tools/list', {}, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body!.id).toBe(9);
  });

  it('a v2 client’s auto connect lands on 2026-07-28, with the instructions a 2025 client gets', async () => {
    const auto = await modernClient(new URL(`${a.url}/api/mcp`), {}, 'auto');
    expect(auto.getProtocolEra()).toBe('modern');
    const legacy = await mcpClient(new URL(`${a.url}/api/mcp`));
    expect(auto.getInstructions()).toBe(legacy.getInstructions());
    await auto.close();
    await legacy.close();
  });
});

describe('no state: two instances over one database answer one client in turn', () => {
  /** search → quick_buy → checkout, each call through the next client of `clients`, quick_buy retried on the other instance. */
  async function buy(clients: Client[]): Promise<void> {
    let turn = 0;
    const call = async (name: string, args: Json) => {
      const result = (await clients[turn++ % clients.length].callTool({ name, arguments: { meta: { 'ucp-agent': AGENT_PROFILE }, ...args } })) as CallToolResult;
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      return result;
    };
    const found = (await call('search_catalog', { seller_handle: 'acme-outdoors' })).structuredContent as Json;
    expect(found.numberOfItems).toBeGreaterThan(0);
    const quickBuy = { sku: 'ACM-000003', seller_handle: 'acme-outdoors', quantity: 1, shipping_address: ADDRESS, idempotency_key: freshKey() };
    const bought = await call('quick_buy', quickBuy);
    const again = await call('quick_buy', quickBuy);
    expect(again.structuredContent).toEqual(bought.structuredContent);
    expect(again._meta?.['ai.service/idempotent-replayed']).toBe(true);
    const link = (await call('checkout', { cart_id: (bought.structuredContent as Json).id, idempotency_key: freshKey() })).structuredContent as Json;
    expect(link.url).toMatch(/\/pay\//);
  }

  it('a 2026 client alternating between them', async () => {
    const clients = [await modernClient(new URL(`${a.url}/api/mcp`), {}, { pin: MODERN }), await modernClient(new URL(`${b.url}/api/mcp`), {}, { pin: MODERN })];
    await buy(clients as unknown as Client[]);
    for (const c of clients) await c.close();
  });

  it('a 2025 client initialized on one and calling the other', async () => {
    const initialized = await mcpClient(new URL(`${a.url}/api/mcp`));
    // The transport's URL is the only thing tying a client to an instance: point it at the other.
    (initialized.transport as unknown as { _url: URL })._url = new URL(`${b.url}/api/mcp`);
    await buy([initialized]);
    await initialized.close();
  });
});
