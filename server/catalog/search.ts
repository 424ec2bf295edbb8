/**
 * Catalog search and browse: parameters in, one page out. Validation that spans parameters, the
 * cursor, price words, typo correction, relaxation, suggestions and the seller-handle miss live
 * here; the SQL lives in search-sql.ts (and relax.ts for what a dead end asks), the JSON-LD shape
 * in jsonld.ts.
 *
 * A first page of a text search runs, in order, only as far as it needs to:
 * 1. the query without its price words (price-words.ts), which become price filters;
 * 2. the search statement, which corrects misspelt words first (typo.ts, typoCorrection);
 * 3. when that matched nothing: the same search with as many of its words as match together
 *    (relax.ts, relaxWords), said so by `relaxed` and the words dropped;
 * 4. when the page is still empty: categories to go on with (relax.ts, suggestCategories) and a
 *    message saying why, so no answer is an empty list without a next step.
 * Later pages reuse the first page's query (the cursor carries it) and skip 3 and 4.
 */
import { rows, type Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { normaliseCategory } from './writer';
import { cursorScope, decodeCursor, encodeCursor } from './cursor';
import {
  SEARCH_CANDIDATE_CAP,
  searchSql,
  type FacetValue,
  type SearchDetailItem,
  type SearchKey,
  type SearchSqlItem,
  type SearchSqlRow,
  type SortBy,
} from './search-sql';
import { findSeller } from './sellers';
import { readPriceWords } from './price-words';
import { relaxWords, suggestCategories, type SearchFilters, type Suggestions } from './relax';
import { correctableWords, type WordSpan } from './typo';

export interface SearchParams {
  q?: string;
  limit: number;
  cursor?: string;
  category?: string;
  seller_handle?: string;
  sort_by?: SortBy;
  min_price_cents?: number;
  max_price_cents?: number;
  in_stock?: boolean;
  min_stock?: number;
  /** false: leave the facets out, and the statement does not count them. */
  facets?: boolean;
  /**
   * true: items carry every variant's options and GTIN and the seller's policy pages (SearchDetailItem),
   * read by the same statement, for a caller that shows products in full (UCP's catalog).
   */
  detail?: boolean;
}

export interface SearchOptions {
  /** Candidate set bound for ranking and facets (tests lower it). */
  candidateCap?: number;
  /** See TEXT_ORDER_WALK in search-sql.ts (tests lower it; it changes the work, never the answer). */
  textOrderWalk?: number;
  /** See CATEGORY_TERMS_MAX in search-sql.ts (tests lower it; it changes the work, never the answer). */
  categoryTermsMax?: number;
}

export interface SearchPage<I extends SearchSqlItem = SearchSqlItem> {
  items: I[];
  /** 1-based position of the first item across the whole walk. */
  firstPosition: number;
  nextCursor: string | null;
  /** Products the search matches across all pages: exact, or with `approximate` a lower bound. */
  totalResults: number;
  /**
   * The match set is larger than the candidate cap: totalResults is the candidate set's size
   * (cap + 1), facets count only the candidate set, and relevance ranks only it.
   */
  approximate: boolean;
  /** Absent when asked without facets. */
  facets?: { category: FacetValue[]; seller_handle: FacetValue[]; availability: FacetValue[] };
  /** The text query that ran, when it differs from q (typos corrected, price words taken out, words dropped). */
  queryCorrected?: string;
  /** Price words of q read as price filters, and the bounds they set (integer cents). */
  priceWords?: { phrases: string[]; minCents?: number; maxCents?: number };
  /** All of q's words together found nothing: these were dropped (queryCorrected is what ran). */
  relaxed?: { dropped: string[] };
  /** An empty first page: categories to go on with. */
  suggestions?: Suggestions;
  /** What the search did beyond running q, and for an empty page the next step, in a sentence or two. */
  message?: string;
}

const isSearchKey = (key: unknown): key is SearchKey =>
  Array.isArray(key) && key.length === 2 && ['number', 'string'].includes(typeof key[0]) && typeof key[1] === 'string';

function invalid(path: string, message: string): ApiError {
  // Same shape as a schema violation, so callers handle both alike.
  return new ApiError('invalid_request', { message: `Invalid request: ${path}: ${message}`, details: { issues: [{ path, message }] } });
}

export function searchCatalog(db: Db, cursorSecret: Buffer, params: SearchParams & { detail: true }, opts?: SearchOptions): Promise<SearchPage<SearchDetailItem>>;
export function searchCatalog(db: Db, cursorSecret: Buffer, params: SearchParams, opts?: SearchOptions): Promise<SearchPage>;
export async function searchCatalog(db: Db, cursorSecret: Buffer, params: SearchParams, opts: SearchOptions = {}): Promise<SearchPage> {
  const cap = opts.candidateCap ?? SEARCH_CANDIDATE_CAP;
  const q = params.q?.trim() || undefined;
  const priced = q === undefined ? undefined : readPriceWords(q);
  const priceWords = priced?.phrases.length ? priced : undefined;
  // The words of q that are not a price; undefined when q held a price only (a browse then).
  const words = priced ? priced.text || undefined : undefined;
  const sortBy = params.sort_by ?? (words ? 'relevance' : 'newest');
  if (sortBy === 'relevance' && !words) {
    throw invalid('sort_by', q ? 'relevance needs words to rank: q held only a price, read as a price filter.' : 'relevance needs a query (q); browse with newest, price_asc or price_desc.');
  }
  if (params.in_stock === false && params.min_stock !== undefined) throw invalid('min_stock', 'min_stock cannot be combined with in_stock=false.');
  const minPriceCents = tighter(Math.max, params.min_price_cents, priceWords?.minCents);
  const maxPriceCents = tighter(Math.min, params.max_price_cents, priceWords?.maxCents);
  if (minPriceCents !== undefined && maxPriceCents !== undefined && minPriceCents > maxPriceCents) {
    throw new ApiError('invalid_price_range', {
      message: `min_price_cents (${minPriceCents}) is greater than max_price_cents (${maxPriceCents})${
        priceWords ? `, with ${priceWords.phrases.map((p) => `"${p}"`).join(' and ')} in q read as a price` : ''
      }.`,
    });
  }
  const categoryPrefix = params.category === undefined ? undefined : normaliseCategory(params.category).toLowerCase() || undefined;
  const sellerHandle = params.seller_handle?.trim().toLowerCase() || undefined;

  const filters: SearchFilters = {
    categoryPrefix,
    sellerHandle,
    minPriceCents,
    maxPriceCents,
    inStock: params.in_stock,
    minStock: params.min_stock,
  };
  // Everything that defines the list; the cap too, since it bounds the relevance candidate set.
  // Not facets (nor the router's view): like limit they shape the answer, so a walk may change them.
  const scope = cursorScope({ q, sortBy, cap, ...filters });

  let text = words;
  let correct: WordSpan[] | undefined;
  let after: SearchKey | undefined;
  let served = 0;
  let relaxed: SearchPage['relaxed'];
  // The (corrected) query that matched nothing, when a relaxation replaced it.
  let relaxedFrom: string | undefined;
  if (params.cursor) {
    const state = decodeCursor(cursorSecret, scope, params.cursor, isSearchKey);
    after = state.key;
    served = state.served;
    // The first page's query (corrected, relaxed) is reused, so a vocabulary change mid-walk cannot change it.
    if (typeof state.extra?.query === 'string') text = state.extra.query;
    const dropped = state.extra?.dropped;
    if (Array.isArray(dropped) && dropped.every((d) => typeof d === 'string')) relaxed = { dropped };
    if (typeof state.extra?.from === 'string') relaxedFrom = state.extra.from;
  } else if (words) {
    correct = correctableWords(words);
  }

  const { textOrderWalk, categoryTermsMax } = opts;
  const run = async (query: string | undefined, corrections?: WordSpan[]) => {
    const [row] = await rows<SearchSqlRow>(
      db,
      searchSql({ text: query, correct: corrections, sortBy, limit: params.limit, after, candidateCap: cap, textOrderWalk, categoryTermsMax, facets: params.facets, detail: params.detail, ...filters }),
    );
    return row;
  };
  let row = await run(text, correct);
  let ran = row.query ?? undefined;

  if (!after && ran !== undefined && row.matched === 0) {
    const relaxation = await relaxWords(db, ran, filters, words);
    if (relaxation) {
      relaxedFrom = ran;
      row = await run(relaxation.text);
      ran = relaxation.text;
      relaxed = { dropped: relaxation.dropped };
    }
  }
  const found = row.items ?? [];
  const items = found.slice(0, params.limit);

  if (!items.length && sellerHandle && !after) {
    // An empty page for a seller that does not exist is a mistyped handle: say so, with suggestions.
    await findSeller(db, { by: 'handle', value: sellerHandle });
  }
  const suggestions = !items.length && !after ? await suggestCategories(db, ran, filters, cap) : undefined;

  const last = items.at(-1);
  const nextCursor =
    found.length > params.limit && last
      ? encodeCursor(cursorSecret, scope, {
          key: last.key,
          served: served + items.length,
          ...(ran !== undefined && { extra: { query: ran, ...(relaxed && { dropped: relaxed.dropped, from: relaxedFrom }) } }),
        })
      : null;

  const page: SearchPage = {
    items,
    firstPosition: served + 1,
    nextCursor,
    // The candidate set is the match set up to cap + 1 rows (whatever the page), so its count is
    // the total: exact up to the cap, beyond it a lower bound, with no count of its own to run.
    totalResults: row.matched,
    approximate: row.matched > cap,
    ...(row.category_facets && row.seller_facets && row.availability_facets && {
      facets: { category: row.category_facets, seller_handle: row.seller_facets, availability: row.availability_facets },
    }),
    ...(ran !== q && ran !== undefined && { queryCorrected: ran }),
    ...(priceWords && { priceWords: { phrases: priceWords.phrases, minCents: priceWords.minCents, maxCents: priceWords.maxCents } }),
    ...(relaxed && { relaxed }),
    ...(suggestions && { suggestions }),
  };
  const message = guidance(page, { words, ran, relaxedFrom, filters });
  return message ? { ...page, message } : page;
}

/** The tighter of a bound given as a parameter and one read from the query's words. */
function tighter(pick: (a: number, b: number) => number, given: number | undefined, read: number | undefined): number | undefined {
  return given === undefined ? read : read === undefined ? given : pick(given, read);
}

const quote = (text: string) => `“${text}”`;
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The page's message: what was read or dropped, and for an empty page why and what to do next. */
function guidance(
  page: SearchPage,
  { words, ran, relaxedFrom, filters }: { words?: string; ran?: string; relaxedFrom?: string; filters: SearchFilters },
): string | undefined {
  const parts: string[] = [];
  if (page.priceWords) {
    const { phrases, minCents, maxCents } = page.priceWords;
    const bounds = [minCents !== undefined && `min_price_cents=${minCents}`, maxCents !== undefined && `max_price_cents=${maxCents}`].filter(Boolean);
    parts.push(`Read ${list(phrases.map(quote))} as ${bounds.join(' and ')}.`);
  }
  if (page.relaxed && ran !== undefined) {
    const unmatched = relaxedFrom ?? words ?? '';
    const corrected = unmatched !== words ? ` (${quote(words ?? '')} corrected)` : '';
    parts.push(`No product matches all of ${quote(unmatched)}${corrected}: showing products that match ${quote(ran)}, without ${list(page.relaxed.dropped.map(quote))}.`);
  }
  if (page.suggestions) {
    const names = list(page.suggestions.categories.map((c) => quote(c.category)));
    const filtered = Object.values(filters).some((v) => v !== undefined);
    const what = ran !== undefined ? `${quote(ran)}${filtered ? ' with these filters' : ''}` : 'these filters';
    if (!page.suggestions.categories.length) parts.push('The catalog is empty.');
    else if (page.suggestions.kind === 'words') {
      parts.push(`Nothing matches ${what}. Its words match products in ${names} once the filters are left out: search there (category) or loosen the filters.`);
    } else if (page.suggestions.kind === 'like') {
      parts.push(`Nothing matches ${what}. Categories with a similar name: ${names}; browse one (category, without q) or search other words.`);
    } else {
      parts.push(`Nothing matches ${what}, and no category has a similar name. Browse a category (category, without q): ${names}; or search other words.`);
    }
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** The search fields an answer carries beside the list (REST and MCP alike), in the service's snake_case. */
export function searchGuidance(page: SearchPage) {
  return {
    ...(page.priceWords && {
      price_words: {
        phrases: page.priceWords.phrases,
        ...(page.priceWords.minCents !== undefined && { min_price_cents: page.priceWords.minCents }),
        ...(page.priceWords.maxCents !== undefined && { max_price_cents: page.priceWords.maxCents }),
      },
    }),
    ...(page.relaxed && { relaxed: true as const, dropped_terms: page.relaxed.dropped }),
    ...(page.suggestions?.categories.length && { suggestions: page.suggestions.categories }),
    ...(page.message !== undefined && { message: page.message }),
  };
}
