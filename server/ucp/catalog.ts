/**
 * UCP's catalog over the network catalog: search_catalog, lookup_catalog and get_product
 * (docs/catalog/{search,lookup}.md of UCP 2026-04-08) as functions of the database, free of HTTP;
 * the binding's routers and tools call them and add the `ucp` member. Ids are the catalog's own
 * (prod_…, var_…), so a variant found here goes into a cart as it is.
 *
 * A scope with a seller handle is that seller's endpoint: its catalog holds only the seller's
 * products, and anything else is answered as if it did not exist.
 *
 * Choices UCP leaves to a business:
 * - Search runs the catalog's one engine (catalog/search.ts: typo correction, price words,
 *   relaxation, suggestions), which takes one category prefix and keyset cursors of its own. So
 *   search takes one entry in filters.categories (more is invalid_request: an OR of categories
 *   would be one search per category, merged, with no cursor to resume it); lookup and get_product
 *   filter products they already hold, and take any number. A category matches the products in it
 *   and under it, case-insensitively, as the engine's category filter does.
 * - filters.price keeps the variants priced within it; search matches a product by its cheapest
 *   variant, as the engine does, then lists only its variants within the bounds. Prices are USD:
 *   with context.currency naming another currency the price filter is ignored, and said so
 *   (price_filter.json allows that). A filter UCP does not define is ignored, and said so.
 * - What the engine did beyond running the query (price words read, typos corrected, words
 *   dropped, categories to go on with on an empty page) becomes `info` messages, in UCP's terms
 *   rather than the engine's parameters; never `warning`, which a platform must show the buyer.
 * - The featured variant (first in `variants`) is the one asked for, else the cheapest one
 *   available, else the cheapest. Lookup answers, per product, the variants asked for and, for a
 *   product id, the featured one (an available variant the batch also names, if any); an id naming nothing is listed in an info message `not_found`
 *   whose content is the id, as UCP's examples do.
 * - Variants carry the seller's name and policy links (variant.json's `seller`); the product's
 *   `metadata` carries its brand and the seller's handle, which names the seller's own endpoint.
 */
import type { Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { invalidRequest } from '../errors/invalid-request';
import { LOOKUP_MAX_IDS, productsByIds, resolveIds, sellerPolicyLinks, type CatalogProduct, type CatalogVariant, type ResolvedId } from '../catalog/lookup';
import { searchCatalog, type SearchPage } from '../catalog/search';
import { normaliseCategory } from '../catalog/writer';
import type {
  GetProductRequest,
  GetProductResult,
  InfoMessage,
  InputCorrelation,
  LookupRequest,
  LookupResult,
  SearchFilters,
  SearchRequest,
  SearchResult,
  UcpVariant,
} from './catalog-schemas';

export interface CatalogScope {
  /** A seller's endpoint: only this seller's products exist. */
  sellerHandle?: string;
}

/** A search page's size unless asked (UCP's default), and the most it holds (the catalog search's own bound). */
export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

/** The currency of every price in the catalog. */
const CURRENCY = 'USD';
/** The filters UCP defines (search_filters.json); any other member is ignored. */
const KNOWN_FILTERS = new Set(['categories', 'price']);

// ---------------------------------------------------------------- search

export async function searchProducts(db: Db, cursorSecret: Buffer, request: SearchRequest, scope: CatalogScope = {}): Promise<SearchResult> {
  const messages: InfoMessage[] = [];
  const narrow = narrowing(request, messages);
  if (narrow.categories.length > 1) {
    throw invalidRequest([
      {
        path: 'filters.categories',
        message: `search takes one category (a path: "Electronics > Audio" matches everything under it), not ${narrow.categories.length}; search each, or look products up by id with several.`,
      },
    ]);
  }
  const query = request.query?.trim() || undefined;
  if (!query && !narrow.given) {
    throw invalidRequest([{ path: 'query', message: 'a search needs a query, filters.categories or filters.price.' }]);
  }
  const page = await searchCatalog(db, cursorSecret, {
    q: query,
    limit: Math.min(request.pagination?.limit ?? SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
    cursor: request.pagination?.cursor,
    category: narrow.categories[0],
    seller_handle: scope.sellerHandle,
    min_price_cents: narrow.min,
    max_price_cents: narrow.max,
    facets: false,
    // The page's products as UCP shows them (options, GTINs, the seller's policy pages), in the same statement.
    detail: true,
  });
  // Price words of the query bound the variants too, as they bound the match (the tighter bound of the two).
  const bounds = {
    min: Math.max(narrow.min ?? 0, page.priceWords?.minCents ?? 0),
    max: Math.min(narrow.max ?? Infinity, page.priceWords?.maxCents ?? Infinity),
  };
  const products = page.items.flatMap((product) => {
    const variants = featuredFirst(product.variants.filter((v) => inPrice(v, bounds)));
    return variants.length ? [ucpProduct(product, variants.map(ucpVariantOf(product)), plainOptions(product))] : [];
  });
  const total = page.approximate ? {} : { total_count: page.totalResults };
  return {
    products,
    pagination: page.nextCursor ? { has_next_page: true, cursor: page.nextCursor, ...total } : { has_next_page: false, ...total },
    ...withMessages([...messages, ...searchNotes(page)]),
  };
}

/** What the engine did beyond running the query, as info messages in UCP's terms. */
function searchNotes(page: SearchPage): InfoMessage[] {
  const notes: InfoMessage[] = [];
  if (page.priceWords) {
    const { phrases, minCents, maxCents } = page.priceWords;
    const bounds = [minCents !== undefined && `filters.price.min ${minCents}`, maxCents !== undefined && `filters.price.max ${maxCents}`].filter(Boolean);
    notes.push(info('price_words', `Read ${phrases.map(quote).join(', ')} in the query as ${bounds.join(' and ')} (USD cents).`));
  }
  if (page.relaxed && page.queryCorrected !== undefined) {
    notes.push(
      info('query_relaxed', `No product matches every word of the query: showing products that match ${quote(page.queryCorrected)}, without ${page.relaxed.dropped.map(quote).join(', ')}.`),
    );
  } else if (page.queryCorrected !== undefined) {
    notes.push(info('query_corrected', `Searched for ${quote(page.queryCorrected)}.`));
  }
  if (page.suggestions) {
    const { categories } = page.suggestions;
    notes.push(
      info(
        'suggestions',
        categories.length
          ? `Nothing matches this search. Categories to go on with, nearest first (as filters.categories): ${categories.map((c) => quote(c.category)).join(', ')}.`
          : 'The catalog is empty.',
      ),
    );
  }
  return notes;
}

// ---------------------------------------------------------------- lookup

export async function lookupProducts(db: Db, request: LookupRequest, scope: CatalogScope = {}): Promise<LookupResult> {
  const ids = [...new Set(request.ids)];
  if (ids.length > LOOKUP_MAX_IDS) {
    throw new ApiError('request_too_large', { message: `A lookup takes at most ${LOOKUP_MAX_IDS} distinct ids; this one names ${ids.length}.`, details: { max: LOOKUP_MAX_IDS } });
  }
  const messages: InfoMessage[] = [];
  const narrow = narrowing(request, messages);
  const order = new Map(ids.map((id, i) => [id, i]));
  const resolved = (await resolveIds(db, ids, scope.sellerHandle)).sort((a, b) => order.get(a.input)! - order.get(b.input)!);
  const found = await productsByIds(db, [...new Set(resolved.map((r) => r.product_id))], scope.sellerHandle);

  // Per product, in the order of the first id naming it: the ids naming it, and the variant each names.
  const named = new Map<string, ResolvedId[]>();
  for (const hit of resolved) named.set(hit.product_id, [...(named.get(hit.product_id) ?? []), hit]);
  const products = [...named].flatMap(([productId, hits]) => {
    const product = found.get(productId);
    if (!product || !inCategories(product, narrow)) return [];
    const kept = product.variants.filter((v) => inPrice(v, narrow));
    const inputs = new Map<string, InputCorrelation[]>();
    const add = (variant: CatalogVariant, input: InputCorrelation) => inputs.set(variant.id, [...(inputs.get(variant.id) ?? []), input]);
    for (const hit of hits) {
      const variant = hit.variant_id === null ? undefined : kept.find((v) => v.id === hit.variant_id);
      if (variant) add(variant, { id: hit.input, match: 'exact' });
    }
    // A product id: its featured variant, preferring an available one the batch names itself.
    const featured = hits.some((hit) => hit.variant_id === null) ? (kept.find((v) => inputs.has(v.id) && isAvailable(v)) ?? featuredFirst(kept)[0]) : undefined;
    if (featured) add(featured, { id: productId, match: 'featured' });
    const variants = kept.filter((v) => inputs.has(v.id));
    if (!variants.length) return [];
    const listed = featured ? [featured, ...variants.filter((v) => v !== featured)] : variants;
    const toUcp = ucpVariantOf(product);
    return [ucpProduct(product, listed.map((v) => ({ ...toUcp(v), inputs: inputs.get(v.id)! })), plainOptions(product))];
  });
  const missing = ids.filter((id) => !resolved.some((r) => r.input === id));
  return { products, ...withMessages([...messages, ...missing.map((id) => info('not_found', id))]) };
}

// ---------------------------------------------------------------- get_product

/** An option and its values, in the order the product's variants (cheapest first) show them. */
interface OptionAxis {
  name: string;
  labels: string[];
}

/** Selections as option name → label, in the product's own spelling. */
type Selection = Map<string, string>;

export async function getProduct(db: Db, request: GetProductRequest, scope: CatalogScope = {}): Promise<GetProductResult> {
  const messages: InfoMessage[] = [];
  const narrow = narrowing(request, messages);
  const { id } = request;
  const hit = (await resolveIds(db, [id], scope.sellerHandle)).find((r) => r.product_id === id || r.variant_id === id);
  const product = hit && (await productsByIds(db, [hit.product_id], scope.sellerHandle)).get(hit.product_id);
  if (!product) throw new ApiError('product_not_found', { message: `No product or variant ${id} in this catalog. Ids are the product ids (prod_…) and variant ids (var_…) of search and lookup.` });
  if (!inCategories(product, narrow)) throw new ApiError('product_not_found', { message: `${id} is not in filters.categories.` });

  const axes = optionAxes(product.variants);
  const asked = product.variants.find((v) => v.id === id);
  let selection: Selection;
  if (asked) {
    // A variant id fixes every selection; `selected` is ignored.
    selection = new Map(Object.entries(asked.options));
  } else if (request.selected?.length) {
    const relaxed = relax(product.variants, axes, request.selected, request.preferences ?? []);
    selection = relaxed.selection;
    if (relaxed.dropped.length) {
      const kept = [...selection].map(([name, label]) => `${name} ${label}`);
      messages.push(
        info(
          'selection_relaxed',
          `No variant matches every selection: dropped ${relaxed.dropped.map((s) => `${s.name} ${s.label}`).join(', ')}${kept.length ? `; kept ${kept.join(', ')}` : ''}.`,
        ),
      );
    }
  } else {
    selection = new Map(Object.entries(featuredFirst(product.variants)[0].options));
  }

  const matching = product.variants.filter((v) => matches(v, selection) && inPrice(v, narrow));
  if (!matching.length) throw new ApiError('product_not_found', { message: `${id} has no variant with these selections within filters.price.` });
  const variants = asked && matching.includes(asked) ? [asked, ...matching.filter((v) => v !== asked)] : featuredFirst(matching);
  const options = axes.map((axis) => ({ name: axis.name, values: axis.labels.map((label) => signals(product.variants, selection, axis.name, label)) }));
  const detail = ucpProduct(product, variants.map(ucpVariantOf(product)), options);
  // UCP asks for `selected` whenever the product has options.
  const selected = axes.length ? { selected: [...selection].map(([name, label]) => ({ name, label })) } : {};
  return { product: { ...detail, ...selected }, ...withMessages(messages) };
}

/** A value's availability relative to the selections: the others kept, this option set to it. */
function signals(variants: CatalogVariant[], selection: Selection, name: string, label: string) {
  const others = new Map([...selection].filter(([n]) => n !== name));
  const candidates = variants.filter((v) => v.options[name] === label && matches(v, others));
  return { label, available: candidates.some(isAvailable), exists: candidates.length > 0 };
}

/**
 * The selections asked for that some variant matches: those naming no option or value of the
 * product go first, then, while no variant matches them all, the last by priority (`preferences`
 * in order, then the selections it leaves out, in the order given).
 */
function relax(
  variants: CatalogVariant[],
  axes: OptionAxis[],
  selected: NonNullable<GetProductRequest['selected']>,
  preferences: string[],
): { selection: Selection; dropped: { name: string; label: string }[] } {
  const key = (text: string) => text.toLowerCase();
  const rank = (name: string) => {
    const at = preferences.findIndex((p) => key(p) === key(name));
    return at < 0 ? preferences.length : at;
  };
  const dropped: { name: string; label: string }[] = [];
  const kept: { name: string; label: string }[] = [];
  for (const choice of selected) {
    const axis = axes.find((a) => key(a.name) === key(choice.name));
    const label = axis?.labels.find((l) => key(l) === key(choice.label));
    if (axis && label !== undefined) kept.push({ name: axis.name, label });
    else dropped.push({ name: choice.name, label: choice.label });
  }
  // A stable sort: selections outside preferences keep the order they were given in.
  kept.sort((a, b) => rank(a.name) - rank(b.name));
  while (kept.length && !variants.some((v) => matches(v, new Map(kept.map((c) => [c.name, c.label]))))) dropped.push(kept.pop()!);
  return { selection: new Map(kept.map((c) => [c.name, c.label])), dropped };
}

// ---------------------------------------------------------------- filters

interface Narrowing {
  /** Lower-case category prefixes, any of which a product's category starts with. */
  categories: string[];
  /** Price bounds of a variant, in cents. */
  min?: number;
  max?: number;
  /** A filter was given (a search needs a query or one). */
  given: boolean;
}

/** The request's filters as the catalog applies them; what it ignores is said in `messages`. */
function narrowing(request: { filters?: SearchFilters; context?: { currency?: string } }, messages: InfoMessage[]): Narrowing {
  const filters = request.filters ?? {};
  for (const name of Object.keys(filters).filter((n) => !KNOWN_FILTERS.has(n))) {
    messages.push(info('filter_ignored', `filters.${name} is not a filter of this catalog, and was ignored: the filters are categories and price.`));
  }
  const categories = (filters.categories ?? []).map((c) => normaliseCategory(c).toLowerCase());
  const { min, max } = filters.price ?? {};
  const priced = min !== undefined || max !== undefined;
  if (min !== undefined && max !== undefined && min > max) throw invalidRequest([{ path: 'filters.price', message: `min (${min}) is greater than max (${max}).` }]);
  const currency = request.context?.currency?.toUpperCase();
  if (priced && currency !== undefined && currency !== CURRENCY) {
    messages.push(info('price_filter_ignored', `Prices here are in ${CURRENCY}: filters.price in ${currency} was ignored.`));
    return { categories, given: true };
  }
  return { categories, min, max, given: categories.length > 0 || priced };
}

function inCategories(product: CatalogProduct, narrow: Pick<Narrowing, 'categories'>): boolean {
  const category = product.category.toLowerCase();
  return !narrow.categories.length || narrow.categories.some((prefix) => category.startsWith(prefix));
}

function inPrice(variant: CatalogVariant, { min, max }: Pick<Narrowing, 'min' | 'max'>): boolean {
  return (min === undefined || variant.price_cents >= min) && (max === undefined || variant.price_cents <= max);
}

// ---------------------------------------------------------------- UCP's shapes

/** Untracked stock (null) is always available. */
const isAvailable = (variant: CatalogVariant) => variant.stock === null || variant.stock > 0;

/** Variants (cheapest first) with the featured one first: the cheapest available, else the cheapest. */
function featuredFirst(variants: CatalogVariant[]): CatalogVariant[] {
  const at = variants.findIndex(isAvailable);
  return at <= 0 ? variants : [variants[at], ...variants.slice(0, at), ...variants.slice(at + 1)];
}

function matches(variant: CatalogVariant, selection: Selection): boolean {
  for (const [name, label] of selection) if (variant.options[name] !== label) return false;
  return true;
}

function optionAxes(variants: CatalogVariant[]): OptionAxis[] {
  const axes = new Map<string, Set<string>>();
  for (const variant of variants) {
    for (const [name, label] of Object.entries(variant.options)) axes.set(name, (axes.get(name) ?? new Set()).add(label));
  }
  return [...axes].map(([name, labels]) => ({ name, labels: [...labels] }));
}

/** A product's options as search and lookup show them (product_option). */
function plainOptions(product: CatalogProduct) {
  return optionAxes(product.variants).map((axis) => ({ name: axis.name, values: axis.labels.map((label) => ({ label })) }));
}

/**
 * The mapping of a product's variants, its seller's part made once. A member with nothing to say
 * is undefined, which JSON leaves out: where the members present vary from one object to the next,
 * as they do across a page, an object literal with conditional spreads in it cost ~20× as much to
 * build, on Node 20 and on Node 24 (`npm run bench:runtime-costs`: 279 against 12 ns), and a search
 * page maps dozens.
 */
function ucpVariantOf(product: CatalogProduct): (variant: CatalogVariant) => UcpVariant {
  const seller = { name: product.seller_name, links: sellerPolicyLinks(product.seller_policy_urls) };
  return (variant) => {
    // One pass over the options for the options, the title ("Navy / M") and the description ("Parka: color Navy, size M").
    const options: { name: string; label: string }[] = [];
    let labels = '';
    let named = '';
    for (const name in variant.options) {
      const label = variant.options[name];
      labels += options.length ? ` / ${label}` : label;
      named += options.length ? `, ${name} ${label}` : `${name} ${label}`;
      options.push({ name, label });
    }
    return {
      id: variant.id,
      sku: variant.sku,
      barcodes: variant.gtin ? [{ type: 'GTIN' as const, value: variant.gtin }] : undefined,
      title: labels || product.title,
      description: { plain: options.length ? `${product.title}: ${named}` : product.title },
      price: { amount: variant.price_cents, currency: variant.currency },
      availability: isAvailable(variant) ? { available: true, status: 'in_stock' } : { available: false, status: 'out_of_stock' },
      options: options.length ? options : undefined,
      seller,
    };
  };
}

/** A product as UCP shows it, with the variants given (the featured one first), its options, and its prices across all its variants; absent members undefined, as in ucpVariantOf. */
function ucpProduct<V extends UcpVariant, O>(product: CatalogProduct, variants: V[], options: O[]) {
  const cheapest = product.variants[0];
  const dearest = product.variants.at(-1) ?? cheapest;
  return {
    id: product.id,
    title: product.title,
    description: { plain: product.description },
    url: product.url || undefined,
    categories: [{ value: product.category, taxonomy: 'merchant' as const }],
    price_range: {
      min: { amount: cheapest.price_cents, currency: cheapest.currency },
      max: { amount: dearest.price_cents, currency: dearest.currency },
    },
    media: product.images.length ? product.images.map((url) => ({ type: 'image' as const, url })) : undefined,
    options: options.length ? options : undefined,
    variants,
    metadata: { brand: product.brand || undefined, seller_handle: product.seller_handle },
  };
}

function info(code: string, content: string): InfoMessage {
  return { type: 'info', code, content };
}

/** `messages` only when there is one (UCP answers an ordinary result without). */
function withMessages(messages: InfoMessage[]): { messages?: InfoMessage[] } {
  return messages.length ? { messages } : {};
}

const quote = (text: string) => `“${text}”`;
