/**
 * bench:mcp — the same catalog search through MCP (POST /api/mcp, tools/call search_catalog), in
 * both eras (2025-11-25's request, and 2026-07-28's: its `_meta` envelope and routing headers), and
 * through REST (GET /api/agent/search), against one service on a fresh Postgres database holding
 * the demo catalog (50 sellers, 5,000 products, seeded by the service's first start).
 *
 *   npm run bench:mcp [-- --connections 10 --duration 10 --warmup 2 --pool 10
 *                         --database acapi_bench_mcp --echo]
 *   npm run bench:mcp -- --against <another checkout> [--rounds 8 --duration 4 …]
 *
 * Target: MCP p50 and p99 each ≤ 1.3 × REST's, in each era. Exits 1 if any request failed (non-2xx, connection
 * error, an MCP answer that is a JSON-RPC error or an isError result) or a check failed.
 *
 * With --against, this tree is measured against another checkout of the service (an earlier
 * commit, its `node_modules` installed): both services run at once, each on its own fresh
 * database, and the sides (REST and MCP 2025 on both, MCP 2026 on this tree) take turns, one
 * `--duration` burst each, in an order that reverses every round. A machine whose speed drifts
 * (2–3× between runs here, with other work on it) then moves both trees alike, and each round gives
 * one paired ratio. Target: this tree's MCP rps, in each era, ≥ 0.95 × the other's MCP 2025 rps
 * (the median of the rounds' ratios; issue #46). The other checkout is only asked the 2025 request.
 *
 * Design: one service process serves every run (REST first, then MCP in each era, each after its own
 * warm-up), so all see the same process, pool, JIT and database caches. Both runs use one identical
 * autocannon loop — a pre-built request rotated per request over the same ten words, and the same
 * cheap per-response body check — so the client's own cost (it shares the 2 CPUs) is the same on
 * both sides and the ratio measures the server's MCP path (SDK transport + JSON-RPC envelope +
 * in-process tRPC caller) against its REST gateway. Words come from the catalog's taxonomy and are
 * checked to find products; before any load each word's MCP and REST answers must carry the same
 * product ids. Search has no answer cache, so every request runs the query.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuStopwatch, groupPids } from './lib/cpu';
import { dropDatabase, recreateDatabase, withDatabase } from './lib/database';
import { summarize, type LoadResult } from './lib/load';
import { ensureNextBuild, freePort, installCleanup, runBenchmark, startProcess, type Child } from './lib/processes';
import { printTable } from './lib/table';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
    database: { type: 'string', default: 'acapi_bench_mcp' },
    echo: { type: 'boolean', default: false },
    against: { type: 'string' },
    rounds: { type: 'string', default: '8' },
  },
});
const positiveInt = (name: 'connections' | 'duration' | 'pool' | 'rounds'): number => {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got "${flags[name]}"`);
  return n;
};
const [connections, duration, pool, rounds] = [positiveInt('connections'), positiveInt('duration'), positiveInt('pool'), positiveInt('rounds')];
const warmup = Number(flags.warmup);
if (!(warmup >= 0)) throw new Error(`--warmup must be a number of seconds ≥ 0, got "${flags.warmup}"`);
const dbName = flags.database!;

const TARGET = 1.3;
/** --against: this tree's MCP rps over the other checkout's, in each era (issue #46). */
const AGAINST_TARGET = 0.95;
const AGENT = 'profile="https://agent.shopbot.dev/profile.json"';
/** Product words of the demo catalog (server/catalog/taxonomy.ts); each is checked to match something. */
const WORDS = ['headphones', 'speaker', 'keyboard', 'camera', 'jacket', 'boots', 'chair', 'tent', 'lamp', 'knife'];
const restPath = (q: string) => `/api/agent/search?q=${encodeURIComponent(q)}&limit=10`;
/** 2026-07-28's per-request envelope: the revision, the client and what it can do. */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench-mcp', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const mcpBody = (q: string, modern = false) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: { q, limit: 10 }, ...(modern && { _meta: ENVELOPE }) } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'ucp-agent': AGENT };
/** The routing headers a 2026-07-28 client sends, which the server checks against the body. */
const MCP_2026_HEADERS = { ...MCP_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'search_catalog' };

type Side = 'REST' | 'MCP' | 'MCP 2026';
const MCP_SIDES = ['MCP', 'MCP 2026'] as const;
const mcpOk = (b: string) => b.includes('"structuredContent"') && !b.includes('"isError":true');
/** Per side: the request template, how request n differs, and what a good 2xx body contains. */
const SIDES: Record<Side, { method: 'GET' | 'POST'; headers: Record<string, string>; vary: (q: string) => Partial<autocannon.Request>; ok: (body: string) => boolean }> = {
  REST: { method: 'GET', headers: { 'ucp-agent': AGENT }, vary: (q) => ({ path: restPath(q) }), ok: (b) => b.includes('"itemListElement"') },
  MCP: { method: 'POST', headers: MCP_HEADERS, vary: (q) => ({ path: '/api/mcp', body: mcpBody(q) }), ok: mcpOk },
  'MCP 2026': { method: 'POST', headers: MCP_2026_HEADERS, vary: (q) => ({ path: '/api/mcp', body: mcpBody(q, true) }), ok: (b) => mcpOk(b) && b.includes('"resultType":"complete"') },
};

interface Measured extends LoadResult { bad: number; nodeCpu: number; pgCpu: number }

const failures: string[] = [];
let child: Child | undefined;
/** --against: the other checkout's service and its database. */
let other: Child | undefined;
const otherDb = `${dbName}_against`;
const cleanup = installCleanup(async () => {
  await Promise.all([child, other].map((c) => c?.stop(5000).catch(() => {})));
  for (const name of flags.against ? [dbName, otherDb] : [dbName]) await dropDatabase(name).catch((err) => console.error(`could not drop ${name}:`, err.message));
});

/** One autocannon run of a side: request n searches WORDS[n % 10]; 2xx bodies that are not a search result count as bad. */
async function load(url: string, side: Side, seconds: number): Promise<LoadResult & { bad: number }> {
  const { method, headers, vary, ok } = SIDES[side];
  const variants = WORDS.map(vary);
  let next = 0;
  let bad = 0;
  const request = {
    method, headers, ...variants[0],
    setupRequest: (req: autocannon.Request) => ({ ...req, ...variants[next++ % variants.length] }),
    onResponse: (status: number, body: string) => void (status >= 200 && status < 300 && !ok(body) && bad++),
  } as unknown as autocannon.Request;
  const result = await autocannon({ url, connections, duration: seconds, requests: [request] });
  return { ...summarize(result), bad };
}

async function getJson(url: string, init: RequestInit): Promise<{ status: number; body: any }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: (() => { try { return JSON.parse(text); } catch { return text; } })() };
}

/** Before any load: per word, REST and MCP (in each era) answer the same non-empty page of products. */
async function verify(url: string): Promise<void> {
  for (const q of WORDS) for (const side of MCP_SIDES) await verifyWord(url, q, side);
}

async function verifyWord(url: string, q: string, side: (typeof MCP_SIDES)[number]): Promise<void> {
  const rest = await getJson(url + restPath(q), { headers: { 'UCP-Agent': AGENT } });
  if (rest.status !== 200) throw new Error(`REST "${q}" answered ${rest.status} ${JSON.stringify(rest.body).slice(0, 300)}`);
  const { headers, vary } = SIDES[side];
  const mcp = await getJson(url + '/api/mcp', { method: 'POST', headers, body: vary(q).body as string });
  const result = mcp.body?.result;
  if (mcp.status !== 200 || !result || result.isError || !result.structuredContent) {
    throw new Error(`${side} "${q}" answered ${mcp.status} ${JSON.stringify(mcp.body).slice(0, 500)}`);
  }
  // Products by name: the compact view (MCP's default) has no product ids, and lists products without a ListItem.
  const ids = (page: any) => ((page.itemListElement ?? []) as { name?: string; item?: { name: string } }[]).map((e) => e.item?.name ?? e.name);
  const restIds = ids(rest.body);
  const mcpIds = ids(result.structuredContent);
  if (!restIds.length) throw new Error(`REST "${q}" found no products: pick words of the demo catalog`);
  if (JSON.stringify(restIds) !== JSON.stringify(mcpIds)) throw new Error(`"${q}": REST ids ${restIds.join(',')} ≠ ${side} ids ${mcpIds.join(',')}`);
  const { 'service:advisories': _, ...restRest } = rest.body;
  if (JSON.stringify(restRest) !== JSON.stringify(result.structuredContent)) console.error(`  note: "${q}" (${side}): same ids, but the bodies differ beyond them`);
}

async function measure(url: string, side: Side): Promise<Measured> {
  const check = (label: string, r: LoadResult & { bad: number }) => {
    if (r.non2xx) failures.push(`${label}: ${r.non2xx} non-2xx responses (${JSON.stringify(r.statusCodes)})`);
    if (r.errors || !r.total) failures.push(`${label}: ${r.errors} connection errors (${r.timeouts} timeouts), ${r.total} responses`);
    if (r.bad) failures.push(`${label}: ${r.bad} 2xx answers that were not a search result (JSON-RPC error or isError)`);
  };
  process.stderr.write(`  ${side}: `);
  if (warmup > 0) {
    process.stderr.write(`warm-up ${warmup} s… `);
    check(`${side} warm-up`, await load(url, side, warmup));
  }
  process.stderr.write(`measuring ${duration} s… `);
  const nodeCpu = cpuStopwatch(() => groupPids(child!.pid));
  const pgCpu = cpuStopwatch(async () => (await withDatabase(dbName, (sql) =>
    sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and application_name = 'agent-commerce'`)).map((r) => r.pid));
  await nodeCpu.start();
  await pgCpu.start();
  const r = await load(url, side, duration);
  const m = { ...r, nodeCpu: nodeCpu.stop() / r.total, pgCpu: pgCpu.stop() / r.total };
  process.stderr.write(`${Math.round(r.rps)} rps, p50 ${r.p50} ms, p99 ${r.p99} ms\n`);
  check(side, r);
  return m;
}

/** The service of the checkout at `root` on a fresh database `db` holding the demo catalog; its URL. */
async function startService(root: string, db: string): Promise<{ service: Child; url: string }> {
  ensureNextBuild(root);
  const databaseUrl = await recreateDatabase(db);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.error(`Starting the service of ${root} on port ${port} (its first start migrates and seeds the demo catalog on ${db})…`);
  const service = await startProcess({
    name: 'service',
    command: process.execPath, // node --import tsx <file>: what `npx tsx <file>` runs, minus its wrapper
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: root,
    env: { ...process.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(pool), PORT: String(port), PUBLIC_BASE_URL: url },
    ready: /ready in \d+ ms/,
    timeoutMs: 180_000,
    echo: flags.echo,
  });
  return { service, url };
}

async function main(): Promise<number> {
  if (flags.against) return compare(path.resolve(flags.against));
  const load0 = os.loadavg()[0];
  console.error(`Fresh database ${dbName}…`);
  const started = await startService(ROOT, dbName);
  child = started.service;
  const { url } = started;
  const [{ products, sellers }] = await withDatabase(dbName, (sql) =>
    sql<{ products: number; sellers: number }[]>`select (select count(*) from products)::int as products, (select count(*) from sellers)::int as sellers`);
  console.error(`Catalog: ${sellers} sellers, ${products} products. Checking REST and MCP answer the same products for ${WORDS.length} words…`);
  await verify(url);

  const rest = await measure(url, 'REST');
  const mcps = [await measure(url, 'MCP'), await measure(url, 'MCP 2026')];
  const load1 = os.loadavg()[0];
  const logged = child.output().split('\n').filter((l) => /failure|error/i.test(l));
  if (logged.length) failures.push(`the service logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);

  const ms = (n: number) => Number(n.toFixed(n < 10 ? 1 : 0));
  const ratios = mcps.map((mcp) => ({ p50: mcp.p50 / rest.p50, p99: mcp.p99 / rest.p99 }));
  const met = ratios.every((r) => r.p50 <= TARGET && r.p99 <= TARGET);
  console.log('');
  console.log(`bench:mcp — search_catalog over MCP vs GET /api/agent/search, one service on Postgres (${dbName}: ${sellers} sellers, ${products} products);`);
  console.log(`autocannon ${connections} connections, ${duration} s per side after ${warmup} s warm-up, REST then MCP (2025, then 2026-07-28); ${WORDS.length} words rotated per request; pool ${pool};`);
  console.log(`${os.cpus().length} CPUs shared by autocannon, the service and Postgres; Node ${process.version}; load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`);
  console.log('');
  const LABELS: Record<Side, string> = { REST: 'REST GET /api/agent/search', MCP: 'MCP tools/call search_catalog', 'MCP 2026': 'MCP 2026-07-28 tools/call search_catalog' };
  const row = (side: Side, m: Measured) =>
    [LABELS[side], Math.round(m.rps), ms(m.p50), ms(m.p99), Math.round(m.nodeCpu), Math.round(m.pgCpu), `${m.non2xx}/${m.errors}/${m.bad}`];
  printTable(['', 'rps', 'p50 ms', 'p99 ms', 'node µs/req', 'pg µs/req', 'non-2xx/err/bad'], [row('REST', rest), ...MCP_SIDES.map((side, i) => row(side, mcps[i]))]);
  console.log('');
  printTable(['MCP / REST', 'ratio', 'target', ''], MCP_SIDES.flatMap((side, i) => (['p50', 'p99'] as const).map((p) => {
    const ratio = ratios[i][p];
    return [`${side} ${p}`, ratio.toFixed(2), `≤ ${TARGET}`, ratio <= TARGET ? 'met' : 'missed'];
  })));
  console.log(`\nTarget ${met ? 'met' : 'missed'}: MCP p50 and p99 ≤ ${TARGET} × REST's, in each era.`);
  if (load0 > os.cpus().length * 0.75) console.log(`WARNING: the machine was already busy (load average ${load0.toFixed(1)}): figures are unreliable.`);
  if (failures.length) {
    console.error(`\nFAILED: not every request succeeded:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  return 0;
}

type Turn = { tree: 'this' | 'other'; side: Side };
const TURNS: Turn[] = [
  { tree: 'other', side: 'REST' },
  { tree: 'other', side: 'MCP' },
  { tree: 'this', side: 'REST' },
  { tree: 'this', side: 'MCP' },
  { tree: 'this', side: 'MCP 2026' },
];
const turnName = ({ tree, side }: Turn) => `${tree === 'this' ? 'this tree' : 'other'} ${side}`;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** --against: this tree and another checkout at once, their sides taking turns (see the header). */
async function compare(otherRoot: string): Promise<number> {
  const load0 = os.loadavg()[0];
  const mine = await startService(ROOT, dbName);
  child = mine.service;
  const theirs = await startService(otherRoot, otherDb);
  other = theirs.service;
  const services = { this: mine, other: theirs };
  console.error(`Checking both answer the same products for ${WORDS.length} words…`);
  await verify(mine.url);
  for (const q of WORDS) await verifyWord(theirs.url, q, 'MCP');

  const burst = async (turn: Turn, seconds: number) => {
    const { service, url } = services[turn.tree];
    const cpu = cpuStopwatch(() => groupPids(service.pid));
    await cpu.start();
    const r = await load(url, turn.side, seconds);
    if (r.non2xx || r.errors || r.bad || !r.total) failures.push(`${turnName(turn)}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.bad} bad of ${r.total}`);
    return { rps: r.rps, nodeCpu: cpu.stop() / Math.max(r.total, 1) };
  };
  if (warmup > 0) {
    console.error(`Warm-up: ${warmup} s per side…`);
    for (const turn of TURNS) await burst(turn, warmup);
  }
  const rps = new Map(TURNS.map((t) => [turnName(t), [] as number[]]));
  const cpu = new Map(TURNS.map((t) => [turnName(t), [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    for (const turn of round % 2 ? [...TURNS].reverse() : TURNS) {
      const m = await burst(turn, duration);
      rps.get(turnName(turn))!.push(m.rps);
      cpu.get(turnName(turn))!.push(m.nodeCpu);
    }
    console.error(`  round ${round + 1}: ${TURNS.map((t) => `${turnName(t)} ${Math.round(rps.get(turnName(t))![round])}`).join(', ')}`);
  }
  const load1 = os.loadavg()[0];
  for (const service of [mine.service, theirs.service]) {
    const logged = service.output().split('\n').filter((l) => /failure|error/i.test(l));
    if (logged.length) failures.push(`a service logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);
  }

  console.log('');
  console.log(`bench:mcp --against ${otherRoot} — search_catalog over MCP and GET /api/agent/search, this tree (${ROOT}) and the other checkout running at once, each on its own fresh Postgres database;`);
  console.log(`autocannon ${connections} connections, ${rounds} rounds of one ${duration} s burst per side (order reversed every other round) after ${warmup} s of warm-up each; pool ${pool};`);
  console.log(`${os.cpus().length} CPUs shared by autocannon, both services and Postgres; Node ${process.version}; load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`);
  console.log('');
  printTable(
    ['', 'rps per round', 'rps median', 'node µs/req median'],
    TURNS.map((t) => [turnName(t), rps.get(turnName(t))!.map(Math.round).join(' '), Math.round(median(rps.get(turnName(t))!)), Math.round(median(cpu.get(turnName(t))!))]),
  );
  const base = rps.get('other MCP')!;
  const paired = (name: string) => median(rps.get(name)!.map((v, i) => v / base[i]));
  const rows = (['MCP', 'MCP 2026'] as const).map((side) => ({ side: `${side === 'MCP' ? 'MCP 2025' : side} / other's MCP 2025`, ratio: paired(`this tree ${side}`) }));
  const restRatio = median(rps.get('this tree REST')!.map((v, i) => v / rps.get('other REST')![i]));
  console.log('');
  printTable(
    ['rps, this tree / the other', 'median of the rounds', 'target', ''],
    [...rows.map(({ side, ratio }) => [side, ratio.toFixed(3), `≥ ${AGAINST_TARGET}`, ratio >= AGAINST_TARGET ? 'met' : 'missed']), ["REST / other's REST (control)", restRatio.toFixed(3), '', '']],
  );
  const met = rows.every((r) => r.ratio >= AGAINST_TARGET);
  console.log(`\nTarget ${met ? 'met' : 'missed'}: this tree's MCP rps ≥ ${AGAINST_TARGET} × the other checkout's, in each era.`);
  if (failures.length) {
    console.error(`\nFAILED: not every request succeeded:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  return 0;
}

await runBenchmark('bench:mcp', main, cleanup);
