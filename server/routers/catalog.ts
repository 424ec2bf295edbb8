/**
 * Catalog endpoints: search/browse (JSON-LD), one product with its variants, sellers, one seller,
 * its policies and its UCP manifest. The zod schemas here are the contract: they validate the
 * requests and describe them in /api/openapi.json. The work is done in server/catalog/.
 */
import { z } from 'zod';
import { PRODUCT_CONTEXT, SEARCH_CONTEXT_PATH, SEARCH_VIEWS, productJsonLd, searchJsonLd } from '../catalog/jsonld';
import { findProduct } from '../catalog/product';
import { searchCatalog, searchGuidance } from '../catalog/search';
import { deliveryCoverage, findSeller, listSellers, parseSellerSelector, sellerLinks } from '../catalog/sellers';
import { FACET_VALUES_MAX, SEARCH_CANDIDATE_CAP } from '../catalog/search-sql';
import { businessProfile, ucpProfile } from '../domain/ucp-profile';
import { MAX_QUERY_WORDS, singleLine, wordCount } from '../lib/input-limits';
import { router } from '../trpc/init';
import { discovery, open } from '../trpc/procedures';
import { DISCOVERY_CACHE } from './discovery';
import { publishedSigningKeys } from '../webhooks/signing-keys';

const JSON_LD = 'application/ld+json';
const cents = z.number().int().min(0).max(2_000_000_000);
const cursorParam = z.string().max(2048).describe('nextCursor of the previous page, unchanged. Repeat every other parameter (limit may change).');

// ---------------------------------------------------------------- search

export const searchInput = z
  .object({
    q: singleLine(500)
      .refine((q) => wordCount(q) <= MAX_QUERY_WORDS, `must hold at most ${MAX_QUERY_WORDS} words`)
      .describe(
        `Web-search syntax: words, "quoted phrase", -excluded, or. Misspelt plain words are corrected against the catalog’s vocabulary; price words (under $50, between $20 and $40) become price filters; when all the words together match nothing, as many as match are kept (relaxed). query_corrected shows the query that ran. Omit to browse. At most ${MAX_QUERY_WORDS} words (runs of letters or digits).`,
      )
      .optional(),
    limit: z.number().int().min(1).max(50).default(10).describe('Items per page, 1–50.'),
    cursor: cursorParam.describe('nextCursor of the previous page, unchanged. Repeat every other parameter (limit, view and facets may change).').optional(),
    category: singleLine(500).describe('Category path prefix, case-insensitive, e.g. "Electronics > Audio" or "electronics > aud".').optional(),
    seller_handle: singleLine(100).describe('Only this seller’s products. An unknown handle answers 404 SELLER_NOT_FOUND with suggestions.').optional(),
    sort_by: z
      .enum(['relevance', 'newest', 'price_asc', 'price_desc'])
      .describe('relevance (default with q; needs q) | newest (default without q) | price_asc | price_desc.')
      .optional(),
    min_price_cents: cents.describe('Lowest price, in US cents, of the product’s cheapest matching variant.').optional(),
    max_price_cents: cents.describe('Highest price, in US cents, of the product’s cheapest matching variant.').optional(),
    in_stock: z
      .boolean()
      .describe('true: products with a variant in stock (prices then count in-stock variants only); false: products with none. Untracked stock counts as in stock.')
      .optional(),
    min_stock: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .describe('Products with a variant holding at least this many units (untracked stock qualifies); prices then count those variants only.')
      .optional(),
    view: z
      .enum(SEARCH_VIEWS)
      .default('full')
      .describe(
        'full (the REST default): every field and variant. compact (the MCP default): per product its productID, name, brand, one image and its offer (a product with several variants: an AggregateOffer; get_product lists them), no facets, in about a quarter of the bytes.',
      ),
    facets: z
      .boolean()
      .describe('Facets (counts per category, seller and availability over the whole match set): by default with view=full, not with view=compact.')
      .optional(),
  })
  .strict();

const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

const offer = z
  .object({
    '@type': z.literal('Offer'),
    identifier: z.string().describe('Variant id.'),
    sku: z.string(),
    price: z.string().describe('Decimal string with two places, e.g. "12.50".'),
    priceCurrency: z.string().describe('Always USD: the network settles in USD.'),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
    inventoryLevel: z
      .object({ '@type': z.literal('QuantitativeValue'), value: z.number().int() })
      .describe('Units in stock; absent when the seller does not track stock (always available).')
      .optional(),
    seller: z.object({ '@type': z.literal('Organization'), name: z.string(), identifier: z.string().describe('Seller handle.') }),
  })
  .meta({ id: 'Offer' });

const product = z
  .object({
    '@type': z.literal('Product'),
    '@id': z.string().describe('urn:agentcommerce:product:<productID>'),
    productID: z.string(),
    name: z.string(),
    description: z.string(),
    brand: z.object({ '@type': z.literal('Brand'), name: z.string() }).optional(),
    category: z.string().describe('Category path, "A > B > C".'),
    image: z.array(z.string()),
    url: z.string().describe('The product page on the seller’s site.').optional(),
    offers: z.array(offer).describe('One offer per variant, cheapest first.'),
  })
  .meta({ id: 'Product' });

const compactAvailability = z.enum(['schema:InStock', 'schema:OutOfStock']).describe('schema:InStock or schema:OutOfStock (untracked stock is in stock).');

const compactOffer = z
  .object({
    '@type': z.literal('Offer'),
    identifier: z.string().describe('Variant id: what carts take.'),
    price: z.string().describe('US dollars, two places, e.g. "12.50".'),
    availability: compactAvailability,
    seller: z.string().describe('Seller handle.'),
  })
  .meta({ id: 'CompactOffer' });

const compactAggregateOffer = z
  .object({
    '@type': z.literal('AggregateOffer'),
    offerCount: z.number().int().describe('Variants: get_product with the productID lists them, each with its identifier, sku and options, to choose one.'),
    lowPrice: z.string().describe('The cheapest variant, US dollars.'),
    highPrice: z.string().describe('The dearest variant, US dollars; absent when all cost lowPrice.').optional(),
    availability: compactAvailability.describe('schema:InStock when any variant is in stock.'),
    seller: z.string().describe('Seller handle.'),
  })
  .meta({ id: 'CompactAggregateOffer' });

const compactProduct = z
  .object({
    '@type': z.literal('Product'),
    productID: z
      .string()
      .describe('The product’s id (prod_…): get_product takes it (every variant, to choose one); a cart takes it for a product with one variant.'),
    name: z.string(),
    brand: z.string().optional(),
    image: z.string().describe('The first image.').optional(),
    offers: z.union([compactOffer, compactAggregateOffer]).describe('An Offer for a product with one variant, an AggregateOffer for one with several.'),
  })
  .meta({ id: 'CompactProduct' });

const searchCount = {
  numberOfItems: z.number().int().describe('Items on this page.'),
  totalResults: z
    .number()
    .int()
    .describe(
      `Products the search matches across all pages, every filter applied: exact up to ${SEARCH_CANDIDATE_CAP}; above, ${SEARCH_CANDIDATE_CAP + 1} with totalResults_approximate true (a lower bound). The same on every page of a walk.`,
    ),
  totalResults_approximate: z
    .boolean()
    .describe(`Always present: true when the match set has more than ${SEARCH_CANDIDATE_CAP} products, so totalResults is a lower bound.`),
};

/**
 * What a search did with q beyond running it, and for an empty page the next step (catalog/search.ts:
 * price words, typo correction, relaxation, suggestions). Every field is absent when it has nothing
 * to say.
 */
const searchGuidanceFields = {
  query_corrected: z
    .string()
    .describe('The text query that ran, present when it differs from q: misspelt words corrected, price words read as a filter, or words dropped (relaxed).')
    .optional(),
  price_words: z
    .object({
      phrases: z.array(z.string()).describe('The price phrases of q as written, e.g. "under $50".'),
      min_price_cents: z.number().int().describe('The lower bound they set, in US cents (over $100 → 10001).').optional(),
      max_price_cents: z.number().int().describe('The upper bound they set, in US cents (under $50 → 4999).').optional(),
    })
    .describe('Present when q held price words: they were taken out of the query and applied as price filters (the tighter of them and min_price_cents/max_price_cents).')
    .optional(),
  relaxed: z
    .literal(true)
    .describe('Present (true) when no product matched all the words of q: the search kept as many as match together (query_corrected) and dropped the rest (dropped_terms).')
    .optional(),
  dropped_terms: z.array(z.string()).describe('With relaxed: the words (or quoted phrases) of q left out.').optional(),
  suggestions: z
    .array(
      z.object({
        category: z.string().describe('A category path: pass it as category.'),
        count: z
          .number()
          .int()
          .describe(`Products there matching a word of q, the other filters aside (counted over at most ${SEARCH_CANDIDATE_CAP + 1} matches); absent for categories offered by name.`)
          .optional(),
      }),
    )
    .describe('Present when the page is empty: categories to go on with, nearest first (holding products that match a word of q once the filters are left out; else named like a word of q or of category; else the top-level categories). message says which.')
    .optional(),
  message: z
    .string()
    .describe('What the search did beyond running q (price words read, words dropped) and, for an empty page, why and what to do next.')
    .optional(),
};

/** What both views answer beside the products, as the full view has it (the compact view leaves out what is null or empty). */
const searchExtras = {
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page (absent in the compact view).'),
  ...searchGuidanceFields,
  facets: z
    .object({ category: facetValues, seller_handle: facetValues, availability: facetValues })
    .describe(
      `Counts over the whole match set (not just this page), with every filter applied; at most ${FACET_VALUES_MAX} values per facet, most frequent first. availability values are in_stock and out_of_stock. Present with facets (the full view's default).`,
    )
    .optional(),
  facets_approximate: z
    .boolean()
    .describe(
      `true when the match set has more than ${SEARCH_CANDIDATE_CAP} products: facets then count the first ${SEARCH_CANDIDATE_CAP + 1} found, and relevance ranks those. Present with facets.`,
    )
    .optional(),
};

export const searchResult = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('ItemList'),
    ...searchCount,
    itemListElement: z.array(
      z.object({
        '@type': z.literal('ListItem'),
        position: z.number().int().describe('1-based, continuing across pages.'),
        item: product,
      }),
    ),
    ...searchExtras,
  })
  .meta({ id: 'SearchResult' });

/**
 * The compact view's answer (view=compact, search_catalog's default). Each of its own terms is
 * defined by its second @context (SEARCH_CONTEXT_PATH, generated from this schema's keys), and
 * nothing in it is null or empty: a field with nothing to say is absent.
 */
export const compactSearchResult = z
  .object({
    '@context': z
      .array(z.string())
      .length(2)
      .describe(`["https://schema.org", the context defining this answer's own terms (${SEARCH_CONTEXT_PATH} on this service)].`),
    '@type': z.literal('ItemList'),
    ...searchCount,
    itemListElement: z.array(compactProduct).describe('The products, best first; absent when none matches.').optional(),
    ...searchExtras,
    nextCursor: z.string().describe('Pass as cursor for the next page; absent on the last page.').optional(),
  })
  .meta({ id: 'CompactSearchResult' });

// ---------------------------------------------------------------- one product

/**
 * A product id of the examples: `npm run openapi:examples` plays them with the id of the product
 * holding EXAMPLE_PRODUCT_SKU (test/support/openapi-examples.ts), which has several variants; ids
 * differ from one database to the next.
 */
export const EXAMPLE_PRODUCT = 'prod_01kt2j3m5v8x4q2w7e9r6t1y2b';
export const EXAMPLE_PRODUCT_SKU = { seller_handle: 'acme-outdoors', sku: 'ACM-000015-TEAL' };

const productInput = z
  .object({
    id: singleLine(64).describe('The productID (prod_…) of a search result.'),
    view: z
      .enum(SEARCH_VIEWS)
      .default('compact')
      .describe(
        'compact (the default): name, brand, one image, and per variant an Offer with identifier, sku, price, availability, seller and options. full: also description, category, every image, url, priceCurrency and inventoryLevel, as search’s full view gives them.',
      ),
  })
  .strict();

const variantOptions = z
  .object({})
  .catchall(z.string())
  .describe('The option values that tell the variant from the product’s others, e.g. {"size": "M", "color": "Navy"}; absent for a product with one variant.');

/** Said in prose: always the same value, and an MCP client's validator (draft-07) reads no tuple. */
const productContext = z
  .array(z.unknown())
  .length(2)
  .describe(`${JSON.stringify(PRODUCT_CONTEXT)}: schema.org’s, and the term options (a variant’s option values) as a JSON literal.`);

const productDetail = product
  .extend({
    '@context': productContext,
    offers: z.array(offer.extend({ options: variantOptions.optional() }).meta({ id: 'VariantOffer' })).describe('One offer per variant, cheapest first.'),
  })
  .meta({ id: 'ProductDetail' });

const compactProductDetail = z
  .object({
    '@context': productContext,
    '@type': z.literal('Product'),
    productID: z.string(),
    name: z.string(),
    brand: z.string().optional(),
    image: z.string().describe('The first image.').optional(),
    offers: z
      .array(compactOffer.extend({ sku: z.string(), options: variantOptions.optional() }).meta({ id: 'CompactVariantOffer' }))
      .describe('One offer per variant, cheapest first: its identifier is the variant_id a cart takes.'),
  })
  .meta({ id: 'CompactProductDetail' });

// ---------------------------------------------------------------- sellers

const sellerSelector = z
  .object({
    handle: singleLine(100).describe('Seller handle, e.g. acme-outdoors.').optional(),
    domain: singleLine(2048).describe('Any URL or host on the store’s site, e.g. https://www.acme-outdoors.shop/p/1.').optional(),
    name: singleLine(200).describe('Seller name; case and accents are ignored.').optional(),
  })
  .strict()
  .describe('Exactly one of handle, domain, name.');

const deliveryCoverageSchema = z
  .object({
    countries: z.array(z.string()).describe('ISO 3166-1 alpha-2 countries the seller delivers to.'),
    min_price_cents: z.number().int().nullable().describe('Cheapest delivery price of any zone, in US cents.'),
    free_over_cents_min: z.number().int().describe('Lowest order subtotal, in US cents, above which some zone delivers free; absent when none does.').optional(),
    fastest_days: z.number().int().nullable().describe('Fewest delivery days of any zone.'),
    slowest_days: z.number().int().nullable().describe('Most delivery days of any zone.'),
  })
  .describe('Summary of the delivery zones.')
  .meta({ id: 'DeliveryCoverage' });

const deliveryZone = z
  .object({
    country: z.string(),
    price_cents: z.number().int(),
    free_over_cents: z.number().int().nullable().optional(),
    min_days: z.number().int(),
    max_days: z.number().int(),
  })
  .meta({ id: 'DeliveryZone' });

const sellerSummary = z
  .object({
    handle: z.string(),
    name: z.string(),
    domains: z.array(z.string()).describe('Host names of the store’s site, primary first.'),
    description: z.string(),
    currency: z.string().describe('Always USD: the network settles in USD.'),
    catalog_size: z.number().int().describe('Products listed now.'),
    delivery_coverage: deliveryCoverageSchema,
  })
  .meta({ id: 'SellerSummary' });

const sellerProfile = sellerSummary
  .extend({
    id: z.string(),
    logo: z.string().nullable(),
    delivery_zones: z.array(deliveryZone),
    links: z.object({
      policies: z.string(),
      manifest: z.string().describe('Per-seller UCP manifest.'),
      search: z.string().describe('Search scoped to this seller.'),
    }),
  })
  .meta({ id: 'SellerProfile' });

const policyDocument = z.object({ summary: z.string(), url: z.string() }).catchall(z.unknown());

const sellerPolicies = z
  .object({
    seller: z.object({ handle: z.string(), name: z.string() }),
    policies: z.object({ returns: policyDocument, shipping: policyDocument, privacy: policyDocument, terms: policyDocument }),
  })
  .meta({ id: 'SellerPolicies' });

const SELLER_ERRORS = ['invalid_seller_selector', 'SELLER_NOT_FOUND'] as const;

export const catalogRouter = router({
  search: open
    .meta({
      op: { contentType: JSON_LD, errors: ['invalid_cursor', 'invalid_price_range', 'SELLER_NOT_FOUND'] },
      examples: {
        search: { summary: 'A text search, typos corrected', input: { q: 'wirelss headphnes', limit: 2 } },
        compact: { summary: 'What an agent needs to choose and cart, in the compact view (llms.txt shows this call)', input: { q: 'wireless headphones', view: 'compact' } },
        browse: {
          summary: 'One seller’s in-stock products in a category, cheapest first, in the compact view without facets',
          input: { category: 'Sporting Goods', seller_handle: 'acme-outdoors', in_stock: true, sort_by: 'price_asc', limit: 2, view: 'compact', facets: false },
        },
        'unknown-seller': { summary: 'A seller handle that does not exist', input: { q: 'backpack', seller_handle: 'acme-outdoor' } },
        'price-words': { summary: 'Price words read as a price filter', input: { q: 'wireless headphones under $50', limit: 2, view: 'compact' } },
        relaxed: { summary: 'No product matches every word: the words that match together, and those dropped', input: { q: 'blutooth speaker', limit: 2, view: 'compact' } },
      },
      openapi: {
        method: 'GET',
        path: '/api/agent/search',
        tags: ['catalog'],
        summary: 'Search or browse the network catalog (JSON-LD)',
        description:
          'Search or browse one catalog spanning every seller on the network. Answers a schema.org ItemList (JSON-LD) of Products with totalResults; each Offer’s identifier is the variant id carts take. Give q for a text search (typos are corrected; query_corrected shows the query that ran) or omit it to browse; narrow with category, seller_handle, price (US cents) and stock filters; page with nextCursor. view=compact answers what choosing and carting need in about a quarter of the bytes: per product its productID, name, brand, one image and its offer (an AggregateOffer when it has several variants: GET /api/agent/product?id=<productID> lists them), without facets. The MCP tool search_catalog answers the compact view unless asked for view=full.',
      },
      tool: {
        name: 'search_catalog',
        title: 'Search the network catalog',
        description:
          'Search or browse one catalog across every seller (q: words, typos corrected; omit to browse); narrow with category, seller_handle, price (US cents) and stock; page with nextCursor. Answers schema.org JSON-LD, by default the compact view: per product productID, name, brand, image and an Offer whose identifier a cart takes (a product with several variants has an AggregateOffer: get_product lists them). view=full: every field, with facets.',
        // An agent pays for every byte in its context: the tool answers the compact view by default.
        defaults: { view: 'compact' },
      },
    })
    .input(searchInput)
    .output(z.union([searchResult, compactSearchResult]))
    .query(async ({ ctx, input }) => {
      // Facets come with the full view unless asked otherwise; an agent reading the compact view asks for them.
      const params = { ...input, facets: input.facets ?? input.view === 'full' };
      const page = await searchCatalog(ctx.db, ctx.services.keys.key('cursor'), params);
      ctx.response.headers['Content-Type'] = JSON_LD;
      return { ...searchJsonLd(page, input.view, `${ctx.services.config.publicBaseUrl}${SEARCH_CONTEXT_PATH}`), ...searchGuidance(page) };
    }),

  product: open
    .meta({
      op: { contentType: JSON_LD, errors: ['product_not_found'] },
      examples: {
        variants: { summary: 'A product with several variants: each Offer with the options that tell it apart', input: { id: EXAMPLE_PRODUCT } },
        full: { summary: 'The same product in the full view', input: { id: EXAMPLE_PRODUCT, view: 'full' } },
        'a-sku': { summary: 'A SKU given as the id: the 404 names its product', input: { id: EXAMPLE_PRODUCT_SKU.sku } },
      },
      openapi: {
        method: 'GET',
        path: '/api/agent/product',
        tags: ['catalog'],
        summary: 'One product with all its variants (JSON-LD)',
        description:
          'One product, by the productID a search gives, with every variant as an Offer: identifier (the variant_id carts take), sku, price, availability and options (the values that tell variants apart: size, color…). For a product whose search offer is an AggregateOffer: choose a variant here, then cart it, with no second search. view=compact (the default) answers what choosing needs; view=full also what search’s full view gives. An id that is a variant id or a SKU answers 404 product_not_found naming its product (details.matches).',
      },
      tool: {
        name: 'get_product',
        title: 'Read one product and its variants',
        description:
          'One product by its productID (from search_catalog) with every variant: an Offer each with identifier (the variant_id a cart takes), sku, price, availability and options (size, color…), to choose one. view=full adds description, category, images and stock.',
      },
    })
    .input(productInput)
    .output(z.union([compactProductDetail, productDetail]))
    .query(async ({ ctx, input }) => {
      const item = await findProduct(ctx.db, input.id);
      ctx.response.headers['Content-Type'] = JSON_LD;
      return productJsonLd(item, input.view);
    }),

  sellers: open
    .meta({
      op: { errors: ['invalid_cursor'] },
      examples: { 'ships-to': { summary: 'Sellers that deliver to Germany', input: { ships_to: 'DE', limit: 2 } } },
      openapi: { method: 'GET', path: '/api/agent/sellers', tags: ['catalog'], summary: 'List the sellers on the network' },
      tool: {
        name: 'list_sellers',
        title: 'List the sellers on the network',
        description: 'Sellers on the network with their catalog size and delivery coverage; filter by part of the name (q) or by a country they deliver to (ships_to); page with nextCursor.',
      },
    })
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(50).default(20).describe('Sellers per page, 1–50.'),
          cursor: cursorParam.optional(),
          q: singleLine(200).describe('Part of the handle or name (case and accents ignored), or a similar word of the name.').optional(),
          ships_to: z
            .string()
            .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as US')
            .transform((c) => c.toUpperCase())
            .describe('ISO country code: only sellers that deliver there.')
            .optional(),
        })
        .strict(),
    )
    .output(z.object({ sellers: z.array(sellerSummary), nextCursor: z.string().nullable() }).meta({ id: 'SellerList' }))
    .query(async ({ ctx, input }) => listSellers(ctx.db, ctx.services.keys.key('cursor'), input)),

  seller: open
    .meta({
      op: { errors: [...SELLER_ERRORS] },
      examples: {
        'by-handle': { summary: 'By handle', input: { handle: 'acme-outdoors' } },
        'by-domain': { summary: 'By any URL on the store’s site', input: { domain: 'https://www.cafe-muller.shop/products/espresso' } },
        miss: { summary: 'A handle that does not exist: similar sellers in details.did_you_mean', input: { handle: 'acme-outdoor' } },
      },
      openapi: { method: 'GET', path: '/api/agent/seller', tags: ['catalog'], summary: 'One seller by handle, domain or name' },
      tool: {
        name: 'get_seller',
        title: 'Look up one seller',
        description:
          'One seller’s public profile, delivery zones and catalog size, selected by exactly one of handle, domain (any URL on the store’s site) or name. A miss fails with SELLER_NOT_FOUND and details.did_you_mean.',
      },
    })
    .input(sellerSelector)
    .output(sellerProfile)
    .query(async ({ ctx, input }) => {
      const s = await findSeller(ctx.db, parseSellerSelector(input));
      return {
        id: s.id,
        handle: s.handle,
        name: s.name,
        domains: s.domains,
        description: s.description,
        logo: s.logo_url,
        currency: s.currency,
        catalog_size: s.catalog_size,
        delivery_coverage: deliveryCoverage(s.delivery),
        delivery_zones: s.delivery,
        links: sellerLinks(ctx.services.config.publicBaseUrl, s.handle),
      };
    }),

  policies: open
    .meta({
      op: { errors: [...SELLER_ERRORS] },
      examples: { 'by-handle': { summary: 'By handle', input: { handle: 'northwind-audio' } } },
      openapi: { method: 'GET', path: '/api/agent/policies', tags: ['catalog'], summary: 'A seller’s store policies' },
      tool: {
        name: 'get_store_policies',
        title: 'Read a seller’s store policies',
        description: 'A seller’s published returns, shipping, privacy and terms policies (summary and URL each), selected like get_seller.',
      },
    })
    .input(sellerSelector)
    .output(sellerPolicies)
    .query(async ({ ctx, input }) => {
      const s = await findSeller(ctx.db, parseSellerSelector(input));
      return { seller: { handle: s.handle, name: s.name }, policies: s.policies };
    }),

  manifest: discovery
    .meta({
      op: { errors: ['SELLER_NOT_FOUND'] },
      examples: { 'acme-outdoors': { summary: 'The profile of acme-outdoors', input: { handle: 'acme-outdoors' } } },
      openapi: {
        method: 'GET',
        path: '/store/{handle}/.well-known/ucp',
        tags: ['discovery'],
        summary: 'UCP business profile of one seller',
        description:
          'The UCP 2026-04-08 business profile of one seller on the network: its REST and MCP services scoped to the seller (config.seller_handle). Served without an agent profile to crawlers and tool loaders; a UCP-Agent sent is still validated. Cacheable for 5 minutes.',
      },
    })
    .input(z.object({ handle: z.string().max(100).describe('Seller handle, e.g. acme-outdoors.') }))
    .output(ucpProfile)
    .query(async ({ ctx, input }) => {
      const s = await findSeller(ctx.db, { by: 'handle', value: input.handle });
      ctx.response.headers['Cache-Control'] = DISCOVERY_CACHE;
      return businessProfile(ctx.services.config, await publishedSigningKeys(ctx.services.db), { handle: s.handle, name: s.name, domains: s.domains });
    }),
});
