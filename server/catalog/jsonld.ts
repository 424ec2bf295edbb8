/**
 * The search page as a schema.org JSON-LD ItemList of Products with one Offer per variant.
 * Everything schema.org names keeps its schema.org term; paging and facets ride alongside.
 */
import type { SearchSqlItem } from './search-sql';
import type { SearchPage } from './search';

const IN_STOCK = 'https://schema.org/InStock' as const;
const OUT_OF_STOCK = 'https://schema.org/OutOfStock' as const;

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
      // Untracked stock (null) is always available.
      availability: v.stock === null || v.stock > 0 ? IN_STOCK : OUT_OF_STOCK,
      ...(v.stock !== null && { inventoryLevel: { '@type': 'QuantitativeValue' as const, value: v.stock } }),
      seller,
    })),
  };
}

export function searchJsonLd(page: SearchPage) {
  return {
    '@context': 'https://schema.org' as const,
    '@type': 'ItemList' as const,
    numberOfItems: page.items.length,
    itemListElement: page.items.map((item, i) => ({
      '@type': 'ListItem' as const,
      position: page.firstPosition + i,
      item: product(item),
    })),
    nextCursor: page.nextCursor,
    ...(page.queryCorrected !== undefined && { query_corrected: page.queryCorrected }),
    facets: page.facets,
    facets_approximate: page.facetsApproximate,
  };
}
