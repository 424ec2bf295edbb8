/**
 * The yardstick for `bench:search`: a bare `node:http` + `postgres` server that runs, for each
 * search request, exactly the SQL the service runs — the same pure builders
 * (server/catalog/search-sql.ts, the word picking of server/catalog/typo.ts, normaliseCategory),
 * compiled by the same drizzle dialect, with price words read as search.ts reads them
 * (price-words.ts) — and JSON-stringifies the rows. Nothing else: no router, no tRPC, no schema
 * validation, no JSON-LD shaping, no cursor signing. Run by bench/search.ts:
 *
 *   PORT=… DATABASE_URL=… [DATABASE_POOL_SIZE=10] node --import tsx bench/bare-search-server.ts
 *
 * GET /api/agent/search   UCP-Agent required. Query parameters as the service's (q, limit,
 *                         category, seller_handle, sort_by, min_price_cents, max_price_cents,
 *                         in_stock, min_stock) minus `cursor`; instead a deep page passes the
 *                         decoded keyset as `after=<JSON [key, id]>` and, when the cursor carried
 *                         a corrected query, `text=<query>` (the service reuses it, uncorrected).
 *                         With `X-Bench-Debug: 1` the answer is `{statements, rows}`: every
 *                         statement as run ({sql, params}), for the bench's identity check.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { postgresOptions } from '../server/db/client';
import { runBareServer } from './lib/bare-server';
import { SEARCH_CANDIDATE_CAP, searchSql, type SearchKey, type SearchQuery, type SortBy } from '../server/catalog/search-sql';
import { readPriceWords } from '../server/catalog/price-words';
import { correctableWords } from '../server/catalog/typo';
import { normaliseCategory } from '../server/catalog/writer';

const started = performance.now();
const port = Number(process.env.PORT ?? 3101);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');

// The service's pool options (server/db/client.ts).
const sql = postgres(url, postgresOptions(Number(process.env.DATABASE_POOL_SIZE ?? 10), 'bench-bare-search'));
// The dialect drizzle's postgres-js session compiles with (no casing option).
const dialect = new PgDialect();

interface Statement {
  sql: string;
  params: unknown[];
}

/** What the service's `db.execute(query)` does on postgres-js: compile, then run it prepared (server/db/client.ts). */
async function run<T>(query: SQL, log?: Statement[]): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  log?.push({ sql: text, params });
  return (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[];
}

class BadRequest extends Error {}

function int(p: URLSearchParams, name: string): number | undefined {
  const v = p.get(name);
  if (v === null) return undefined;
  if (!/^\d+$/.test(v)) throw new BadRequest(`${name} must be an integer`);
  return Number(v);
}

const SORTS = new Set<SortBy>(['relevance', 'newest', 'price_asc', 'price_desc']);

function tighter(pick: (a: number, b: number) => number, given: number | undefined, read: number | undefined): number | undefined {
  return given === undefined ? read : read === undefined ? given : pick(given, read);
}

/**
 * The service's searchCatalog, minus validation messages, cursor signing, the seller-miss lookup,
 * and what only an empty first page runs (relaxation and suggestions: the mix has none).
 */
async function search(p: URLSearchParams, log?: Statement[]): Promise<unknown[]> {
  // As searchCatalog: price words of q become price filters (the tighter bound wins).
  const priced = readPriceWords(p.get('q')?.trim() ?? '');
  const q = priced.text || undefined;
  const sortParam = p.get('sort_by');
  if (sortParam !== null && !SORTS.has(sortParam as SortBy)) throw new BadRequest('bad sort_by');
  const sortBy = (sortParam as SortBy | null) ?? (q ? 'relevance' : 'newest');
  if (sortBy === 'relevance' && !q) throw new BadRequest('relevance needs q');
  const category = p.get('category');
  const inStock = p.get('in_stock');
  const query: SearchQuery = {
    sortBy,
    limit: int(p, 'limit') ?? 10,
    candidateCap: SEARCH_CANDIDATE_CAP,
    categoryPrefix: category === null ? undefined : normaliseCategory(category).toLowerCase() || undefined,
    sellerHandle: p.get('seller_handle')?.trim().toLowerCase() || undefined,
    minPriceCents: tighter(Math.max, int(p, 'min_price_cents'), priced.minCents),
    maxPriceCents: tighter(Math.min, int(p, 'max_price_cents'), priced.maxCents),
    inStock: inStock === null ? undefined : inStock === 'true',
    minStock: int(p, 'min_stock'),
  };
  query.text = q;
  const after = p.get('after');
  if (after !== null) {
    // A deep page: the keyset a cursor would carry, and its corrected query if it had one.
    query.after = JSON.parse(after) as SearchKey;
    query.text = p.get('text') ?? q;
  } else if (q) {
    // As searchCatalog: the statement corrects the query's plain words on a first page.
    query.correct = correctableWords(q);
  }
  return run(searchSql(query), log);
}

function send(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Request-Id': `req_${randomUUID()}` });
  res.end(body);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const [path, search_] = (req.url ?? '/').split('?', 2);
  if (path !== '/api/agent/search' || req.method !== 'GET') return send(res, 404, '{"error":"Not found.","code":"not_found"}');
  if (!req.headers['ucp-agent']) return send(res, 400, '{"error":"UCP-Agent is required.","code":"ucp_agent_required"}');
  const params = new URLSearchParams(search_ ?? '');
  const log: Statement[] | undefined = req.headers['x-bench-debug'] === '1' ? [] : undefined;
  try {
    const rows = await search(params, log);
    send(res, 200, JSON.stringify(log ? { statements: log, rows } : rows));
  } catch (err) {
    if (err instanceof BadRequest || err instanceof SyntaxError) return send(res, 400, JSON.stringify({ error: err.message, code: 'invalid_request' }));
    throw err;
  }
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error('bare failure', err);
    if (!res.headersSent) send(res, 500, '{"error":"internal","code":"internal_error"}');
    else res.end();
  });
});
await runBareServer('bare search server', server, sql, port, started);
