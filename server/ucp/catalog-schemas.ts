/**
 * UCP 2026-04-08's catalog shapes (catalog_search.json, catalog_lookup.json and the types they
 * use) as zod schemas: the contract of the binding's catalog operations, validating requests and
 * describing both sides in the OpenAPI and OpenRPC documents without reading UCP's files.
 *
 * Requests follow UCP's own schemas, which leave every object open: unknown members are accepted
 * (and ignored), while the members UCP defines are typed and bounded. Responses describe exactly
 * what catalog.ts answers, a subset of UCP's shapes: anything valid here is valid there
 * (test/ucp-catalog.test.ts checks real answers against UCP's schemas).
 */
import { z } from 'zod';
import { MAX_QUERY_WORDS, singleLine, wordCount } from '../lib/input-limits';

/** UCP's reverse-domain names (types/reverse_domain_name.json): capabilities, signals, eligibility claims. */
const reverseDomainName = z.string().max(200).regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/);
/** Money in ISO 4217 minor units (types/amount.json), bounded like every price of the catalog. */
const amount = z.int().min(0).max(2_000_000_000);
const name = singleLine(200);

// ---------------------------------------------------------------- requests

const context = z
  .looseObject({
    address_country: singleLine(100).optional(),
    address_region: singleLine(200).optional(),
    postal_code: singleLine(32).optional(),
    intent: z.string().max(1000).optional(),
    language: singleLine(35).optional(),
    currency: singleLine(16).describe('The denomination of filters.price. Prices here are in USD: a price filter in another currency is ignored, and a message says so.').optional(),
    eligibility: z
      .array(reverseDomainName)
      .max(50)
      .refine((claims) => new Set(claims).size === claims.length, 'must not repeat a claim')
      .optional(),
  })
  .describe('Provisional buyer signals for relevance and localization (UCP types/context.json).')
  .meta({ id: 'UcpContext' });

// The keys' pattern is a refinement, not a record's key schema: zod lets an intersection of a
// record and an object through with keys the record refuses, and a record alone types no member.
const signals = z
  .looseObject({ 'dev.ucp.buyer_ip': singleLine(64).optional(), 'dev.ucp.user_agent': singleLine(1000).optional() })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!reverseDomainName.safeParse(key).success) ctx.addIssue({ code: 'custom', path: [key], message: 'a signal is named by a reverse-domain name (com.example.device_id)' });
    }
  })
  .describe('Environment data observed by the platform, keyed by reverse-domain names (UCP types/signals.json).')
  .meta({ id: 'UcpSignals' });

const attribution = z
  .record(singleLine(200), z.string().max(2000))
  .describe('Referral and conversion-event parameters, as URL query parameters (UCP types/attribution.json).')
  .meta({ id: 'UcpAttribution' });

export const searchFilters = z
  .looseObject({
    categories: z
      .array(singleLine(500).min(1))
      .max(20)
      .describe(
        'Category paths, e.g. "Electronics > Audio" (the value of a product’s categories entry): a product in or under one of them matches, case-insensitively. Search takes one; lookup and get_product any number.',
      )
      .optional(),
    price: z
      .looseObject({
        min: amount.describe('Lowest price, in minor units of context.currency (USD cents).').optional(),
        max: amount.describe('Highest price, in minor units of context.currency (USD cents).').optional(),
      })
      .describe('A variant is kept when its price lies within the bounds; search matches a product by its cheapest variant.')
      .optional(),
  })
  .describe('Filters, combined with AND (UCP types/search_filters.json). Other members are not filters here: they are ignored, and a message says so.')
  .meta({ id: 'UcpSearchFilters' });

/** What every catalog request may carry beside its own members. */
const requestCommon = { filters: searchFilters.optional(), context: context.optional(), signals: signals.optional(), attribution: attribution.optional() };

export const searchRequest = z
  .looseObject({
    query: singleLine(500)
      .refine((q) => wordCount(q) <= MAX_QUERY_WORDS, `must hold at most ${MAX_QUERY_WORDS} words`)
      .describe(
        `Free text: misspelt words are corrected, price words (under $50) become price filters, and when all the words together match nothing as many as match are kept; messages say what was done. At most ${MAX_QUERY_WORDS} words. A query, filters.categories or filters.price is required.`,
      )
      .optional(),
    ...requestCommon,
    pagination: z
      .looseObject({
        cursor: z.string().max(2048).describe('pagination.cursor of the previous answer, unchanged, with the same query and filters.').optional(),
        limit: z.int().min(1).describe('Requested page size: 10 by default, at most 50 (more is read as 50).').optional(),
      })
      .optional(),
  })
  .meta({ id: 'UcpSearchRequest' });

export const lookupRequest = z
  .looseObject({
    ids: z
      .array(singleLine(200))
      .min(1)
      .describe('Product ids (prod_…), variant ids (var_…) or SKUs; repeated ids count once, and at most 50 distinct ones are taken.'),
    ...requestCommon,
  })
  .meta({ id: 'UcpLookupRequest' });

const selectedOption = z.looseObject({
  name,
  label: name,
  id: name.describe('Option value ids are not assigned here: matching is by name and label.').optional(),
});

export const getProductRequest = z
  .looseObject({
    id: singleLine(200).describe('A product id (prod_…) or a variant id (var_…).'),
    selected: z
      .array(selectedOption)
      .max(50)
      .refine((options) => new Set(options.map((o) => o.name.toLowerCase())).size === options.length, 'must name each option at most once')
      .describe('Option selections so far (names and labels matched case-insensitively); ignored with a variant id, whose own options are the selection.')
      .optional(),
    preferences: z
      .array(name)
      .max(50)
      .describe('Option names, most important first: when no variant matches every selection, selections are dropped from the end of this list (then those it leaves out, last first).')
      .optional(),
    ...requestCommon,
  })
  .meta({ id: 'UcpGetProductRequest' });

// ---------------------------------------------------------------- responses

const ucpVersion = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The `ucp` member of every answer (ucp.json#/$defs/response_catalog_schema): the version and the capabilities in play. */
export const ucpResponseMeta = z
  .object({
    version: ucpVersion,
    status: z.literal('success').optional(),
    capabilities: z.record(reverseDomainName, z.array(z.object({ version: ucpVersion }))).optional(),
  })
  .meta({ id: 'UcpResponseMeta' });

const price = z
  .object({ amount, currency: z.string().regex(/^[A-Z]{3}$/).describe('ISO 4217; always USD here.') })
  .meta({ id: 'UcpPrice' });

/**
 * A URL in an answer: documented as z.url() is (`format: uri`), but not parsed again on the way
 * out. Each comes from the catalog (a feed's URLs are checked on import, a seller's policy pages
 * are built from its own) and z.url() costs ~1 µs apiece, ~120 of them on a search page of ten
 * products; the seed API's JSON-LD answers carry the same URLs as plain strings.
 */
const answerUrl = z.string().meta({ format: 'uri' });

const optionChoice = z.object({ name: z.string(), label: z.string() }).meta({ id: 'UcpSelectedOption' });

const variant = z
  .object({
    id: z.string().describe('The variant id (var_…): what a cart takes as variant_id, and UCP checkout as item.id.'),
    sku: z.string(),
    barcodes: z.array(z.object({ type: z.literal('GTIN'), value: z.string() })).optional(),
    title: z.string().describe('Its option values, "M / Navy"; the product title for a product with one variant.'),
    description: z.object({ plain: z.string() }).describe('The product title and the variant’s option values.'),
    price,
    availability: z.object({
      available: z.boolean().describe('In stock, or stock not tracked.'),
      status: z.enum(['in_stock', 'out_of_stock']),
    }),
    options: z.array(optionChoice).describe('The option values that tell it from the product’s other variants; absent for a product with one.').optional(),
    seller: z
      .object({
        name: z.string(),
        links: z.array(z.object({ type: z.enum(['refund_policy', 'shipping_policy', 'privacy_policy', 'terms_of_service']), url: answerUrl })),
      })
      .describe('The seller offering it, with its policies.'),
  })
  .meta({ id: 'UcpVariant' });

const productOption = z.object({ name: z.string(), values: z.array(z.object({ label: z.string() })).min(1) }).meta({ id: 'UcpProductOption' });

const product = z
  .object({
    id: z.string().describe('The product id (prod_…).'),
    title: z.string(),
    description: z.object({ plain: z.string() }),
    url: answerUrl.describe('The product page on the seller’s site.').optional(),
    categories: z.array(z.object({ value: z.string().describe('Category path, "A > B > C": filters.categories takes it.'), taxonomy: z.literal('merchant') })),
    price_range: z.object({ min: price, max: price }).describe('Across all the product’s variants.'),
    media: z.array(z.object({ type: z.literal('image'), url: answerUrl })).optional(),
    options: z.array(productOption).optional(),
    variants: z.array(variant).min(1).describe('The featured variant first: the one asked for, else the cheapest available.'),
    metadata: z
      .object({
        brand: z.string().optional(),
        seller_handle: z.string().describe('The seller’s handle: its own catalog is at /store/{handle}/ucp.'),
      })
      .describe('The brand, and the seller offering every variant.'),
  })
  .meta({ id: 'UcpProduct' });

const inputCorrelation = z.object({ id: z.string(), match: z.enum(['exact', 'featured']) }).meta({ id: 'UcpInputCorrelation' });

const lookupVariant = variant
  .extend({
    inputs: z
      .array(inputCorrelation)
      .min(1)
      .describe('The request ids that resolved to it: exact (its variant id or SKU) or featured (its product’s id).'),
  })
  .meta({ id: 'UcpLookupVariant' });

const lookupProduct = product.extend({ variants: z.array(lookupVariant).min(1) }).meta({ id: 'UcpLookupProduct' });

const detailProduct = product
  .extend({
    selected: z
      .array(optionChoice)
      .describe('The effective selections: those asked for that some variant matches (relaxed per preferences), or the featured variant’s options.')
      .optional(),
    options: z
      .array(
        z.object({
          name: z.string(),
          values: z
            .array(
              z.object({
                label: z.string(),
                available: z.boolean().describe('A variant with this value and the other selections can be bought.'),
                exists: z.boolean().describe('A variant with this value and the other selections exists.'),
              }),
            )
            .min(1),
        }),
      )
      .optional(),
    variants: product.shape.variants.describe('The variants matching the selections, the featured one first.'),
  })
  .meta({ id: 'UcpDetailProduct' });

/** A notice about the answer (types/message_info.json): never UCP's `warning`, which a platform must show the buyer. */
export const infoMessage = z
  .object({ type: z.literal('info'), code: z.string(), content: z.string() })
  .meta({ id: 'UcpInfoMessage' });

const messages = z.array(infoMessage).optional();

const paginationResponse = z
  .discriminatedUnion('has_next_page', [
    z.object({ has_next_page: z.literal(true), cursor: z.string().describe('Send it as pagination.cursor, with the same query and filters.'), total_count: z.int().min(0).optional() }),
    z.object({ has_next_page: z.literal(false), total_count: z.int().min(0).optional() }),
  ])
  .describe('total_count is absent when the match set is too large to count exactly.')
  .meta({ id: 'UcpPagination' });

export const searchResponse = z
  .object({ ucp: ucpResponseMeta, products: z.array(product), pagination: paginationResponse, messages })
  .meta({ id: 'UcpSearchResponse' });

export const lookupResponse = z.object({ ucp: ucpResponseMeta, products: z.array(lookupProduct), messages }).meta({ id: 'UcpLookupResponse' });

export const getProductResponse = z.object({ ucp: ucpResponseMeta, product: detailProduct, messages }).meta({ id: 'UcpGetProductResponse' });

export type SearchRequest = z.output<typeof searchRequest>;
export type LookupRequest = z.output<typeof lookupRequest>;
export type GetProductRequest = z.output<typeof getProductRequest>;
export type SearchFilters = z.output<typeof searchFilters>;
export type InfoMessage = z.output<typeof infoMessage>;
export type UcpVariant = z.output<typeof variant>;
export type InputCorrelation = z.output<typeof inputCorrelation>;

/** What the operations answer; the binding adds `ucp`. */
export type SearchResult = Omit<z.output<typeof searchResponse>, 'ucp'>;
export type LookupResult = Omit<z.output<typeof lookupResponse>, 'ucp'>;
export type GetProductResult = Omit<z.output<typeof getProductResponse>, 'ucp'>;
