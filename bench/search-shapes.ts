/**
 * bench:search-shapes — how long one search takes, shape by shape, beyond bench:search's load
 * mix: text searches under each filter and sort, and browses with the rarer filter combinations,
 * including the ones known to be slow. Each runs through the service's own searchCatalog (input
 * parsed by the router's zod schema) on one connection, `--runs` times after six untimed runs; the
 * median and the fastest wall time are printed with the page size, whether the count and facets were approximate,
 * and what the answer costs an agent: its JSON bytes per product in the full view, in the compact
 * view, and in the compact view without facets. Then the typo correction alone for each typo value
 * of bench:search's mix (typoTable).
 *
 * With --caps, it also times bench:search's load mix (its text, typo, category and price values,
 * and the largest seller) with the candidate set capped at each of the sizes given, and at the
 * first without facets: what a smaller candidate set (issue #48 §4) would save, shape by shape.
 * Every search runs through the service's own database client (db/client.ts: its statements
 * prepared per connection) and is timed on its cached generic plan, as under load: six runs first.
 *
 *   npm run bench:search-shapes [-- --database acapi_bench --runs 7 --caps 1000,500,250]
 *
 * The database must exist and hold a seeded catalog (bench:search creates acapi_bench); it is
 * only read. Sellers are picked by rank (largest overall, largest in Electronics and in pet
 * supplies), so any seed works.
 */
import { parseArgs } from 'node:util';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { searchJsonLd, type SearchView } from '../server/catalog/jsonld';
import { searchCatalog, type SearchOptions, type SearchPage, type SearchParams } from '../server/catalog/search';
import { correctableWords, typoCorrection, typoCorrectionValues } from '../server/catalog/typo';
import { openDatabase, postgresOptions } from '../server/db/client';
import { deriveKey } from '../server/secrets/keys';
import { benchSecretsKey } from './lib/secrets-key';
import { queryInput } from '../server/http/rest-input';
import { searchInput } from '../server/routers/catalog';
import { ADMIN_URL } from './lib/database';
import { printTable } from './lib/table';
import { CATEGORIES, PRICE_RANGES, TEXT_QUERIES, TYPO_QUERIES } from './lib/search-mix';

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string', default: 'acapi_bench' },
    runs: { type: 'string', default: '7' },
    caps: { type: 'string' },
  },
});
const runs = Number(flags.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got "${flags.runs}"`);
const caps = flags.caps?.split(',').map(Number) ?? [];
if (caps.some((cap) => !Number.isInteger(cap) || cap < 1)) throw new Error(`--caps must list positive integers, got "${flags.caps}"`);
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(flags.database!)) throw new Error(`Unsafe database name "${flags.database}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${flags.database}`;

const pg = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { ...postgresOptions(1).connection, application_name: 'bench-search-shapes' } });
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1, migrate: false });
const { db } = database;
const secret = deriveKey(benchSecretsKey(), 'cursor');

/** JSON bytes of the answer per product on it, as the service sends it. */
const bytesPerProduct = (page: SearchPage, view: SearchView) =>
  page.items.length ? Math.round(Buffer.byteLength(JSON.stringify(searchJsonLd(page, view))) / page.items.length) : '-';

/** `runs` timed searches (wall ms, sorted) after six that put the statement on its generic plan; the last one's page. */
async function timed(input: SearchParams, opts: SearchOptions = {}): Promise<{ times: number[]; page: SearchPage }> {
  let page = await searchCatalog(db, secret, input, opts);
  for (let run = 1; run < 6; run++) page = await searchCatalog(db, secret, input, opts);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    page = await searchCatalog(db, secret, input, opts);
    times.push(performance.now() - start);
  }
  return { times: times.sort((a, b) => a - b), page };
}

const median = (times: number[]) => times[Math.floor(times.length / 2)];

/** bench:search's mix shapes with the candidate cap at each of `caps`, and at the first without facets (--caps). */
async function capsTable(largest: string): Promise<void> {
  const mix: [string, Record<string, string | number>[]][] = [
    ['text query', TEXT_QUERIES.map((q) => ({ q }))],
    ['typo query', TYPO_QUERIES.map((q) => ({ q }))],
    ['category browse, newest', CATEGORIES.map((category) => ({ category, sort_by: 'newest' }))],
    ['price range, price_asc', PRICE_RANGES.map(([min, max]) => ({ min_price_cents: min, max_price_cents: max, sort_by: 'price_asc' }))],
    ['seller, newest', [{ seller_handle: largest, sort_by: 'newest' }]],
  ];
  const variants = [
    ...caps.map((cap) => ({ label: `cap ${cap}`, cap, noFacets: {} })),
    { label: `cap ${caps[0]}, no facets`, cap: caps[0], noFacets: { facets: false } },
  ];
  const table = [];
  const sums = variants.map(() => 0);
  for (const [shape, values] of mix) {
    const row = [];
    for (const [i, { cap, noFacets }] of variants.entries()) {
      let total = 0;
      for (const params of values) {
        const input = { ...searchInput.parse(queryInput(searchInput, params)), ...noFacets };
        total += median((await timed(input, { candidateCap: cap })).times);
      }
      row.push(total / values.length);
      sums[i] += total / values.length;
    }
    table.push([shape, ...row.map((ms) => ms.toFixed(2))]);
  }
  table.push(['mean of the shapes', ...sums.map((ms) => (ms / mix.length).toFixed(2))]);
  console.log(`\nbench:search's mix by candidate cap: searchCatalog on one connection, median of ${runs} runs per value on its generic plan, mean of a shape's values (ms).\n`);
  printTable(['shape', ...variants.map(({ label }) => label)], table);
}

/**
 * The typo correction alone (catalog/typo.ts, typoCorrection) for each typo value of bench:search's
 * mix: its execution time under EXPLAIN ANALYZE (timing off) on a generic plan, as the search
 * statement around it runs, the median of 21 after three untimed.
 */
async function typoTable(): Promise<void> {
  const statement = new PgDialect().sqlToQuery(typoCorrection());
  await pg.unsafe('SET plan_cache_mode = force_generic_plan');
  await pg.unsafe(`PREPARE typo_correction AS ${statement.sql}`);
  const table = [];
  try {
    for (const text of TYPO_QUERIES) {
      const values = fillPlaceholders(statement.params, typoCorrectionValues(correctableWords(text)));
      const literals = values.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(', ');
      const times: number[] = [];
      let plan = '';
      for (let run = 0; run < 24; run++) {
        const rows = await pg.unsafe(`EXPLAIN (ANALYZE, TIMING OFF) EXECUTE typo_correction(${literals})`);
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        if (run >= 3) times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
      }
      times.sort((a, b) => a - b);
      const corrections = (await pg.unsafe(`EXECUTE typo_correction(${literals})`)).map((r) => `${r.word} → ${r.correction}`);
      table.push([text, corrections.join(', '), median(times).toFixed(2), times[0].toFixed(2)]);
    }
  } finally {
    await pg.unsafe('DEALLOCATE typo_correction');
    await pg.unsafe('RESET plan_cache_mode');
  }
  console.log(`\nThe typo correction alone for bench:search's typo values: EXPLAIN ANALYZE execution time on its generic plan, median and fastest of 21 (ms).\n`);
  printTable(['query', 'corrections', 'median', 'fastest'], table);
}

/** The largest seller among products whose category starts with `prefix` (any seller without one). */
async function largestSeller(prefix = ''): Promise<string> {
  const [row] = await pg<{ handle: string }[]>`
    SELECT s.handle FROM products p JOIN sellers s ON s.id = p.seller_id
    WHERE starts_with(p.category_key, ${prefix}) GROUP BY s.handle ORDER BY count(*) DESC, s.handle LIMIT 1`;
  if (!row) throw new Error(`Database ${flags.database} holds no products: seed it first (npm run bench:search seeds acapi_bench)`);
  return row.handle;
}

try {
  const [largest, electronics, pets] = await Promise.all([largestSeller(), largestSeller('electronics'), largestSeller('animals')]);
  const shapes: [string, Record<string, string | number>][] = [
    ['text', { q: 'dog' }],
    ['text, category it matches', { q: 'dog', category: 'Animals & Pet Supplies' }],
    ['text, category it never matches', { q: 'dog', category: 'Electronics' }],
    ['text, leaf category it never matches', { q: 'dog', category: 'Electronics > Audio' }],
    ['text, category, by price', { q: 'headphones', category: 'Electronics', sort_by: 'price_asc' }],
    ['text, category it never matches, by price', { q: 'dog', category: 'Electronics', sort_by: 'price_asc' }],
    ['text, category, newest', { q: 'dog', category: 'Animals & Pet Supplies', sort_by: 'newest' }],
    ['text, seller it matches', { q: 'dog', seller_handle: pets }],
    ['text, seller it never matches', { q: 'dog', seller_handle: electronics }],
    ['text, largest seller, by price', { q: 'dog', seller_handle: largest, sort_by: 'price_asc' }],
    ['text, by price', { q: 'dog bed', sort_by: 'price_asc' }],
    ['text, newest', { q: 'dog bed', sort_by: 'newest' }],
    ['text, in_stock=false', { q: 'dog', in_stock: 'false' }],
    ['text, min_stock', { q: 'dog', min_stock: 90 }],
    ['text, price range few matches meet', { q: 'dog', min_price_cents: 100000 }],
    ['text, cheap', { q: 'chair', max_price_cents: 2000 }],
    ['text, under a price', { q: 'headphones', max_price_cents: 5000 }],
    ['text, price range, in stock', { q: 'dog', min_price_cents: 2500, max_price_cents: 5000, in_stock: 'true' }],
    ['text, price range all meet', { q: 'mug', max_price_cents: 100000 }],
    ['text, six words or-ed', { q: 'wireless or dog or mug or chair or lamp or bed' }],
    ['browse, seller, by price', { seller_handle: largest, sort_by: 'price_asc' }],
    ['browse, in_stock=false, by price', { in_stock: 'false', sort_by: 'price_asc' }],
    ['browse, category, in_stock=false', { category: 'Electronics', in_stock: 'false' }],
    ['browse, category, price range', { category: 'Furniture', min_price_cents: 100, max_price_cents: 1000 }],
    ['browse, category, min_stock, by price', { category: 'Electronics', min_stock: 50, sort_by: 'price_asc' }],
  ];
  const table = [];
  for (const [label, params] of shapes) {
    const input = searchInput.parse(queryInput(searchInput, params));
    const { times, page } = await timed(input);
    const query = Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ');
    const bytes = [bytesPerProduct(page, 'full'), bytesPerProduct(page, 'compact'), bytesPerProduct({ ...page, facets: undefined }, 'compact')];
    table.push([label, median(times).toFixed(1), times[0].toFixed(1), page.items.length, page.approximate ? 'yes' : 'no', ...bytes, query]);
  }
  console.log(`bench:search-shapes — searchCatalog on one connection to ${flags.database}, ${runs} runs per shape after six untimed (ms); JSON bytes of the answer per product on it (B/item).\n`);
  printTable(['shape', 'median', 'fastest', 'items', 'approx.', 'B/item full', 'compact', 'no facets', 'parameters'], table);
  await typoTable();
  if (caps.length) await capsTable(largest);
} finally {
  await Promise.all([pg.end({ timeout: 5 }), database.close()]);
}
