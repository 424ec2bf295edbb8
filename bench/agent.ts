/**
 * bench:agent — what an agent reads on its way from the base URL to a payment link: every call's
 * bytes as they arrive on the socket (status line, headers and body), per path, against budgets.
 *
 *   npm run bench:agent [-- --url http://127.0.0.1:3000 [--profile https://…/platform.json]] [--echo]
 *
 * Without --url it starts `npm start`'s server on a free port over a fresh embedded database (the
 * demo catalog, seeded by the first start) and stops it afterwards.
 *
 *   (a) REST: GET /.well-known/ucp, GET /llms.txt, the search llms.txt shows, quick-buy of its first
 *       offer, payment-link: ≤ 30 KB.
 *   (b) MCP: initialize (and the initialized notification every client sends), tools/list,
 *       search_catalog, quick_buy, checkout: ≤ 60 KB. Again on MCP 2026-07-28, where server/discover
 *       takes initialize's place and every request carries its `_meta` envelope and routing headers:
 *       the same budget.
 *   (c) A misspelt query and a vague one, then on to a cart: no step may answer nothing without a
 *       next step (products, suggestions, or a cart whose messages say what to do).
 *   (d) (a) and (b) for a product with several variants, which the compact search shows as an
 *       AggregateOffer: its productID to get_product, then quick-buy of a variant in stock, with
 *       no second search: the same budgets.
 *   (e) UCP's binding over REST: GET /.well-known/ucp, the dev.ucp.shopping endpoint it names,
 *       catalog/search (the MCP path's query, the default page of 10), create a checkout of its first available variant,
 *       update it with the buyer's e-mail and a destination, which answers requires_escalation
 *       with continue_url (where the person pays; not opened): ≤ 30 KB, the REST path's budget.
 *
 * Every call names the agent in UCP-Agent; UCP's binding fetches the platform profile it names, so
 * the bench serves one over HTTPS on a pinned .test name (bench/lib/platform-profile.ts) and starts
 * the service able to reach it. With --url, pass --profile <https URL of a platform profile that
 * service can fetch>, or the UCP path fails at its first binding call.
 *
 * GET /api/openapi.json is measured on a line of its own, outside the paths. KB are 1,000 bytes.
 * Each call opens a connection of its own (Connection: close), so that the socket's byte count is
 * that call's. Prints a table per path, writes the same as JSON to bench/results/agent.json, and
 * exits 1 when a budget is missed or a call fails.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { ensureNextBuild, freePort, installCleanup, runBenchmark, startProcess, type Child } from './lib/processes';
import { printTable } from './lib/table';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';
import { platformProfileHost, type PlatformProfileHost } from './lib/platform-profile';
import { UCP_DESTINATION, ucpAgentHeader } from '../test/support/platform-profile';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench/results/agent.json');

const { values: flags } = parseArgs({ options: { url: { type: 'string' }, profile: { type: 'string' }, echo: { type: 'boolean', default: false } } });

const KB = 1000;
const BUDGETS = { rest: 30 * KB, mcp: 60 * KB, ucp: 30 * KB };
const AGENT = 'profile="https://agent.shopbot.dev/profile.json"';
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
/** The misspelt and the vague query of (c), from test/search-quality/queries.ts. */
const TYPO = 'blutooth speaker';
const VAGUE = 'gift for a coffee lover';
const MCP_PROTOCOL = '2025-11-25';
const MCP_MODERN = '2026-07-28';
/** 2026-07-28's per-request envelope: the revision, the client and what it can do. */
const MCP_ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MCP_MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'bench-agent', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
/** UCP's shopping service, whose endpoint on REST the business profile names. */
const UCP_SHOPPING = 'dev.ucp.shopping';
/** UCP's path: the MCP path's query, and the buyer's e-mail its update sends (with UCP_DESTINATION). */
const UCP_QUERY = 'wireless headphones';
const UCP_BUYER = 'ada@example.org';

type Json = Record<string, any>;

interface Call {
  call: string;
  status: number;
  /** Bytes read from the socket: status line, headers and body. */
  bytes: number;
  body_bytes: number;
  /** (c) only: what the answer offers next. */
  next?: string;
}

interface Exchange {
  status: number;
  bytes: number;
  bodyBytes: number;
  text: string;
}

/** One request on a connection of its own; counts every byte the socket read. */
function exchange(base: string, method: string, target: string, headers: Record<string, string>, body?: unknown): Promise<Exchange> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(target, base),
      {
        method,
        agent: false,
        headers: { ...headers, ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: res.socket?.bytesRead ?? req.socket?.bytesRead ?? 0, bodyBytes: raw.length, text: raw.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const failures: string[] = [];

function parse(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** What a path buys: the first product with one variant, or the first in stock with several. */
type Choice = 'one variant' | 'several variants';

/** A product of a compact search page with several variants, one in stock: its productID. */
function severalVariants(page: Json): string | undefined {
  const products: Json[] = page.itemListElement ?? [];
  return products.find((p) => p.offers?.['@type'] === 'AggregateOffer' && p.offers.availability === 'schema:InStock')?.productID;
}

/** A variant in stock of get_product's answer. */
function inStock(product: Json): string | undefined {
  return (product.offers ?? []).find((o: Json) => o.availability === 'schema:InStock')?.identifier;
}

/** A cartable offer of a search page: the first product with one variant (an Offer with identifier). */
function firstOffer(page: Json): string | undefined {
  const products: Json[] = (page.itemListElement ?? []).map((e: Json) => e.item ?? e);
  for (const product of products) {
    const offers = Array.isArray(product.offers) ? product.offers : [product.offers];
    const offer = offers.find((o: Json | undefined) => typeof o?.identifier === 'string');
    if (offer) return offer.identifier;
  }
  return undefined;
}

/** What a search answer offers next, or undefined when it answers nothing without a next step. */
function searchNext(page: Json): string | undefined {
  const n = page.itemListElement?.length ?? 0;
  const corrected = page.query_corrected ? ` (ran "${page.query_corrected}")` : '';
  if (n) return `${n} products${corrected}${page.relaxed ? ', relaxed' : ''}`;
  if (page.suggestions?.length) return `suggestions: ${page.suggestions.length}`;
  return undefined;
}

/** Calls of one path over HTTP, each recorded in `calls` (and a failure for a status ≥ 300) under `label`. */
function recorder(base: string, label: string, agent: string) {
  const calls: Call[] = [];
  const headers = { 'ucp-agent': agent, accept: 'application/json' };
  const step = async (call: string, method: string, target: string, body?: unknown, extra: Record<string, string> = {}) => {
    const r = await exchange(base, method, target, { ...headers, ...extra }, body);
    calls.push({ call, status: r.status, bytes: r.bytes, body_bytes: r.bodyBytes });
    if (r.status >= 300) failures.push(`${label} ${call}: ${r.status} ${r.text.slice(0, 300)}`);
    return r;
  };
  return { calls, step };
}

async function restPath(base: string, pick: Choice): Promise<Call[]> {
  const { calls, step } = recorder(base, 'REST', AGENT);
  const profile = parse((await step('GET /.well-known/ucp', 'GET', '/.well-known/ucp')).text);
  const llmsUrl = typeof profile.llms_txt === 'string' ? new URL(profile.llms_txt).pathname : '/llms.txt';
  const llms = await step(`GET ${llmsUrl}`, 'GET', llmsUrl, undefined, { accept: 'text/plain' });
  // The search llms.txt shows first, as an agent that read it would send it.
  const shown = /^\s*GET (\/api\/agent\/search\?\S+)/m.exec(llms.text)?.[1];
  if (!shown) failures.push('REST: llms.txt shows no GET /api/agent/search?… example');
  const search = shown ?? '/api/agent/search?q=wireless+headphones&view=compact&limit=10';
  const page = parse((await step(`GET ${search.split('?')[0]}?${new URL(search, base).searchParams}`, 'GET', search)).text);
  let variant: string | undefined;
  if (pick === 'one variant') variant = firstOffer(page);
  else {
    const product = severalVariants(page);
    if (product) variant = inStock(parse((await step('GET /api/agent/product', 'GET', `/api/agent/product?id=${encodeURIComponent(product)}`)).text));
  }
  if (!variant) {
    failures.push(`REST: the search shows no product with ${pick} to buy`);
    return calls;
  }
  const cart = parse(
    (await step('POST /api/agent/quick-buy', 'POST', '/api/agent/quick-buy', { variant_id: variant, quantity: 1, shipping_address: ADDRESS }, { 'idempotency-key': randomUUID() })).text,
  );
  await step('POST /api/agent/payment-link', 'POST', '/api/agent/payment-link', { cart_id: cart.id }, { 'idempotency-key': randomUUID() });
  return calls;
}

/** The MCP path in one era: 2025's initialize handshake, or 2026-07-28's server/discover and per-request envelope. */
async function mcpPath(base: string, pick: Choice, era: 'legacy' | 'modern' = 'legacy'): Promise<Call[]> {
  const calls: Call[] = [];
  let id = 0;
  let protocol: string | undefined = era === 'modern' ? MCP_MODERN : undefined;
  const rpc = async (call: string, method: string, params?: Json, notification = false): Promise<Json> => {
    const headers: Record<string, string> = { 'ucp-agent': AGENT, accept: 'application/json, text/event-stream', ...(protocol && { 'mcp-protocol-version': protocol }) };
    if (era === 'modern') {
      headers['mcp-method'] = method;
      if (method === 'tools/call') headers['mcp-name'] = params!.name;
      params = { ...params, _meta: MCP_ENVELOPE };
    }
    const message = { jsonrpc: '2.0', ...(!notification && { id: ++id }), method, ...(params && { params }) };
    const r = await exchange(base, 'POST', '/api/mcp', headers, message);
    calls.push({ call, status: r.status, bytes: r.bytes, body_bytes: r.bodyBytes });
    const answer = parse(r.text);
    if (r.status >= 300 || answer.error || answer.result?.isError) failures.push(`MCP ${call}: ${r.status} ${r.text.slice(0, 300)}`);
    return answer.result ?? {};
  };
  const tool = (name: string, args: Json) => rpc(`tools/call ${name}`, 'tools/call', { name, arguments: args });

  if (era === 'modern') await rpc('server/discover', 'server/discover');
  else {
    const init = await rpc('initialize', 'initialize', { protocolVersion: MCP_PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-agent', version: '1.0.0' } });
    protocol = init.protocolVersion ?? MCP_PROTOCOL;
    await rpc('notifications/initialized', 'notifications/initialized', undefined, true);
  }
  await rpc('tools/list', 'tools/list');
  const page = (await tool('search_catalog', { q: 'wireless headphones', limit: 10 })).structuredContent ?? {};
  let variant: string | undefined;
  if (pick === 'one variant') variant = firstOffer(page);
  else {
    const product = severalVariants(page);
    if (product) variant = inStock((await tool('get_product', { id: product })).structuredContent ?? {});
  }
  if (!variant) {
    failures.push(`MCP: search_catalog shows no product with ${pick} to buy`);
    return calls;
  }
  const cart = (await tool('quick_buy', { variant_id: variant, quantity: 1, shipping_address: ADDRESS, idempotency_key: randomUUID() })).structuredContent ?? {};
  await tool('checkout', { cart_id: cart.id, idempotency_key: randomUUID() });
  return calls;
}

/**
 * UCP's shopping binding over REST, as a platform that knows only the base URL: the business
 * profile names the dev.ucp.shopping endpoint, and the checkout, given the buyer's e-mail and a
 * destination, hands the person's payment over at continue_url (not opened: the person's page).
 */
async function ucpPath(base: string, agent: string): Promise<Call[]> {
  const { calls, step } = recorder(base, 'UCP', agent);
  const profile = parse((await step('GET /.well-known/ucp', 'GET', '/.well-known/ucp')).text);
  const services: Json[] = profile.ucp?.services?.[UCP_SHOPPING] ?? [];
  const endpoint = services.find((s) => s.transport === 'rest')?.endpoint;
  if (typeof endpoint !== 'string') {
    failures.push(`UCP: /.well-known/ucp names no ${UCP_SHOPPING} endpoint on REST`);
    return calls;
  }
  const at = (operation: string) => ({ url: `${endpoint}${operation}`, call: `${new URL(endpoint).pathname}${operation}` });
  const search = at('/catalog/search');
  const found = parse((await step(`POST ${search.call}`, 'POST', search.url, { query: UCP_QUERY })).text);
  const products: Json[] = found.products ?? [];
  const variant = products.flatMap((p) => p.variants ?? []).find((v: Json) => v.availability?.available)?.id;
  if (typeof variant !== 'string') {
    failures.push('UCP: the search shows no available variant to buy');
    return calls;
  }
  const line_items = [{ item: { id: variant }, quantity: 1 }];
  const create = at('/checkout-sessions');
  const checkout = parse((await step(`POST ${create.call}`, 'POST', create.url, { line_items }, { 'idempotency-key': randomUUID() })).text);
  const update = at(`/checkout-sessions/${checkout.id}`);
  const ready = parse(
    (await step(`PUT ${create.call}/{id}`, 'PUT', update.url, { line_items, buyer: { email: UCP_BUYER }, fulfillment: { methods: [{ type: 'shipping', destinations: [UCP_DESTINATION] }] } }, { 'idempotency-key': randomUUID() })).text,
  );
  if (ready.status !== 'requires_escalation' || typeof ready.continue_url !== 'string') {
    failures.push(`UCP: the updated checkout is ${ready.status} with continue_url ${ready.continue_url}: ${JSON.stringify(ready.messages ?? ready).slice(0, 300)}`);
  }
  return calls;
}

async function deadEnds(base: string): Promise<Call[]> {
  const calls: Call[] = [];
  const headers = { 'ucp-agent': AGENT, accept: 'application/json' };
  const search = async (q: string) => {
    const target = `/api/agent/search?q=${encodeURIComponent(q).replaceAll('%20', '+')}&view=compact&limit=10`;
    const r = await exchange(base, 'GET', target, headers);
    const page = parse(r.text);
    const next = r.status === 200 ? searchNext(page) : undefined;
    calls.push({ call: `search "${q}"`, status: r.status, bytes: r.bytes, body_bytes: r.bodyBytes, next: next ?? 'nothing' });
    if (!next) failures.push(`dead end: search "${q}" answered ${r.status} with no product and no next step: ${r.text.slice(0, 300)}`);
    return page;
  };
  const typo = await search(TYPO);
  const vague = await search(VAGUE);
  let variant = firstOffer(vague) ?? firstOffer(typo);
  const product = severalVariants(vague) ?? severalVariants(typo);
  if (!variant && product) {
    // Every product shown has several variants: get_product lists them.
    const r = await exchange(base, 'GET', `/api/agent/product?id=${encodeURIComponent(product)}`, headers);
    variant = inStock(parse(r.text));
    calls.push({ call: 'GET /api/agent/product', status: r.status, bytes: r.bytes, body_bytes: r.bodyBytes, next: variant ? 'variants' : 'nothing' });
  }
  if (!variant) {
    failures.push('dead end: neither search shows an offer to put in a cart');
    return calls;
  }
  const r = await exchange(base, 'POST', '/api/agent/cart', { ...headers, 'idempotency-key': randomUUID() }, { items: [{ variant_id: variant, quantity: 1 }] });
  const cart = parse(r.text);
  const messages: Json[] = cart.messages ?? [];
  const next = r.status === 201 && cart.line_items?.length ? (messages.length ? `messages: ${messages.map((m) => m.code).join(', ')}` : 'ready to pay') : undefined;
  calls.push({ call: 'POST /api/agent/cart', status: r.status, bytes: r.bytes, body_bytes: r.bodyBytes, next: next ?? 'nothing' });
  if (!next) failures.push(`dead end: the cart answered ${r.status} without a line or a next step: ${r.text.slice(0, 300)}`);
  return calls;
}

let child: Child | undefined;
let dataDir: string | undefined;
let platform: PlatformProfileHost | undefined;
const cleanup = installCleanup(async () => {
  await child?.stop(5000).catch(() => {});
  await platform?.server.close().catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The service on a free port; `env` lets it fetch the platform profile the UCP path names. */
async function start(env: Record<string, string>): Promise<string> {
  ensureNextBuild(ROOT);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-agent-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.error(`Starting the service on port ${port} over a fresh embedded database (its first start seeds the demo catalog)…`);
  child = await startProcess({
    name: 'service',
    command: process.execPath,
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: ROOT,
    env: { ...process.env, ...env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: url },
    ready: /ready in \d+ ms/,
    timeoutMs: 300_000,
    echo: flags.echo,
  });
  return url;
}

const total = (calls: Call[]) => calls.reduce((sum, c) => sum + c.bytes, 0);

async function main(): Promise<number> {
  // A service at --url fetches only a profile it can reach (--profile); one started here, the local one.
  let agent = flags.profile && ucpAgentHeader(flags.profile);
  if (!agent) {
    platform = await platformProfileHost();
    agent = platform.agent;
  }
  const base = flags.url?.replace(/\/+$/, '') ?? (await start(platform?.server.env ?? {}));
  const rest = await restPath(base, 'one variant');
  const mcp = await mcpPath(base, 'one variant');
  const mcpModern = await mcpPath(base, 'one variant', 'modern');
  const ucp = await ucpPath(base, agent);
  const dead = await deadEnds(base);
  const restSeveral = await restPath(base, 'several variants');
  const mcpSeveral = await mcpPath(base, 'several variants');
  const openapi = await exchange(base, 'GET', '/api/openapi.json', { accept: 'application/json' });

  const rows = [
    ...rest.map((c) => ['(a) REST', c.call, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ['(a) REST', `total: ${rest.length} calls (budget ${BUDGETS.rest / KB} KB)`, '', total(rest), '', ''],
    ...mcp.map((c) => ['(b) MCP', c.call, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ['(b) MCP', `total: ${mcp.length} calls (budget ${BUDGETS.mcp / KB} KB)`, '', total(mcp), '', ''],
    ...mcpModern.map((c) => ['(b) MCP 2026-07-28', c.call, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ['(b) MCP 2026-07-28', `total: ${mcpModern.length} calls (budget ${BUDGETS.mcp / KB} KB)`, '', total(mcpModern), '', ''],
    ...dead.map((c) => ['(c) dead ends', `${c.call} → ${c.next}`, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ...restSeveral.map((c) => ['(d) REST, several variants', c.call, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ['(d) REST, several variants', `total: ${restSeveral.length} calls (budget ${BUDGETS.rest / KB} KB)`, '', total(restSeveral), '', ''],
    ...mcpSeveral.map((c) => ['(d) MCP, several variants', c.call, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ['(d) MCP, several variants', `total: ${mcpSeveral.length} calls (budget ${BUDGETS.mcp / KB} KB)`, '', total(mcpSeveral), '', ''],
    ...ucp.map((c) => ['(e) UCP', c.call, c.status, c.bytes, c.bytes - c.body_bytes, c.body_bytes]),
    ['(e) UCP', `total: ${ucp.length} calls (budget ${BUDGETS.ucp / KB} KB)`, '', total(ucp), '', ''],
    ['', 'GET /api/openapi.json (on its own, not in a path)', openapi.status, openapi.bytes, openapi.bytes - openapi.bodyBytes, openapi.bodyBytes],
  ];
  console.log(`\nbench:agent — bytes an agent reads per call (status line, headers and body), ${base}; KB = 1,000 bytes\n`);
  printTable(['path', 'call', 'status', 'bytes', 'headers', 'body'], rows);

  const checks = {
    rest: { calls: rest.length, bytes: total(rest), budget: BUDGETS.rest, met: total(rest) <= BUDGETS.rest },
    mcp: { calls: mcp.length, bytes: total(mcp), budget: BUDGETS.mcp, met: total(mcp) <= BUDGETS.mcp },
    mcp_2026: { calls: mcpModern.length, bytes: total(mcpModern), budget: BUDGETS.mcp, met: total(mcpModern) <= BUDGETS.mcp },
    ucp: { calls: ucp.length, bytes: total(ucp), budget: BUDGETS.ucp, met: total(ucp) <= BUDGETS.ucp },
    dead_ends: { met: dead.every((c) => c.next !== 'nothing') },
    rest_several_variants: { calls: restSeveral.length, bytes: total(restSeveral), budget: BUDGETS.rest, met: total(restSeveral) <= BUDGETS.rest },
    mcp_several_variants: { calls: mcpSeveral.length, bytes: total(mcpSeveral), budget: BUDGETS.mcp, met: total(mcpSeveral) <= BUDGETS.mcp },
  };
  const result = {
    bench: 'agent',
    node: process.version,
    paths: {
      rest: { ...checks.rest, steps: rest },
      mcp: { ...checks.mcp, steps: mcp },
      mcp_2026: { ...checks.mcp_2026, steps: mcpModern },
      ucp: { ...checks.ucp, steps: ucp },
      dead_ends: { ...checks.dead_ends, steps: dead },
      rest_several_variants: { ...checks.rest_several_variants, steps: restSeveral },
      mcp_several_variants: { ...checks.mcp_several_variants, steps: mcpSeveral },
    },
    openapi: { call: 'GET /api/openapi.json', status: openapi.status, bytes: openapi.bytes, body_bytes: openapi.bodyBytes },
  };
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${JSON.stringify({ ...checks, openapi: result.openapi })}`);
  console.log(`(written to ${path.relative(process.cwd(), RESULTS)})`);

  if (!checks.rest.met) failures.push(`(a) REST read ${total(rest)} bytes, over its budget of ${BUDGETS.rest}`);
  if (!checks.mcp.met) failures.push(`(b) MCP read ${total(mcp)} bytes, over its budget of ${BUDGETS.mcp}`);
  if (!checks.mcp_2026.met) failures.push(`(b) MCP 2026-07-28 read ${total(mcpModern)} bytes, over its budget of ${BUDGETS.mcp}`);
  if (!checks.ucp.met) failures.push(`(e) UCP read ${total(ucp)} bytes, over its budget of ${BUDGETS.ucp}`);
  if (!checks.rest_several_variants.met) failures.push(`(d) REST read ${total(restSeveral)} bytes, over its budget of ${BUDGETS.rest}`);
  if (!checks.mcp_several_variants.met) failures.push(`(d) MCP read ${total(mcpSeveral)} bytes, over its budget of ${BUDGETS.mcp}`);
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log('\nEvery budget met.');
  return 0;
}

await runBenchmark('bench:agent', main, cleanup);
