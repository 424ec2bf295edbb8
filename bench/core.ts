/**
 * bench:core — the service's two core agent endpoints against a bare node:http + postgres server
 * doing the same work, on a fresh Postgres database, one server at a time.
 *
 *   npm run bench:core [-- --connections 50 --duration 10 --warmup 2 --rounds 1 --pool 10
 *                          --database acapi_bench_core --redis redis://127.0.0.1:6379
 *                          --cpu-prof <dir> --echo --strict]
 *   npm run bench:core -- --against <another checkout> [--rounds 3 --duration 5 …]
 *
 * Each round starts the service, measures GET limits then POST feedback, stops it, and does the
 * same with the bare server (bench/bare-core-server.ts). The service also answers GET limits to a
 * network key and to an OAuth access token (Authorization, no UCP-Agent), and to a signed agent
 * (RFC 9421, Ed25519, its profile on a local HTTPS server under a pinned .test name; every request
 * signed before the run, a nonce each): each one's cost against the open call's. And it answers
 * the same catalog search on the seed API (GET /api/agent/search) and on UCP's binding (POST
 * /ucp/catalog/search, naming a platform profile served from the same local HTTPS server, which
 * the service fetches once and negotiates with on every call): the binding's cost against the
 * seed API's, over the demo catalog the service seeds at its first start.
 *
 * The service runs with rate-limit quotas of 10⁹ (bench/lib/rate-limits.ts: one profile would
 * otherwise be throttled at 600 a minute) and, in the same round, three times more for GET limits
 * alone, each started fresh, in an order that turns every round: with RATE_LIMITS=off, with limits
 * on (budgets on the database), and with the budgets on Redis (--redis, the local one by default;
 * --redis '' skips it): rate limits on against off, per store.
 *
 * With several rounds the tables show medians. Besides autocannon's figures it reports CPU time
 * per request of each server process and of its Postgres backends (from /proc), which moves less
 * than throughput on a busy machine.
 *
 * With --against, this tree's service and another checkout's run at once and every endpoint takes
 * turns on the two (see compare): before/after figures of a change that drift cannot blur.
 *
 * Exits 1 if any request failed (non-2xx, connection error, timeout) or a smoke/database check
 * failed; with --strict also when a target is missed: a throughput ratio, the Node CPU per
 * request of GET limits (≤ 1.3×) or POST feedback (≤ 1.4×) against the bare server's, or a signed
 * call's own (Node CPU over the open call's against one Ed25519 verification timed in the run,
 * statements per call).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuStopwatch, groupPids, mainThreadMicros } from './lib/cpu';
import { dropDatabase, recreateDatabase, withDatabase } from './lib/database';
import { runLoad, type LoadOptions, type LoadResult } from './lib/load';
import { ensureNextBuild, freePort, installCleanup, runBenchmark, startProcess, type Child } from './lib/processes';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';
import { printTable } from './lib/table';
import { platformProfileHost } from './lib/platform-profile';
import { ed25519VerifyMicros, STATS_SETTLE_MS, transactions } from './lib/signed-costs';
import { signRequest, testKey } from '../test/support/signing';
import { SECRET_PREFIX } from '../server/keys/network-keys';
import { newSecret, secretDigest } from '../server/lib/secrets';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    pool: { type: 'string', default: '10' },
    database: { type: 'string', default: 'acapi_bench_core' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    'cpu-prof': { type: 'string' },
    against: { type: 'string' },
    echo: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
const connections = positiveInt('connections');
const duration = positiveInt('duration');
const rounds = positiveInt('rounds');
const pool = positiveInt('pool');
const warmup = Number(flags.warmup);
if (!(warmup >= 0)) throw new Error(`--warmup must be a number of seconds ≥ 0, got "${flags.warmup}"`);
const dbName = flags.database!;
/** --against: the other checkout's database. */
const otherDb = `${dbName}_against`;
const redisUrl = flags.redis || undefined;

function positiveInt(name: 'connections' | 'duration' | 'pool' | 'rounds'): number {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got "${flags[name]}"`);
  return n;
}

const AGENT = 'profile="https://agent.shopbot.dev/profile.json"';
const FEEDBACK_BODY = JSON.stringify({ category: 'other', severity: 'friction', message: 'bench', context: { endpoint: '/api/agent/search' } });
/** One search, as the seed API and UCP's binding each take it. */
const SEARCH = { query: 'wireless headphones', limit: 10 };
const UCP_SEARCH_BODY = JSON.stringify({ query: SEARCH.query, pagination: { limit: SEARCH.limit } });
const ENDPOINTS = {
  limits: { label: 'GET /api/agent/platform/limits', path: '/api/agent/platform/limits', target: 0.5 },
  limitsWithKey: { label: 'GET /api/agent/platform/limits, network key', path: '/api/agent/platform/limits', target: 0.95 },
  limitsWithOAuth: { label: 'GET /api/agent/platform/limits, OAuth access token', path: '/api/agent/platform/limits', target: 0.95 },
  limitsSigned: { label: 'GET /api/agent/platform/limits, signed (Ed25519)', path: '/api/agent/platform/limits', target: 0.25 },
  search: { label: 'GET /api/agent/search (seed API)', path: `/api/agent/search?q=${encodeURIComponent(SEARCH.query)}&limit=${SEARCH.limit}` },
  ucpSearch: { label: 'POST /ucp/catalog/search (UCP binding)', path: '/ucp/catalog/search', target: 0.9 },
  feedback: { label: 'POST /api/agent/feedback', path: '/api/agent/feedback', target: 0.4 },
} as const;
type Endpoint = keyof typeof ENDPOINTS;
/**
 * Measured against the bare server; the credentialed calls are measured against the service's open
 * call, and the binding's search against the seed API's.
 */
const VERSUS_BARE = ['limits', 'feedback'] as const;
/**
 * The most Node CPU per request the service may spend against the bare server doing the same work
 * (issue #48 §2): throughput moves with whatever else the machine runs, CPU per request much less.
 */
const NODE_CPU_TARGET: Record<(typeof VERSUS_BARE)[number], number> = { limits: 1.3, feedback: 1.4 };
const CREDENTIALED = ['limitsWithKey', 'limitsWithOAuth', 'limitsSigned'] as const;
/**
 * Signed calls against their own targets (issue #48 § 1): Node CPU ≤ open + 1.5 × one Ed25519
 * verification timed in the same run, and ≤ 0.1 statements per signed call (the service's
 * transactions over the signed run, the statistics settled before and after, per call answered).
 */
const SIGNED_TARGETS = { verifies: 1.5, statementsPerCall: 0.1 } as const;
const signedRounds: { statementsPerCall: number; verifyMicros: number }[] = [];

/** The signing agent: an Ed25519 key its profile (on the local HTTPS profile server) publishes. */
const SIGNING_KEY = testKey('Ed25519', 'bench-ed25519');
/**
 * Signed requests of one run, signed before it (a nonce each: a nonce used twice would be served
 * open, with signature_replayed): enough for this many calls a second, checked afterwards.
 */
const SIGNED_RPS_CEILING = 12000;
let signedRequests: { headers: Record<string, string>[]; sent: number } = { headers: [], sent: 0 };
const KEY_SECRET = newSecret(SECRET_PREFIX);
/** An opaque access token as oidc-provider issues them (256 bits, base64url). */
const ACCESS_TOKEN = randomBytes(32).toString('base64url');
/**
 * `service` answers every endpoint with rate limits on (quotas of 10⁹, budgets leased from the
 * database). `limitsOff`, `limitsOn` and `limitsRedis` answer GET limits only, with RATE_LIMITS=off,
 * with limits on (the database) and with the budgets on Redis: started fresh, one after the other
 * in an order that turns each round, so no variant always follows the feedback load's aftermath.
 */
type ServerName = 'service' | 'bare' | 'limitsOff' | 'limitsOn' | 'limitsRedis';
type LimitsVariant = 'limitsOff' | 'limitsOn' | 'limitsRedis';
const APPLICATION_NAME: Record<ServerName, string> = { service: 'agent-commerce', limitsOff: 'agent-commerce', limitsOn: 'agent-commerce', limitsRedis: 'agent-commerce', bare: 'bench-bare-core' };
/** Rate limits on against RATE_LIMITS=off, for GET limits as an open caller. */
const LIMITS_TARGET = 0.95;

/** Keys unique across the whole run (both servers share one database and one caller namespace). */
const runTag = randomBytes(4).toString('hex');
let keyCounter = 0;
const freshKey = () => `bench-${runTag}-${String(++keyCounter).padStart(8, '0')}`;

interface Measured extends LoadResult {
  /** CPU µs per completed request: the server's processes, and its Postgres backends. */
  nodeCpu: number;
  pgCpu: number;
  /** Of nodeCpu, what the server's helper threads spent (all but its main thread's). */
  offMainCpu: number;
}

const failures: string[] = [];
/** Servers started and not yet stopped (two at once with --against). */
const running = new Set<Child>();
let cleanupProfiles: () => Promise<void> = async () => {};
const cleanup = installCleanup(async () => {
  await Promise.all([...running].map((child) => child.stop(5000).catch(() => {})));
  await cleanupProfiles().catch(() => {});
  for (const name of flags.against ? [dbName, otherDb] : [dbName]) await dropDatabase(name).catch((err) => console.error(`could not drop ${name}:`, err.message));
});

function loadOptions(url: string, endpoint: Endpoint, seconds: number): LoadOptions {
  const common = { url, connections, duration: seconds, path: ENDPOINTS[endpoint].path };
  if (endpoint === 'limits') return { ...common, method: 'GET', headers: { 'ucp-agent': AGENT } };
  if (endpoint === 'limitsWithKey') return { ...common, method: 'GET', headers: { authorization: `Bearer ${KEY_SECRET}` } };
  if (endpoint === 'limitsWithOAuth') return { ...common, method: 'GET', headers: { authorization: `Bearer ${ACCESS_TOKEN}` } };
  if (endpoint === 'search') return { ...common, method: 'GET', headers: { 'ucp-agent': AGENT } };
  if (endpoint === 'ucpSearch') return { ...common, method: 'POST', headers: { 'ucp-agent': platformAgent, 'content-type': 'application/json' }, body: UCP_SEARCH_BODY };
  if (endpoint === 'limitsSigned') {
    const batch = signedRequests;
    return { ...common, method: 'GET', setupRequest: (req) => ({ ...req, headers: batch.headers[batch.sent++ % batch.headers.length] }) };
  }
  return {
    ...common,
    method: 'POST',
    headers: { 'ucp-agent': AGENT, 'content-type': 'application/json' },
    body: FEEDBACK_BODY,
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': freshKey() } }),
  };
}

/** One request of each kind before any load: the answers must be what the contract says. */
async function smoke(url: string, name: ServerName): Promise<void> {
  const get = await fetch(url + ENDPOINTS.limits.path, { headers: { 'UCP-Agent': AGENT } });
  const limits = (await get.json()) as Record<string, unknown>;
  if (get.status !== 200 || typeof limits.max_item_quantity !== 'number' || typeof limits.max_cart_total_usd !== 'string') {
    throw new Error(`${name}: GET ${ENDPOINTS.limits.path} answered ${get.status} ${JSON.stringify(limits)}`);
  }
  if (name !== 'bare') {
    // Limits on: the caller's policy and what is left; off: neither, and the trust tier either way.
    const policy = get.headers.get('ratelimit-policy');
    const expected = name === 'limitsOff' ? null : '"open";q=1000000000;w=60, "address";q=1000000000;w=60';
    if (policy !== expected || get.headers.get('service-agent-trust') !== 'open' || (expected !== null) !== /^"(?:open|address)";r=\d+;t=\d+$/.test(get.headers.get('ratelimit') ?? '')) {
      throw new Error(`${name}: GET ${ENDPOINTS.limits.path} answered RateLimit-Policy ${policy}, RateLimit ${get.headers.get('ratelimit')}, Service-Agent-Trust ${get.headers.get('service-agent-trust')}`);
    }
  }
  const post = await fetch(url + ENDPOINTS.feedback.path, {
    method: 'POST',
    headers: { 'UCP-Agent': AGENT, 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' },
    body: FEEDBACK_BODY,
  });
  const receipt = (await post.json()) as Record<string, unknown>;
  if (post.status !== 202 || typeof receipt.id !== 'string' || receipt.status !== 'received') {
    throw new Error(`${name}: POST ${ENDPOINTS.feedback.path} answered ${post.status} ${JSON.stringify(receipt)}`);
  }
}

function checkLoad(label: string, r: LoadResult): void {
  if (r.non2xx) failures.push(`${label}: ${r.non2xx} non-2xx responses (${JSON.stringify(r.statusCodes)})`);
  if (r.errors) failures.push(`${label}: ${r.errors} connection errors (${r.timeouts} timeouts)`);
  if (r.total === 0) failures.push(`${label}: no responses at all`);
}

async function backendPids(name: ServerName): Promise<number[]> {
  const rows = await withDatabase(dbName, (sql) =>
    sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and application_name = ${APPLICATION_NAME[name]}`);
  return rows.map((r) => r.pid);
}

/**
 * A developer account with one network key, as minting leaves it, and an access token of a grant
 * the same person gave a client, as the authorization server's adapter stores them (the service
 * has migrated the database). Both are checked to answer 200 before any load.
 */
async function insertCredentials(url: string, db = dbName): Promise<void> {
  const grantId = 'bench-grant';
  const expires = new Date(Date.now() + 3_600_000);
  await withDatabase(db, async (sql) => {
    await sql`insert into users (id, email) values ('acct_bench', 'bench@example.org') on conflict do nothing`;
    await sql`insert into network_keys (id, account_id, name, prefix, secret_hash, scopes)
              values ('key_bench', 'acct_bench', 'bench', ${KEY_SECRET.slice(0, 12)}, ${secretDigest(KEY_SECRET)}, '{}') on conflict do nothing`;
    await sql`insert into oauth_records (model, id_digest, grant_id, payload)
              values ('Grant', ${secretDigest(grantId)}, ${grantId}, ${sql.json({ accountId: 'acct_bench', clientId: 'bench-client' })}) on conflict do nothing`;
    // Issued for this round's service: a token names its resource, and every round listens on a port of its own.
    const token = { accountId: 'acct_bench', clientId: 'bench-client', grantId, scope: 'buyer:write', aud: url, extra: { resource: url }, exp: Math.floor(expires.getTime() / 1000) };
    await sql`insert into oauth_records (model, id_digest, grant_id, payload, expires_at)
              values ('AccessToken', ${secretDigest(ACCESS_TOKEN)}, ${grantId}, ${sql.json(token)}, ${expires})
              on conflict (model, id_digest) do update set payload = excluded.payload, expires_at = excluded.expires_at`;
  });
  for (const [what, secret] of [['a key', KEY_SECRET], ['an access token', ACCESS_TOKEN]]) {
    const res = await fetch(url + ENDPOINTS.limits.path, { headers: { Authorization: `Bearer ${secret}` } });
    if (res.status !== 200) throw new Error(`service: GET ${ENDPOINTS.limits.path} with ${what} answered ${res.status} ${await res.text()}`);
  }
}

/** The signing agent's profile URL on the local profile server (set once it listens). */
let signedProfile = '';
/** UCP-Agent naming the platform profile UCP's binding is called with, on the same server. */
let platformAgent = '';

/**
 * The search on both APIs before any load: the same products, in the same order (the binding runs
 * the seed API's search), at least one of them; the binding's answer negotiated with the profile.
 */
async function smokeSearch(url: string): Promise<void> {
  const seed = await fetch(url + ENDPOINTS.search.path, { headers: { 'UCP-Agent': AGENT } });
  const list = (await seed.json()) as { itemListElement?: { item: { productID: string } }[] };
  const res = await fetch(url + ENDPOINTS.ucpSearch.path, { method: 'POST', headers: { 'UCP-Agent': platformAgent, 'Content-Type': 'application/json' }, body: UCP_SEARCH_BODY });
  const answer = (await res.json()) as { ucp?: { status?: string }; products?: { id: string }[] };
  const seedIds = (list.itemListElement ?? []).map((e) => e.item.productID);
  const ucpIds = (answer.products ?? []).map((p) => p.id);
  if (seed.status !== 200 || res.status !== 200 || answer.ucp?.status !== 'success' || !seedIds.length || seedIds.join() !== ucpIds.join()) {
    throw new Error(`service: GET ${ENDPOINTS.search.path} answered ${seed.status} with ${seedIds.length} products, POST ${ENDPOINTS.ucpSearch.path} ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
}

/** `n` GET limits requests signed for the service at `url`, each with its own nonce, valid 5 minutes. */
async function signRequests(url: string, n: number): Promise<Record<string, string>[]> {
  const unsigned = { method: 'GET', url: url + ENDPOINTS.limits.path, headers: { 'ucp-agent': `profile="${signedProfile}"` } };
  const out: Record<string, string>[] = [];
  for (let i = 0; i < n; i++) out.push(await signRequest(unsigned, { key: SIGNING_KEY, nonce: `bench-${runTag}-${i}-${randomBytes(6).toString('base64url')}` }));
  return out;
}

/** One signed call before any load: verified (the signed tier and policy), not served as open. */
async function smokeSigned(url: string): Promise<void> {
  const [headers] = await signRequests(url, 1);
  const res = await fetch(url + ENDPOINTS.limits.path, { headers });
  const trust = res.headers.get('service-agent-trust');
  if (res.status !== 200 || trust !== `signed;keyid="${SIGNING_KEY.jwk.kid}"` || !res.headers.get('ratelimit-policy')?.startsWith('"signed"')) {
    throw new Error(`service: a signed GET ${ENDPOINTS.limits.path} answered ${res.status}, Service-Agent-Trust ${trust}, Service-Advisory ${res.headers.get('service-advisory')}`);
  }
}

async function measureServer(name: ServerName, child: Child, url: string, round: number): Promise<Partial<Record<Endpoint, Measured>>> {
  const tag = rounds > 1 ? `${name} (round ${round})` : name;
  await withDatabase(dbName, (sql) => sql`truncate feedback_reports, idempotency_records`);
  await smoke(url, name);
  if (name === 'service') {
    await insertCredentials(url);
    await smokeSigned(url);
    await smokeSearch(url);
  }
  const out: Partial<Record<Endpoint, Measured>> = {};
  let expectedRows = 1; // the smoke POST
  const endpoints: Endpoint[] = name === 'service' ? (Object.keys(ENDPOINTS) as Endpoint[]) : name === 'bare' ? [...VERSUS_BARE] : ['limits'];
  for (const endpoint of endpoints) {
    const sign = async (seconds: number) => {
      if (endpoint !== 'limitsSigned') return;
      process.stderr.write(`signing ${Math.ceil(seconds * SIGNED_RPS_CEILING)} requests… `);
      signedRequests = { headers: await signRequests(url, Math.ceil(seconds * SIGNED_RPS_CEILING)), sent: 0 };
    };
    const checkSigned = (label: string) => {
      if (endpoint === 'limitsSigned' && signedRequests.sent > signedRequests.headers.length) {
        failures.push(`${label}: ${signedRequests.sent} signed requests sent, only ${signedRequests.headers.length} signed (nonces reused): raise SIGNED_RPS_CEILING`);
      }
    };
    if (warmup > 0) {
      process.stderr.write(`  ${tag} ${endpoint}: `);
      await sign(warmup);
      process.stderr.write(`warm-up ${warmup} s… `);
      const w = await runLoad(loadOptions(url, endpoint, warmup));
      checkLoad(`${tag} ${endpoint} warm-up`, w);
      checkSigned(`${tag} ${endpoint} warm-up`);
      if (endpoint === 'feedback') expectedRows += w.statusCodes['202'] ?? 0;
    } else {
      process.stderr.write(`  ${tag} ${endpoint}: `);
    }
    await sign(duration);
    // Signed: the database's transactions over the run (the warm-up's reported first), per call
    // answered. The service's background work (outbox polls, sweeps) counts too, over the run and
    // the settling: it can only make the figure larger.
    const signedFrom = endpoint === 'limitsSigned' ? await transactions(dbName, STATS_SETTLE_MS) : undefined;
    process.stderr.write(`measuring ${duration} s… `);
    const nodeCpu = cpuStopwatch(() => groupPids(child.pid));
    const pgCpu = cpuStopwatch(() => backendPids(name)); // after warm-up, the pool is open
    await nodeCpu.start();
    await pgCpu.start();
    const mainFrom = mainThreadMicros(child.pid);
    const r = await runLoad(loadOptions(url, endpoint, duration));
    const main = mainThreadMicros(child.pid) - mainFrom;
    const node = nodeCpu.stop();
    out[endpoint] = { ...r, nodeCpu: node / r.total, pgCpu: pgCpu.stop() / r.total, offMainCpu: (node - main) / r.total };
    process.stderr.write(`${Math.round(r.rps)} rps\n`);
    checkLoad(`${tag} ${endpoint}`, r);
    checkSigned(`${tag} ${endpoint}`);
    if (endpoint === 'feedback') expectedRows += r.statusCodes['202'] ?? 0;
    if (signedFrom !== undefined) {
      process.stderr.write(`  ${tag} ${endpoint}: statistics settling ${STATS_SETTLE_MS / 1000} s, timing Ed25519 verify… `);
      const statements = (await transactions(dbName, STATS_SETTLE_MS)) - signedFrom;
      signedRounds.push({ statementsPerCall: statements / r.total, verifyMicros: ed25519VerifyMicros() });
      process.stderr.write(`${statements} transactions\n`);
    }
  }

  // Every 202 must have done its work: a feedback row and a finished idempotency record. Requests
  // still in flight when autocannon stops complete on the server without being counted, so there
  // may be up to `connections` more rows per run than counted 202s, never fewer. Give those a
  // moment to finish (stopping the server first would cut them mid-transaction), then no claim
  // may be left 'running'.
  const count = () => withDatabase(dbName, (sql) => sql`
    select (select count(*) from feedback_reports)::int as reports,
           (select count(*) from idempotency_records where state = 'done')::int as done,
           (select count(*) from idempotency_records where state <> 'done')::int as unfinished`);
  let [{ reports, done, unfinished }] = await count();
  for (let i = 0; unfinished > 0 && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    [{ reports, done, unfinished }] = await count();
  }
  const runs = warmup > 0 ? 2 : 1;
  if (reports < expectedRows || reports > expectedRows + runs * connections || done !== reports || unfinished !== 0) {
    failures.push(`${tag}: ${expectedRows} POSTs answered 202 but there are ${reports} feedback rows, ${done} done and ${unfinished} unfinished idempotency records`);
  }
  const logged = child.output().split('\n').filter((l) => /failure|error/i.test(l));
  if (logged.length) failures.push(`${tag} logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);
  await child.stop();
  running.delete(child);
  return out;
}

/** What each server adds to the common environment. */
const SERVICE_ENV: Record<ServerName, Record<string, string | undefined>> = {
  // The profile server's pin and CA (PROFILE_FETCH_RESOLVE, PROFILE_FETCH_CA_FILE) come with the common environment.
  service: { ...BENCH_RATE_LIMITS, REDIS_URL: '' },
  limitsOff: { ...BENCH_RATE_LIMITS, RATE_LIMITS: 'off', REDIS_URL: '' },
  limitsOn: { ...BENCH_RATE_LIMITS, REDIS_URL: '' },
  limitsRedis: { ...BENCH_RATE_LIMITS, REDIS_URL: redisUrl },
  bare: {},
};

/** `root`: the checkout whose service to start (another one's with --against). */
async function startServer(name: ServerName, env: Record<string, string | undefined>, root = ROOT): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const described = { service: 'service', limitsOff: 'service with RATE_LIMITS=off', limitsOn: 'service with its rate limits on the database', limitsRedis: 'service with its rate limits on Redis', bare: 'bare server' }[name];
  console.error(`Starting the ${described} on port ${port}…`);
  const prof = flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags['cpu-prof'], name)}`] : [];
  const child = await startProcess({
    name,
    command: process.execPath, // node --import tsx <file>: what `npx tsx <file>` runs, minus its wrapper process
    args: [...prof, '--import', 'tsx', name === 'bare' ? 'bench/bare-core-server.ts' : 'server/main.ts'],
    cwd: root,
    env: { ...env, ...SERVICE_ENV[name], PORT: String(port), ...(name !== 'bare' ? { PUBLIC_BASE_URL: url } : {}) },
    ready: /ready in \d+ ms/,
    echo: flags.echo,
  });
  running.add(child);
  return { child, url };
}

/**
 * The signed call's own table: Node CPU over the open call's against one Ed25519 verification timed
 * in the run, and statements per call; answers the targets missed.
 */
function signedCallChecks(pick: (name: ServerName, e: Endpoint, f: (m: Measured) => number) => number): string[] {
  const verify = median(signedRounds.map((r) => r.verifyMicros));
  const extra = pick('service', 'limitsSigned', (m) => m.nodeCpu) - pick('service', 'limits', (m) => m.nodeCpu);
  const ceiling = SIGNED_TARGETS.verifies * verify;
  const statements = median(signedRounds.map((r) => r.statementsPerCall));
  printTable(
    ['service, GET limits signed', 'value', 'target', ''],
    [
      ['Ed25519 crypto.verify, CPU µs (timed in the run)', verify.toFixed(1), '', ''],
      ['node µs/req over the open call', Math.round(extra), `≤ ${SIGNED_TARGETS.verifies} × verify = ${Math.round(ceiling)}`, extra <= ceiling ? 'met' : 'MISSED'],
      ['statements per signed call', statements.toFixed(3), `≤ ${SIGNED_TARGETS.statementsPerCall}`, statements <= SIGNED_TARGETS.statementsPerCall ? 'met' : 'MISSED'],
    ],
  );
  return [
    ...(extra > ceiling ? [`signed node CPU ${Math.round(extra)} µs over open > ${SIGNED_TARGETS.verifies} × verify (${Math.round(ceiling)})`] : []),
    ...(statements > SIGNED_TARGETS.statementsPerCall ? [`statements per signed call ${statements.toFixed(3)} > ${SIGNED_TARGETS.statementsPerCall}`] : []),
  ];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * UCP's platform profile and, beside it, the signing agent's: HTTPS under a pinned .test name.
 * Answers the environment every service is started with (the pin and CA included), less its database.
 */
async function serveProfiles(): Promise<Record<string, string | undefined>> {
  const platform = await platformProfileHost();
  const profiles = platform.server;
  cleanupProfiles = () => profiles.close();
  platformAgent = platform.agent;
  signedProfile = `${profiles.origin}/profile.json`;
  profiles.routes.set('/profile.json', { body: { name: 'bench agent', keys: [SIGNING_KEY.jwk] } });
  return { ...process.env, ...profiles.env, NODE_ENV: 'production', DATABASE_POOL_SIZE: String(pool) };
}

async function main(): Promise<number> {
  if (flags.against) return compare(path.resolve(flags.against));
  ensureNextBuild(ROOT);
  const load0 = os.loadavg()[0];
  console.error(`Fresh database ${dbName}…`);
  const databaseUrl = await recreateDatabase(dbName);
  const env: Record<string, string | undefined> = { ...(await serveProfiles()), DATABASE_URL: databaseUrl };

  const results: Record<ServerName, Partial<Record<Endpoint, Measured>>[]> = { service: [], limitsOff: [], limitsOn: [], limitsRedis: [], bare: [] };
  const variants: LimitsVariant[] = ['limitsOff', 'limitsOn', ...(redisUrl ? (['limitsRedis'] as const) : [])];
  for (let round = 1; round <= rounds; round++) {
    // The service first: its start migrates the fresh database the bare server then uses.
    const turned = [...variants.slice((round - 1) % variants.length), ...variants.slice(0, (round - 1) % variants.length)];
    for (const name of ['service', ...turned, 'bare'] as ServerName[]) {
      const { child, url } = await startServer(name, env);
      results[name].push(await measureServer(name, child, url, round));
    }
  }
  const load1 = os.loadavg()[0];

  // Report: medians over rounds; the ratio is the median of the per-round ratios.
  const pick = (name: ServerName, e: Endpoint, f: (m: Measured) => number) => median(results[name].map((r) => f(r[e]!)));
  const ms = (n: number) => Number(n.toFixed(n < 10 ? 1 : 0));
  const rows = VERSUS_BARE.map((e) => {
    const ratio = median(results.service.map((s, i) => s[e]!.rps / results.bare[i][e]!.rps));
    const bad = (n: ServerName) => results[n].reduce((a, r) => a + r[e]!.non2xx, 0) + '/' + results[n].reduce((a, r) => a + r[e]!.errors, 0);
    return { e, ratio, ok: ratio >= ENDPOINTS[e].target, cells: [
      ENDPOINTS[e].label,
      Math.round(pick('service', e, (m) => m.rps)), ms(pick('service', e, (m) => m.p50)), ms(pick('service', e, (m) => m.p99)),
      Math.round(pick('bare', e, (m) => m.rps)), ms(pick('bare', e, (m) => m.p50)), ms(pick('bare', e, (m) => m.p99)),
      ratio.toFixed(2), `≥ ${ENDPOINTS[e].target.toFixed(2)}`, ratio >= ENDPOINTS[e].target ? 'met' : 'MISSED',
      `${bad('service')} · ${bad('bare')}`,
    ] };
  });
  console.log('');
  console.log(`bench:core — autocannon ${connections} connections, ${duration} s per endpoint after ${warmup} s warm-up, ` +
    `${rounds} round${rounds > 1 ? 's (medians)' : ''}; Postgres pool ${pool} in both servers; servers one at a time;`);
  console.log(`${os.cpus().length} CPUs shared by autocannon, the server and Postgres; Node ${process.version}; ` +
    `load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`);
  console.log('');
  printTable(
    ['endpoint', 'svc rps', 'p50 ms', 'p99 ms', 'bare rps', 'p50 ms', 'p99 ms', 'svc/bare', 'target', '', 'non-2xx/err svc · bare'],
    rows.map((r) => r.cells),
  );
  console.log('');
  // Node CPU per request against the bare server's: the median of the per-round ratios.
  const nodeCpu = VERSUS_BARE.map((e) => ({ e, ratio: median(results.service.map((s, i) => s[e]!.nodeCpu / results.bare[i][e]!.nodeCpu)) }));
  printTable(
    ['CPU µs per request', 'svc node', 'off main', 'svc postgres', 'bare node', 'off main', 'bare postgres', 'node svc/bare', 'target', ''],
    nodeCpu.map(({ e, ratio }) => [
      ENDPOINTS[e].label,
      Math.round(pick('service', e, (m) => m.nodeCpu)), Math.round(pick('service', e, (m) => m.offMainCpu)), Math.round(pick('service', e, (m) => m.pgCpu)),
      Math.round(pick('bare', e, (m) => m.nodeCpu)), Math.round(pick('bare', e, (m) => m.offMainCpu)), Math.round(pick('bare', e, (m) => m.pgCpu)),
      ratio.toFixed(2), `≤ ${NODE_CPU_TARGET[e].toFixed(2)}`, ratio <= NODE_CPU_TARGET[e] ? 'met' : 'MISSED',
    ]),
  );
  console.log('off main: what the rest of the server process spent (V8\'s compiler and GC helper threads, libuv\'s pool):');
  console.log('the JIT still compiling shows here when the warm-up was too short to reach steady state.\n');
  const credentialed = CREDENTIALED.map((e) => ({ e, ratio: median(results.service.map((r) => r[e]!.rps / r.limits!.rps)) }));
  const caller = { limits: 'open (UCP-Agent)', limitsWithKey: 'network key', limitsWithOAuth: 'OAuth access token', limitsSigned: 'signed, Ed25519 (a nonce each)' } as const;
  printTable(
    ['service, GET limits', 'rps', 'p50 ms', 'p99 ms', 'node µs/req', 'vs open', 'target', ''],
    (['limits', ...CREDENTIALED] as const).map((e) => {
      const ratio = credentialed.find((c) => c.e === e)?.ratio;
      return [
        caller[e],
        Math.round(pick('service', e, (m) => m.rps)), ms(pick('service', e, (m) => m.p50)), ms(pick('service', e, (m) => m.p99)),
        Math.round(pick('service', e, (m) => m.nodeCpu)),
        ratio === undefined ? '' : ratio.toFixed(2), ratio === undefined ? '' : `≥ ${ENDPOINTS[e].target.toFixed(2)}`, ratio === undefined ? '' : ratio >= ENDPOINTS[e].target ? 'met' : 'MISSED',
      ];
    }),
  );
  console.log('');
  const signedChecks = signedCallChecks(pick);
  console.log('');
  // The binding's search against the seed API's, the same query in the same round.
  const ucpSearch = median(results.service.map((r) => r.ucpSearch!.rps / r.search!.rps));
  printTable(
    ['service, catalog search', 'rps', 'p50 ms', 'p99 ms', 'node µs/req', 'pg µs/req', 'vs seed', 'target', ''],
    (['search', 'ucpSearch'] as const).map((e) => [
      ENDPOINTS[e].label,
      Math.round(pick('service', e, (m) => m.rps)), ms(pick('service', e, (m) => m.p50)), ms(pick('service', e, (m) => m.p99)),
      Math.round(pick('service', e, (m) => m.nodeCpu)), Math.round(pick('service', e, (m) => m.pgCpu)),
      ...(e === 'search' ? ['', '', ''] : [ucpSearch.toFixed(2), `≥ ${ENDPOINTS.ucpSearch.target.toFixed(2)}`, ucpSearch >= ENDPOINTS.ucpSearch.target ? 'met' : 'MISSED']),
    ]),
  );
  console.log('');
  // Rate limits on (quotas of 10⁹: counted, leased, answered in headers) against RATE_LIMITS=off.
  const limited: ('limitsOn' | 'limitsRedis')[] = redisUrl ? ['limitsOn', 'limitsRedis'] : ['limitsOn'];
  const stores = limited.map((name) => ({
    name,
    ratio: median(results[name].map((r, i) => r.limits!.rps / results.limitsOff[i].limits!.rps)),
  }));
  const storeLabel = { limitsOn: 'limits on, budgets on Postgres', limitsRedis: 'limits on, budgets on Redis' } as const;
  printTable(
    ['service, GET limits (open)', 'rps', 'p50 ms', 'p99 ms', 'node µs/req', 'vs off', 'target', ''],
    [
      ['RATE_LIMITS=off', Math.round(pick('limitsOff', 'limits', (m) => m.rps)), ms(pick('limitsOff', 'limits', (m) => m.p50)), ms(pick('limitsOff', 'limits', (m) => m.p99)), Math.round(pick('limitsOff', 'limits', (m) => m.nodeCpu)), '', '', ''],
      ...stores.map(({ name, ratio }) => [
        storeLabel[name],
        Math.round(pick(name, 'limits', (m) => m.rps)), ms(pick(name, 'limits', (m) => m.p50)), ms(pick(name, 'limits', (m) => m.p99)),
        Math.round(pick(name, 'limits', (m) => m.nodeCpu)),
        ratio.toFixed(2), `≥ ${LIMITS_TARGET.toFixed(2)}`, ratio >= LIMITS_TARGET ? 'met' : 'MISSED',
      ]),
    ],
  );
  if (!redisUrl) console.log("(Redis skipped: --redis '')");
  console.log('');
  console.log('Rate limits: every call is counted against quotas of 10⁹ a minute, its budget leased from the');
  console.log('store 2·10⁷ calls at a time, so nearly every call is answered from memory (RateLimit headers included).');
  console.log('The three GET-limits-only servers start fresh each round, in an order that turns from round to round.');
  console.log('Signed: every request signed before the run (Ed25519, a nonce each); the service verifies the signature,');
  console.log('its profile\'s keys cached, and inserts the nonce in the shared store, the nonces of concurrent calls in one statement.');
  console.log('Keys and access tokens are looked up once a second per instance (revoked, they fail within 1 s), a');
  console.log('key\'s last use written at most once a minute; the answer comes from the same ≤ 1 s cache as the open call.');
  console.log('GET limits: neither server runs SQL per request — both answer from a ≤ 1 s in-process cache of');
  console.log('the platform_limits row (the service through its ≤ 1 s answer cache), so its Postgres column is ~0.');
  console.log(`Catalog search: "${SEARCH.query}", ${SEARCH.limit} a page, on the seed API (JSON-LD, its defaults) and on UCP's binding (the`);
  console.log('same products, checked before the load), whose platform profile is fetched once (max-age 3600) and negotiated per call.');
  console.log('POST feedback: a fresh Idempotency-Key per request; claim, then one transaction (feedback row +');
  console.log('finished idempotency record); every 202 was checked against the database afterwards.');
  if (load0 > os.cpus().length * 0.75) {
    console.log(`\nWARNING: the machine was already busy (load average ${load0.toFixed(1)} on ${os.cpus().length} CPUs) — throughput figures are unreliable; compare the CPU-per-request table.`);
  }

  if (failures.length) {
    console.error(`\nFAILED: not every request succeeded:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const missed = [
    ...rows.filter((r) => !r.ok).map((r) => `${r.e} ${r.ratio.toFixed(2)} < ${ENDPOINTS[r.e].target}`),
    ...nodeCpu.filter((c) => c.ratio > NODE_CPU_TARGET[c.e]).map((c) => `${c.e} Node CPU ${c.ratio.toFixed(2)}× bare > ${NODE_CPU_TARGET[c.e]}×`),
    ...credentialed.filter((c) => c.ratio < ENDPOINTS[c.e].target).map((c) => `${c.e} ${c.ratio.toFixed(2)} < ${ENDPOINTS[c.e].target}`),
    ...signedChecks,
    ...(ucpSearch < ENDPOINTS.ucpSearch.target ? [`ucpSearch vs search ${ucpSearch.toFixed(2)} < ${ENDPOINTS.ucpSearch.target}`] : []),
    ...stores.filter((s) => s.ratio < LIMITS_TARGET).map((s) => `rate limits on (${s.name === 'limitsOn' ? 'Postgres' : 'Redis'}) vs off ${s.ratio.toFixed(2)} < ${LIMITS_TARGET}`),
  ];
  if (missed.length) {
    console.log(`\nTarget missed: ${missed.join(', ')}`);
    if (flags.strict) return 1;
  }
  return 0;
}

/** The endpoints --against measures on both trees, and this tree's targets among them. */
const AGAINST_ENDPOINTS = Object.keys(ENDPOINTS) as Endpoint[];
/** A ratio of two endpoints of the same tree, measured in the same round, with its target. */
const WITHIN_TREE: { label: string; of: Endpoint; over: Endpoint; target: number }[] = [
  { label: 'network key / open', of: 'limitsWithKey', over: 'limits', target: ENDPOINTS.limitsWithKey.target },
  { label: 'OAuth token / open', of: 'limitsWithOAuth', over: 'limits', target: ENDPOINTS.limitsWithOAuth.target },
  { label: 'signed / open', of: 'limitsSigned', over: 'limits', target: ENDPOINTS.limitsSigned.target },
  { label: 'UCP search / seed search', of: 'ucpSearch', over: 'search', target: ENDPOINTS.ucpSearch.target },
];
type Tree = 'this' | 'other';

/**
 * --against <checkout>: this tree's service and another checkout's (an earlier commit's worktree,
 * say) run at once, each on its own fresh database, and every endpoint takes turns on the two in
 * bursts of --duration, the other tree first, the order of endpoints and trees reversed every
 * other round. Whatever the machine does meanwhile falls on both alike, so the paired ratios of a
 * round (this tree over the other, and within each tree the credentialed calls over the open one
 * and UCP's search over the seed API's) move far less than the figures of runs one after the other.
 * No bare server and no rate-limit variants: the normal run measures those.
 */
async function compare(otherRoot: string): Promise<number> {
  ensureNextBuild(ROOT);
  ensureNextBuild(otherRoot);
  const load0 = os.loadavg()[0];
  const env = await serveProfiles();
  const trees = {} as Record<Tree, { child: Child; url: string }>;
  for (const [tree, root, db] of [['other', otherRoot, otherDb], ['this', ROOT, dbName]] as const) {
    console.error(`Fresh database ${db} for ${tree === 'this' ? 'this tree' : otherRoot}…`);
    trees[tree] = await startServer('service', { ...env, DATABASE_URL: await recreateDatabase(db) }, root);
    await smoke(trees[tree].url, 'service');
    await insertCredentials(trees[tree].url, db);
    await smokeSigned(trees[tree].url);
    await smokeSearch(trees[tree].url);
  }
  const burst = async (tree: Tree, endpoint: Endpoint, seconds: number) => {
    const { child, url } = trees[tree];
    if (endpoint === 'limitsSigned') signedRequests = { headers: await signRequests(url, Math.ceil(seconds * SIGNED_RPS_CEILING)), sent: 0 };
    const cpu = cpuStopwatch(() => groupPids(child.pid));
    await cpu.start();
    const r = await runLoad(loadOptions(url, endpoint, seconds));
    const nodeCpu = cpu.stop() / Math.max(r.total, 1);
    checkLoad(`${tree} ${endpoint}`, r);
    if (endpoint === 'limitsSigned' && signedRequests.sent > signedRequests.headers.length) failures.push(`${tree} limitsSigned: nonces reused: raise SIGNED_RPS_CEILING`);
    return { rps: r.rps, nodeCpu };
  };
  if (warmup > 0) {
    console.error(`Warm-up: ${warmup} s per endpoint and tree…`);
    for (const endpoint of AGAINST_ENDPOINTS) for (const tree of ['other', 'this'] as const) await burst(tree, endpoint, warmup);
  }
  const got: Record<Tree, Record<Endpoint, { rps: number; nodeCpu: number }[]>> = {
    this: Object.fromEntries(AGAINST_ENDPOINTS.map((e) => [e, []])) as never,
    other: Object.fromEntries(AGAINST_ENDPOINTS.map((e) => [e, []])) as never,
  };
  for (let round = 0; round < rounds; round++) {
    const endpoints = round % 2 ? [...AGAINST_ENDPOINTS].reverse() : AGAINST_ENDPOINTS;
    for (const endpoint of endpoints) {
      for (const tree of round % 2 ? (['this', 'other'] as const) : (['other', 'this'] as const)) got[tree][endpoint].push(await burst(tree, endpoint, duration));
    }
    console.error(`  round ${round + 1}: ${AGAINST_ENDPOINTS.map((e) => `${e} ${(got.this[e][round].rps / got.other[e][round].rps).toFixed(2)}`).join(', ')} (this / other rps)`);
  }
  const load1 = os.loadavg()[0];
  for (const { child } of Object.values(trees)) {
    const logged = child.output().split('\n').filter((l) => /failure|error/i.test(l));
    if (logged.length) failures.push(`a service logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);
  }

  const paired = (a: { rps: number; nodeCpu: number }[], b: { rps: number; nodeCpu: number }[], f: 'rps' | 'nodeCpu') => median(a.map((m, i) => m[f] / b[i][f]));
  const mid = (tree: Tree, e: Endpoint, f: 'rps' | 'nodeCpu') => Math.round(median(got[tree][e].map((m) => m[f])));
  console.log('');
  console.log(`bench:core --against ${otherRoot} — this tree (${ROOT}) and the other checkout running at once, each on its own fresh Postgres database;`);
  console.log(`autocannon ${connections} connections, ${rounds} rounds of one ${duration} s burst per endpoint and tree (order reversed every other round) after ${warmup} s of warm-up each; pool ${pool};`);
  console.log(`${os.cpus().length} CPUs shared by autocannon, both services and Postgres; Node ${process.version}; load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`);
  console.log('');
  printTable(
    ['endpoint', 'rps: this', 'other', 'this / other', 'node µs/req: this', 'other', 'this / other'],
    AGAINST_ENDPOINTS.map((e) => [
      ENDPOINTS[e].label,
      mid('this', e, 'rps'), mid('other', e, 'rps'), paired(got.this[e], got.other[e], 'rps').toFixed(3),
      mid('this', e, 'nodeCpu'), mid('other', e, 'nodeCpu'), paired(got.this[e], got.other[e], 'nodeCpu').toFixed(3),
    ]),
  );
  console.log('');
  const within = WITHIN_TREE.map((w) => ({ ...w, mine: paired(got.this[w.of], got.this[w.over], 'rps'), theirs: paired(got.other[w.of], got.other[w.over], 'rps') }));
  printTable(
    ['rps ratio within a tree', 'this tree', 'other', 'target', 'this tree'],
    within.map((w) => [w.label, w.mine.toFixed(3), w.theirs.toFixed(3), `≥ ${w.target}`, w.mine >= w.target ? 'met' : 'MISSED']),
  );
  console.log('\nRatios are medians of the rounds\' paired ratios; rps and node µs are medians of the rounds.');
  if (failures.length) {
    console.error(`\nFAILED: not every request succeeded:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const missed = within.filter((w) => w.mine < w.target).map((w) => `${w.label} ${w.mine.toFixed(3)} < ${w.target}`);
  if (missed.length) {
    console.log(`\nTarget missed: ${missed.join(', ')}`);
    if (flags.strict) return 1;
  }
  return 0;
}

await runBenchmark('bench:core', main, cleanup);
