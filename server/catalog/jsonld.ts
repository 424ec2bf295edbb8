/**
 * The search page as a schema.org JSON-LD ItemList of Products with one Offer per variant.
 * Everything schema.org names keeps its schema.org term; paging, counts and facets ride alongside.
 * The compact view keeps what choosing and carting need, in the fewest bytes schema.org allows.
 */
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

/** Non-negative integer cents as a decimal string with two places, without float rounding: 1250 → "12.50". */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export const productIri = (id: string) => `urn:agentcommerce:product:${id}`;

function product(item: SearchSqlItem) {
  const seller = { '@type': 'Organization' as const, name: item.seller_name, identifier: item.seller_handle };
  return {
    '@type': 'Product' as const,
    '@id': productIri(item.id),
    productID: item.id,
    name: item.title,
    description: item.description,
    ...(item.brand && { brand: { '@type': 'Brand' as const, name: item.brand } }),
    category: item.category,
    image: item.images,
    ...(item.url && { url: item.url }),
    offers: item.variants.map((v) => ({
      '@type': 'Offer' as const,
      identifier: v.id,
      sku: v.sku,
      price: centsToDecimal(v.price_cents),
      priceCurrency: v.currency,
      availability: available(v) ? IN_STOCK : OUT_OF_STOCK,
      ...(v.stock !== null && { inventoryLevel: { '@type': 'QuantitativeValue' as const, value: v.stock } }),
      seller,
    })),
  };
}

/**
 * The compact view: brand and seller as their names (text, which schema.org accepts where it
 * expects a thing), the first image, and per offer what a cart and a choice between variants need.
 */
function compactProduct(item: SearchSqlItem) {
  return {
    '@type': 'Product' as const,
    productID: item.id,
    name: item.title,
    ...(item.brand && { brand: item.brand }),
    category: item.category,
    ...(item.images.length > 0 && { image: item.images[0] }),
    offers: item.variants.map((v) => ({
      '@type': 'Offer' as const,
      identifier: v.id,
      sku: v.sku,
      price: centsToDecimal(v.price_cents),
      priceCurrency: v.currency,
      availability: available(v) ? IN_STOCK_COMPACT : OUT_OF_STOCK_COMPACT,
      seller: item.seller_handle,
    })),
  };
}

export function searchJsonLd(page: SearchPage, view: SearchView) {
  const shape = view === 'compact' ? compactProduct : product;
  return {
    '@context': 'https://schema.org' as const,
    '@type': 'ItemList' as const,
    numberOfItems: page.items.length,
    totalResults: page.totalResults,
    totalResults_approximate: page.approximate,
    itemListElement: page.items.map((item, i) => ({
      '@type': 'ListItem' as const,
      position: page.firstPosition + i,
      item: shape(item),
    })),
    nextCursor: page.nextCursor,
    ...(page.queryCorrected !== undefined && { query_corrected: page.queryCorrected }),
    ...(page.facets && { facets: page.facets, facets_approximate: page.approximate }),
  };
}
