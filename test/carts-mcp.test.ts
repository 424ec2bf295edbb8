/**
 * The cart tools through the MCP SDK's own client over the real node:http server and database:
 * their listing (arguments renamed to cart_id / item_id, annotations, limits named), one happy
 * path per tool with output valid against its outputSchema, error results, ownership, a cart over
 * the total ceiling saying so in every result, and a tool call and a REST request sharing one
 * idempotency namespace.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../server/db/client';
import { updateLimits } from '../server/domain/limits';
import { agentHeaders, freshKey } from './support/app';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { testServer, type TestServer } from './support/http';

const PROFILE = 'https://agent.shopbot.dev/profile.json';
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', postal_code: '97201', country: 'US' };
const CART_TOOLS = ['create_cart', 'get_cart', 'cancel_cart', 'add_to_cart', 'update_cart_item', 'remove_cart_item', 'set_shipping_address', 'quick_buy'];

let s: TestServer;
let client: Client;
let tools: Record<string, Tool>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
let mug: { id: string; sku: string };
let lantern: { id: string; sku: string };

beforeAll(async () => {
  s = await testServer();
  await seedCatalog(s.db.database.db, [
    { seller: seller('tool-shop'), products: [{ title: 'Tool Mug', variants: [[1200, 50]] }, { title: 'Tool Lantern', variants: [[3000, 2]] }] },
  ]);
  const found = await rows<{ title: string; id: string; sku: string }>(
    s.db.database.db,
    sql`SELECT p.title, v.id, v.sku FROM variants v JOIN products p ON p.id = v.product_id`,
  );
  mug = found.find((v) => v.title === 'Tool Mug')!;
  lantern = found.find((v) => v.title === 'Tool Lantern')!;
  client = new Client({ name: 'carts-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`)));
  tools = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t]));
});
afterAll(async () => {
  await client?.close();
  await s?.close();
});

function call(name: string, args: Record<string, unknown>, profile = PROFILE): Promise<CallToolResult> {
  const key = tools[name].inputSchema.required?.includes('idempotency_key') ? { idempotency_key: freshKey() } : {};
  return client.callTool({ name, arguments: { meta: { 'ucp-agent': { profile } }, ...key, ...args } }) as Promise<CallToolResult>;
}

/** A successful result's cart, checked against the tool's outputSchema. */
async function cartOf(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await call(name, args);
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  const validate = ajv.compile(tools[name].outputSchema!);
  expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return result.structuredContent;
}

function errorOf(result: CallToolResult): { code: string; error: string; details?: Record<string, any> } {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  return JSON.parse((result.content[0] as { text: string }).text);
}

describe('the cart tools', () => {
  it('are listed with cart_id / item_id arguments, annotations and the live limit they check', () => {
    for (const name of CART_TOOLS) expect(tools[name], name).toBeDefined();
    expect(Object.keys(tools.add_to_cart.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['cart_id', 'variant_id', 'sku', 'seller_handle', 'quantity', 'idempotency_key', 'meta']),
    );
    expect(tools.add_to_cart.inputSchema.properties).not.toHaveProperty('id');
    expect(tools.update_cart_item.inputSchema.required).toEqual(expect.arrayContaining(['cart_id', 'item_id', 'quantity', 'idempotency_key']));
    expect(tools.get_cart.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.cancel_cart.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(tools.remove_cart_item.annotations).toMatchObject({ destructiveHint: true });
    expect(tools.add_to_cart.annotations).toMatchObject({ destructiveHint: false });
    for (const name of ['create_cart', 'add_to_cart', 'update_cart_item', 'quick_buy']) expect(tools[name].description, name).toContain('max_item_quantity');
  });

  it('each do their job: create, add, update, remove, address, read, cancel; quick_buy in one call', async () => {
    const created = await cartOf('create_cart', {});
    expect(created).toMatchObject({ status: 'open', line_items: [] });
    const added = await cartOf('add_to_cart', { cart_id: created.id, variant_id: mug.id, quantity: 2 });
    expect(added.line_items).toEqual([expect.objectContaining({ variant_id: mug.id, quantity: 2 })]);
    const bySku = await cartOf('add_to_cart', { cart_id: created.id, sku: lantern.sku, seller_handle: 'tool-shop', quantity: 1 });
    expect(bySku.line_items).toHaveLength(2);
    const updated = await cartOf('update_cart_item', { cart_id: created.id, item_id: added.line_items[0].id, quantity: 3 });
    expect(updated.line_items[0].quantity).toBe(3);
    const removed = await cartOf('remove_cart_item', { cart_id: created.id, item_id: bySku.line_items[1].id });
    expect(removed.line_items).toHaveLength(1);
    const addressed = await cartOf('set_shipping_address', { cart_id: created.id, ...ADDRESS });
    expect(addressed.delivery).toEqual([{ seller_handle: 'tool-shop', price_cents: 499, min_days: 2, max_days: 5 }]);
    const read = await cartOf('get_cart', { cart_id: created.id });
    expect(read).toEqual(addressed);
    const cancelled = await cartOf('cancel_cart', { cart_id: created.id });
    expect(cancelled.status).toBe('cancelled');

    const quick = await cartOf('quick_buy', { variant_id: mug.id, quantity: 1, shipping_address: ADDRESS });
    expect(quick).toMatchObject({ status: 'open', line_items: [{ quantity: 1 }], totals: { total_cents: 1699 } });
  });

  it('answer failures as error results with {error, code} and the REST details', async () => {
    const cart = await cartOf('create_cart', { items: [{ variant_id: mug.id, quantity: 20 }] });
    const tooMany = errorOf(await call('add_to_cart', { cart_id: cart.id, variant_id: mug.id, quantity: 1 }));
    expect(tooMany).toMatchObject({ code: 'quantity_exceeds_limit', details: { max_quantity: 20 } });
    const short = errorOf(await call('quick_buy', { variant_id: lantern.id, quantity: 3, shipping_address: ADDRESS }));
    expect(short).toMatchObject({ code: 'insufficient_stock', details: { available: 2 } });
    const unknown = errorOf(await call('add_to_cart', { cart_id: cart.id, sku: `${mug.sku}x`, seller_handle: 'tool-shop', quantity: 1 }));
    expect(unknown).toMatchObject({ code: 'variant_not_found', details: { did_you_mean: expect.arrayContaining([mug.sku]) } });
    const fractional = errorOf(await call('update_cart_item', { cart_id: cart.id, item_id: cart.line_items[0].id, quantity: 1.5 }));
    expect(fractional.code).toBe('invalid_request');
    const noItem = errorOf(await call('remove_cart_item', { cart_id: cart.id, item_id: 'item_01kt2j28pzwq817ysfzgf1gjtv' }));
    expect(noItem.code).toBe('item_not_found');
  });

  it('say in every result that a cart is over max_cart_total_cents, naming the ceiling and the amount over; checkout refuses it', async () => {
    const db = s.db.database.db;
    await updateLimits(db, { max_cart_total_cents: 10000 });
    try {
      // 10 × Tool Mug (12.00) = 120.00, delivered free: 20.00 over 100.00.
      const over = (result: { messages: { code: string; message: string }[] }) => result.messages.filter((m) => m.code === 'cart_total_exceeds_limit');
      const message = { type: 'error', code: 'cart_total_exceeds_limit', message: expect.stringContaining('120.00 USD is 20.00 USD over the limit of 100.00 USD'), path: 'totals' };
      const created = await cartOf('create_cart', { items: [{ variant_id: mug.id, quantity: 10 }], shipping_address: ADDRESS });
      expect(over(created)).toEqual([message]);
      expect(over(await cartOf('get_cart', { cart_id: created.id }))).toEqual([message]);
      expect(over(await cartOf('set_shipping_address', { cart_id: created.id, ...ADDRESS }))).toEqual([message]);
      const added = await cartOf('add_to_cart', { cart_id: created.id, variant_id: lantern.id, quantity: 1 });
      expect(over(added)[0].message).toContain('150.00 USD is 50.00 USD over');
      expect(over(await cartOf('update_cart_item', { cart_id: created.id, item_id: added.line_items[0].id, quantity: 9 }))[0].message).toContain('138.00 USD is 38.00 USD over');
      expect(over(await cartOf('remove_cart_item', { cart_id: created.id, item_id: added.line_items[1].id }))[0].message).toContain('108.00 USD is 8.00 USD over');
      expect(over(await cartOf('quick_buy', { variant_id: mug.id, quantity: 10, shipping_address: ADDRESS }))).toEqual([message]);
      // The text block carries the same JSON.
      const text = (await call('get_cart', { cart_id: created.id })).content[0] as { text: string };
      expect(text.text).toContain('"code":"cart_total_exceeds_limit"');

      expect(errorOf(await call('checkout', { cart_id: created.id }))).toMatchObject({ code: 'cart_total_exceeds_limit', max_cents: 10000 });
    } finally {
      await updateLimits(db, { max_cart_total_cents: 100000 });
    }
  });

  it('answer another agent’s cart as not found', async () => {
    const cart = await cartOf('create_cart', {});
    const other = await call('get_cart', { cart_id: cart.id }, 'https://other-agent.shopbot.dev/profile.json');
    expect(errorOf(other)).toEqual({ error: expect.any(String), code: 'cart_not_found' });
  });

  it('share the caller’s idempotency namespace with REST: the same key and input is the same request', async () => {
    const key = freshKey();
    const tool = (await client.callTool({
      name: 'create_cart',
      arguments: { meta: { 'ucp-agent': { profile: PROFILE } }, idempotency_key: key, items: [{ variant_id: mug.id, quantity: 1 }] },
    })) as CallToolResult;
    const rest = await s.call('POST', '/api/agent/cart', { headers: agentHeaders({ 'Idempotency-Key': key }), body: { items: [{ variant_id: mug.id, quantity: 1 }] } });
    expect(rest.status).toBe(201);
    expect(rest.headers.get('idempotent-replayed')).toBe('true');
    expect(await rest.json()).toEqual(tool.structuredContent);
  });
});
