/**
 * bench:cart — adding to carts, and placing orders, against a bare node:http + postgres yardstick
 * doing the same SQL with the same pool, on a fresh Postgres database, in one run.
 *
 *   npm run bench:cart [-- --connections 50 --duration 10 --warmup 2 --pool 10 --carts 400
 *                          --orders 400 --database acapi_bench_cart --echo --strict]
 *
 * 1. POST /api/agent/cart/{id}/items with a distinct Idempotency-Key per request, spread over
 *    `--carts` carts (so the cart's row lock, which serialises adds to one cart, is not what is
 *    measured), against the service (`npm start`'s server) and then bench/bare-cart-server.ts.
 *    Afterwards every 201 must be in the database: the quantities add up to the answered adds.
 * 2. Order placement: `--orders` ready carts with a live payment link each, paid `--connections`
 *    at a time through the service's own completePayment (authorize with the built-in provider,
 *    place the order in one transaction, capture), against the same statements issued bare.
 *    Each cart holds another product, so the rate measured is the work's, not one row lock's.
 *
 * Exits 1 if any request or payment failed; with --strict also when a ratio target is missed.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, postgresOptions } from '../server/db/client';
import { completePayment } from '../server/payments/complete';
import { providerNamed } from '../server/payments/select';
import { cpuStopwatch, groupPids } from './lib/cpu';
import { databaseUrl, dropDatabase, recreateDatabase, withDatabase } from './lib/database';
import { runLoad, type LoadOptions, type LoadResult } from './lib/load';
import { ensureNextBuild, freePort, installCleanup, runBenchmark, startProcess, type Child } from './lib/processes';
import { printTable } from './lib/table';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';
import { BENCH_SECRETS_KEY } from './lib/secrets-key';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
    carts: { type: 'string', default: '400' },
    orders: { type: 'string', default: '400' },
    database: { type: 'string', default: 'acapi_bench_cart' },
    echo: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
function positiveInt(name: 'connections' | 'duration' | 'pool' | 'carts' | 'orders'): number {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got "${flags[name]}"`);
  return n;
}
const connections = positiveInt('connections');
const duration = positiveInt('duration');
const pool = positiveInt('pool');
const cartCount = positiveInt('carts');
const orderCount = positiveInt('orders');
const warmup = Number(flags.warmup);
if (!(warmup >= 0)) throw new Error(`--warmup must be a number of seconds ≥ 0, got "${flags.warmup}"`);
const dbName = flags.database!;

const TARGET = 0.4;
const PROFILE = 'https://agent.shopbot.dev/profile.json';
const AGENT = `profile="${PROFILE}"`;
const ADDRESS = { name: 'Bench Buyer', line1: '1 Main St', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bench Buyer' };

const runTag = randomBytes(4).toString('hex');
let keyCounter = 0;
const freshKey = () => `bench-${runTag}-${String(++keyCounter).padStart(8, '0')}`;

type ServerName = 'service' | 'bare';
const failures: string[] = [];
let current: Child | undefined;
const cleanup = installCleanup(async () => {
  await current?.stop(5000).catch(() => {});
  await dropDatabase(dbName).catch((err) => console.error(`could not drop ${dbName}:`, err.message));
});

async function startServer(name: ServerName, env: Record<string, string | undefined>): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.error(`Starting the ${name === 'service' ? 'service' : 'bare server'} on port ${port}…`);
  current = await startProcess({
    name,
    command: process.execPath,
    args: ['--import', 'tsx', name === 'service' ? 'server/main.ts' : 'bench/bare-cart-server.ts'],
    cwd: ROOT,
    env: { ...env, PORT: String(port), PUBLIC_BASE_URL: url },
    ready: /ready in \d+ ms/,
    echo: flags.echo,
    timeoutMs: 180_000, // the service seeds the demo catalog on its first start
  });
  return { child: current, url };
}

async function post(url: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'UCP-Agent': AGENT, 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

// ------------------------------------------------------------------ adding to carts

interface AddPlan {
  carts: string[];
  variants: string[];
}

function addLoad(url: string, plan: AddPlan, seconds: number): LoadOptions {
  let n = 0;
  return {
    url,
    connections,
    duration: seconds,
    method: 'POST',
    path: `/api/agent/cart/${plan.carts[0]}/items`,
    headers: { 'ucp-agent': AGENT, 'content-type': 'application/json' },
    body: JSON.stringify({ variant_id: plan.variants[0], quantity: 1 }),
    setupRequest: (req) => {
      const i = n++;
      return {
        ...req,
        path: `/api/agent/cart/${plan.carts[i % plan.carts.length]}/items`,
        body: JSON.stringify({ variant_id: plan.variants[Math.floor(i / plan.carts.length) % plan.variants.length], quantity: 1 }),
        headers: { ...req.headers, 'idempotency-key': freshKey() },
      };
    },
  };
}

function checkLoad(label: string, r: LoadResult): void {
  if (r.non2xx) failures.push(`${label}: ${r.non2xx} non-2xx responses (${JSON.stringify(r.statusCodes)})`);
  if (r.errors) failures.push(`${label}: ${r.errors} connection errors (${r.timeouts} timeouts)`);
  if (r.total === 0) failures.push(`${label}: no responses at all`);
}

const unitsInCarts = async () => (await withDatabase(dbName, (sql) => sql`select coalesce(sum(quantity), 0)::int as n from cart_items`))[0].n as number;

const APPLICATION_NAME: Record<ServerName, string> = { service: 'agent-commerce', bare: 'bench-bare-cart' };

async function backendPids(name: ServerName): Promise<number[]> {
  const found = await withDatabase(dbName, (sql) =>
    sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and application_name = ${APPLICATION_NAME[name]}`);
  return found.map((r) => r.pid);
}

interface Measured extends LoadResult {
  /** CPU µs per completed request: the server's processes, and its Postgres backends. */
  nodeCpu: number;
  pgCpu: number;
}

/** Smoke, warm-up and measured load on one server; every 201 must show in the database after. */
async function measureAdds(name: ServerName, server: { child: Child; url: string }, plan: AddPlan): Promise<Measured> {
  const { url } = server;
  const before = await unitsInCarts();
  const smoke = await post(url, `/api/agent/cart/${plan.carts[0]}/items`, { variant_id: plan.variants[0], quantity: 1 });
  if (smoke.status !== 201 || smoke.body.id !== plan.carts[0] || !Array.isArray(smoke.body.line_items)) {
    throw new Error(`${name}: POST …/items answered ${smoke.status} ${JSON.stringify(smoke.body).slice(0, 300)}`);
  }
  let answered = 1;
  if (warmup > 0) {
    process.stderr.write(`  ${name} add: warm-up ${warmup} s… `);
    const w = await runLoad(addLoad(url, plan, warmup));
    checkLoad(`${name} warm-up`, w);
    answered += w.statusCodes['201'] ?? 0;
  }
  process.stderr.write(`measuring ${duration} s… `);
  const nodeCpu = cpuStopwatch(() => groupPids(server.child.pid));
  const pgCpu = cpuStopwatch(() => backendPids(name)); // after warm-up, the pool is open
  await nodeCpu.start();
  await pgCpu.start();
  const r = await runLoad(addLoad(url, plan, duration));
  const cpu = { nodeCpu: nodeCpu.stop() / r.total, pgCpu: pgCpu.stop() / r.total };
  process.stderr.write(`${Math.round(r.rps)} rps\n`);
  checkLoad(`${name} add`, r);
  answered += r.statusCodes['201'] ?? 0;

  // Requests in flight when autocannon stops finish on the server uncounted: up to `connections`
  // more units per run than counted 201s, never fewer.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const added = (await unitsInCarts()) - before;
  const runs = warmup > 0 ? 2 : 1;
  if (added < answered || added > answered + runs * connections) failures.push(`${name}: ${answered} adds answered 201 but ${added} units were added`);
  return { ...r, ...cpu };
}

// ------------------------------------------------------------------ placing orders

interface Link {
  id: string;
  cart_id: string;
  amount_cents: number;
}

/** `count` carts of one unit each (each of another product), with an address and a live payment link, made through the service. */
async function readyCarts(url: string, variants: string[]): Promise<void> {
  await inParallel(variants, 20, async (variant) => {
    const cart = await post(url, '/api/agent/quick-buy', { variant_id: variant, quantity: 1, shipping_address: ADDRESS });
    if (cart.status !== 201) throw new Error(`quick-buy answered ${cart.status} ${JSON.stringify(cart.body).slice(0, 300)}`);
    const link = await post(url, '/api/agent/payment-link', { cart_id: cart.body.id });
    if (link.status !== 201) throw new Error(`payment-link answered ${link.status} ${JSON.stringify(link.body).slice(0, 300)}`);
  });
}

async function liveLinks(carts: Set<string>): Promise<Link[]> {
  const links = await withDatabase(dbName, (sql) => sql<Link[]>`select id, cart_id, amount_cents from payment_links where status = 'live'`);
  return links.filter((l) => carts.has(l.cart_id));
}

interface PlaceResult {
  ordersPerSecond: number;
  placed: number;
}

async function timed(links: Link[], pay: (link: Link) => Promise<boolean>): Promise<PlaceResult> {
  let placed = 0;
  const started = performance.now();
  await inParallel(links, connections, async (link) => {
    if (await pay(link)) placed++;
  });
  return { ordersPerSecond: links.length / ((performance.now() - started) / 1000), placed };
}

/** The service's way: the built-in provider authorizes, completePayment places the order and captures. */
async function placeThroughService(url: string, links: Link[]): Promise<PlaceResult> {
  const config = loadConfig({ SECRETS_KEY: BENCH_SECRETS_KEY, ...process.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: url, PUBLIC_BASE_URL: 'http://127.0.0.1' });
  const database = await openDatabase({ databaseUrl: url, poolSize: pool, migrate: false });
  const app = createApp(config, database);
  const provider = providerNamed(config, 'builtin');
  try {
    return await timed(links, async (link) => {
      const auth = await provider.authorize!(CARD, { amountCents: link.amount_cents, currency: 'USD' });
      if (auth.status !== 'authorized') throw new Error(`the success card was not authorized: ${JSON.stringify(auth)}`);
      const outcome = await completePayment(app.services, { linkId: link.id, authorization: auth.authorization, provider: 'builtin' });
      return outcome.kind === 'placed';
    });
  } finally {
    await app.close();
  }
}

/** The same statements as completePayment and placeOrder issue, bare (the provider's ledger is in memory: nothing to add). */
async function placeBare(url: string, links: Link[]): Promise<PlaceResult> {
  const sql = postgres(url, postgresOptions(pool, 'bench-bare-orders'));
  try {
    return await timed(links, (link) =>
      sql.begin(async (tx) => {
        const [found] = await tx`select cart_id from payment_links where id = ${link.id}`;
        const [cart] = await tx`select * from carts where id = ${found.cart_id} for update`;
        const [live] = await tx`select * from payment_links where id = ${link.id} for update`;
        if (live.status !== 'live') return false;
        const lines = await tx`
          select ci.id, ci.variant_id, ci.quantity, v.sku, v.product_id, v.price_cents, v.stock, v.options, p.title, s.handle as seller_handle, s.delivery
          from cart_items ci join variants v on v.id = ci.variant_id join products p on p.id = v.product_id join sellers s on s.id = v.seller_id
          where ci.cart_id = ${cart.id} order by ci.created_at, ci.id`;
        const ids = tx.json(lines.map((l) => l.variant_id));
        await tx`select p.id from products p where p.id in (select product_id from variants where id in (select jsonb_array_elements_text(${ids}))) order by p.id for update of p`;
        const locked = await tx`select id, stock, price_cents from variants where id in (select jsonb_array_elements_text(${ids})) order by id for update`;
        const stock = new Map(locked.map((v) => [v.id, v.stock as number | null]));
        if (lines.some((l) => { const left = stock.get(l.variant_id); return left === undefined || (left !== null && left < l.quantity); })) return false;
        const taken = tx.json(lines.map((l) => ({ id: l.variant_id, quantity: l.quantity })));
        await tx`update variants v set stock = v.stock - x.quantity from jsonb_to_recordset(${taken}) as x(id text, quantity int) where v.id = x.id and v.stock is not null`;
        await tx`update products p set stock_max = s.stock_max, price_min_in_stock = s.price_min_in_stock
                 from (select product_id, max(coalesce(stock, 2147483647)) as stock_max, min(price_cents) filter (where stock is null or stock > 0) as price_min_in_stock
                       from variants where product_id in (select product_id from variants where id in (select jsonb_array_elements_text(${ids}))) group by product_id) s
                 where p.id = s.product_id`;
        const orderId = `ord_${randomBytes(13).toString('hex')}`;
        const subtotal = lines.reduce((s, l) => s + l.price_cents * l.quantity, 0);
        await tx`insert into orders (id, cart_id, owner, line_items, totals, shipping_address, payment)
                 values (${orderId}, ${cart.id}, ${cart.owner}, ${tx.json(lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })))},
                         ${tx.json({ subtotal_cents: subtotal, delivery_cents: link.amount_cents - subtotal, total_cents: link.amount_cents, currency: 'USD' })},
                         ${tx.json(cart.shipping_address)}, ${tx.json({ provider: 'builtin', reference: `auth_${orderId}` })}) returning *`;
        await tx`update carts set status = 'completed', order_id = ${orderId}, notices = ${tx.json([])}, updated_at = ${new Date()} where id = ${cart.id}`;
        await tx`update payment_links set status = 'paid', closed_at = ${new Date()} where id = ${link.id}`;
        return true;
      }),
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ------------------------------------------------------------------ run

async function main(): Promise<number> {
  ensureNextBuild(ROOT);
  const load0 = os.loadavg()[0];
  console.error(`Fresh database ${dbName}…`);
  const url = await recreateDatabase(dbName);
  const env: Record<string, string | undefined> = { ...process.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: url, DATABASE_POOL_SIZE: String(pool) };

  // The service first: its start migrates the fresh database and seeds the demo catalog.
  const service = await startServer('service', env);
  const { addVariants, orderVariants } = await withDatabase(dbName, async (sql) => {
    // Adds never run into the quantity ceiling or stock: the work measured is the add's.
    await sql`update platform_limits set max_item_quantity = 2000000000, max_cart_total_cents = 2000000000`;
    const add = await sql<{ id: string }[]>`select id from variants where stock is null order by id limit 10`;
    // One unit of another product per order, from sellers delivering to the US, with stock tracked.
    const order = await sql<{ id: string }[]>`
      select distinct on (v.product_id) v.id from variants v join sellers s on s.id = v.seller_id
      where v.stock >= 1 and s.delivery @> '[{"country": "US"}]'::jsonb order by v.product_id, v.id limit ${2 * orderCount}`;
    return { addVariants: add.map((r) => r.id), orderVariants: order.map((r) => r.id) };
  });
  if (orderVariants.length < 2 * orderCount) throw new Error(`the demo catalog has ${orderVariants.length} products to order, ${2 * orderCount} needed: lower --orders`);
  const plan: AddPlan = { carts: [], variants: addVariants };
  await inParallel(Array.from({ length: cartCount }), 20, async () => {
    const cart = await post(service.url, '/api/agent/cart', {});
    if (cart.status !== 201) throw new Error(`POST /api/agent/cart answered ${cart.status}`);
    plan.carts.push(cart.body.id);
  });
  console.error(`  ${cartCount} carts for the adds; ${2 * orderCount} ready carts with a payment link for the orders…`);
  await readyCarts(service.url, orderVariants);

  const adds: Record<ServerName, Measured> = { service: await measureAdds('service', service, plan), bare: undefined as never };
  const logged = service.child.output().split('\n').filter((l) => /failure|error/i.test(l));
  if (logged.length) failures.push(`service logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);
  await service.child.stop();
  const bare = await startServer('bare', env);
  adds.bare = await measureAdds('bare', bare, plan);
  await bare.child.stop();
  current = undefined;

  // Half of the ready carts for each, paid the service's way first.
  const orderCarts = await withDatabase(dbName, (sql) => sql<{ cart_id: string }[]>`select cart_id from payment_links where status = 'live' order by cart_id`);
  const halves = [new Set(orderCarts.slice(0, orderCount).map((r) => r.cart_id)), new Set(orderCarts.slice(orderCount).map((r) => r.cart_id))];
  process.stderr.write(`  orders: ${orderCount} through the service's completePayment… `);
  const servicePlaced = await placeThroughService(databaseUrl(dbName), await liveLinks(halves[0]));
  process.stderr.write(`${Math.round(servicePlaced.ordersPerSecond)}/s; bare… `);
  const barePlaced = await placeBare(databaseUrl(dbName), await liveLinks(halves[1]));
  process.stderr.write(`${Math.round(barePlaced.ordersPerSecond)}/s\n`);
  for (const [name, r] of [['service', servicePlaced], ['bare', barePlaced]] as const) {
    if (r.placed !== orderCount) failures.push(`orders (${name}): ${r.placed} of ${orderCount} placed`);
  }
  const [{ orders }] = await withDatabase(dbName, (sql) => sql`select count(*)::int as orders from orders`);
  if (orders !== 2 * orderCount) failures.push(`orders: ${orders} rows for ${2 * orderCount} placed`);
  const load1 = os.loadavg()[0];

  const addRatio = adds.service.rps / adds.bare.rps;
  const orderRatio = servicePlaced.ordersPerSecond / barePlaced.ordersPerSecond;
  const ms = (n: number) => Number(n.toFixed(n < 10 ? 1 : 0));
  console.log('');
  console.log(`bench:cart — autocannon ${connections} connections, ${duration} s after ${warmup} s warm-up, over ${cartCount} carts; ` +
    `${orderCount} orders per side, ${connections} at a time; Postgres pool ${pool} everywhere;`);
  console.log(`${os.cpus().length} CPUs shared by autocannon, the server and Postgres; Node ${process.version}; ` +
    `load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`);
  console.log('');
  printTable(
    ['', 'svc', 'p50 ms', 'p99 ms', 'bare', 'p50 ms', 'p99 ms', 'svc/bare', 'target', ''],
    [
      ['POST /api/agent/cart/{id}/items (rps)', Math.round(adds.service.rps), ms(adds.service.p50), ms(adds.service.p99), Math.round(adds.bare.rps),
        ms(adds.bare.p50), ms(adds.bare.p99), addRatio.toFixed(2), `≥ ${TARGET.toFixed(2)}`, addRatio >= TARGET ? 'met' : 'MISSED'],
      ['orders placed per second', Math.round(servicePlaced.ordersPerSecond), '', '', Math.round(barePlaced.ordersPerSecond), '', '',
        orderRatio.toFixed(2), `≥ ${TARGET.toFixed(2)}`, orderRatio >= TARGET ? 'met' : 'MISSED'],
    ],
  );
  console.log('');
  printTable(
    ['CPU µs per add', 'svc node', 'svc postgres', 'bare node', 'bare postgres'],
    [['POST /api/agent/cart/{id}/items', Math.round(adds.service.nodeCpu), Math.round(adds.service.pgCpu), Math.round(adds.bare.nodeCpu), Math.round(adds.bare.pgCpu)]],
  );
  console.log('');
  console.log('Adds: a fresh Idempotency-Key per request, one unit of one of 10 variants into one of the carts in turn;');
  console.log('the service over HTTP (npm start), the bare server the same statements; every 201 was found in cart_items.');
  console.log('Orders: in-process, so the HTTP page is not measured: the service is authorize (built-in provider) +');
  console.log('completePayment (lock cart and link, price, lock products and variants, take stock, insert the order) + capture;');
  console.log('the bare side issues the same statements through postgres directly.');
  if (load0 > os.cpus().length * 0.75) {
    console.log(`\nWARNING: the machine was already busy (load average ${load0.toFixed(1)} on ${os.cpus().length} CPUs) — figures are unreliable.`);
  }
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const missed = [addRatio, orderRatio].some((r) => r < TARGET);
  if (missed) {
    console.log(`\nTarget missed (adds ${addRatio.toFixed(2)}, orders ${orderRatio.toFixed(2)}; target ${TARGET}).`);
    if (flags.strict) return 1;
  }
  return 0;
}

await runBenchmark('bench:cart', main, cleanup);
