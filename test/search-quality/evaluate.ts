/**
 * Measures search quality on a catalog: runs every query of the set through the service's own
 * REST search (GET /api/agent/search, first page of 10) and scores it against the query's relevant
 * set, read from the same database (queries.ts says what counts as relevant).
 *
 * - recall@10: per query, the share of its relevant set among the first 10 results, out of at
 *   most 10; the mean over the queries whose relevant set is not empty in this catalog.
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
  /** found / min(10, relevant); null when nothing in this catalog is relevant. */
  recall: number | null;
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
  zeroResults: number;
  zeroResultRate: number;
  deadEnds: number;
  byKind: Record<QueryKind, { queries: number; recallAt10: number; zeroResults: number }>;
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
    const params = new URLSearchParams({ q: query.q, limit: '10', view: 'compact', facets: 'false' });
    const { status, body } = await call(`/api/agent/search?${params}`);
    if (status !== 200) throw new Error(`search "${query.q}" answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    const items = (body.itemListElement ?? []) as { item: { productID: string; name: string } }[];
    const found = items.filter((e) => relevant.has(e.item.productID)).length;
    const suggestions = Array.isArray(body.suggestions) ? body.suggestions.length : 0;
    outcomes.push({
      query,
      relevant: relevant.size,
      found,
      recall: relevant.size ? found / Math.min(10, relevant.size) : null,
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
    const k = (byKind[o.query.kind] ??= { queries: 0, recallAt10: 0, zeroResults: 0 });
    k.queries++;
    if (o.returned === 0) k.zeroResults++;
  }
  for (const kind of Object.keys(byKind) as QueryKind[]) {
    byKind[kind].recallAt10 = mean(measured.filter((o) => o.query.kind === kind).map((o) => o.recall!));
  }
  const zeroResults = outcomes.filter((o) => o.returned === 0).length;
  return {
    queries: outcomes.length,
    measured: measured.length,
    recallAt10: mean(measured.map((o) => o.recall!)),
    zeroResults,
    zeroResultRate: zeroResults / outcomes.length,
    deadEnds: outcomes.filter((o) => o.deadEnd).length,
    byKind,
    outcomes,
  };
}

/** The report as lines of text: the figures, by kind, then every query not found in full. */
export function formatReport(label: string, r: QualityReport, { misses = true } = {}): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `${label}: recall@10 ${r.recallAt10.toFixed(3)} (target ≥ ${QUALITY_TARGETS.recallAt10}) over ${r.measured} of ${r.queries} queries; ` +
      `zero results ${r.zeroResults}/${r.queries} = ${pct(r.zeroResultRate)} (target ≤ ${pct(QUALITY_TARGETS.zeroResultRate)}); dead ends ${r.deadEnds}`,
    `  by kind: ${Object.entries(r.byKind)
      .map(([k, v]) => `${k} ${v.recallAt10.toFixed(2)} (${v.queries}${v.zeroResults ? `, ${v.zeroResults} empty` : ''})`)
      .join(' · ')}`,
  ];
  if (r.measured < r.queries) {
    lines.push(`  not measured (nothing relevant in this catalog): ${r.outcomes.filter((o) => o.recall === null).map((o) => `"${o.query.q}"`).join(', ')}`);
  }
  if (misses) {
    for (const o of r.outcomes.filter((o) => o.recall !== null && o.recall < 1)) {
      const did = [o.ran !== undefined && `ran "${o.ran}"`, o.relaxed && 'relaxed'].filter(Boolean).join(', ');
      lines.push(
        `  ${o.recall!.toFixed(2)} "${o.query.q}" [${o.query.kind}] ${o.found}/${Math.min(10, o.relevant)} of ${o.relevant} relevant, ${o.returned} returned` +
          `${did ? ` (${did})` : ''}${o.firstTitles.length ? `: ${o.firstTitles.join(' | ')}` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
