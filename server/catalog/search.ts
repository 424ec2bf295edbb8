/**
 * Catalog search and browse: parameters in, one page out. Validation that spans parameters, the
 * cursor, typo correction and the seller-handle miss live here; the SQL lives in search-sql.ts and
 * the JSON-LD shape in jsonld.ts.
 */
import { rows, type Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { normaliseCategory } from './writer';
import { cursorScope, decodeCursor, encodeCursor } from './cursor';
import { SEARCH_CANDIDATE_CAP, searchSql, type FacetValue, type SearchKey, type SearchSqlItem, type SearchSqlRow, type SortBy } from './search-sql';
import { findSeller } from './sellers';
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
}

export interface SearchOptions {
  /** Candidate set bound for ranking and facets (tests lower it). */
  candidateCap?: number;
  /** See TEXT_ORDER_WALK in search-sql.ts (tests lower it; it changes the work, never the answer). */
  textOrderWalk?: number;
  /** See CATEGORY_TERMS_MAX in search-sql.ts (tests lower it; it changes the work, never the answer). */
  categoryTermsMax?: number;
}

export interface SearchPage {
  items: SearchSqlItem[];
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
  /** The query that ran, when typo correction changed it. */
  queryCorrected?: string;
}

const isSearchKey = (key: unknown): key is SearchKey =>
  Array.isArray(key) && key.length === 2 && ['number', 'string'].includes(typeof key[0]) && typeof key[1] === 'string';

function invalid(path: string, message: string): ApiError {
  // Same shape as a schema violation, so callers handle both alike.
  return new ApiError('invalid_request', { message: `Invalid request: ${path}: ${message}`, details: { issues: [{ path, message }] } });
}

export async function searchCatalog(db: Db, cursorSecret: Buffer, params: SearchParams, opts: SearchOptions = {}): Promise<SearchPage> {
  const cap = opts.candidateCap ?? SEARCH_CANDIDATE_CAP;
  const q = params.q?.trim() || undefined;
  const sortBy = params.sort_by ?? (q ? 'relevance' : 'newest');
  if (sortBy === 'relevance' && !q) throw invalid('sort_by', 'relevance needs a query (q); browse with newest, price_asc or price_desc.');
  if (params.in_stock === false && params.min_stock !== undefined) throw invalid('min_stock', 'min_stock cannot be combined with in_stock=false.');
  if (params.min_price_cents !== undefined && params.max_price_cents !== undefined && params.min_price_cents > params.max_price_cents) {
    throw new ApiError('invalid_price_range', {
      message: `min_price_cents (${params.min_price_cents}) is greater than max_price_cents (${params.max_price_cents}).`,
    });
  }
  const categoryPrefix = params.category === undefined ? undefined : normaliseCategory(params.category).toLowerCase() || undefined;
  const sellerHandle = params.seller_handle?.trim().toLowerCase() || undefined;

  const filters = {
    categoryPrefix,
    sellerHandle,
    minPriceCents: params.min_price_cents,
    maxPriceCents: params.max_price_cents,
    inStock: params.in_stock,
    minStock: params.min_stock,
  };
  // Everything that defines the list; the cap too, since it bounds the relevance candidate set.
  // Not facets (nor the router's view): like limit they shape the answer, so a walk may change them.
  const scope = cursorScope({ q, sortBy, cap, ...filters });

  let text = q;
  let correct: WordSpan[] | undefined;
  let after: SearchKey | undefined;
  let served = 0;
  if (params.cursor) {
    const state = decodeCursor(cursorSecret, scope, params.cursor, isSearchKey);
    after = state.key;
    served = state.served;
    // The first page's correction is reused, so a vocabulary change mid-walk cannot change the query.
    if (typeof state.extra?.query === 'string') text = state.extra.query;
  } else if (q) {
    correct = correctableWords(q);
  }

  const { textOrderWalk, categoryTermsMax } = opts;
  const [row] = await rows<SearchSqlRow>(
    db,
    searchSql({ text, correct, sortBy, limit: params.limit, after, candidateCap: cap, textOrderWalk, categoryTermsMax, facets: params.facets, ...filters }),
  );
  const ran = row.query ?? undefined;
  const found = row.items ?? [];
  const items = found.slice(0, params.limit);

  if (!items.length && sellerHandle && !after) {
    // An empty page for a seller that does not exist is a mistyped handle: say so, with suggestions.
    await findSeller(db, { by: 'handle', value: sellerHandle });
  }

  const last = items.at(-1);
  const nextCursor =
    found.length > params.limit && last
      ? encodeCursor(cursorSecret, scope, { key: last.key, served: served + items.length, ...(ran !== undefined && { extra: { query: ran } }) })
      : null;

  return {
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
    ...(ran !== q && { queryCorrected: ran }),
  };
}
