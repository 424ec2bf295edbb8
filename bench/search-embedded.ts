/**
 * bench:search --embedded: the service as `npm start` runs it with no DATABASE_URL — PGlite, one
 * connection, the demo catalog — under many concurrent searches. PGlite runs one statement at a
 * time, so what is measured is how fairly the queue in front of it serves its clients: every
 * request must answer (autocannon gives up after 10 s: a timeout), and the slowest ones soon.
 *
 *   npm run bench:search -- --embedded [--connections 50 --duration 15 --warmup 3 --echo]
 *
 * Prints p50/p99/max latency, requests per second, timeouts and non-2xx answers per connection
 * level; exits 1 on a timeout, a connection error or a non-2xx answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, PRICE_RANGES, TEXT_QUERIES, TYPO_QUERIES } from './lib/search-mix';
import { runMix, type MixPath, type MixResult } from './lib/mix-load';
import { ensureNextBuild, freePort, installCleanup, runBenchmark, startProcess, type Child } from './lib/processes';
import { printTable } from './lib/table';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AGENT = 'profile="https://agent.shopbot.dev/profile.json"';
/** The issue's targets on the demo catalog. */
const TARGET = { p99Ms: 1000, timeouts: 0 };

export interface EmbeddedOptions {
  connections: number[];
  duration: number;
  warmup: number;
  echo: boolean;
}

/** Four shapes × five values, interleaved so consecutive requests differ. */
function mix(): MixPath[] {
  const search = (p: Record<string, string | number>) => `/api/agent/search?${new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]))}`;
  const groups: MixPath[][] = [
    TEXT_QUERIES.map((q) => ({ group: 'text', path: search({ q }) })),
    TYPO_QUERIES.map((q) => ({ group: 'typo', path: search({ q }) })),
    CATEGORIES.map((category) => ({ group: 'category', path: search({ category, sort_by: 'newest' }) })),
    PRICE_RANGES.map(([min, max]) => ({ group: 'price', path: search({ min_price_cents: min, max_price_cents: max, sort_by: 'price_asc' }) })),
  ];
  return groups[0].flatMap((_, i) => groups.map((g) => g[i]));
}

export function embeddedBenchmark(opts: EmbeddedOptions): Promise<never> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'acapi-bench-pglite-'));
  let child: Child | undefined;
  const cleanup = installCleanup(async () => {
    await child?.stop(10_000).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  return runBenchmark(
    'bench:search --embedded',
    async () => {
      ensureNextBuild(ROOT);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      console.error(`Starting the service on PGlite (${dataDir}), port ${port}; the demo catalog is seeded first…`);
      child = await startProcess({
        name: 'service',
        command: process.execPath,
        args: ['--import', 'tsx', 'server/main.ts'],
        cwd: ROOT,
        env: { ...process.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: url },
        ready: /ready in \d+ ms/,
        timeoutMs: 180_000,
        echo: opts.echo,
      });

      const paths = mix();
      const rows: (string | number)[][] = [];
      const shapes: (string | number)[][] = [];
      const missed: string[] = [];
      for (const connections of opts.connections) {
        const load = { url, connections, headers: { 'ucp-agent': AGENT }, paths };
        if (opts.warmup > 0) await runMix({ ...load, duration: opts.warmup });
        process.stderr.write(`  @${connections}: measuring ${opts.duration} s… `);
        const r: MixResult = await runMix({ ...load, duration: opts.duration });
        process.stderr.write(`${Math.round(r.rps)} rps, p99 ${r.p99} ms\n`);
        for (const [shape, g] of Object.entries(r.groups)) shapes.push([`${shape} @${connections}`, g.count, g.p50, g.p99, g.max]);
        const max = Math.max(...Object.values(r.groups).map((g) => g.max));
        rows.push([connections, Math.round(r.rps), r.p50, r.p99, max, r.timeouts, r.errors - r.timeouts, r.non2xx]);
        if (r.timeouts > TARGET.timeouts) missed.push(`${r.timeouts} timeouts at ${connections} connections`);
        if (r.p99 > TARGET.p99Ms) missed.push(`p99 ${r.p99} ms > ${TARGET.p99Ms} ms at ${connections} connections`);
        if (r.errors - r.timeouts || r.non2xx) missed.push(`${r.errors - r.timeouts} connection errors, ${r.non2xx} non-2xx at ${connections} connections`);
      }

      console.log(`\nbench:search --embedded — PGlite, demo catalog, ${paths.length} searches round-robin, ${opts.duration} s per level`);
      printTable(['connections', 'rps', 'p50 ms', 'p99 ms', 'max ms', 'timeouts (10 s)', 'conn errors', 'non-2xx'], rows);
      printTable(['by shape', 'answers', 'p50 ms', 'p99 ms', 'max ms'], shapes);
      console.log(`targets: 0 timeouts, p99 < ${TARGET.p99Ms} ms — ${missed.length ? `missed: ${missed.join('; ')}` : 'met'}`);
      return missed.length ? 1 : 0;
    },
    cleanup,
  );
}
