/**
 * bench:search-shapes — how long one search takes, shape by shape, beyond bench:search's load
 * mix: text searches under each filter and sort, and browses with the rarer filter combinations,
 * including the ones known to be slow. Each runs through the service's own searchCatalog (input
 * parsed by the router's zod schema) on one connection, `--runs` times; the median and the
 * fastest wall time are printed with the page size, whether the count and facets were approximate,
 * and what the answer costs an agent: its JSON bytes per product in the full view, in the compact
 * view, and in the compact view without facets.
 *
 *   npm run bench:search-shapes [-- --database acapi_bench --runs 7]
 *
 * The database must exist and hold a seeded catalog (bench:search creates acapi_bench); it is
 * only read. Sellers are picked by rank (largest overall, largest in Electronics and in pet
 * supplies), so any seed works.
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { searchJsonLd, type SearchView } from '../server/catalog/jsonld';
import { searchCatalog, type SearchPage } from '../server/catalog/search';
import { postgresOptions } from '../server/db/client';
import { schema } from '../server/db/schema';
import { deriveKey } from '../server/secrets/keys';
import { benchSecretsKey } from './lib/secrets-key';
import { queryInput } from '../server/http/rest-input';
import { searchInput } from '../server/routers/catalog';
import { ADMIN_URL } from './lib/database';
import { printTable } from './lib/table';

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string', default: 'acapi_bench' },
    runs: { type: 'string', default: '7' },
  },
});
const runs = Number(flags.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got "${flags.runs}"`);
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(flags.database!)) throw new Error(`Unsafe database name "${flags.database}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${flags.database}`;

const pg = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { ...postgresOptions(1).connection, application_name: 'bench-search-shapes' } });
const db = drizzle(pg, { schema });

/** JSON bytes of the answer per product on it, as the service sends it. */
const bytesPerProduct = (page: SearchPage, view: SearchView) =>
  page.items.length ? Math.round(Buffer.byteLength(JSON.stringify(searchJsonLd(page, view))) / page.items.length) : '-';

/** The largest seller among products whose category starts with `prefix` (any seller without one). */
async function largestSeller(prefix = ''): Promise<string> {
  const [row] = await pg<{ handle: string }[]>`
    SELECT s.handle FROM products p JOIN sellers s ON s.id = p.seller_id
    WHERE starts_with(p.category_key, ${prefix}) GROUP BY s.handle ORDER BY count(*) DESC, s.handle LIMIT 1`;
  if (!row) throw new Error(`Database ${flags.database} holds no products: seed it first (npm run bench:search seeds acapi_bench)`);
  return row.handle;
}

try {
  const secret = deriveKey(benchSecretsKey(), 'cursor');
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
    const times: number[] = [];
    let page = await searchCatalog(db, secret, input); // warm: plans and caches
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      page = await searchCatalog(db, secret, input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const query = Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ');
    const bytes = [bytesPerProduct(page, 'full'), bytesPerProduct(page, 'compact'), bytesPerProduct({ ...page, facets: undefined }, 'compact')];
    table.push([label, times[Math.floor(runs / 2)].toFixed(1), times[0].toFixed(1), page.items.length, page.approximate ? 'yes' : 'no', ...bytes, query]);
  }
  console.log(`bench:search-shapes — searchCatalog on one connection to ${flags.database}, ${runs} runs per shape after one warm-up (ms); JSON bytes of the answer per product on it (B/item).\n`);
  printTable(['shape', 'median', 'fastest', 'items', 'approx.', 'B/item full', 'compact', 'no facets', 'parameters'], table);
} finally {
  await pg.end({ timeout: 5 });
}
