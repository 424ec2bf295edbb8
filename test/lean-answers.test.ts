/**
 * What an agent reads, held to the budgets of issue #20 on the demo catalog: the MCP search result
 * (text block included), tools/list (its size, each thing said once), every tool's output schema
 * against the answer it describes, and /llms.txt (its size, what it says, and its calls played as
 * written). The compact view's own budget (bytes per product) is in search-views.test.ts; the
 * whole path, headers included, is `npm run bench:agent`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { ERROR_CATALOGUE, type ErrorSpec } from '../server/errors/catalogue';
import { LLMS_TXT_MAX_BYTES, renderLlmsTxt } from '../server/http/llms-txt';
import { errorCodesFor } from '../server/http/openapi/errors';
import { AGENT, BASE, freshKey, testApp, type TestApp } from './support/app';

type Json = Record<string, any>;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await ensureDemoCatalog(t.db.database.db);
});
afterAll(() => t.close());

const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };

/** One JSON-RPC message to /api/mcp, as an MCP client posts it; the answer and its size. */
async function rpc(method: string, params?: Json): Promise<{ body: Json; bytes: number; text: string }> {
  const res = await t.call('POST', '/api/mcp', {
    headers: { accept: 'application/json, text/event-stream', 'ucp-agent': AGENT },
    body: { jsonrpc: '2.0', id: 1, method, ...(params && { params }) },
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text), text };
}

async function callTool(name: string, args: Json): Promise<{ result: Json; bytes: number }> {
  const { body, bytes } = await rpc('tools/call', { name, arguments: args });
  expect(body.result?.isError, JSON.stringify(body).slice(0, 500)).toBeFalsy();
  return { result: body.result, bytes };
}

describe('MCP search_catalog', () => {
  // Two copies (structuredContent and the text block) of a compact answer of at most 430 bytes a
  // product (search-views.test.ts), and the JSON-RPC envelope.
  it('answers 10 products in at most 9.5 KB, its text block the same compact JSON as structuredContent', async () => {
    const sizes: Record<string, number> = {};
    for (const args of [{ limit: 10 }, { q: 'jacket' }, { q: 'coffee' }, { q: 'shoes' }, { category: 'electronics' }, { sort_by: 'price_asc' }, { q: 'bag' }]) {
      const { result, bytes } = await callTool('search_catalog', args);
      expect(result.structuredContent.numberOfItems, JSON.stringify(args)).toBe(10);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
      sizes[JSON.stringify(args)] = bytes;
      expect(bytes, JSON.stringify(args)).toBeLessThanOrEqual(9_500);
    }
    console.log('MCP search_catalog, JSON-RPC answer bytes for 10 products:', sizes);
  });
});

describe('tools/list', () => {
  it('fits in 40 KB, in both eras of MCP', async () => {
    const { bytes } = await rpc('tools/list');
    console.log(`tools/list: ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(40_000);
    // 2026-07-28 adds resultType, the cache hints and the server's name to the same tools.
    const res = await t.call('POST', '/api/mcp', {
      headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'lean', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } } },
    });
    const modern = await res.text();
    expect(res.status, modern.slice(0, 300)).toBe(200);
    expect(JSON.parse(modern).result.resultType).toBe('complete');
    console.log(`tools/list on 2026-07-28: ${Buffer.byteLength(modern)} bytes`);
    expect(Buffer.byteLength(modern)).toBeLessThanOrEqual(40_000);
  });

  it('gives output schemas of structure only, each no bigger than a typical answer of its tool', async () => {
    const { body } = await rpc('tools/list');
    const tools: Json[] = body.result.tools;
    const schema = (name: string) => tools.find((tool) => tool.name === name)!.outputSchema;
    // No prose (but the pointer from a tool sharing a shape to the one giving it) and no server-side checks.
    for (const tool of tools) {
      const text = JSON.stringify(tool.outputSchema);
      for (const keyword of ['"pattern"', '"minLength"', '"maxLength"', '"minimum"', '"maximum"']) expect(text, tool.name).not.toContain(keyword);
      const descriptions = text.match(/"description":"[^"]*"/g) ?? [];
      expect(descriptions.every((d) => d.includes('outputSchema')), tool.name).toBe(true);
    }
    // Typical answers: what a default call answers on the demo catalog, and the cart of the quick
    // path (quick_buy, then checkout) as get_cart reads it while the person pays.
    const cart = (await callTool('quick_buy', { sku: 'ACM-000003', seller_handle: 'acme-outdoors', quantity: 1, shipping_address: ADDRESS, idempotency_key: freshKey() })).result.structuredContent;
    const link = (await callTool('checkout', { cart_id: cart.id, idempotency_key: freshKey() })).result.structuredContent;
    // get_product is for a product a compact search shows with several variants: the demo's have
    // 2–4 (apparel in a real catalog, often ten or more), its schema costs about four.
    const jackets = (await callTool('search_catalog', { q: 'jacket', limit: 20 })).result.structuredContent;
    const several = jackets.itemListElement.find((p: Json) => p.offers.offerCount === 4);
    const answers: Record<string, unknown> = {
      search_catalog: (await callTool('search_catalog', {})).result.structuredContent,
      get_product: (await callTool('get_product', { id: several.productID })).result.structuredContent,
      list_sellers: (await callTool('list_sellers', {})).result.structuredContent,
      get_seller: (await callTool('get_seller', { handle: 'acme-outdoors' })).result.structuredContent,
      get_store_policies: (await callTool('get_store_policies', { handle: 'acme-outdoors' })).result.structuredContent,
      get_cart: (await callTool('get_cart', { cart_id: cart.id })).result.structuredContent,
      checkout: link,
      read_docs: (await callTool('read_docs', { slug: 'limits' })).result.structuredContent,
    };
    const sizes: Record<string, { schema: number; answer: number }> = {};
    for (const [name, answer] of Object.entries(answers)) {
      sizes[name] = { schema: Buffer.byteLength(JSON.stringify(schema(name))), answer: Buffer.byteLength(JSON.stringify(answer)) };
      expect(sizes[name].schema, name).toBeLessThanOrEqual(sizes[name].answer);
    }
    console.table(sizes);
  });
});

describe('/llms.txt', () => {
  async function llms(): Promise<string> {
    const res = await t.call('GET', '/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    return res.text();
  }

  it(`is plain text of at most ${LLMS_TXT_MAX_BYTES} bytes, in the llms.txt form, linked from the UCP profile`, async () => {
    const text = await llms();
    console.log(`llms.txt: ${Buffer.byteLength(text)} bytes`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LLMS_TXT_MAX_BYTES);
    // The convention: an H1 with the name, a blockquote summary, then sections of links.
    const [title, blank, summary] = text.split('\n');
    expect([title, blank]).toEqual(['# Agent Commerce', '']);
    expect(summary).toMatch(/^> .*catalog.*payment link/);
    for (const section of ['## Four calls, from a search to a paid order', '## Where things are', '## Errors you may meet, and what to do']) expect(text).toContain(section);
    // What an agent without a profile sends, and which hosts stop working on which day.
    expect(text).toContain(`no profile? Any https URL you own (not fetched unsigned); reserved (example.com, .test) or IP hosts fail from ${t.config.profileHostRefusedFrom}.`);
    const head = await t.call('HEAD', '/llms.txt');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect((await t.call('POST', '/llms.txt')).status).toBe(405);
    const profile = await (await t.call('GET', '/.well-known/ucp')).json();
    expect(profile.llms_txt).toBe(`${BASE}/llms.txt`);
  });

  it(`stays within ${LLMS_TXT_MAX_BYTES} bytes on a deployment whose base URL is 48 characters long (the tests' is 22)`, () => {
    const publicBaseUrl = `https://agent-commerce.${'x'.repeat(21)}.com`;
    expect(publicBaseUrl).toHaveLength(48);
    const text = renderLlmsTxt({ ...t.config, publicBaseUrl }, t.app.services.operations);
    console.log(`llms.txt with a ${publicBaseUrl.length}-character base URL: ${Buffer.byteLength(text)} bytes`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LLMS_TXT_MAX_BYTES);
  });

  it('says where OpenAPI and MCP live, names every tool, and every error of the path with its hint from the catalogue', async () => {
    const text = await llms();
    for (const link of ['/api/openapi.json', '/api/mcp)', '/api/mcp/openrpc.json', '/.well-known/ucp', '/api/agent/docs/errors', '/api/agent/platform/limits']) expect(text).toContain(`${BASE}${link}`);
    const operations = t.app.services.operations;
    for (const operation of operations) if (operation.tool) expect(text).toContain(operation.tool.name);
    const path = ['catalog.search', 'carts.quickBuy', 'payments.paymentLink', 'carts.get'].map((name) => operations.find((o) => o.name === name)!);
    for (const operation of path) {
      expect(text).toContain(`${operation.rest!.method} ${operation.rest!.path.replace(/\{\w+\}.*$/, '')}`);
      for (const code of errorCodesFor(operation)) {
        const spec: ErrorSpec = ERROR_CATALOGUE[code];
        if (['ucp_agent_required', 'IDEMPOTENCY_KEY_REQUIRED', 'cart_not_ready', 'variant_not_found', 'service_unavailable'].includes(code)) {
          expect(text).toContain(`- ${code} (${spec.status}): ${spec.hint}`);
        }
      }
    }
  });

  it('shows four calls an agent can send as written, and they buy an item', async () => {
    const text = await llms();
    const calls = [...text.matchAll(/^ {4}(GET|POST) (\S+)(?:\n {4}(\{.*\}))?$/gm)].map(([, method, target, body]) => ({ method, target, body: body && JSON.parse(body) }));
    expect(calls.map((c) => `${c.method} ${c.target.split('?')[0].replace(/cart_\w+$/, '{id}')}`)).toEqual([
      'GET /api/agent/search',
      'POST /api/agent/quick-buy',
      'POST /api/agent/payment-link',
      'GET /api/agent/cart/{id}',
    ]);
    const headers = { 'UCP-Agent': AGENT };
    const [search, quickBuy, paymentLink, getCart] = calls;
    const page = await (await t.call(search.method, search.target, { headers })).json();
    expect(page.itemListElement.some((p: Json) => p.offers['@type'] === 'Offer')).toBe(true);
    const bought = await t.call(quickBuy.method, quickBuy.target, { headers: { ...headers, 'Idempotency-Key': freshKey() }, body: quickBuy.body });
    expect(bought.status).toBe(201);
    const cart = await bought.json();
    const link = await t.call(paymentLink.method, paymentLink.target, { headers: { ...headers, 'Idempotency-Key': freshKey() }, body: { ...paymentLink.body, cart_id: cart.id } });
    expect(link.status).toBe(201);
    expect((await link.json()).url).toMatch(/^https:/);
    const read = await t.call(getCart.method, getCart.target.replace(/cart_\w+$/, cart.id), { headers });
    expect((await read.json()).status).toBe('checkout');
  });
});
