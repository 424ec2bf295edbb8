/**
 * bench:search's quality part: the query set of test/search-quality/ on the demo catalog, on both
 * databases the service runs on — PGlite (in memory, what `npm start` runs without DATABASE_URL)
 * and Postgres (a throw-away database on the bench server) — through the service's own REST search
 * in this process (createApp, no HTTP). Prints recall@10, the zero-result rate and the dead ends per
 * database against the targets, and every query not found in full; writes the outcomes to
 * .bench/search-quality.json.
 *
 *   npm run bench:search -- --quality [--quiet]    this part alone (~1 minute)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../server/app';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { loadConfig } from '../server/config';
import { sql } from 'drizzle-orm';
import { openDatabase, rows, type Database } from '../server/db/client';
import { QUALITY_TARGETS, evaluate, formatReport, type QualityReport } from '../test/search-quality/evaluate';
import { dropDatabase, recreateDatabase } from './lib/database';
import { printTable } from './lib/table';
import { BENCH_RATE_LIMITS } from './lib/rate-limits';
import { BENCH_SECRETS_KEY } from './lib/secrets-key';

const AGENT = 'profile="https://agent.shopbot.dev/profile.json"';
const BASE = 'http://bench.local';
/** Dropped at the end of the run; never a database anyone works in (bench/lib/database.ts refuses those). */
const POSTGRES_DATABASE = 'acapi_bench_search_quality';

async function measure(database: Database): Promise<QualityReport> {
  await ensureDemoCatalog(database.db);
  await database.maintain('VACUUM (ANALYZE) sellers, products, variants, search_words');
  const app = createApp(loadConfig({ ...BENCH_RATE_LIMITS, SECRETS_KEY: BENCH_SECRETS_KEY, PUBLIC_BASE_URL: BASE, NODE_ENV: 'production' }), database);
  return evaluate(database.db, async (pathAndQuery) => {
    const res = await app.fetch(new Request(BASE + pathAndQuery, { headers: { 'UCP-Agent': AGENT } }));
    return { status: res.status, body: await res.json() };
  });
}

export interface QualityRun {
  reports: { database: string; report: QualityReport }[];
  missed: string[];
}

export async function qualityBenchmark({ root, quiet = false }: { root: string; quiet?: boolean }): Promise<QualityRun> {
  const reports: QualityRun['reports'] = [];
  console.error('Search quality on PGlite (demo catalog, in memory)…');
  const pglite = await openDatabase({ memory: true });
  try {
    reports.push({ database: 'PGlite', report: await measure(pglite) });
  } finally {
    await pglite.close();
  }
  console.error(`Search quality on Postgres (demo catalog, database ${POSTGRES_DATABASE})…`);
  const url = await recreateDatabase(POSTGRES_DATABASE);
  const pg = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const [{ version }] = await rows<{ version: string }>(pg.db, sql`SELECT current_setting('server_version') AS version`);
    reports.push({ database: `Postgres ${version}`, report: await measure(pg) });
  } finally {
    await pg.close();
    await dropDatabase(POSTGRES_DATABASE);
  }

  const missed: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log('');
  console.log(`bench:search — search quality: ${reports[0].report.queries} queries of test/search-quality/queries.ts on the demo catalog (5,000 products),`);
  console.log('first page of 10 through GET /api/agent/search. recall@10: the category or product a query should find is on that page;');
  console.log('precision@10: the share of the page that is relevant; coverage@10: the share of the relevant products (at most 10) on it.');
  console.log('');
  printTable(
    ['database', 'recall@10', `≥ ${QUALITY_TARGETS.recallAt10}`, 'zero results', `≤ ${pct(QUALITY_TARGETS.zeroResultRate)}`, 'dead ends', 'precision@10', 'coverage@10'],
    reports.map(({ database, report: r }) => {
      const recallMet = r.recallAt10 >= QUALITY_TARGETS.recallAt10;
      const zeroMet = r.zeroResultRate <= QUALITY_TARGETS.zeroResultRate;
      if (!recallMet) missed.push(`${database}: recall@10 ${r.recallAt10.toFixed(3)} < ${QUALITY_TARGETS.recallAt10}`);
      if (!zeroMet) missed.push(`${database}: zero-result rate ${pct(r.zeroResultRate)} > ${pct(QUALITY_TARGETS.zeroResultRate)}`);
      if (r.deadEnds) missed.push(`${database}: ${r.deadEnds} empty answers without suggestions`);
      return [
        database,
        r.recallAt10.toFixed(3),
        recallMet ? 'met' : 'MISSED',
        `${r.zeroResults}/${r.queries} (${pct(r.zeroResultRate)})`,
        zeroMet ? 'met' : 'MISSED',
        r.deadEnds,
        r.precisionAt10.toFixed(3),
        r.coverageAt10.toFixed(3),
      ];
    }),
  );
  for (const { database, report } of reports) {
    console.log('');
    console.log(formatReport(database, report, { misses: !quiet }));
  }
  const file = path.join(root, '.bench', 'search-quality.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      reports.map(({ database, report }) => ({ database, ...report, outcomes: report.outcomes.map((o) => ({ ...o, query: o.query.q, kind: o.query.kind })) })),
      null,
      2,
    ),
  );
  console.log(`\nOutcomes per query: ${path.relative(root, file)}`);
  return { reports, missed };
}
