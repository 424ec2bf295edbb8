/**
 * What an agent reads, held to the budgets of issue #20 on the demo catalog: the MCP search result
 * (text block included), tools/list (its size, each thing said once), and every tool's output
 * schema against the answer it describes. The compact view's own budget (bytes per product) is in
 * search-views.test.ts; the whole path, headers included, is `npm run bench:agent`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { AGENT, freshKey, testApp, type TestApp } from './support/app';

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
  it('answers 10 products in at most 9 KB, its text block the same compact JSON as structuredContent', async () => {
    const sizes: Record<string, number> = {};
    for (const args of [{ limit: 10 }, { q: 'jacket' }, { q: 'coffee' }, { q: 'shoes' }, { category: 'electronics' }, { sort_by: 'price_asc' }, { q: 'bag' }]) {
      const { result, bytes } = await callTool('search_catalog', args);
      expect(result.structuredContent.numberOfItems, JSON.stringify(args)).toBe(10);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
      sizes[JSON.stringify(args)] = bytes;
      expect(bytes, JSON.stringify(args)).toBeLessThanOrEqual(9_000);
    }
    console.log('MCP search_catalog, JSON-RPC answer bytes for 10 products:', sizes);
  });
});

describe('tools/list', () => {
  it('fits in 40 KB', async () => {
    const { bytes } = await rpc('tools/list');
    console.log(`tools/list: ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(40_000);
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
    const answers: Record<string, unknown> = {
      search_catalog: (await callTool('search_catalog', {})).result.structuredContent,
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
