/**
 * UCP's catalog capabilities on the binding (catalog/search.md, catalog/lookup.md): search, lookup
 * and one product, over the seed catalog's engine (ucp/catalog.ts maps it to UCP's shapes). The
 * POSTs are reads: they take no Idempotency-Key.
 */
import { getProduct, lookupProducts, searchProducts } from '../../ucp/catalog';
import { getProductRequest, getProductResponse, lookupRequest, lookupResponse, searchRequest, searchResponse } from '../../ucp/catalog-schemas';
import { router } from '../../trpc/init';
import { binding } from '../../trpc/procedures';
import { responseMeta, sellerScope } from './response';

const SEARCH = 'dev.ucp.shopping.catalog.search';
const LOOKUP = 'dev.ucp.shopping.catalog.lookup';

export const ucpCatalogRouter = router({
  search: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/catalog/search', tags: ['ucp'], summary: 'Search the catalog (UCP)' },
      ucp: {
        capability: SEARCH,
        tool: {
          name: 'search_catalog',
          title: 'Search the catalog',
          description: 'Search products by free text and/or filters (categories, price in minor units); cursor pagination. Variants carry the ids checkout takes.',
          body: 'catalog',
        },
      },
      op: { errors: ['invalid_request', 'invalid_cursor', 'invalid_price_range'] },
    })
    .input(searchRequest)
    .output(searchResponse)
    .mutation(async ({ ctx, input }) => ({
      ucp: responseMeta(ctx, SEARCH),
      ...(await searchProducts(ctx.db, ctx.services.keys.key('cursor'), input, sellerScope(ctx))),
    })),

  lookup: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/catalog/lookup', tags: ['ucp'], summary: 'Look up products and variants by id (UCP)' },
      ucp: {
        capability: LOOKUP,
        tool: {
          name: 'lookup_catalog',
          title: 'Look up products by id',
          description: 'Products and variants by product id, variant id or SKU; each variant says which requested id it answers (inputs).',
          body: 'catalog',
        },
      },
      op: { errors: ['invalid_request', 'request_too_large'] },
    })
    .input(lookupRequest)
    .output(lookupResponse)
    .mutation(async ({ ctx, input }) => ({ ucp: responseMeta(ctx, LOOKUP), ...(await lookupProducts(ctx.db, input, sellerScope(ctx))) })),

  product: binding
    .meta({
      openapi: { method: 'POST', path: '/ucp/catalog/product', tags: ['ucp'], summary: 'One product with its options and variants (UCP)' },
      ucp: {
        capability: LOOKUP,
        tool: {
          name: 'get_product',
          title: 'Get one product',
          description: 'One product by product or variant id: its options with availability for the selections, and its variants.',
          body: 'catalog',
        },
      },
      op: { errors: ['invalid_request', 'product_not_found'] },
    })
    .input(getProductRequest)
    .output(getProductResponse)
    .mutation(async ({ ctx, input }) => ({ ucp: responseMeta(ctx, LOOKUP), ...(await getProduct(ctx.db, input, sellerScope(ctx))) })),
});
