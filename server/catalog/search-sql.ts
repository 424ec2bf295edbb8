/**
 * The catalog search SQL, as pure functions from parameters to drizzle `SQL` objects. Nothing here
 * touches a connection, so a benchmark can compile the very same statements with
 * `new PgDialect().sqlToQuery(...)` and run them on a bare client.
 *
 * Every value of a search is a placeholder in its statement, so the statement's text depends only
 * on its shape (SearchShape: which parameters are present, the sort, the page size). The builder
 * reads the shape alone; the statement is built and compiled once per shape
 * (db/statement-templates.ts), and each search only fills in its values (searchValues).
 *
 * One search is one statement: it corrects misspelt query words (on a first page, with typo.ts's
 * typoCorrection), and answers the query that ran, the page with its variants, and the facets.
 *
 * Cost model (see shared/notes/search-at-scale.md, 1M products): filters, sorts and keysets are
 * index scans and cost nothing; what costs is ranking a broad text match, counting facets over a
 * broad match, and fuzzy matching. So ranking and facets work on a bounded candidate set — the
 * first `candidateCap` rows of the match set in index order, not the best ones — and typo
 * correction looks words up in the `search_words` dictionary, never in product titles. A text
 * search's category, seller and price filters are applied inside the full-text index too
 * (narrowing), so a filter the words rarely meet does not read every match of the words.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { categoryTerm, priceBucket, priceTerm, sellerTerm, type SellerPolicies } from '../db/schema';
import { statementTemplates } from '../db/statement-templates';
import { SHARDS, textMatch } from './text-match';
import { typoCorrection, typoCorrectionValues, type WordSpan } from './typo';

/**
 * The largest match set counted exactly. A search reads at most cap + 1 matches (the candidate
 * set): relevance ranks them and the facets count them, flagged approximate when all cap + 1 were
 * found. ~1,000 keeps a broad two-word query around 10 ms at 1M products.
 */
export const SEARCH_CANDIDATE_CAP = 1000;
/** Most values listed per facet (the most frequent first). */
export const FACET_VALUES_MAX = 50;

/**
 * ts_rank weights for D, C, B, A: description, category, brand, title. ts_rank, not ts_rank_cd:
 * cover density reads every position of every lexeme and costs ~5 µs a row, 5× ts_rank, which
 * made it the largest part of a broad query at 1M products; the weights carry the ranking.
 */
const RANK_WEIGHTS = '{0.1,0.2,0.4,1.0}';
/**
 * Scores are integers: ts_rank (normalised with flag 32 to [0, 1)) scaled by this, plus the
 * same amount again for an exact title match, which therefore always ranks first. An integer
 * survives the round trip through a cursor exactly; a float4 rank compared again after JSON
 * formatting would repeat or skip rows at page boundaries.
 */
const RANK_SCALE = 1_000_000;

/** A value of the search, by its name in searchValues. */
const value = (name: string) => sql.placeholder(name);

export type SortBy = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

/** Keyset of the last row served: [score | price | created_at as epoch microseconds, id]. */
export type SearchKey = [number | string, string];

export interface SearchQuery {
  /** websearch_to_tsquery text; absent = browse. */
  text?: string;
  /** Plain words of `text` to typo-correct first (typo.ts, correctableWords); the result is `query`. */
  correct?: WordSpan[];
  /** Lower-case, normalised category path prefix. */
  categoryPrefix?: string;
  sellerHandle?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  inStock?: boolean;
  minStock?: number;
  sortBy: SortBy;
  limit: number;
  after?: SearchKey;
  candidateCap?: number;
  /** Rows a text search in newest or price order walks before it sorts instead (tests lower it). */
  textOrderWalk?: number;
  /** Category keys a text search lists before it matches the prefix instead (tests lower it). */
  categoryTermsMax?: number;
  /** false: count the candidate set without its facets (the row's facets are then null). */
  facets?: boolean;
  /** true: the page's items carry what a product page shows beside (SearchDetail). */
  detail?: boolean;
}

/**
 * The structure of a search, without its values: what its statement's text depends on (see
 * searchShape). Presence stands for each filter; the category prefix is 'open' when no string
 * bounds it from above (prefixUpperBound), which drops the range's upper end.
 */
interface SearchShape {
  text: boolean;
  /** Words typo-corrected first (SearchQuery.correct). */
  corrections: number;
  category: 'none' | 'range' | 'open';
  seller: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  inStock: boolean | null;
  minStock: boolean;
  sortBy: SortBy;
  limit: number;
  after: boolean;
  candidateCap: number;
  /** null: the default walk, which is shorter under a category (textInOrder). */
  textOrderWalk: number | null;
  categoryTermsMax: number;
  facets: boolean;
  detail: boolean;
}

/** Row of `searchSql`: exactly one. */
export interface SearchSqlRow {
  /** The text query that ran: `text`, typo-corrected when asked; null for a browse. */
  query: string | null;
  items: SearchSqlItem[] | null;
  /** Rows in the candidate set, at most cap + 1 (more than cap: the count and facets are approximate). */
  matched: number;
  /** The facets; null when asked without (SearchQuery.facets). */
  category_facets: FacetValue[] | null;
  seller_facets: FacetValue[] | null;
  availability_facets: FacetValue[] | null;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface SearchSqlVariant {
  id: string;
  sku: string;
  price_cents: number;
  currency: string;
  /** null: stock not tracked (always available). */
  stock: number | null;
}

export interface SearchSqlItem<V extends SearchSqlVariant = SearchSqlVariant> {
  id: string;
  title: string;
  description: string;
  brand: string | null;
  category: string;
  images: string[];
  url: string | null;
  seller_handle: string;
  seller_name: string;
  key: SearchKey;
  /** Cheapest first, then by SKU. */
  variants: V[];
}

/** A variant with what a product page shows beside (SearchQuery.detail). */
export interface SearchDetailVariant extends SearchSqlVariant {
  gtin: string | null;
  /** The values that tell the variant from the product's others: {size: "M", color: "Navy"} (empty for a product with one). */
  options: Record<string, string>;
}

/** An item of a search asked with `detail`: every variant's options and GTIN, and the seller's policy pages. */
export interface SearchDetailItem extends SearchSqlItem<SearchDetailVariant> {
  seller_policy_urls: SellerPolicyUrls;
}

/** The address of each of a seller's policies (db/schema.ts, SellerPolicies). */
export type SellerPolicyUrls = Record<keyof SellerPolicies, string>;

/**
 * SellerPolicyUrls of `sellers s`: the addresses alone, which is all a product links to; the
 * policies' summaries and terms would be a kilobyte more per product to send and parse.
 */
export const SELLER_POLICY_URLS = sql`json_build_object('returns', s.policies->'returns'->>'url', 'shipping', s.policies->'shipping'->>'url',
  'privacy', s.policies->'privacy'->>'url', 'terms', s.policies->'terms'->>'url')`;

/**
 * The text query, parsed once, from the statement's `query` CTE (see searchSql). Read through a
 * sub-select, it is opaque to the planner: folded into a constant, the planner would estimate
 * each statement's matches from statistics, find its custom plans cheaper than the generic one
 * and plan every text search again (~2 ms); as it is, both are costed alike and the cached generic
 * plan runs. Nothing is lost: the shard arms and LIMITs fix the plan of a text match.
 */
const tsquery = sql`(SELECT q.tsquery FROM query q)`;

/**
 * A text search's category, seller and price filters, restated as matches on the full-text
 * indexes' other columns (db/schema.ts, categoryTerm), with the tsqueries of the `narrow` CTE
 * (narrowCte): the index then returns only the products that also pass these filters (or, for
 * price, come close), where otherwise it returned every match of the words and the filters threw
 * most of them away. The filters themselves stay (filters()); these only make the index find
 * fewer rows.
 */
function narrowing(s: SearchShape): SQL[] {
  const conditions: SQL[] = [];
  if (s.category !== 'none') conditions.push(sql`${categoryTerm(sql`p.category_key`)} @@ (SELECT n.category FROM narrow n)`);
  if (s.seller) conditions.push(sql`${sellerTerm(sql`p.seller_id`)} @@ (SELECT n.seller FROM narrow n)`);
  if (priceBuckets(s)) conditions.push(sql`${priceTerm(sql`p.price_min`)} @@ (SELECT n.price FROM narrow n)`);
  return conditions;
}

/**
 * The price buckets (db/schema.ts, priceBucket) of `price_min` a product within the price bounds
 * can be in, or undefined when the bounds rule none out. The buckets hold the lowest price of any
 * variant, which no effective price is below (effectivePrice): so the upper bound always narrows,
 * and the lower one only where the effective price is that lowest price, without a stock filter.
 */
function priceBuckets(s: SearchShape): { from: SQL; to: SQL } | undefined {
  const lower = s.minPrice && !s.minStock && s.inStock !== true;
  if (!lower && !s.maxPrice) return undefined;
  return {
    from: lower ? priceBucket(sql`${value('min_price_cents')}::int`) : sql`0`,
    to: !s.maxPrice ? sql`32` : priceBucket(sql`${value('max_price_cents')}::int`),
  };
}

/**
 * Category keys a text search lists as lexemes (narrowCte). Each is an exact posting list the
 * index intersects with the words', skipping through both; past this many it matches the prefix
 * instead, which is exact too but first collects every product of the category into a bitmap
 * (~2.5 ms per shard for a 100,000-product top-level category at 1M).
 */
const CATEGORY_TERMS_MAX = 64;

/** `text` as one quoted lexeme in tsquery syntax: quotes and backslashes are doubled. */
const lexeme = (text: SQL | Placeholder) => sql`('''' || replace(replace(${text}, '\\', '\\\\'), '''', '''''') || '''')`;

/**
 * `narrow`, for a text search with a category, seller or price filter: one row of the tsqueries
 * narrowing() matches. The category's is its keys OR'ed, listed by a skip scan (categoryLeaves),
 * or with more than CATEGORY_TERMS_MAX keys a prefix match; the seller's is its id; the price's
 * its buckets OR'ed. A filter that matches nothing gives a null tsquery, which matches nothing.
 */
function narrowCte(s: SearchShape): SQL {
  const most = s.categoryTermsMax;
  const category =
    s.category === 'none'
      ? sql`NULL::tsquery`
      : sql`(WITH RECURSIVE ${categoryLeaves(s, most)}
          SELECT (CASE WHEN count(*) <= ${sql.raw(String(most))} THEN string_agg(${lexeme(sql`l.k`)}, ' | ')
                       ELSE ${lexeme(value('category_from'))} || ':*' END)::tsquery
          FROM leaves l WHERE l.k IS NOT NULL)`;
  const seller = !s.seller
    ? sql`NULL::tsquery`
    : sql`(SELECT ${lexeme(sql`s.id`)}::tsquery FROM sellers s WHERE s.handle = ${value('seller_handle')})`;
  const buckets = priceBuckets(s);
  const price = buckets
    ? sql`(SELECT string_agg(b::text, ' | ')::tsquery FROM generate_series(${buckets.from}, ${buckets.to}) b)`
    : sql`NULL::tsquery`;
  return sql`narrow AS MATERIALIZED (SELECT ${category} AS category, ${seller} AS seller, ${price} AS price)`;
}

/**
 * Whether a prepared statement for `q` may run on its cached generic plan (planned once per
 * connection) instead of being planned again for every run (~1 ms here, ~2 ms for text). True
 * when the statement's structure alone fixes the plan: each part walks the index it names, or
 * the shard arms of a text match, however selective the values. Not so for stock filters or a
 * bare price range in newest order: whether to walk the order's index and filter, or collect the
 * qualifying rows and sort them, depends on how many qualify, which only a plan made for the
 * values knows.
 */
function planFixedByShape(s: SearchShape): boolean {
  if (s.inStock === false || s.minStock) return false;
  const priceRange = s.minPrice || s.maxPrice;
  return !(priceRange && s.sortBy === 'newest' && !s.text && s.category === 'none' && !s.seller);
}

/**
 * `LIMIT n` in a statement for `q`. Postgres uses a prepared statement's generic plan when it
 * costs no more than the custom ones; a row count that is a parameter makes it cost the generic
 * plan as if it read a tenth of the rows, so it never does. Hence n is written into the statement
 * where the plan is fixed by its shape (few distinct values: page sizes and the cap), and stays a
 * parameter where the plan must follow the values.
 */
function limit(s: SearchShape, n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`LIMIT must be a non-negative integer, got ${n}`);
  return planFixedByShape(s) ? sql.raw(`LIMIT ${n}`) : sql`LIMIT ${n}`;
}

/**
 * The least string greater than every string that starts with `prefix`, in code point order
 * (which is byte order for UTF-8, the order of text_pattern_ops); undefined when there is none.
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return undefined;
}

/**
 * `column` starts with the category prefix, as a byte range of text_pattern_ops
 * (products_category_idx): exact, and unlike LIKE with a parameter it stays an index range in a
 * generic plan. A prefix without an upper bound ('open', see prefixUpperBound) has only a floor.
 */
function startsWith(column: SQL, category: SearchShape['category']): SQL {
  const from = value('category_from');
  return category === 'open' ? sql`${column} ~>=~ ${from}` : sql`(${column} ~>=~ ${from} AND ${column} ~<~ ${value('category_to')})`;
}

/**
 * Price of the product's cheapest variant that satisfies the stock filter. The denormalised
 * columns cover "any variant" and "in stock" (both indexed, so price sorts are index scans);
 * `min_stock` needs the variants themselves, after stock_max has narrowed the products.
 */
function effectivePrice(s: SearchShape): SQL {
  if (s.minStock) {
    return sql`(SELECT min(v.price_cents) FROM variants v WHERE v.product_id = p.id AND (v.stock IS NULL OR v.stock >= ${value('min_stock')}::int))`;
  }
  return s.inStock === true ? sql`p.price_min_in_stock` : sql`p.price_min`;
}

/**
 * Every filter, on `products p`. Untracked stock (null, stock_max = UNTRACKED_STOCK) counts as in
 * stock. `price` is the expression the price bounds apply to (the product's effective price);
 * `shard` limits the text match to one shard of the catalog.
 */
function filters(s: SearchShape, { price = effectivePrice(s), shard }: { price?: SQL; shard?: number } = {}): SQL {
  const where: SQL[] = [];
  if (s.text) where.push(textMatch(tsquery, { shard, narrow: narrowing(s) }));
  if (s.category !== 'none') where.push(startsWith(sql`p.category_key`, s.category));
  if (s.seller) where.push(sql`p.seller_id = (SELECT s.id FROM sellers s WHERE s.handle = ${value('seller_handle')})`);
  // min_stock ≥ 1 implies in stock, so it takes precedence over in_stock=true.
  if (s.minStock) where.push(sql`p.stock_max >= ${value('min_stock')}::int`);
  else if (s.inStock === true) where.push(sql`p.price_min_in_stock IS NOT NULL`);
  else if (s.inStock === false) where.push(sql`p.stock_max = 0`);
  if (s.minPrice) where.push(sql`${price} >= ${value('min_price_cents')}::int`);
  if (s.maxPrice) {
    // No variant is cheaper than price_min: the indexed column rules most products out before
    // min_stock's per-product variant lookup runs.
    if (s.minStock) where.push(sql`p.price_min <= ${value('max_price_cents')}::int`);
    where.push(sql`${price} <= ${value('max_price_cents')}::int`);
  }
  return where.length ? sql.join(where, sql` AND `) : sql`true`;
}

/**
 * The relevance score of a row of `products p`. lower() costs ~2 µs a title in a libc UTF-8
 * collation, so it only runs on titles of the exact-match key's length (in code points, as
 * length() counts them).
 */
const relevanceScore = sql`(floor(ts_rank(${RANK_WEIGHTS}::float4[], p.search_vector, ${tsquery}, 32) * ${RANK_SCALE}))::int
  + CASE WHEN length(p.title) = (SELECT q.exact_length FROM query q) AND lower(p.title) = (SELECT q.exact FROM query q)
         THEN ${RANK_SCALE} ELSE 0 END`;

interface SortPlan {
  /** The page: ids and key columns, in order, limit + 1 rows (the extra one says a next page exists). */
  page: SQL;
  /** The same order over `page pg`. */
  order: SQL;
  /** Keyset of a page row, as a JSON array. */
  key: SQL;
}

/** A browse narrowed by category and not by text or seller: its pages merge the category's leaves. */
function categoryOnly(s: SearchShape): boolean {
  return s.category !== 'none' && !s.text && !s.seller;
}

function sortPlan(s: SearchShape, where: SQL): SortPlan {
  const take = s.limit + 1;
  const [k, id] = [value('after_key'), value('after_id')];
  switch (s.sortBy) {
    case 'relevance': {
      // The candidate set carries each row's score (see relevanceScore).
      const after = s.after ? sql`WHERE (m.score, m.id) < (${k}::int, ${id}::text)` : sql``;
      return {
        page: sql`SELECT m.id, m.score FROM matches m ${after} ORDER BY m.score DESC, m.id DESC ${limit(s, take)}`,
        order: sql`pg.score DESC, pg.id DESC`,
        key: sql`json_build_array(pg.score, pg.id)`,
      };
    }
    case 'newest': {
      // Microseconds as text: a JS Date would round created_at to milliseconds and break ties.
      const after = s.after
        ? sql`AND (p.created_at, p.id) < (timestamptz 'epoch' + ${k}::bigint * interval '1 microsecond', ${id}::text)`
        : sql``;
      const order = sql`created_at DESC NULLS LAST, id DESC NULLS LAST`;
      return {
        // DESC NULLS LAST, like products_newest_idx, so the page is an index scan.
        page: categoryOnly(s)
          ? categoryMerge(s, after, sql`p.id, p.created_at`, order, take)
          : s.text
            ? textInOrder(s, 'created_at', sql`p.created_at`, after, order, take)
            : sql`SELECT p.id, p.created_at FROM products p WHERE ${where} ${after} ORDER BY ${order} ${limit(s, take)}`,
        order: sql`pg.created_at DESC NULLS LAST, pg.id DESC NULLS LAST`,
        key: sql`json_build_array(((extract(epoch FROM pg.created_at) * 1000000)::bigint)::text, pg.id)`,
      };
    }
    case 'price_asc':
    case 'price_desc': {
      const price = effectivePrice(s);
      // Ascending reads the (price, id) index forwards, descending backwards (hence plain DESC,
      // i.e. NULLS FIRST, which is what a backward scan of an ASC NULLS LAST index yields).
      const [cmp, dir] = s.sortBy === 'price_asc' ? [sql`>`, sql`ASC`] : [sql`<`, sql`DESC`];
      if (s.minStock) return variantWalk(s, cmp, dir, take);
      const after = s.after ? sql`AND (${price}, p.id) ${cmp} (${k}::int, ${id}::text)` : sql``;
      const order = sql`price ${dir}, id ${dir}`;
      return {
        page: categoryOnly(s)
          ? categoryMerge(s, after, sql`p.id, ${price} AS price`, order, take)
          : s.text
            ? textInOrder(s, 'price', price, after, order, take)
            : sql`SELECT p.id, ${price} AS price FROM products p WHERE ${where} ${after} ORDER BY ${order} ${limit(s, take)}`,
        order: sql`pg.price ${dir}, pg.id ${dir}`,
        key: sql`json_build_array(pg.price, pg.id)`,
      };
    }
  }
}

/**
 * Rows of an order's index (newest or price) a text search reads, testing each against the
 * query, before it collects all its matches and sorts them instead (textInOrder).
 */
const TEXT_ORDER_WALK = 2500;

/**
 * The walk of a text search narrowed by category (and no seller, whose index leads): that many
 * rows of the category in order, its leaves merged like a category browse's (categoryMerge),
 * since walking the global order's index for them read up to ~100,000 rows (~200–350 ms at 1M)
 * where the category is dear or cheap. Shorter than TEXT_ORDER_WALK: each row walked is a lookup
 * of its search vector, and the fallback collects only the matches inside the category, which
 * the full-text indexes find directly (narrowing). Of 500, 1,000 and 2,500, 500 was fastest for
 * every query tried (at 1M: `dog` in Electronics by price 16 ms, `headphones` 26 ms).
 */
const CATEGORY_TEXT_ORDER_WALK = 500;

/**
 * A page of a text search in newest or price order, `columns` (id and the order's key) in
 * `order`. A broad query matches tens of thousands of products: collecting and sorting them all
 * took 60–140 ms at 1M. But its next matches are close together in any order, so walk the order's
 * index from the keyset, test each row, and stop at limit + 1 matches: when they are found within
 * the first TEXT_ORDER_WALK rows they are the page (~1 ms). A query that falls short is sparse
 * in that order, most often a narrow query with few enough matches to collect and sort (the
 * second arm runs only then); a broad one whose matches sit far down the order (price correlates
 * with words like "dog bed") pays for both, ~5 ms more than sorting alone. Under a category the
 * walk is shorter and merges the category's leaves (CATEGORY_TEXT_ORDER_WALK).
 */
function textInOrder(s: SearchShape, key: 'created_at' | 'price', value: SQL, after: SQL, order: SQL, take: number): SQL {
  const columns = sql`p.id, ${value} AS ${sql.identifier(key)}`;
  const browse = { ...s, text: false };
  const walked =
    s.category !== 'none' && !s.seller
      ? sql`SELECT w.*, p.search_vector
          FROM (${categoryMerge(browse, after, columns, order, s.textOrderWalk ?? CATEGORY_TEXT_ORDER_WALK)}) w
          JOIN products p ON p.id = w.id`
      : sql`SELECT ${columns}, p.search_vector FROM products p WHERE ${filters(browse)} ${after}
          ORDER BY ${order} ${limit(s, s.textOrderWalk ?? TEXT_ORDER_WALK)}`;
  return sql`WITH walk AS (
      SELECT w.id, w.${sql.identifier(key)} FROM (${walked}) w
      WHERE w.search_vector @@ ${tsquery} ORDER BY ${order} ${limit(s, take)}
    )
    SELECT * FROM walk WHERE (SELECT count(*) FROM walk) = ${sql.raw(String(take))}
    UNION ALL
    (SELECT ${columns} FROM products p WHERE ${filters(s)} ${after} AND (SELECT count(*) FROM walk) < ${sql.raw(String(take))}
     ORDER BY ${order} ${limit(s, take)})`;
}

/**
 * A price-sorted page under min_stock. No index holds "the cheapest variant with at least N units",
 * and pricing every product first took seconds at a million. So walk the variants in price order
 * (variants_price_idx), keep each product's cheapest qualifying variant (no cheaper one exists),
 * apply the product filters to it, and stop after limit + 1 products.
 */
function variantWalk(s: SearchShape, cmp: SQL, dir: SQL, take: number): SortPlan {
  const qualifies = (v: SQL) => sql`(${v}.stock IS NULL OR ${v}.stock >= ${value('min_stock')}::int)`;
  const [k, id] = [value('after_key'), value('after_id')];
  const after = s.after ? sql`AND (v.price_cents, v.product_id) ${cmp} (${k}::int, ${id}::text)` : sql``;
  return {
    page: sql`SELECT v.product_id AS id, v.price_cents AS price FROM variants v JOIN products p ON p.id = v.product_id
      WHERE ${qualifies(sql`v`)}
        AND NOT EXISTS (SELECT 1 FROM variants c WHERE c.product_id = v.product_id AND ${qualifies(sql`c`)}
                        AND (c.price_cents, c.id) < (v.price_cents, v.id))
        AND ${filters(s, { price: sql`v.price_cents` })} ${after}
      ORDER BY v.price_cents ${dir}, v.product_id ${dir} ${limit(s, take)}`,
    order: sql`pg.price ${dir}, pg.id ${dir}`,
    key: sql`json_build_array(pg.price, pg.id)`,
  };
}

/**
 * A page of a category prefix in `order` (price or newest). Prices correlate with categories
 * (furniture is dear), so walking the global price index and filtering by category read most of
 * a million rows (2 s) before the first expensive match; a small category in newest order is
 * the same walk. Instead: list the prefix's category leaves with a skip scan of
 * products_category_idx (one probe per leaf), take the first limit + 1 of each leaf from its
 * (category, price | created_at, id) index, and merge them. Its cost does not depend on how the
 * category's products are spread, so one plan suits every category.
 */
function categoryMerge(s: SearchShape, after: SQL, columns: SQL, order: SQL, take: number): SQL {
  // Within a leaf the prefix holds by construction; as a condition there it made generic plans
  // prefer the prefix index and sort the whole leaf over the leaf's ordered index.
  const where = sql`${filters({ ...s, category: 'none' })} ${after}`;
  return sql`WITH RECURSIVE ${categoryLeaves(s)}
    SELECT w.* FROM leaves l CROSS JOIN LATERAL (
      SELECT ${columns} FROM products p WHERE p.category_key = l.k AND ${where} ORDER BY ${order} ${limit(s, take)}
    ) w
    ORDER BY ${order} ${limit(s, take)}`;
}

/**
 * `leaves(k, n)`: the distinct category keys under the prefix in key order, the nth in row n, one
 * probe of products_category_idx each (a skip scan); the last row's k is null. With `most`, it
 * stops after most + 1 keys.
 */
function categoryLeaves(s: SearchShape, most?: number): SQL {
  const inPrefix = startsWith(sql`c.category_key`, s.category);
  return sql`leaves(k, n) AS (
      (SELECT c.category_key, 1 FROM products c WHERE ${inPrefix} ORDER BY c.category_key USING ~<~ LIMIT 1)
      UNION ALL
      SELECT (SELECT c.category_key FROM products c WHERE ${inPrefix} AND c.category_key ~>~ l.k
              ORDER BY c.category_key USING ~<~ LIMIT 1), l.n + 1
      FROM leaves l WHERE l.k IS NOT NULL${most === undefined ? sql`` : sql` AND l.n <= ${sql.raw(String(most))}`}
    )`;
}

/**
 * Facet counts over the candidate set in one pass: GROUPING SETS hashes the categories and the
 * sellers side by side and counts the whole set (its size, and availability) on the way, where a
 * sub-select per facet read the set three times. `g` is GROUPING(category_key, seller_id): 1 for
 * a category's row, 2 for a seller's, 3 for the whole set (a row even when it is empty).
 */
const FACET_COUNTS = sql`SELECT GROUPING(m.category_key, m.seller_id) AS g, m.category_key, m.seller_id,
      count(*)::int AS n, count(*) FILTER (WHERE m.stock_max > 0)::int AS in_stock
    FROM matches m GROUP BY GROUPING SETS ((m.category_key), (m.seller_id), ())`;

/** `counts` without facets: only the whole set's row, which a search always reads (its size). */
const SET_COUNT = sql`SELECT 3 AS g, count(*)::int AS n FROM matches m`;

/**
 * A facet's values from `counts`, most frequent first. `label` turns a group's key into the value
 * shown. It runs once per listed group, not per row, so the candidate set carries only what the
 * browse indexes hold (db/schema.ts): the seller facet looks up ≤ 50 handles, and the
 * category facet groups by the lower-cased path — the same grouping the case-insensitive
 * `category` filter applies — and shows the spelling it was first written with (categoryLabels,
 * ≤ 50 of them). (OFFSET 0 keeps `l` a
 * subquery: pulled up, each label would be looked up again for the ORDER BY.)
 */
function facet(g: 1 | 2, key: SQL, label: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('value', l.label, 'count', l.n) ORDER BY l.n DESC, l.label), '[]'::json)
    FROM (SELECT f.n, ${label} AS label
          FROM (SELECT ${key} AS key, c.n FROM counts c WHERE c.g = ${sql.raw(String(g))} ORDER BY c.n DESC, key LIMIT ${sql.raw(String(FACET_VALUES_MAX))}) f
          OFFSET 0) l)`;
}

/** The availability facet, from the whole set's row of `counts`; the same list facet() gives. */
const AVAILABILITY_FACET = sql`(SELECT coalesce(json_agg(json_build_object('value', a.value, 'count', a.n) ORDER BY a.n DESC, a.value), '[]'::json)
    FROM counts c CROSS JOIN LATERAL (VALUES ('in_stock', c.in_stock), ('out_of_stock', c.n - c.in_stock)) a (value, n)
    WHERE c.g = 3 AND a.n > 0)`;

/** The three facet columns of the answer, from `counts`. */
const FACETS = sql`${facet(1, sql`c.category_key`, sql`(SELECT cl.label FROM category_labels cl WHERE cl.key = f.key)`)} AS category_facets,
      ${facet(2, sql`c.seller_id`, sql`(SELECT s.handle FROM sellers s WHERE s.id = f.key)`)} AS seller_facets,
      ${AVAILABILITY_FACET} AS availability_facets`;

/**
 * The order in which a browse (no text) takes its candidate set: the order of an index that fits
 * its filters and holds every column the set reads (db/schema.ts), so the set is an index-only
 * range scan and the same rows every time. Without an ORDER BY, Postgres reads a heap scan from
 * wherever a concurrent scan is (synchronized scans): a different candidate set — and different facet
 * counts — for identical requests.
 */
function browseOrder(s: SearchShape): SQL {
  const newest = sql`ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
  if (s.seller) return newest; // products_seller_newest_idx
  if (s.category !== 'none') return sql`ORDER BY p.category_key USING ~<~, p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
  // Under min_stock the effective price is computed per product: no price index to follow.
  if (!s.minStock && (s.minPrice || s.maxPrice)) {
    return s.inStock === true ? sql`ORDER BY p.price_min_in_stock, p.id` : sql`ORDER BY p.price_min, p.id`;
  }
  return newest;
}

/**
 * The first `take` rows of the match set. A browse follows an index (browseOrder). A text match
 * reads the shards of the full-text index one after the other (UNION ALL runs its arms in order,
 * and the LIMIT stops it): a broad query fills the set from the first shard without building the
 * bitmaps of the other seven. The order — shard, then table order within it — is stable too.
 */
function candidates(s: SearchShape, take: number): SQL {
  const columns = sql`p.id, p.seller_id, p.category_key, p.stock_max`;
  if (!s.text) return sql`SELECT ${columns} FROM products p WHERE ${filters(s)} ${browseOrder(s)} ${limit(s, take)}`;
  // The wide columns ranking reads stay inside: the set itself is narrow, since the facets and
  // the page scan it several times.
  const ranked = s.sortBy === 'relevance';
  const arms = SHARDS.map(
    (shard) => sql`(SELECT ${columns}${ranked ? sql`, p.title, p.search_vector` : sql``} FROM products p WHERE ${filters(s, { shard })})`,
  );
  return sql`SELECT ${columns}${ranked ? sql`, ${relevanceScore} AS score` : sql``}
    FROM (SELECT * FROM (${sql.join(arms, sql` UNION ALL `)}) p ${limit(s, take)}) p`;
}

/**
 * The whole search in one statement, answering one row (`SearchSqlRow`):
 * - `corrections` and `query`, for a text search: see queryCtes.
 * - `matches`: the candidate set, the first cap + 1 rows of the match set in a fixed order (see
 *   candidates). Relevance ranks it, so it is materialised then; otherwise only `counts` reads
 *   it, straight from its index scan.
 * - `counts`: the facet counts and the size of the candidate set (see FACET_COUNTS), or without
 *   facets only its size (SET_COUNT), which is the result count a search answers.
 * - `page`: for relevance the ranked candidates; for the other sorts an index-ordered keyset scan
 *   of products (the candidates are not in that order and must not bound a newest/price walk).
 * - the page's products, sellers and variants, as JSON in page order (with `detail`, the
 *   variants' options and GTINs and the sellers' policy pages too).
 */
function searchTemplate(s: SearchShape): SQL {
  const plan = sortPlan(s, filters(s));
  return sql`WITH ${!s.text ? sql`` : sql`${queryCtes(s)},`}
    matches AS ${s.sortBy === 'relevance' ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (${candidates(s, s.candidateCap + 1)}),
    counts AS MATERIALIZED (${!s.facets ? SET_COUNT : FACET_COUNTS}),
    page AS (${plan.page})
    SELECT
      ${!s.text ? sql`NULL::text` : sql`(SELECT q.text FROM query q)`} AS query,
      (SELECT json_agg(json_build_object(
          'id', p.id, 'title', p.title, 'description', p.description, 'brand', p.brand, 'category', p.category,
          'images', p.images, 'url', p.url, 'seller_handle', s.handle, 'seller_name', s.name, 'key', ${plan.key},${s.detail ? sql` 'seller_policy_urls', ${SELLER_POLICY_URLS},` : sql``}
          'variants', (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price_cents', v.price_cents,
                           'currency', v.currency, 'stock', v.stock${s.detail ? sql`, 'gtin', v.gtin, 'options', v.options` : sql``}) ORDER BY v.price_cents, v.sku), '[]'::json)
                       FROM variants v WHERE v.product_id = p.id)
        ) ORDER BY ${plan.order})
       FROM page pg JOIN products p ON p.id = pg.id JOIN sellers s ON s.id = p.seller_id) AS items,
      (SELECT c.n FROM counts c WHERE c.g = 3) AS matched,
      ${!s.facets ? sql`NULL::json AS category_facets, NULL::json AS seller_facets, NULL::json AS availability_facets` : FACETS}`;
}

/** The values of a search statement, by placeholder name (the template holds the rest). */
function searchValues(q: SearchQuery): Record<string, unknown> {
  const values: Record<string, unknown> = {
    seller_handle: q.sellerHandle,
    min_price_cents: q.minPriceCents,
    max_price_cents: q.maxPriceCents,
    min_stock: q.minStock,
    after_key: q.after?.[0],
    after_id: q.after?.[1],
  };
  if (q.categoryPrefix !== undefined) {
    values.category_from = q.categoryPrefix;
    values.category_to = prefixUpperBound(q.categoryPrefix);
  }
  const text = q.text;
  if (text !== undefined) {
    values.text = text;
    const correct = q.correct ?? [];
    Object.assign(values, typoCorrectionValues(correct));
    let at = 0;
    correct.forEach((span, i) => {
      values[`gap_${i}`] = text.slice(at, span.start);
      values[`word_${i}`] = span.word;
      values[`written_${i}`] = text.slice(span.start, span.end);
      at = span.end;
    });
    values[`gap_${correct.length}`] = text.slice(at);
  }
  return values;
}

/**
 * What a search's statement text depends on, read from its query: every structural choice
 * searchTemplate makes. The template reads the shape alone, never the query, so the shape is
 * also its key in the template cache: a branch added to the builder must read a member of the
 * shape, and so changes the key.
 */
function searchShape(q: SearchQuery): SearchShape {
  return {
    text: q.text !== undefined,
    corrections: q.correct?.length ?? 0,
    category: q.categoryPrefix === undefined ? 'none' : prefixUpperBound(q.categoryPrefix) === undefined ? 'open' : 'range',
    seller: q.sellerHandle !== undefined,
    minPrice: q.minPriceCents !== undefined,
    maxPrice: q.maxPriceCents !== undefined,
    inStock: q.inStock ?? null,
    minStock: q.minStock !== undefined,
    sortBy: q.sortBy,
    limit: q.limit,
    after: q.after !== undefined,
    candidateCap: q.candidateCap ?? SEARCH_CANDIDATE_CAP,
    textOrderWalk: q.textOrderWalk ?? null,
    categoryTermsMax: q.categoryTermsMax ?? CATEGORY_TERMS_MAX,
    facets: q.facets !== false,
    detail: q.detail === true,
  };
}

const templates = statementTemplates('search', searchTemplate);

/**
 * The whole search in one statement (see searchTemplate) for `q`: its shape's compiled text with
 * the search's values (db/statement-templates.ts).
 */
export function searchSql(q: SearchQuery): SQL {
  return templates(searchShape(q), searchValues(q));
}

/**
 * The CTEs that give a text search its query: `query` holds the text that runs, its tsquery and
 * the key an exact title match is compared with (the text without quotes, spaces collapsed,
 * lower-cased like the titles it meets). With `correct`, `corrections` looks the words up first
 * (typoCorrection) and `query` splices each correction in place of its word, keeping the rest of
 * the text verbatim. (OFFSET 0 keeps each sub-select one: pulled up, the splice ran once for every
 * column that reads it.) With a category, seller or price filter, `narrow` too (narrowCte).
 */
function queryCtes(s: SearchShape): SQL {
  const n = s.corrections;
  let spliced = sql`${value('text')}::text`;
  if (n) {
    // gap_0 word_0 gap_1 word_1 … gap_n: the text around the words, and each word's correction
    // (or, without one, the word as written).
    const parts = Array.from({ length: n }, (_, i) => [
      sql`${value(`gap_${i}`)}::text`,
      sql`coalesce((SELECT c.correction FROM corrections c WHERE c.word = ${value(`word_${i}`)}::text), ${value(`written_${i}`)}::text)`,
    ]).flat();
    parts.push(sql`${value(`gap_${n}`)}::text`);
    spliced = sql`concat(${sql.join(parts, sql`, `)})`;
  }
  const narrow = narrowing(s).length > 0;
  return sql`${n ? sql`corrections AS MATERIALIZED (${typoCorrection()}),` : sql``}
    ${narrow ? sql`${narrowCte(s)},` : sql``}
    query AS MATERIALIZED (
      SELECT t.text, websearch_to_tsquery('english', t.text) AS tsquery, e.exact, length(e.exact) AS exact_length
      FROM (SELECT ${spliced} AS text OFFSET 0) t
      CROSS JOIN LATERAL (SELECT lower(btrim(regexp_replace(replace(t.text, '"', ' '), '[[:space:]]+', ' ', 'g'))) AS exact OFFSET 0) e
    )`;
}
