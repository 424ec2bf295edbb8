/**
 * Searches that never dead-end. When every word of a query together finds nothing, the search
 * keeps as many of its words as some product matches (relaxWords); when even that finds nothing,
 * it suggests categories to go on with (suggestCategories). search.ts decides when; this module
 * decides what.
 *
 * Relaxing asks the search statement itself (search-sql.ts) about candidate queries, each a
 * "probe": one statement with the request's filters and a small candidate set, answering how many
 * products match (up to PROBE_CAP) and the relevance score of the best of them. Probes run only
 * for a first page that matched nothing, so a search that finds something never pays for them.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { searchSql, type FacetValue, type SearchQuery, type SearchSqlRow } from './search-sql';

/** Candidate set of a probe: enough to rank a query's best matches, cheap at a million products. */
const PROBE_CAP = 100;
/**
 * Probes a relaxation spends on combinations of words, after one per word: every combination of a
 * size while they fit (four words need at most 3 + 3 of them), then, for a long query, one per
 * word while it builds a combination up from one word (relaxWords).
 */
const PROBES_MAX = 24;
/** Categories a dead end suggests. */
const SUGGESTIONS_MAX = 5;
/**
 * Category paths a dead end reads to compare their names with the words, one index probe each
 * (products_category_idx, a skip scan): ~1 ms for the 73 of the generated catalogs.
 */
const CATEGORIES_READ_MAX = 5000;

/** The filters of a search, without its text: what every probe keeps. */
export type SearchFilters = Pick<SearchQuery, 'categoryPrefix' | 'sellerHandle' | 'minPriceCents' | 'maxPriceCents' | 'inStock' | 'minStock'>;

/** Tokens as websearch_to_tsquery reads them: a quoted phrase (closed or not) or a run of non-space. */
const TOKEN = /"[^"]*"?|[^\s"]+/g;

/**
 * The terms of a query that a relaxation may drop, in order: plain words, quoted phrases and
 * `a or b` groups (kept whole); and what it always keeps: -excluded words.
 */
export function queryTerms(text: string): { terms: string[]; kept: string[] } {
  const terms: string[] = [];
  const kept: string[] = [];
  const tokens = [...text.matchAll(TOKEN)].map((m) => m[0]);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.startsWith('-') && token.length > 1) kept.push(token);
    else if (token.toLowerCase() === 'or' && terms.length && i + 1 < tokens.length && !tokens[i + 1].startsWith('-')) {
      terms[terms.length - 1] += ` or ${tokens[++i]}`;
    } else if (token.toLowerCase() !== 'or') terms.push(token);
  }
  return { terms, kept };
}

interface Probe {
  matched: number;
  /** Relevance score of the best match (search-sql.ts, relevanceScore); -1 when none. */
  best: number;
}

async function probe(db: Db, filters: SearchFilters, text: string): Promise<Probe> {
  const [row] = await rows<SearchSqlRow>(
    db,
    searchSql({ ...filters, text, sortBy: 'relevance', limit: 1, candidateCap: PROBE_CAP, facets: false }),
  );
  const top = row.items?.[0];
  return { matched: row.matched, best: top ? Number(top.key[0]) : -1 };
}

/** Terms whose words are all English stop words (websearch_to_tsquery drops them): never named as dropped. */
async function meaningfulTerms(db: Db, terms: string[]): Promise<boolean[]> {
  if (!terms.length) return [];
  const found = await rows<{ i: number; meaningful: boolean }>(
    db,
    sql`SELECT t.i::int AS i, numnode(websearch_to_tsquery('english', t.term)) > 0 AS meaningful
        FROM unnest(string_to_array(${terms.join('\n')}::text, E'\\n')) WITH ORDINALITY AS t(term, i)`,
  );
  const byIndex = new Map(found.map((r) => [r.i, r.meaningful]));
  return terms.map((_, i) => byIndex.get(i + 1) ?? true);
}

/** n choose k. */
function combinations(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

function* subsets<T>(items: T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) return yield [];
  for (let i = from; i <= items.length - size; i++) for (const rest of subsets(items, size - 1, i + 1)) yield [items[i], ...rest];
}

export interface Relaxation {
  /** The query to run instead: the kept terms, in their order, and the -excluded words. */
  text: string;
  /** Terms left out, as the caller wrote them (before typo correction). */
  dropped: string[];
}

/**
 * The query to run when `text` (with `filters`) matched nothing: as many of its terms as some
 * product matches together. Terms that match nothing alone go first; then, from the most terms
 * down, every combination of the rest is probed, and the first size that finds anything wins —
 * its combination whose best match ranks highest (a word in titles outranks one in descriptions:
 * "bluetooth speaker" keeps "speaker" when no speaker says bluetooth), then the one matching
 * more products. A query too long to try every combination is built up instead from the word
 * naming what is wanted, adding each other word that still leaves matches.
 * Undefined when no term matches anything, or the query has one term only.
 * `written` is the query as the caller wrote it, before typo correction made it `text`.
 */
export async function relaxWords(db: Db, text: string, filters: SearchFilters, written = text): Promise<Relaxation | undefined> {
  const { terms: all, kept } = queryTerms(text);
  // Typo correction replaces a word by one word, so the terms as the caller wrote them line up.
  const asWritten = queryTerms(written).terms;
  const writtenAs = new Map(asWritten.length === all.length ? all.map((t, i) => [t, asWritten[i]]) : []);
  const meaningful = await meaningfulTerms(db, all);
  const terms = all.filter((_, i) => meaningful[i]);
  if (terms.length < 2) return undefined;
  const run = (chosen: string[]) => [...chosen, ...kept].join(' ');
  let budget = PROBES_MAX;
  const probes = new Map<string, Probe>();
  const probeOnce = async (chosen: string[]) => {
    const key = run(chosen);
    let p = probes.get(key);
    if (!p) {
      budget--;
      p = await probe(db, filters, key);
      if (kept.length && p.matched > 0) {
        // ts_rank scores a query with -excluded words near zero whatever it matches: score the
        // words alone (the count above keeps the exclusions).
        budget--;
        p = { matched: p.matched, best: (await probe(db, filters, chosen.join(' '))).best };
      }
      probes.set(key, p);
    }
    return p;
  };

  const alone = await Promise.all(terms.map((t) => probeOnce([t])));
  // The budget is for combinations: one probe a word is always spent.
  budget = PROBES_MAX;
  const live = terms.filter((_, i) => alone[i].matched > 0);
  if (!live.length) return undefined;
  const pick = (found: { chosen: string[]; p: Probe }[]) =>
    found.reduce((a, b) => (b.p.best > a.p.best || (b.p.best === a.p.best && b.p.matched > a.p.matched) ? b : a));
  // All the terms together matched nothing; without those that match nothing alone, they may.
  let size = live.length === terms.length ? live.length - 1 : live.length;
  for (; size > 1 && combinations(live.length, size) <= budget; size--) {
    // A size's combinations side by side: on Postgres each probe takes a connection of its own.
    const tried = await Promise.all([...subsets(live, size)].map(async (chosen) => ({ chosen, p: await probeOnce(chosen) })));
    const found = tried.filter((t) => t.p.matched > 0);
    if (found.length) return relaxation(pick(found).chosen);
  }
  // Too many combinations left to try them all (a long query): start from the word that says what
  // is wanted — the last that names a category, English putting the head noun last ("waterproof
  // hiking jacket for women": jacket) — and add each other word, nearest first, while some
  // product still matches them all.
  if (size > 1) {
    const named = await namesCategory(db, live);
    const anchor = live.findLast((_, i) => named[i]) ?? live.at(-1)!;
    let chosen = [anchor];
    for (const t of [...live].reverse()) {
      if (t === anchor || budget <= 0) continue;
      const next = live.filter((x) => x === t || chosen.includes(x));
      if ((await probeOnce(next)).matched > 0) chosen = next;
    }
    return relaxation(chosen);
  }
  return relaxation(pick(live.map((t) => ({ chosen: [t], p: probes.get(run([t]))! }))).chosen);

  function relaxation(chosen: string[]): Relaxation {
    return { text: run(chosen), dropped: terms.filter((t) => !chosen.includes(t)).map((t) => writtenAs.get(t) ?? t) };
  }
}

/**
 * `leaves(k, n)`: the catalog's distinct category keys (lower-cased paths), one probe of
 * products_category_idx each (a skip scan), at most CATEGORIES_READ_MAX; the last row's k is null.
 */
const LEAVES = sql`leaves(k, n) AS (
    (SELECT c.category_key, 1 FROM products c ORDER BY c.category_key USING ~<~ LIMIT 1)
    UNION ALL
    SELECT (SELECT c.category_key FROM products c WHERE c.category_key ~>~ l.k ORDER BY c.category_key USING ~<~ LIMIT 1), l.n + 1
    FROM leaves l WHERE l.k IS NOT NULL AND l.n < ${sql.raw(String(CATEGORIES_READ_MAX))}
  )`;

/** For each term, whether a category's name matches it ("jacket": Coats & Jackets): what the query is for. */
async function namesCategory(db: Db, terms: string[]): Promise<boolean[]> {
  const found = await rows<{ i: number; names: boolean }>(
    db,
    sql`WITH RECURSIVE ${LEAVES}
        SELECT t.i::int AS i, EXISTS (SELECT 1 FROM leaves l WHERE to_tsvector('english', l.k) @@ websearch_to_tsquery('english', t.term)) AS names
        FROM unnest(string_to_array(${terms.join('\n')}::text, E'\\n')) WITH ORDINALITY AS t(term, i)`,
  );
  const byIndex = new Map(found.map((r) => [r.i, r.names]));
  return terms.map((_, i) => byIndex.get(i + 1) ?? false);
}

export interface CategorySuggestion {
  category: string;
  /** Products there that match a word of the query (counted over at most the candidate cap). */
  count?: number;
}

export interface Suggestions {
  /**
   * words: categories of products matching the query or a word of it, the filters aside; like: categories
   * whose names are like the query's words (or the category asked for); browse: the top-level
   * categories, when nothing is like them.
   */
  kind: 'words' | 'like' | 'browse';
  categories: CategorySuggestion[];
}

/**
 * Categories to go on with when a search found nothing, nearest first: those holding products
 * that match the query, or else any of its terms, once the filters are left aside (when there
 * were filters to leave); else those whose names are like words of the query or of the category
 * asked for (pg_trgm word similarity ≥ 0.5 each, summed: "hiker" → Camping & Hiking); else the
 * top-level categories. Empty only for an empty catalog.
 */
export async function suggestCategories(db: Db, text: string | undefined, filters: SearchFilters, cap: number): Promise<Suggestions> {
  const terms = text === undefined ? [] : queryTerms(text).terms;
  const filtered = Object.values(filters).some((v) => v !== undefined);
  if (terms.length && filtered) {
    // The whole query first (categories where all of it matches), then any of its terms.
    for (const query of terms.length > 1 ? [text!, terms.join(' or ')] : [text!]) {
      const [row] = await rows<SearchSqlRow>(db, searchSql({ text: query, sortBy: 'relevance', limit: 1, candidateCap: cap }));
      const categories = (row.category_facets ?? []).slice(0, SUGGESTIONS_MAX).map((f: FacetValue) => ({ category: f.value, count: f.count }));
      if (categories.length) return { kind: 'words', categories };
    }
  }
  const words = [...`${terms.join(' ')} ${filters.categoryPrefix ?? ''}`.toLowerCase().matchAll(/[\p{L}\p{N}]{3,}/gu)].map((m) => m[0]);
  const leaves = await rows<{ category: string; top: string; likeness: number | null }>(
    db,
    sql`WITH RECURSIVE ${LEAVES}
        SELECT p.category, split_part(p.category, ' > ', 1) AS top,
               (SELECT sum(word_similarity(w, l.k)) FILTER (WHERE word_similarity(w, l.k) >= 0.5)
                FROM unnest(string_to_array(${words.join(' ')}::text, ' ')) w) AS likeness
        FROM leaves l CROSS JOIN LATERAL (SELECT c.category FROM products c WHERE c.category_key = l.k LIMIT 1) p
        WHERE l.k IS NOT NULL`,
  );
  const like = leaves
    .filter((l) => l.likeness !== null)
    .sort((a, b) => b.likeness! - a.likeness! || (a.category < b.category ? -1 : 1))
    .slice(0, SUGGESTIONS_MAX);
  if (like.length) return { kind: 'like', categories: like.map((l) => ({ category: l.category })) };
  const tops = [...new Set(leaves.map((l) => l.top))].sort();
  return { kind: 'browse', categories: tops.map((category) => ({ category })) };
}
