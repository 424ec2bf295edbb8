/**
 * The search page as a schema.org JSON-LD ItemList of Products with one Offer per variant.
 * Everything schema.org names keeps its schema.org term; paging, counts and facets ride alongside.
 * The compact view keeps what choosing and carting need, in the fewest bytes schema.org allows:
 * an agent reads every byte of it, on every page, as tokens.
 *
 * In every view a member with nothing to say is undefined, which JSON leaves out: object literals
 * with conditional spreads in them cost ~20× as much to build (ucp/catalog.ts, ucpVariantOf), once
 * per product and per variant of every page.
 */
import { centsToDecimal } from '../lib/money';
import type { ProductItem } from './product';
import type { SearchSqlItem } from './search-sql';
import type { SearchPage } from './search';

const IN_STOCK = 'https://schema.org/InStock' as const;
const OUT_OF_STOCK = 'https://schema.org/OutOfStock' as const;
/**
 * The same values as compact IRIs: the schema.org context declares the `schema` prefix and types
 * availability as an IRI, so both expand alike (what jsonld.compact itself writes), 12 bytes fewer.
 */
const IN_STOCK_COMPACT = 'schema:InStock' as const;
const OUT_OF_STOCK_COMPACT = 'schema:OutOfStock' as const;

export const SEARCH_VIEWS = ['full', 'compact'] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];

type Variant = SearchSqlItem['variants'][number];
// Untracked stock (null) is always available.
const available = (v: Pick<Variant, 'stock'>) => v.stock === null || v.stock > 0;

/** A variant's schema.org availability, as offers say it (and cart lines, which reuse it). */
export const availabilityOf = (stock: number | null) => (available({ stock }) ? IN_STOCK : OUT_OF_STOCK);

export const productIri = (id: string) => `urn:agentcommerce:product:${id}`;

/** What the full view says of a product: search's items, and get_product's (whose variants also carry their options). */
type FullItem = Omit<SearchSqlItem, 'key' | 'variants'> & { variants: (Variant & { options?: Record<string, string> })[] };

function product(item: FullItem) {
  const seller = { '@type': 'Organization' as const, name: item.seller_name, identifier: item.seller_handle };
  return {
    '@type': 'Product' as const,
    '@id': productIri(item.id),
    productID: item.id,
    name: item.title,
    description: item.description,
    brand: item.brand ? { '@type': 'Brand' as const, name: item.brand } : undefined,
    category: item.category,
    image: item.images,
    url: item.url || undefined,
    offers: item.variants.map((v) => ({
      '@type': 'Offer' as const,
      identifier: v.id,
      sku: v.sku,
      price: centsToDecimal(v.price_cents),
      priceCurrency: v.currency,
      availability: available(v) ? IN_STOCK : OUT_OF_STOCK,
      inventoryLevel: v.stock !== null ? { '@type': 'QuantitativeValue' as const, value: v.stock } : undefined,
      seller,
      options: v.options && Object.keys(v.options).length > 0 ? v.options : undefined,
    })),
  };
}

/**
 * get_product's @context: schema.org's, and the one term it adds, `options` (a variant's option
 * values, {"size": "M", "color": "Navy"}), as a JSON literal: the names are the seller's, so no key
 * inside is read as a term. Inline, since it is one term (a context document would cost a fetch).
 */
export const PRODUCT_CONTEXT: ['https://schema.org', { options: { '@id': 'urn:agentcommerce:options'; '@type': '@json' } }] = [
  'https://schema.org',
  { options: { '@id': 'urn:agentcommerce:options', '@type': '@json' } },
];

/**
 * One product, as get_product answers it. Full: search's full view of it, each Offer with its
 * options. Compact: what choosing a variant needs, as compact search says it — name, brand, the
 * first image, and per variant an Offer with identifier, sku, price, availability, seller (the
 * handle) and options.
 */
export function productJsonLd(item: ProductItem, view: SearchView) {
  if (view === 'full') return { '@context': PRODUCT_CONTEXT, ...product(item) };
  return {
    '@context': PRODUCT_CONTEXT,
    '@type': 'Product' as const,
    productID: item.id,
    name: item.title,
    brand: item.brand || undefined,
    image: item.images.length > 0 ? item.images[0] : undefined,
    offers: item.variants.map((v) => ({
      '@type': 'Offer' as const,
      identifier: v.id,
      sku: v.sku,
      price: centsToDecimal(v.price_cents),
      availability: available(v) ? IN_STOCK_COMPACT : OUT_OF_STOCK_COMPACT,
      seller: item.seller_handle,
      options: Object.keys(v.options).length > 0 ? v.options : undefined,
    })),
  };
}

/**
 * Where the compact view's own terms (paging, counts, facets…) are defined, under the service's
 * origin: its @context is schema.org's and this document's, so every key of the answer is a term
 * its context defines (schema.org's context would read them as schema.org terms that do not exist).
 */
export const SEARCH_CONTEXT_PATH = '/api/agent/search/context.jsonld';
/** The vocabulary of those terms, the namespace of productIri. */
const SEARCH_VOCABULARY = 'urn:agentcommerce:search:';

/** Keys of the compact answer that schema.org (or JSON-LD itself) defines; the others are ours. */
export const SCHEMA_ORG_TERMS = new Set(['@context', '@type', 'numberOfItems', 'itemListElement']);

/**
 * The context document served at SEARCH_CONTEXT_PATH: each of our terms as a JSON literal (@json),
 * so that a value of any shape (facet lists, suggestions) stays as it is and no key inside it is
 * read as a term.
 */
export function searchContextDocument(terms: readonly string[]) {
  return {
    '@context': Object.fromEntries(terms.filter((t) => !SCHEMA_ORG_TERMS.has(t)).map((t) => [t, { '@id': `${SEARCH_VOCABULARY}${t}`, '@type': '@json' }])),
  };
}

/**
 * The compact view of a product, for choosing and carting in the fewest bytes: its productID, name,
 * brand (text, which schema.org accepts where it expects a thing), the first image, and its offer.
 * A product with one variant has one Offer: identifier (the variant id carts take), price,
 * availability and seller (the handle). One with several has an AggregateOffer (offerCount,
 * lowPrice, highPrice when the prices differ, availability InStock when any variant is, seller):
 * choosing between them needs their option values, which get_product gives for the productID
 * (a cart also takes the productID of a product with one variant). Prices are USD, as on the
 * whole network (the full view says priceCurrency). Measured on the demo catalog: 398–425 bytes a
 * product in a 10-product answer, all told, against 540–880 with every variant's Offer and a
 * ListItem around each product.
 */
function compactProduct(item: SearchSqlItem) {
  const variants = item.variants;
  const inStock = variants.some(available);
  const prices = variants.map((v) => v.price_cents);
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const offers =
    variants.length === 1
      ? {
          '@type': 'Offer' as const,
          identifier: variants[0].id,
          price: centsToDecimal(variants[0].price_cents),
          availability: inStock ? IN_STOCK_COMPACT : OUT_OF_STOCK_COMPACT,
          seller: item.seller_handle,
        }
      : {
          '@type': 'AggregateOffer' as const,
          offerCount: variants.length,
          lowPrice: centsToDecimal(low),
          highPrice: high > low ? centsToDecimal(high) : undefined,
          availability: inStock ? IN_STOCK_COMPACT : OUT_OF_STOCK_COMPACT,
          seller: item.seller_handle,
        };
  return {
    '@type': 'Product' as const,
    productID: item.id,
    name: item.title,
    brand: item.brand || undefined,
    image: item.images.length > 0 ? item.images[0] : undefined,
    offers,
  };
}

export function searchJsonLd(page: SearchPage, view: 'full'): ReturnType<typeof fullJsonLd>;
export function searchJsonLd(page: SearchPage, view: 'compact', contextUrl?: string): ReturnType<typeof compactJsonLd>;
export function searchJsonLd(page: SearchPage, view: SearchView, contextUrl?: string): ReturnType<typeof fullJsonLd> | ReturnType<typeof compactJsonLd>;
export function searchJsonLd(page: SearchPage, view: SearchView, contextUrl = SEARCH_CONTEXT_PATH) {
  return view === 'compact' ? compactJsonLd(page, contextUrl) : fullJsonLd(page);
}

function fullJsonLd(page: SearchPage) {
  return {
    '@context': 'https://schema.org' as const,
    '@type': 'ItemList' as const,
    numberOfItems: page.items.length,
    totalResults: page.totalResults,
    totalResults_approximate: page.approximate,
    itemListElement: page.items.map((item, i) => ({
      '@type': 'ListItem' as const,
      position: page.firstPosition + i,
      item: product(item),
    })),
    nextCursor: page.nextCursor,
    ...(page.queryCorrected !== undefined && { query_corrected: page.queryCorrected }),
    ...(page.facets && { facets: page.facets, facets_approximate: page.approximate }),
  };
}

/**
 * The compact answer: the products straight in itemListElement (the array's order is the rank; a
 * ListItem with its position would cost 40 bytes a product), and nothing null or empty (no
 * nextCursor on the last page, no empty list) — absent says the same in fewer bytes, and is what
 * JSON-LD means anyway.
 */
function compactJsonLd(page: SearchPage, contextUrl: string) {
  const answer = {
    '@context': ['https://schema.org', contextUrl] as ['https://schema.org', string],
    '@type': 'ItemList' as const,
    numberOfItems: page.items.length,
    totalResults: page.totalResults,
    totalResults_approximate: page.approximate,
    itemListElement: page.items.map(compactProduct),
    nextCursor: page.nextCursor ?? undefined,
    ...(page.queryCorrected !== undefined && { query_corrected: page.queryCorrected }),
    ...(page.facets && { facets: page.facets, facets_approximate: page.approximate }),
  };
  return withoutEmpty(answer) as Omit<typeof answer, 'itemListElement'> & { itemListElement?: typeof answer.itemListElement };
}

/**
 * The value without nulls, undefined, empty arrays and the objects they leave empty (the root
 * stays). A loop building each object, where flatMap and Object.fromEntries cost 2–5× as much
 * (`npm run bench:runtime-costs`, a compact page of six products: 17.5 against 3.8 µs on Node 20,
 * 8.8 against 3.6 on Node 24): every product and offer of a page passes through here.
 */
export function withoutEmpty<T extends Record<string, unknown>>(value: T): T {
  return (prune(value) ?? {}) as T;
}

function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const kept = prune(item);
      if (kept !== undefined) items.push(kept);
    }
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const members: Record<string, unknown> = {};
    let empty = true;
    for (const [name, member] of Object.entries(value)) {
      const kept = prune(member);
      if (kept === undefined) continue;
      members[name] = kept;
      empty = false;
    }
    return empty ? undefined : members;
  }
  return value === null ? undefined : value;
}
