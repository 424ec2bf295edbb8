/**
 * What the steps of bench:cart share (bench/cart.ts): the flags, the callers, the servers started,
 * and the failures found, which make the run exit 1.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import type { KeyScope } from '../../server/keys/network-keys';
import { createCaller } from '../../server/routers';
import { createContext } from '../../server/trpc/context';
import { signedInDeveloper } from '../../test/support/developer';
import { withDatabase } from '../lib/database';
import type { PlatformProfileHost } from '../lib/platform-profile';
import { freePort, startProcess, type Child } from '../lib/processes';
import { BENCH_RATE_LIMITS } from '../lib/rate-limits';
import { BENCH_SECRETS_KEY } from '../lib/secrets-key';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
    carts: { type: 'string', default: '400' },
    orders: { type: 'string', default: '400' },
    purchases: { type: 'string', default: '200' },
    database: { type: 'string', default: 'acapi_bench_cart' },
    'cpu-prof': { type: 'string' },
    echo: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
function positiveInt(name: 'connections' | 'duration' | 'pool' | 'carts' | 'orders' | 'purchases'): number {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got "${flags[name]}"`);
  return n;
}
export const connections = positiveInt('connections');
export const duration = positiveInt('duration');
export const pool = positiveInt('pool');
export const cartCount = positiveInt('carts');
export const orderCount = positiveInt('orders');
export const purchaseCount = positiveInt('purchases');
export const warmup = Number(flags.warmup);
if (!(warmup >= 0)) throw new Error(`--warmup must be a number of seconds ≥ 0, got "${flags.warmup}"`);
export const dbName = flags.database!;

const PROFILE = 'https://agent.shopbot.dev/profile.json';
export const AGENT = `profile="${PROFILE}"`;
export const ADDRESS = { name: 'Bench Buyer', line1: '1 Main St', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
/**
 * Orders of each side of step 2, and settlements of step 3, made untimed first (step 2's worker
 * sending), so what is timed runs warm code over open connections, as step 4 does after its warm-up.
 */
export const WARM_ORDERS = 20;

export const runTag = randomBytes(4).toString('hex');
let keyCounter = 0;
export const freshKey = () => `bench-${runTag}-${String(++keyCounter).padStart(8, '0')}`;

export type ServerName = 'service' | 'bare';
export const failures: string[] = [];
/** What is running, for the clean-up of an interrupted run. */
export const running: { child?: Child; platform?: PlatformProfileHost } = {};

const started: Record<ServerName, number> = { service: 0, bare: 0 };

export async function startServer(name: ServerName, env: Record<string, string | undefined>): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.error(`Starting the ${name === 'service' ? 'service' : 'bare server'} on port ${port}…`);
  // --cpu-prof: each server gets a folder of its own, numbered in start order (service-2 is step 3's
  // settling one), so bench:layers can set the service's phase beside the bare server's.
  const prof = flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags['cpu-prof'], `${name}-${++started[name]}`)}`] : [];
  running.child = await startProcess({
    name,
    command: process.execPath,
    args: [...prof, '--import', 'tsx', name === 'service' ? 'server/main.ts' : 'bench/bare-cart-server.ts'],
    cwd: ROOT,
    env: { ...env, PORT: String(port), PUBLIC_BASE_URL: url },
    ready: /ready in \d+ ms/,
    echo: flags.echo,
    timeoutMs: 180_000, // the service seeds the demo catalog on its first start
  });
  return { child: running.child, url };
}

/** The headers that say who calls. */
export type CallerHeaders = Record<string, string>;
/** The seed API's agent, an open call: its carts are credited to its profile. */
export const OPEN_CALL: CallerHeaders = { 'UCP-Agent': AGENT };

/** One call with a fresh Idempotency-Key, as `caller`. */
export async function send(url: string, method: string, path: string, body: unknown, caller = OPEN_CALL): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, {
    method,
    headers: { ...caller, 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Runs `task` over `items`, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

/** The Postgres backends of a server's pool, told apart by its application_name. */
const APPLICATION_NAME: Record<ServerName, string> = { service: 'agent-commerce', bare: 'bench-bare-cart' };

export async function backendPids(name: ServerName): Promise<number[]> {
  const found = await withDatabase(dbName, (sql) =>
    sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and application_name = ${APPLICATION_NAME[name]}`);
  return found.map((r) => r.pid);
}

/** The service assembled in-process on the bench database, as server/main.ts does, over a pool of `poolSize`. */
export async function serviceInProcess(url: string, poolSize: number, env: Record<string, string> = {}) {
  const config = loadConfig({ SECRETS_KEY: BENCH_SECRETS_KEY, ...process.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: url, PUBLIC_BASE_URL: 'http://127.0.0.1', ...env });
  const database = await openDatabase({ databaseUrl: url, poolSize, migrate: false });
  return { config, app: createApp(config, database) };
}

/** A network key of a fresh signed-in developer, minted as the developer's page does. */
export async function mintKey(app: ReturnType<typeof createApp>, scopes: KeyScope[]) {
  const developer = await signedInDeveloper(app.services.db);
  const caller = createCaller(createContext(app.services, { transport: 'internal', session: developer.session, idempotencyKey: freshKey() }));
  return { developer, key: await caller.developer.mintNetworkKey({ name: 'bench', scopes }) };
}

export interface PlaceResult {
  ordersPerSecond: number;
  placed: number;
}

/** Runs `pay` over `items`, `connections` at a time; answers how many it placed, and how fast. */
export async function timed<T>(items: T[], pay: (item: T) => Promise<boolean>): Promise<PlaceResult> {
  let placed = 0;
  const started = performance.now();
  await inParallel(items, connections, async (item) => {
    if (await pay(item)) placed++;
  });
  return { ordersPerSecond: items.length / ((performance.now() - started) / 1000), placed };
}
