/**
 * Measures search quality on a catalog: runs every query of the set through the service's own
 * REST search (GET /api/agent/search, first page of 10) and scores it against the query's relevant
 * set, read from the same database (queries.ts says what counts as relevant).
 *
 * - recall@10: per query, 1 when the category or product it should find is among the first 10
 *   results (a relevant product is), else 0; the mean over the queries that have something
 *   relevant in this catalog. Each query names one thing to find, so this is its recall.
 * - precision@10: per query with results, the share of the first page that is relevant (a page of
 *   one right product and nine wrong ones finds the category, and shows here).
 * - coverage@10: per query, the share of its relevant products among the first 10, out of at most
 *   10 (a category of 7 chargers is covered by a page holding all 7). Stricter than recall: on the
 *   small demo catalog it asks a query for one kind of charger to list every charger.
 * - zero-result rate: the share of all queries whose first page is empty.
 * - dead ends: empty pages that give no next step either (no suggestions); the service must have none.
 *
 * Used by test/search-quality/search-quality.test.ts and `npm run bench:search`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../server/db/client';
import { QUALITY_QUERIES, type QualityQuery, type QueryKind } from './queries';

/** One GET of the service: path and query string in, parsed JSON body out. */
export type SearchCall = (pathAndQuery: string) => Promise<{ status: number; body: any }>;

export interface QueryOutcome {
  query: QualityQuery;
  /** Products of the catalog that satisfy the query's want. */
  relevant: number;
  /** Relevant products among the first 10 results. */
  found: number;
  /** 1 when a relevant product is among the first 10, else 0; null when nothing in this catalog is relevant. */
  recall: number | null;
  /** found / returned; null for an empty page. */
  precision: number | null;
  /** found / min(10, relevant); null when nothing in this catalog is relevant. */
  coverage: number | null;
  returned: number;
  /** Empty page with nothing to do next (no suggestions). */
  deadEnd: boolean;
  /** What the service says it ran or did (query_corrected, relaxed, message). */
  ran?: string;
  relaxed?: boolean;
  message?: string;
  firstTitles: string[];
}

export interface QualityReport {
  queries: number;
  measured: number;
  recallAt10: number;
  precisionAt10: number;
  coverageAt10: number;
  zeroResults: number;
  zeroResultRate: number;
  deadEnds: number;
  byKind: Record<QueryKind, { queries: number; recallAt10: number; precisionAt10: number; zeroResults: number }>;
  outcomes: QueryOutcome[];
}

/** The targets of issue #20. */
export const QUALITY_TARGETS = { recallAt10: 0.9, zeroResultRate: 0.02 };

function relevantSql(query: QualityQuery): SQL {
  const want = query.want;
  if ('title' in want) return sql`SELECT p.id FROM products p WHERE p.title = ${want.title}`;
  const conditions: SQL[] = [
    sql`(${sql.join(
      want.categories.map((c) => sql`(p.category_key = ${c.toLowerCase()} OR starts_with(p.category_key, ${`${c.toLowerCase()} > `}))`),
      sql` OR `,
    )})`,
  ];
  if (want.brand !== undefined) conditions.push(sql`p.brand = ${want.brand}`);
  if (want.minPriceCents !== undefined) conditions.push(sql`p.price_min >= ${want.minPriceCents}::int`);
  if (want.maxPriceCents !== undefined) conditions.push(sql`p.price_min <= ${want.maxPriceCents}::int`);
  if (want.words !== undefined) conditions.push(sql`p.search_vector @@ plainto_tsquery('english', ${want.words})`);
  return sql`SELECT p.id FROM products p WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** The ids of the products that satisfy `query`'s want in this catalog. */
export async function relevantIds(db: Db, query: QualityQuery): Promise<Set<string>> {
  return new Set((await rows<{ id: string }>(db, relevantSql(query))).map((r) => r.id));
}

export async function evaluate(db: Db, call: SearchCall, queries: QualityQuery[] = QUALITY_QUERIES): Promise<QualityReport> {
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const relevant = await relevantIds(db, query);
    const params = new URLSearchParams({ q: query.q, limit: '10', view: 'full', facets: 'false' });
    const { status, body } = await call(`/api/agent/search?${params}`);
    if (status !== 200) throw new Error(`search "${query.q}" answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    const items = (body.itemListElement ?? []) as { item: { productID: string; name: string } }[];
    const found = items.filter((e) => relevant.has(e.item.productID)).length;
    const suggestions = Array.isArray(body.suggestions) ? body.suggestions.length : 0;
    outcomes.push({
      query,
      relevant: relevant.size,
      found,
      recall: relevant.size ? (found > 0 ? 1 : 0) : null,
      precision: items.length ? found / items.length : null,
      coverage: relevant.size ? found / Math.min(10, relevant.size) : null,
      returned: items.length,
      deadEnd: items.length === 0 && suggestions === 0,
      ran: body.query_corrected,
      relaxed: body.relaxed,
      message: body.message,
      firstTitles: items.slice(0, 3).map((e) => e.item.name),
    });
  }
  return summarise(outcomes);
}

function summarise(outcomes: QueryOutcome[]): QualityReport {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const measured = outcomes.filter((o) => o.recall !== null);
  const byKind = {} as QualityReport['byKind'];
  for (const o of outcomes) {
    const k = (byKind[o.query.kind] ??= { queries: 0, recallAt10: 0, precisionAt10: 0, zeroResults: 0 });
    k.queries++;
    if (o.returned === 0) k.zeroResults++;
  }
  for (const kind of Object.keys(byKind) as QueryKind[]) {
    byKind[kind].recallAt10 = mean(measured.filter((o) => o.query.kind === kind).map((o) => o.recall!));
    byKind[kind].precisionAt10 = mean(outcomes.filter((o) => o.query.kind === kind && o.precision !== null).map((o) => o.precision!));
  }
  const zeroResults = outcomes.filter((o) => o.returned === 0).length;
  return {
    queries: outcomes.length,
    measured: measured.length,
    recallAt10: mean(measured.map((o) => o.recall!)),
    precisionAt10: mean(outcomes.filter((o) => o.precision !== null).map((o) => o.precision!)),
    coverageAt10: mean(measured.map((o) => o.coverage!)),
    zeroResults,
    zeroResultRate: zeroResults / outcomes.length,
    deadEnds: outcomes.filter((o) => o.deadEnd).length,
    byKind,
    outcomes,
  };
}

/** The report as lines of text: the figures, by kind, then every query whose target was not found or whose page is mostly wrong. */
export function formatReport(label: string, r: QualityReport, { misses = true } = {}): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const fixed = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(2));
  const lines = [
    `${label}: recall@10 ${r.recallAt10.toFixed(3)} (target ≥ ${QUALITY_TARGETS.recallAt10}) over ${r.measured} of ${r.queries} queries; ` +
      `zero results ${r.zeroResults}/${r.queries} = ${pct(r.zeroResultRate)} (target ≤ ${pct(QUALITY_TARGETS.zeroResultRate)}); dead ends ${r.deadEnds}; ` +
      `precision@10 ${r.precisionAt10.toFixed(3)}, coverage@10 ${r.coverageAt10.toFixed(3)}`,
    `  recall@10 / precision@10 by kind: ${Object.entries(r.byKind)
      .map(([k, v]) => `${k} ${fixed(v.recallAt10)} / ${fixed(v.precisionAt10)} (${v.queries}${v.zeroResults ? `, ${v.zeroResults} empty` : ''})`)
      .join(' · ')}`,
  ];
  if (r.measured < r.queries) {
    lines.push(`  not measured (nothing relevant in this catalog): ${r.outcomes.filter((o) => o.recall === null).map((o) => `"${o.query.q}"`).join(', ')}`);
  }
  if (misses) {
    for (const o of r.outcomes.filter((o) => o.recall === 0 || (o.precision ?? 1) < 0.5)) {
      const did = [o.ran !== undefined && `ran "${o.ran}"`, o.relaxed && 'relaxed'].filter(Boolean).join(', ');
      lines.push(
        `  ${o.recall ? 'found' : 'MISSED'} "${o.query.q}" [${o.query.kind}] ${o.found} relevant of ${o.returned} returned (${o.relevant} in the catalog)` +
          `${did ? ` (${did})` : ''}${o.firstTitles.length ? `: ${o.firstTitles.join(' | ')}` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
