/**
 * bench:cart — adding to carts, and placing orders, against a bare node:http + postgres yardstick
 * doing the same SQL with the same pool, on a fresh Postgres database, in one run.
 *
 *   npm run bench:cart [-- --connections 50 --duration 10 --warmup 2 --pool 10 --carts 400
 *                          --orders 400 --purchases 200 --database acapi_bench_cart --echo --strict]
 *
 * 1. POST /api/agent/cart/{id}/items with a distinct Idempotency-Key per request, spread over
 *    `--carts` carts (so the cart's row lock, which serialises adds to one cart, is not what is
 *    measured), against the service (`npm start`'s server) and then bench/bare-cart-server.ts.
 *    Afterwards every 201 must be in the database: the quantities add up to the answered adds.
 * 2. Order placement: `--orders` ready carts with a live payment link each, paid `--connections`
 *    at a time through the service's own completePayment (authorize with the built-in provider,
 *    place the order in one transaction, capture), against the same statements issued bare.
 *    Each cart holds another product, so the rate measured is the work's, not one row lock's.
 *    That with order webhooks off (carts made with a network key credit no platform: nothing is
 *    enqueued) and on (carts of an open call naming the bench platform, whose profile's webhook_url
 *    is a local receiver: the payment's transaction renders the order and inserts its outbox row,
 *    and a DeliveryWorker in the same process sends the rows meanwhile); on against off ≥ 0.9.
 * 3. x402 settlement: `--orders` more carts of a verified buyer (its key carries checkout:write),
 *    signed for before the run by the buyer's linked wallet (EIP-3009, x402 v1), then settled over
 *    HTTP `--connections` at a time by the service (`npm start`) with its local ledger facilitator:
 *    the checks (one signature verification each), the pending order, the ledger's transfer and
 *    the order placed. Compared with step 2's completePayment orders/s, with Node CPU per settlement.
 * 4. Purchase to payment link, on step 1's service: `--purchases` on the seed API (quick-buy +
 *    payment-link) and as many on UCP's binding (POST /ucp/checkout-sessions, then PUT with the
 *    buyer's e-mail and a destination to requires_escalation with continue_url, which is not
 *    opened; UCP-Agent names a platform profile served over HTTPS on a pinned .test name,
 *    bench/lib/platform-profile.ts). The binding's Node CPU per purchase against the seed API's.
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
import { DeliveryWorker } from '../server/webhooks/worker';
import { cpuStopwatch, groupPids } from './lib/cpu';
import { databaseUrl, dropDatabase, recreateDatabase, withDatabase } from './lib/database';
import { runLoad, type LoadOptions, type LoadResult } from './lib/load';
import { ensureNextBuild, freePort, installCleanup, runBenchmark, startProcess, type Child } from './lib/processes';
import { printTable } from './lib/table';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';
import { BENCH_SECRETS_KEY } from './lib/secrets-key';
import { platformProfileHost, type PlatformProfileHost } from './lib/platform-profile';
import { authorizationTypes } from '@x402/evm';
import { privateKeyToAccount } from 'viem/accounts';
import { walletLinkTypedData } from '../server/buyers/wallets';
import type { KeyScope } from '../server/keys/network-keys';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';
import { x402Network } from '../server/x402/networks';
import { signedInDeveloper, verifiedBuyer } from '../test/support/developer';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
    carts: { type: 'string', default: '400' },
    orders: { type: 'string', default: '400' },
    purchases: { type: 'string', default: '200' },
    database: { type: 'string', default: 'acapi_bench_cart' },
    echo: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
function positiveInt(name: 'connections' | 'duration' | 'pool' | 'carts' | 'orders' | 'purchases'): number {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got "${flags[name]}"`);
  return n;
}
const connections = positiveInt('connections');
const duration = positiveInt('duration');
const pool = positiveInt('pool');
const cartCount = positiveInt('carts');
const orderCount = positiveInt('orders');
const purchaseCount = positiveInt('purchases');
const warmup = Number(flags.warmup);
if (!(warmup >= 0)) throw new Error(`--warmup must be a number of seconds ≥ 0, got "${flags.warmup}"`);
const dbName = flags.database!;

const TARGET = 0.4;
/** Settlements per second against completePayment's orders per second. */
const SETTLE_TARGET = 0.5;
/** The paying wallet: a fixed key, so every run signs alike. */
const WALLET = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const PROFILE = 'https://agent.shopbot.dev/profile.json';
const AGENT = `profile="${PROFILE}"`;
const ADDRESS = { name: 'Bench Buyer', line1: '1 Main St', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bench Buyer' };
/** UCP's checkout update: the buyer's e-mail and ADDRESS as a destination (postal_address.json). */
const BUYER_EMAIL = 'bench-buyer@example.org';
const DESTINATION = { id: 'home', first_name: 'Bench', last_name: 'Buyer', street_address: '1 Main St', address_locality: 'Portland', address_region: 'OR', postal_code: '97201', address_country: 'US' };
/** UCP's create_checkout + update_checkout against the seed API's quick-buy + payment-link, in Node CPU per purchase. */
const PURCHASE_TARGET = 1.2;
/** Orders per second with order webhooks on against off (issue #35). */
const WEBHOOK_TARGET = 0.9;
/**
 * Orders of each side of step 2, and settlements of step 3, made untimed first (step 2's worker
 * sending), so what is timed runs warm code over open connections, as step 4 does after its warm-up.
 */
const WARM_ORDERS = 20;

const runTag = randomBytes(4).toString('hex');
let keyCounter = 0;
const freshKey = () => `bench-${runTag}-${String(++keyCounter).padStart(8, '0')}`;

type ServerName = 'service' | 'bare';
const failures: string[] = [];
let current: Child | undefined;
let platform: PlatformProfileHost | undefined;
const cleanup = installCleanup(async () => {
  await current?.stop(5000).catch(() => {});
  await platform?.server.close().catch(() => {});
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

/** The headers that say who calls. */
type CallerHeaders = Record<string, string>;
/** The seed API's agent, an open call: its carts are credited to its profile. */
const OPEN_CALL: CallerHeaders = { 'UCP-Agent': AGENT };

/** One call with a fresh Idempotency-Key, as `caller`. */
async function send(url: string, method: string, path: string, body: unknown, caller = OPEN_CALL): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, {
    method,
    headers: { ...caller, 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' },
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
  const smoke = await send(url, 'POST', `/api/agent/cart/${plan.carts[0]}/items`, { variant_id: plan.variants[0], quantity: 1 });
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

/** A cart of one unit of `variant`, with an address and a live payment link: the seed API's quick-buy and payment-link. Answers the cart's id. */
async function seedPurchase(url: string, variant: string, caller = OPEN_CALL): Promise<string> {
  const cart = await send(url, 'POST', '/api/agent/quick-buy', { variant_id: variant, quantity: 1, shipping_address: ADDRESS }, caller);
  if (cart.status !== 201) throw new Error(`quick-buy answered ${cart.status} ${JSON.stringify(cart.body).slice(0, 300)}`);
  const link = await send(url, 'POST', '/api/agent/payment-link', { cart_id: cart.body.id }, caller);
  if (link.status !== 201) throw new Error(`payment-link answered ${link.status} ${JSON.stringify(link.body).slice(0, 300)}`);
  return cart.body.id;
}

/** A cart for each variant (each of another product), ready to pay, made through the service by `caller`; answers their ids. */
async function readyCarts(url: string, variants: string[], caller: CallerHeaders): Promise<Set<string>> {
  const carts = new Set<string>();
  await inParallel(variants, 20, async (variant) => {
    carts.add(await seedPurchase(url, variant, caller));
  });
  return carts;
}

/** The service assembled in-process on the bench database, as server/main.ts does, over a pool of `poolSize`. */
async function serviceInProcess(url: string, poolSize: number, env: Record<string, string> = {}) {
  const config = loadConfig({ SECRETS_KEY: BENCH_SECRETS_KEY, ...process.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: url, PUBLIC_BASE_URL: 'http://127.0.0.1', ...env });
  const database = await openDatabase({ databaseUrl: url, poolSize, migrate: false });
  return { config, app: createApp(config, database) };
}

/** A network key of a fresh signed-in developer, minted as the developer's page does. */
async function mintKey(app: ReturnType<typeof createApp>, scopes: KeyScope[]) {
  const developer = await signedInDeveloper(app.services.db);
  const caller = createCaller(createContext(app.services, { transport: 'internal', session: developer.session, idempotencyKey: freshKey() }));
  return { developer, key: await caller.developer.mintNetworkKey({ name: 'bench', scopes }) };
}

/** A caller with a network key: its carts credit no platform, so their orders enqueue no webhook. */
async function keyCaller(url: string): Promise<CallerHeaders> {
  const { app } = await serviceInProcess(url, 2);
  try {
    const { key } = await mintKey(app, ['checkout:write']);
    return { Authorization: `Bearer ${key.secret}` };
  } finally {
    await app.close();
  }
}

async function liveLinks(carts: Set<string>): Promise<Link[]> {
  const links = await withDatabase(dbName, (sql) => sql<Link[]>`select id, cart_id, amount_cents from payment_links where status = 'live'`);
  return links.filter((l) => carts.has(l.cart_id));
}

interface PlaceResult {
  ordersPerSecond: number;
  placed: number;
}

async function timed<T>(items: T[], pay: (item: T) => Promise<boolean>): Promise<PlaceResult> {
  let placed = 0;
  const started = performance.now();
  await inParallel(items, connections, async (item) => {
    if (await pay(item)) placed++;
  });
  return { ordersPerSecond: items.length / ((performance.now() - started) / 1000), placed };
}

interface ServicePlaced {
  off: PlaceResult;
  on: PlaceResult;
  /** Webhooks the receiver had when the last "on" order was placed, and seconds until it had them all. */
  sentDuringRun: number;
  drainSeconds: number;
}

/**
 * The service's way: the built-in provider authorizes, completePayment places the order and
 * captures; one app in-process, as a server process runs it. `off` are carts whose orders enqueue
 * no webhook, `on` carts whose orders do, to `platform`'s webhook_url. First the warm-up carts of
 * each side, untimed, with a DeliveryWorker sending until the platform has them all (code compiled,
 * the signing key read, connections open). Then blocks off, on, on, off (half a side each), so
 * neither side always runs first; the worker sends during the "on" blocks, then is given the time
 * it needs to send the rest (untimed, reported) before the last "off" block, which would otherwise
 * pay for sending "on"'s orders.
 */
async function placeThroughService(url: string, sides: Record<'off' | 'on' | 'warmOff' | 'warmOn', Link[]>, platform: PlatformProfileHost): Promise<ServicePlaced> {
  const { config, app } = await serviceInProcess(url, pool, platform.server.env);
  // As start-up does: the keys kept from before SECRETS_KEY are read before any transaction runs,
  // else each payment's transaction would wait for a second connection of the pool to read them.
  await app.services.keys.loadLegacy();
  const provider = providerNamed(config, 'builtin');
  const worker = new DeliveryWorker(app.services);
  const pay = (links: Link[]) =>
    timed(links, async (link) => {
      const auth = await provider.authorize!(CARD, { amountCents: link.amount_cents, currency: 'USD' });
      if (auth.status !== 'authorized') throw new Error(`the success card was not authorized: ${JSON.stringify(auth)}`);
      const outcome = await completePayment(app.services, { linkId: link.id, authorization: auth.authorization, provider: 'builtin' });
      return outcome.kind === 'placed';
    });
  const sum = { off: { seconds: 0, placed: 0, count: 0 }, on: { seconds: 0, placed: 0, count: 0 } };
  const block = async (side: 'off' | 'on', links: Link[]) => {
    const r = await pay(links);
    Object.assign(sum[side], { seconds: sum[side].seconds + links.length / r.ordersPerSecond, placed: sum[side].placed + r.placed, count: sum[side].count + links.length });
  };
  /** Waits (up to 5 minutes) until the platform has received `count` webhooks; answers the seconds it took. */
  const received = async (count: number) => {
    const started = performance.now();
    while (platform.webhooks.size < count && performance.now() - started < 300_000) await new Promise((resolve) => setTimeout(resolve, 100));
    return (performance.now() - started) / 1000;
  };
  const half = (links: Link[]) => Math.ceil(links.length / 2);
  try {
    worker.start();
    await pay(sides.warmOff);
    await pay(sides.warmOn);
    await received(sides.warmOn.length);
    await worker.stop();
    const before = platform.webhooks.size;
    await block('off', sides.off.slice(0, half(sides.off)));
    worker.start();
    await block('on', sides.on.slice(0, half(sides.on)));
    await block('on', sides.on.slice(half(sides.on)));
    const sentDuringRun = platform.webhooks.size - before;
    const drainSeconds = await received(before + sides.on.length);
    await worker.stop();
    await block('off', sides.off.slice(half(sides.off)));
    const result = (side: 'off' | 'on') => ({ ordersPerSecond: sum[side].count / sum[side].seconds, placed: sum[side].placed });
    return { off: result('off'), on: result('on'), sentDuringRun, drainSeconds };
  } finally {
    await worker.stop();
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
        await tx`select p.id from products p where p.id in (select product_id from variants where id = any (array(select jsonb_array_elements_text(${ids})))) order by p.id for update of p`;
        const locked = await tx`select id, stock, price_cents from variants where id = any (array(select jsonb_array_elements_text(${ids}))) order by id for update`;
        const stock = new Map(locked.map((v) => [v.id, v.stock as number | null]));
        if (lines.some((l) => { const left = stock.get(l.variant_id); return left === undefined || (left !== null && left < l.quantity); })) return false;
        const taken = tx.json(lines.map((l) => ({ id: l.variant_id, quantity: l.quantity })));
        await tx`update variants v set stock = v.stock - x.quantity from jsonb_to_recordset(${taken}) as x(id text, quantity int)
                 where v.id = x.id and v.id = any (array(select y.id from jsonb_to_recordset(${taken}) as y(id text))) and v.stock is not null`;
        await tx`update products p set stock_max = s.stock_max, price_min_in_stock = s.price_min_in_stock
                 from (select product_id, max(coalesce(stock, 2147483647)) as stock_max, min(price_cents) filter (where stock is null or stock > 0) as price_min_in_stock
                       from variants where product_id in (select product_id from variants where id = any (array(select jsonb_array_elements_text(${ids})))) group by product_id) s
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

// ------------------------------------------------------------------ x402 settlement

interface Settlement {
  cartId: string;
  /** The X-PAYMENT header, signed before the run. */
  payment: string;
}

/**
 * A verified buyer whose key carries checkout:write, with the bench wallet linked (signed by it),
 * made in-process on the service's database; answers its buyer token.
 */
async function payingBuyer(url: string, service: string): Promise<string> {
  const { config, app } = await serviceInProcess(url, 2, { PUBLIC_BASE_URL: service });
  try {
    const { developer, key } = await mintKey(app, ['buyer:write', 'checkout:write']);
    const { buyerId, token } = await verifiedBuyer(app.services.db, developer.accountId, key.id, `bench-${runTag}@example.org`, ['checkout:write']);
    const issuedAt = Math.floor(Date.now() / 1000);
    const signature = await WALLET.signTypedData(walletLinkTypedData({ service, buyer: buyerId, wallet: WALLET.address, issuedAt, chainId: x402Network(config.x402.network).chainId }));
    const linked = await fetch(`${service}/api/agent/buyer/wallets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: WALLET.address, issued_at: issuedAt, signature }),
    });
    if (linked.status !== 201) throw new Error(`linking the wallet answered ${linked.status} ${(await linked.text()).slice(0, 300)}`);
    // Every cart of the run, on the local ledger (an unseen address holds only X402_LOCAL_BALANCE).
    await app.services.x402.ledger!.fund(WALLET.address, 1_000_000n * 1_000_000n);
    return token;
  } finally {
    await app.close();
  }
}

/** One cart per variant, made with the buyer token, and the wallet's signed payment for its total (the 402's requirement). */
async function signedSettlements(service: string, token: string, variants: string[]): Promise<Settlement[]> {
  const settlements: Settlement[] = [];
  await inParallel(variants, 20, async (variant) => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const cart = await fetch(`${service}/api/agent/quick-buy`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': freshKey() }, body: JSON.stringify({ variant_id: variant, quantity: 1, shipping_address: ADDRESS }) });
    const { id } = await cart.json();
    const required = await fetch(`${service}/api/agent/cart/${id}/checkout`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': freshKey() } });
    if (required.status !== 402) throw new Error(`checkout without a payment answered ${required.status} ${(await required.text()).slice(0, 300)}`);
    const [offer] = (await required.json()).accepts;
    // Valid as long as the 402 allows, as the stock client signs: a validBefore further out is refused.
    const now = Math.floor(Date.now() / 1000);
    const authorization = { from: WALLET.address, to: offer.payTo, value: offer.maxAmountRequired, validAfter: String(now - 60), validBefore: String(now + offer.maxTimeoutSeconds), nonce: `0x${randomBytes(32).toString('hex')}` };
    const signature = await WALLET.signTypedData({
      domain: { name: offer.extra.name, version: offer.extra.version, chainId: x402Network(offer.network).chainId, verifyingContract: offer.asset },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: { ...authorization, value: BigInt(authorization.value), validAfter: BigInt(authorization.validAfter), validBefore: BigInt(authorization.validBefore), nonce: authorization.nonce as `0x${string}` },
    });
    const payload = { x402Version: 1, scheme: 'exact', network: offer.network, payload: { signature, authorization } };
    settlements.push({ cartId: id, payment: Buffer.from(JSON.stringify(payload)).toString('base64') });
  });
  return settlements;
}

/** Settles every cart over HTTP, `connections` at a time; the service's Node CPU per settlement. */
async function settleAll(server: { child: Child; url: string }, token: string, settlements: Settlement[]): Promise<PlaceResult & { nodeCpu: number }> {
  const cpu = cpuStopwatch(() => groupPids(server.child.pid));
  await cpu.start();
  const result = await timed(settlements, async ({ cartId, payment }) => {
    const res = await fetch(`${server.url}/api/agent/cart/${cartId}/checkout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': freshKey(), 'X-PAYMENT': payment },
    });
    if (res.status !== 200) {
      const body = await res.json();
      failures.push(`settle ${cartId}: ${res.status} ${body.code} ${body.details?.reason ?? body.error}`);
    }
    return res.status === 200;
  });
  return { ...result, nodeCpu: cpu.stop() / settlements.length };
}

// ------------------------------------------------------------------ purchase to payment link

/**
 * The same purchase on UCP's binding: a checkout created with the line, then updated with the
 * buyer's e-mail and a destination, which answers requires_escalation with continue_url (where the
 * person pays; not opened here). `agent` names the platform profile the service fetches.
 */
async function ucpPurchase(url: string, agent: string, variant: string): Promise<void> {
  const line_items = [{ item: { id: variant }, quantity: 1 }];
  const created = await send(url, 'POST', '/ucp/checkout-sessions', { line_items }, { 'UCP-Agent': agent });
  if (created.status !== 201) throw new Error(`POST /ucp/checkout-sessions answered ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
  const update = { line_items, buyer: { email: BUYER_EMAIL }, fulfillment: { methods: [{ type: 'shipping', destinations: [DESTINATION] }] } };
  const ready = await send(url, 'PUT', `/ucp/checkout-sessions/${created.body.id}`, update, { 'UCP-Agent': agent });
  if (ready.status !== 200 || ready.body.status !== 'requires_escalation' || typeof ready.body.continue_url !== 'string') {
    throw new Error(`PUT /ucp/checkout-sessions/{id} answered ${ready.status} ${JSON.stringify(ready.body).slice(0, 300)}`);
  }
}

type Side = 'seed' | 'ucp';

interface PurchaseCost {
  perSecond: number;
  /** CPU µs per purchase: the service's processes, and its Postgres backends. */
  nodeCpu: number;
  pgCpu: number;
}

/**
 * CPU per purchase on each side against one running service: a warm-up of each (the binding
 * fetches the platform profile then), then four blocks of half the variants each, seed, UCP, UCP,
 * seed, so neither side always runs first; both sides buy the same variants. `connections` at a time.
 */
async function measurePurchases(server: { child: Child }, sides: Record<Side, (variant: string) => Promise<unknown>>, variants: string[], warm: string[]): Promise<Record<Side, PurchaseCost>> {
  process.stderr.write(`  purchases: warm-up ${warm.length} a side… `);
  for (const side of ['seed', 'ucp'] as const) await inParallel(warm, 10, async (v) => void (await sides[side](v)));
  const half = Math.ceil(variants.length / 2);
  const blocks: [Side, string[]][] = [['seed', variants.slice(0, half)], ['ucp', variants.slice(0, half)], ['ucp', variants.slice(half)], ['seed', variants.slice(half)]];
  const sum = { seed: { seconds: 0, nodeCpu: 0, pgCpu: 0, count: 0 }, ucp: { seconds: 0, nodeCpu: 0, pgCpu: 0, count: 0 } };
  for (const [side, block] of blocks) {
    process.stderr.write(`${side} ${block.length}… `);
    const nodeCpu = cpuStopwatch(() => groupPids(server.child.pid));
    const pgCpu = cpuStopwatch(() => backendPids('service'));
    await nodeCpu.start();
    await pgCpu.start();
    const r = await timed(block, async (variant) => {
      try {
        await sides[side](variant);
        return true;
      } catch (err) {
        failures.push(`purchase (${side}): ${(err as Error).message}`);
        return false;
      }
    });
    sum[side].nodeCpu += nodeCpu.stop();
    sum[side].pgCpu += pgCpu.stop();
    sum[side].seconds += block.length / r.ordersPerSecond;
    sum[side].count += block.length;
  }
  const cost = (s: (typeof sum)[Side]) => ({ perSecond: s.count / s.seconds, nodeCpu: s.nodeCpu / s.count, pgCpu: s.pgCpu / s.count });
  const costs = { seed: cost(sum.seed), ucp: cost(sum.ucp) };
  process.stderr.write(`Node CPU a purchase: seed ${Math.round(costs.seed.nodeCpu)} µs, UCP ${Math.round(costs.ucp.nodeCpu)} µs\n`);
  return costs;
}

// ------------------------------------------------------------------ run

async function main(): Promise<number> {
  ensureNextBuild(ROOT);
  const load0 = os.loadavg()[0];
  console.error(`Fresh database ${dbName}…`);
  const url = await recreateDatabase(dbName);
  // The platform profile UCP's binding is called with (step 4), and step 2's orders with webhooks
  // on are credited to; the service starts able to fetch it.
  platform = await platformProfileHost();
  const env: Record<string, string | undefined> = { ...process.env, ...platform.server.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: url, DATABASE_POOL_SIZE: String(pool) };

  // The service first: its start migrates the fresh database and seeds the demo catalog.
  const service = await startServer('service', env);
  const { addVariants, orderVariants } = await withDatabase(dbName, async (sql) => {
    // Adds never run into the quantity ceiling or stock: the work measured is the add's.
    await sql`update platform_limits set max_item_quantity = 2000000000, max_cart_total_cents = 2000000000`;
    const add = await sql<{ id: string }[]>`select id from variants where stock is null order by id limit 10`;
    // One unit of another product per order, from sellers delivering to the US, with stock tracked.
    const order = await sql<{ id: string }[]>`
      select distinct on (v.product_id) v.id from variants v join sellers s on s.id = v.seller_id
      where v.stock >= 1 and s.delivery @> '[{"country": "US"}]'::jsonb order by v.product_id, v.id limit ${4 * orderCount + 3 * WARM_ORDERS}`;
    return { addVariants: add.map((r) => r.id), orderVariants: order.map((r) => r.id) };
  });
  const needed = 4 * orderCount + 3 * WARM_ORDERS;
  if (orderVariants.length < needed) throw new Error(`the demo catalog has ${orderVariants.length} products to order, ${needed} needed: lower --orders`);
  // The warm-ups take the last few (step 2's off and on, then step 3's); the last quarter of the rest is settled with x402 (step 3).
  const warmVariants = orderVariants.splice(4 * orderCount);
  const settleVariants = [...orderVariants.splice(3 * orderCount), ...warmVariants.splice(2 * WARM_ORDERS)];
  const plan: AddPlan = { carts: [], variants: addVariants };
  await inParallel(Array.from({ length: cartCount }), 20, async () => {
    const cart = await send(service.url, 'POST', '/api/agent/cart', {});
    if (cart.status !== 201) throw new Error(`POST /api/agent/cart answered ${cart.status}`);
    plan.carts.push(cart.body.id);
  });
  console.error(`  ${cartCount} carts for the adds; ${3 * orderCount} ready carts with a payment link for the orders…`);
  // Step 2's carts: made with a key (webhooks off), by an open call naming the bench platform (on), and for the bare side.
  const keyed = await keyCaller(databaseUrl(dbName));
  const onCall = { 'UCP-Agent': platform.agent };
  const orderCarts = {
    off: await readyCarts(service.url, orderVariants.slice(0, orderCount), keyed),
    on: await readyCarts(service.url, orderVariants.slice(orderCount, 2 * orderCount), onCall),
    bare: await readyCarts(service.url, orderVariants.slice(2 * orderCount), OPEN_CALL),
    warmOff: await readyCarts(service.url, warmVariants.slice(0, WARM_ORDERS), keyed),
    warmOn: await readyCarts(service.url, warmVariants.slice(WARM_ORDERS), onCall),
  };

  const adds: Record<ServerName, Measured> = { service: await measureAdds('service', service, plan), bare: undefined as never };
  // Step 4 on the same service: the order step's variants, none of their stock taken yet.
  const agent = platform.agent;
  const purchaseVariants = Array.from({ length: purchaseCount }, (_, i) => orderVariants[i % orderVariants.length]);
  const purchases = await measurePurchases(service, {
    seed: (variant) => seedPurchase(service.url, variant),
    ucp: (variant) => ucpPurchase(service.url, agent, variant),
  }, purchaseVariants, orderVariants.slice(-Math.min(20, orderVariants.length)));
  const logged = service.child.output().split('\n').filter((l) => /failure|error/i.test(l));
  if (logged.length) failures.push(`service logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);
  await service.child.stop();
  const bare = await startServer('bare', env);
  adds.bare = await measureAdds('bare', bare, plan);
  await bare.child.stop();
  current = undefined;

  // The service's way first, webhooks off and on, then bare.
  process.stderr.write(`  orders: ${orderCount} a side through the service's completePayment, webhooks off and on… `);
  const servicePlaced = await placeThroughService(
    databaseUrl(dbName),
    { off: await liveLinks(orderCarts.off), on: await liveLinks(orderCarts.on), warmOff: await liveLinks(orderCarts.warmOff), warmOn: await liveLinks(orderCarts.warmOn) },
    platform,
  );
  process.stderr.write(`off ${Math.round(servicePlaced.off.ordersPerSecond)}/s, on ${Math.round(servicePlaced.on.ordersPerSecond)}/s; bare… `);
  const barePlaced = await placeBare(databaseUrl(dbName), await liveLinks(orderCarts.bare));
  process.stderr.write(`${Math.round(barePlaced.ordersPerSecond)}/s\n`);
  for (const [name, r] of [['webhooks off', servicePlaced.off], ['webhooks on', servicePlaced.on], ['bare', barePlaced]] as const) {
    if (r.placed !== orderCount) failures.push(`orders (${name}): ${r.placed} of ${orderCount} placed`);
  }
  const [{ orders, deliveries, delivered }] = await withDatabase(dbName, (sql) => sql`
    select (select count(*)::int from orders) as orders, (select count(*)::int from order_webhook_deliveries) as deliveries,
           (select count(*)::int from order_webhook_deliveries where profile_url = ${platform!.url} and state = 'delivered') as delivered`);
  if (orders !== 3 * orderCount + 2 * WARM_ORDERS) failures.push(`orders: ${orders} rows for ${3 * orderCount + 2 * WARM_ORDERS} placed`);
  // One delivery per order with webhooks on (the warm-up's included), none for the others, and each received.
  const onOrders = orderCount + WARM_ORDERS;
  if (deliveries !== onOrders || delivered !== onOrders || platform.webhooks.size !== onOrders) {
    failures.push(`webhooks: ${deliveries} outbox rows, ${delivered} delivered, ${platform.webhooks.size} received, for ${onOrders} orders with webhooks on`);
  }

  const settling = await startServer('service', env);
  const token = await payingBuyer(databaseUrl(dbName), settling.url);
  process.stderr.write(`  x402: ${orderCount} carts signed for… `);
  const settlements = await signedSettlements(settling.url, token, settleVariants);
  process.stderr.write('settling… ');
  await settleAll(settling, token, settlements.splice(orderCount));
  const settled = await settleAll(settling, token, settlements);
  process.stderr.write(`${Math.round(settled.ordersPerSecond)}/s\n`);
  await settling.child.stop();
  current = undefined;
  const [{ paid }] = await withDatabase(dbName, (sql) => sql`select count(*)::int as paid from x402_payments p join orders o on o.id = p.order_id where p.status = 'settled' and o.status = 'placed'`);
  if (paid !== orderCount + WARM_ORDERS || settled.placed !== orderCount) {
    failures.push(`x402: ${settled.placed} of ${orderCount} answered 200, ${paid} payments settled with their order placed, of ${orderCount + WARM_ORDERS} (the warm-up's included)`);
  }
  const load1 = os.loadavg()[0];

  const addRatio = adds.service.rps / adds.bare.rps;
  const orderRatio = servicePlaced.off.ordersPerSecond / barePlaced.ordersPerSecond;
  const webhookRatio = servicePlaced.on.ordersPerSecond / servicePlaced.off.ordersPerSecond;
  const settleRatio = settled.ordersPerSecond / servicePlaced.off.ordersPerSecond;
  const purchaseRatio = purchases.ucp.nodeCpu / purchases.seed.nodeCpu;
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
      ['orders placed per second (webhooks off)', Math.round(servicePlaced.off.ordersPerSecond), '', '', Math.round(barePlaced.ordersPerSecond), '', '',
        orderRatio.toFixed(2), `≥ ${TARGET.toFixed(2)}`, orderRatio >= TARGET ? 'met' : 'MISSED'],
    ],
  );
  console.log('');
  printTable(
    ['', 'per second', 'Node CPU µs each', 'vs completePayment', 'target', ''],
    [
      ['orders placed by completePayment, webhooks off (step 2)', Math.round(servicePlaced.off.ordersPerSecond), '', '', '', ''],
      ['the same, webhooks on (a local receiver)', Math.round(servicePlaced.on.ordersPerSecond), '', webhookRatio.toFixed(2), `≥ ${WEBHOOK_TARGET.toFixed(2)}`, webhookRatio >= WEBHOOK_TARGET ? 'met' : 'MISSED'],
      ['x402 settlements over HTTP (ledger)', Math.round(settled.ordersPerSecond), Math.round(settled.nodeCpu), settleRatio.toFixed(2), `≥ ${SETTLE_TARGET.toFixed(2)}`, settleRatio >= SETTLE_TARGET ? 'met' : 'MISSED'],
    ],
  );
  console.log('');
  printTable(
    ['purchase to payment link (same service)', 'per second', 'Node CPU µs each', 'Postgres µs each', 'Node vs seed', 'target', ''],
    [
      ['seed: POST quick-buy + POST payment-link', Math.round(purchases.seed.perSecond), Math.round(purchases.seed.nodeCpu), Math.round(purchases.seed.pgCpu), '', '', ''],
      ['UCP: POST checkout-sessions + PUT …/{id}', Math.round(purchases.ucp.perSecond), Math.round(purchases.ucp.nodeCpu), Math.round(purchases.ucp.pgCpu),
        purchaseRatio.toFixed(2), `≤ ${PURCHASE_TARGET.toFixed(2)}`, purchaseRatio <= PURCHASE_TARGET ? 'met' : 'MISSED'],
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
  console.log('the bare side issues the same statements through postgres directly. Webhooks on: each payment\'s transaction also renders');
  console.log('the order and inserts its outbox row, and a DeliveryWorker in the process sends them (in blocks off, on, on, off,');
  console.log(`after ${WARM_ORDERS} orders a side placed untimed, their webhooks sent);`);
  console.log(`${servicePlaced.sentDuringRun} of ${orderCount} webhooks were received by the end of the "on" blocks, all of them ${servicePlaced.drainSeconds.toFixed(1)} s later.`);
  console.log('Settlements: POST /api/agent/cart/{id}/checkout with X-PAYMENT signed before the run, a fresh key each; the service');
  console.log(`checks the payment (one EIP-712 verification), commits the pending order, the local ledger transfers, the order is placed;`);
  console.log(`timed after ${WARM_ORDERS} settled untimed.`);
  console.log(`Purchases: ${purchaseCount} a side after ${Math.min(20, orderVariants.length)} of warm-up, ${connections} at a time, in blocks seed, UCP, UCP, seed, the same`);
  console.log('variants on both sides; seed = quick-buy (cart, address, delivery) + payment link; UCP = checkout created with the line,');
  console.log('then updated with the buyer\'s e-mail and a destination to requires_escalation with continue_url (not opened).');
  if (load0 > os.cpus().length * 0.75) {
    console.log(`\nWARNING: the machine was already busy (load average ${load0.toFixed(1)} on ${os.cpus().length} CPUs) — figures are unreliable.`);
  }
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const missed = [addRatio, orderRatio].some((r) => r < TARGET) || settleRatio < SETTLE_TARGET || purchaseRatio > PURCHASE_TARGET || webhookRatio < WEBHOOK_TARGET;
  if (missed) {
    console.log(`\nTarget missed (adds ${addRatio.toFixed(2)}, orders ${orderRatio.toFixed(2)}; target ${TARGET}; settlements ${settleRatio.toFixed(2)}, target ${SETTLE_TARGET}; ` +
      `UCP purchase vs seed in Node CPU ${purchaseRatio.toFixed(2)}, target ≤ ${PURCHASE_TARGET}; webhooks on vs off ${webhookRatio.toFixed(2)}, target ≥ ${WEBHOOK_TARGET}).`);
    if (flags.strict) return 1;
  }
  return 0;
}

await runBenchmark('bench:cart', main, cleanup);
