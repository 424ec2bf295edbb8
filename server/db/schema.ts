/**
 * Database schema. Migrations in `drizzle/` are generated from this file by drizzle-kit
 * (`npm run db:generate`); the first migration also enables pg_trgm.
 * Only Postgres ≤ 15 features: CI runs Postgres 15, the embedded default is PGlite (Postgres 18).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { newId } from '../lib/ids';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ---------------------------------------------------------------- platform

/** One row (id = 1): the live cart limits every instance reads. */
export const platformLimits = pgTable('platform_limits', {
  id: integer('id').primaryKey().default(1),
  maxItemQuantity: integer('max_item_quantity').notNull().default(20),
  maxCartTotalCents: integer('max_cart_total_cents').notNull().default(100000),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Service-wide settings shared by every instance: the OAuth keys (sealed under SECRETS_KEY), the
 * upgrade's marker, a bulk load's saved definitions. No key that signs or seals is kept here
 * (server/secrets/keys.ts derives them); keys from before SECRETS_KEY only until they retire.
 */
export const serviceSettings = pgTable('service_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Idempotency records, one per (caller namespace, key). `state` is `running` while the first
 * request executes and `done` once its outcome is stored, in the same transaction as its effect.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    /** Only in records stored before outcomes were sealed whole: the headers are in the outcome now. */
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    /**
     * The stored outcome (answer or error, with its headers), sealed as a whole under a key derived
     * from SECRETS_KEY (trpc/idempotency.ts); the JSON text it was written as inside, since jsonb would
     * reorder its keys and a replay must answer the first answer's bytes.
     */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.namespace, t.key] }), index('idempotency_records_created_at_idx').on(t.createdAt)],
);

export const feedbackReports = pgTable('feedback_reports', {
  id: text('id').primaryKey(),
  category: text('category').notNull(),
  severity: text('severity').notNull(),
  message: text('message').notNull(),
  context: jsonb('context').$type<Record<string, unknown>>(),
  /** The agent profile of an open call; null when a credential made the call. */
  agentProfile: text('agent_profile'),
  /** Who sent it: the caller's namespace (`agent:<profile>`, `key:<id>`, …); null on reports older than credentials. */
  caller: text('caller'),
  buyerRef: text('buyer_ref'),
  buyerSession: text('buyer_session'),
  /** The buyer reference was covered by the caller's verified request signature (trpc/signature.ts). */
  buyerRefAttested: boolean('buyer_ref_attested').notNull().default(false),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- catalog

export interface DeliveryZone {
  country: string;
  price_cents: number;
  free_over_cents?: number | null;
  min_days: number;
  max_days: number;
}

export interface PolicyDocument {
  summary: string;
  url: string;
  [field: string]: unknown;
}

export interface SellerPolicies {
  returns: PolicyDocument & { return_window_days: number; free_returns: boolean };
  shipping: PolicyDocument & { processing_days: number };
  privacy: PolicyDocument;
  terms: PolicyDocument;
}

export const sellers = pgTable(
  'sellers',
  {
    id: text('id').primaryKey(),
    handle: text('handle').notNull(),
    name: text('name').notNull(),
    /** Lower-case, accent-free name, so `name=` lookups ignore case and accents. */
    nameKey: text('name_key').notNull(),
    /** Normalised host names, primary first. */
    domains: text('domains').array().notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    currency: text('currency').notNull().default('USD'),
    delivery: jsonb('delivery').$type<DeliveryZone[]>().notNull(),
    policies: jsonb('policies').$type<SellerPolicies>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sellers_handle_idx').on(t.handle),
    index('sellers_name_key_idx').on(t.nameKey),
    index('sellers_domains_idx').using('gin', t.domains),
    index('sellers_handle_trgm_idx').using('gin', sql`${t.handle} gin_trgm_ops`),
    index('sellers_name_key_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`),
  ],
);

/** Large sentinel that stands for "stock not tracked" in `stock_max`: untracked counts as in stock. */
export const UNTRACKED_STOCK = 2147483647;

/**
 * The full-text GIN index is split into SEARCH_SHARDS partial indexes by a hash of the product id.
 * A GIN scan always builds the whole bitmap of its match: 10 ms for a broad two-word query at a
 * million products, though search needs only ~1,000 candidates. Reading the shards one after the
 * other under a LIMIT stops after the first shard that fills it (catalog/search-sql.ts), so a
 * broad query pays for one eighth of its postings; a narrow one reads all eight, as before.
 * md5, not hashtext: its value is fixed forever, and index predicates must never move.
 */
export const SEARCH_SHARDS = 8;
export function searchShard(id: SQL, shard: number): SQL {
  return sql`(get_byte(decode(md5(${id}), 'hex'), 0) & ${sql.raw(String(SEARCH_SHARDS - 1))}) = ${sql.raw(String(shard))}`;
}

/**
 * A product's category key, its seller id and its price bucket as one-lexeme tsvectors: the
 * full-text shard indexes hold them beside the search vector, so a text search narrowed by
 * category, seller or price intersects the posting lists inside the index. As filters on the
 * heap rows instead, a broad word with a filter it rarely meets read every one of the word's
 * matches (`dog` in Electronics: ~90 ms at 1M products; `dog` from $1,000: ~120 ms). A lexeme may
 * be neither empty nor over 2,047 bytes, hence the writer's limits on a category
 * (catalog/writer.ts).
 */
export const categoryTerm = (categoryKey: SQL | AnyPgColumn) => sql`array_to_tsvector(ARRAY[${categoryKey}])`;
export const sellerTerm = (sellerId: SQL | AnyPgColumn) => sql`array_to_tsvector(ARRAY[${sellerId}])`;
export const priceTerm = (priceMin: SQL | AnyPgColumn) => sql`array_to_tsvector(ARRAY[${priceBucket(priceMin)}::text])`;
/**
 * A price's bucket: its number of binary digits (0 for 0), so each bucket spans a factor of two
 * and a price range is a handful of them. Integer arithmetic, so a bound's bucket is exact.
 */
export const priceBucket = (cents: SQL | AnyPgColumn) => sql`length(ltrim(${cents}::bit(32)::text, '0'))`;

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** The feed's identity for the product (item_group_id, or the single variant's id). */
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    brand: text('brand'),
    category: text('category').notNull(),
    /** Lower-cased category path, for case-insensitive prefix filters. */
    categoryKey: text('category_key').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    url: text('url'),
    // Denormalised from the variants (kept by the catalog writer), so that filters and sorts
    // at a million products are index scans, not joins.
    priceMin: integer('price_min').notNull(),
    /** Cheapest variant that is in stock (stock null or > 0); null when none is. */
    priceMinInStock: integer('price_min_in_stock'),
    /** Largest variant stock; UNTRACKED_STOCK when any variant is not tracked. */
    stockMax: integer('stock_max').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`setweight(to_tsvector('english', ${products.title}), 'A') || setweight(to_tsvector('english', coalesce(${products.brand}, '')), 'B') || setweight(to_tsvector('english', ${products.category}), 'C') || setweight(to_tsvector('english', ${products.description}), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex('products_seller_external_idx').on(t.sellerId, t.externalId),
    ...Array.from({ length: SEARCH_SHARDS }, (_, shard) =>
      index(`products_search_${shard}_idx`)
        .using('gin', t.searchVector, categoryTerm(t.categoryKey), sellerTerm(t.sellerId), priceTerm(t.priceMin))
        .where(searchShard(sql`${t.id}`, shard)),
    ),
    // The indexes a browse walks also carry every column its filters and facets read, after the
    // sort key (drizzle has no INCLUDE; trailing key columns do the same job here). The 1,000-row
    // candidate set facets count is then an index-only scan: ~1 ms at 1M products instead of
    // ~8 ms of scattered heap reads. See catalog/search-sql.ts, candidateOrder.
    index('products_newest_idx').on(t.createdAt.desc(), t.id.desc(), t.sellerId, t.categoryKey, t.stockMax, t.priceMin, t.priceMinInStock),
    index('products_price_idx').on(t.priceMin, t.id, t.sellerId, t.categoryKey, t.stockMax, t.priceMinInStock),
    index('products_price_in_stock_idx').on(t.priceMinInStock, t.id, t.sellerId, t.categoryKey, t.stockMax, t.priceMin),
    index('products_seller_newest_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc(), t.categoryKey, t.stockMax, t.priceMin, t.priceMinInStock),
    index('products_category_idx').on(
      sql`${t.categoryKey} text_pattern_ops`,
      t.createdAt.desc(),
      t.id.desc(),
      t.sellerId,
      t.stockMax,
      t.priceMin,
      t.priceMinInStock,
    ),
    // Category + price sorts merge one price-ordered run per category leaf (catalog/search-sql.ts).
    index('products_category_price_idx').on(t.categoryKey, t.priceMin, t.id),
    index('products_category_price_in_stock_idx').on(t.categoryKey, t.priceMinInStock, t.id),
    index('products_stock_idx').on(t.stockMax),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').notNull(),
    sku: text('sku').notNull(),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** null = stock not tracked (always available). */
    stock: integer('stock'),
    gtin: text('gtin'),
  },
  (t) => [
    uniqueIndex('variants_seller_sku_idx').on(t.sellerId, t.sku),
    index('variants_product_idx').on(t.productId),
    // Price sorts under min_stock walk the variants in price order (see catalog/search-sql.ts).
    index('variants_price_idx').on(t.priceCents, t.productId),
  ],
);

/**
 * A word's deletion neighbourhood: the word and every string one letter shorter
 * (`word_and_deletions`, an immutable SQL function of migration 0026). Two words one edit apart
 * share a member of theirs (a letter deleted, inserted, replaced, or two neighbours swapped), so
 * typo correction (catalog/typo.ts) finds a short misspelt word's candidates by the overlap of
 * neighbourhoods, a GIN probe per member (~0.05 ms a word at 1M products), where it looked up each
 * of the word's ~400 one-edit variants by key (~0.8 ms).
 */
export function wordNeighbourhood(word: SQL): SQL {
  return sql`word_and_deletions(${word})`;
}
/**
 * The longest dictionary word whose neighbourhood is indexed: words shorter than this are
 * corrected within one edit (typo.ts, TYPO_TRIGRAM_MIN_LENGTH), so no candidate is longer.
 */
export const NEIGHBOURHOOD_MAX_LENGTH = 8;

/**
 * Distinct words of the catalog (titles, brands, categories, descriptions) with a trigram index:
 * typo correction looks each query word up here (~0.1 ms) instead of fuzzy-matching a million titles.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    documents: integer('documents').notNull().default(1),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_words_neighbourhood_idx')
      .using('gin', wordNeighbourhood(sql`${t.word}`))
      .where(sql`length(${t.word}) <= ${sql.raw(String(NEIGHBOURHOOD_MAX_LENGTH))}`),
  ],
);

/**
 * How a category is shown, by its key (the lower-cased path products group and filter by): the
 * spelling it was first written with (catalog/writer.ts). The category facet labels its values
 * here, a probe of this small table each, where one product's spelling read through
 * products_category_price_idx and the product's row cost twice as much (~1 ms for the 47
 * categories of a price-range browse at 1M products).
 */
export const categoryLabels = pgTable('category_labels', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
});

export const schema = {
  platformLimits,
  serviceSettings,
  idempotencyRecords,
  feedbackReports,
  sellers,
  products,
  variants,
  searchWords,
  categoryLabels,
};

// ---------------------------------------------------------------- carts, payment links, orders

export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone?: string;
  email?: string;
}

/** The person a checkout of UCP's binding is for (UCP's buyer): the confirmation e-mail goes to `email`. */
export interface CartBuyer {
  email?: string;
  first_name?: string;
  last_name?: string;
  phone_number?: string;
}

/** A message a mutation leaves on the cart until the next change (e.g. payment_link_cancelled). */
export interface CartNotice {
  type: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  path: string | null;
}

export const CART_STATUSES = ['open', 'checkout', 'completed', 'cancelled', 'expired'] as const;

/**
 * Carts. `owner` is the caller namespace that created it (agent profile now, credential later):
 * every other caller is answered 404. Prices, titles and delivery are read from the catalog when
 * the cart is rendered, never stored from a client. An open cart past `expires_at` is expired,
 * whoever touches it first (or the sweep) records it.
 */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    status: text('status', { enum: CART_STATUSES }).notNull().default('open'),
    currency: text('currency').notNull().default('USD'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    notices: jsonb('notices').$type<CartNotice[]>().notNull().default([]),
    orderId: text('order_id'),
    /** The platform (agent profile URL) a linked call made the cart for: OAuth token plus UCP-Agent. */
    platform: text('platform'),
    /** UCP's binding: the buyer a checkout names (the seed API leaves it null). */
    buyer: jsonb('buyer').$type<CartBuyer>(),
    /**
     * UCP's binding: the seller whose endpoint (`/store/{handle}/ucp`) made the cart; null for the
     * network's. The binding answers a cart only from the scope that made it.
     */
    scope: text('scope'),
    /**
     * UCP's binding: set once the cart is a checkout session (create_checkout), the SHA-256 of the
     * token of its stable continue_url (`/checkout/{token}`, carts/checkout-link.ts).
     */
    checkoutTokenHash: text('checkout_token_hash'),
    /**
     * ACP's binding: the account (an ACP platform, acp_platforms) whose key made the cart as a
     * checkout session; its orders' events go to that platform's registered webhook. Null otherwise.
     */
    acpPlatform: text('acp_platform'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('carts_owner_idx').on(t.owner),
    index('carts_open_expiry_idx').on(t.expiresAt).where(sql`status IN ('open', 'checkout')`),
    uniqueIndex('carts_checkout_token_hash_idx').on(t.checkoutTokenHash),
  ],
);

/** One line per variant per cart: adding a variant already in the cart adds to its line. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    // A variant a re-import drops leaves the carts with it (the feed no longer sells it).
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_variant_idx').on(t.cartId, t.variantId)],
);

/** `failed`: paid, but the provider refused to capture the payment for good; its order was voided. */
export const PAYMENT_LINK_STATUSES = ['live', 'paid', 'cancelled', 'expired', 'failed'] as const;

/**
 * Payment links a human opens at /pay/{token}. The token is not stored: it is an HMAC of the link
 * id (so the live link can be answered again), and only its SHA-256 is kept for the page's lookup.
 * The amount is fixed for the link's life. At most one live link per cart.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull().default('live'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider').notNull(),
    /** The provider's id for the payment (e.g. a Stripe Checkout Session id); null for the built-in one until paid. */
    providerReference: text('provider_reference'),
    /** Where the human pays: the provider's hosted page, or null for the built-in /pay/{token} page. */
    providerUrl: text('provider_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payment_links_token_hash_idx').on(t.tokenHash),
    uniqueIndex('payment_links_live_cart_idx').on(t.cartId).where(sql`status = 'live'`),
    index('payment_links_live_expiry_idx').on(t.expiresAt).where(sql`status = 'live'`),
  ],
);

export interface OrderLine {
  /** The cart line's id (item_…); orders placed before it was stored have none (orders/line-ids.ts derives it). */
  item_id?: string;
  variant_id: string;
  sku: string;
  product_id: string;
  seller_handle: string;
  title: string;
  variant_title: string;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
}

export interface OrderTotals {
  subtotal_cents: number;
  delivery_cents: number;
  total_cents: number;
  currency: string;
}

/**
 * `pending_payment`: an x402 payment's order, its stock taken, while the facilitator settles it
 * (server/payments/x402-settlement.ts); `placed` once the money moved. `voided`: the order was placed (or
 * pending) but its payment could never be taken (an authorization cancelled or expired at the
 * provider, a settlement refused): its stock went back and its cart is open again.
 */
export const ORDER_STATUSES = ['pending_payment', 'placed', 'voided'] as const;

/**
 * Orders: one standing order per cart at most (the unique cart_id is what makes paying twice place
 * one order). A voided order does not count, so its cart can be paid again with a new link.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id),
    owner: text('owner').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    lineItems: jsonb('line_items').$type<OrderLine[]>().notNull(),
    totals: jsonb('totals').$type<OrderTotals>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    payment: jsonb('payment').$type<{ provider: string; reference: string }>().notNull(),
    /** The verified buyer whose token made the cart (owner `buyer:<id>`); null otherwise. */
    buyerId: text('buyer_id'),
    /** The person (developer account) whose OAuth token made the cart (owner `oauth:<client>:<account>`); null otherwise. */
    accountId: text('account_id'),
    /** The platform a linked call credited the cart to (carts.platform); null otherwise. */
    platform: text('platform'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_cart_idx').on(t.cartId).where(sql`status <> 'voided'`),
    index('orders_owner_idx').on(t.owner),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt).where(sql`buyer_id IS NOT NULL`),
    index('orders_account_idx').on(t.accountId, t.createdAt).where(sql`account_id IS NOT NULL`),
  ],
);

/** Every status an order has had, in order: what order-status answers as its history. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** Provider events already handled (e.g. Stripe webhook event ids): a replayed event does nothing. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});

// ---------------------------------------------------------------- developer accounts

/**
 * A developer account: the person who signs in by e-mail link (Auth.js's "user"). Column names are
 * the Auth.js drizzle adapter's property names over snake_case columns.
 */
export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => newId('acct')),
  name: text('name'),
  email: text('email').notNull().unique(),
  emailVerified: timestamp('email_verified', { withTimezone: true, mode: 'date' }),
  image: text('image'),
  createdAt: createdAt(),
});

/** Sign-in methods linked to an account (Auth.js's accounts; e-mail links need none, OAuth logins would). */
export const accounts = pgTable(
  'accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

/**
 * Database sessions. `session_token` holds the SHA-256 of the cookie's value, never the value: a
 * copy of this table signs nobody in (server/accounts/adapter.ts hashes on the way in).
 */
export const sessions = pgTable(
  'sessions',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** E-mailed sign-in links, single use; Auth.js stores only a hash of each token. */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/**
 * Network API keys. Only the SHA-256 of the secret is kept; `prefix` (its first 12 characters)
 * lets a person tell keys apart. `first_used_at` decides whether revoking gives the mint back.
 */
export const networkKeys = pgTable(
  'network_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('network_keys_secret_hash_idx').on(t.secretHash), index('network_keys_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * One row per counted event of a rate limit (`bucket` names the limit and its subject, e.g.
 * `signin-email:<sha256>`): a limit is a count over a rolling window, shared by every instance.
 * Rows older than the longest window are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_at_idx').on(t.bucket, t.at)],
);

/**
 * The shared store of the agent surface's rate limits and request-signature nonces
 * (server/limits/): one row per fixed window of a partition (`count` of the window's budget handed
 * out in leases, `granted` by the last statement), or per nonce seen. Written by raw statements
 * only (limits/sql-store.ts), never through the query builder. UNLOGGED (edited into the generated
 * migration; drizzle-kit has no word for it, and PGlite accepts it): no WAL per lease, and a
 * crash that empties it only gives each partition its window's budget again. Swept each minute.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: bigint('count', { mode: 'number' }).notNull(),
    granted: bigint('granted', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------- buyers

/**
 * A buyer: a person's e-mail address, verified by a one-time code, known to one owner (a developer
 * account, whichever of its keys registered it, or a person through one OAuth client). No owner sees another's:
 * the same address registered by two owners is two buyers.
 */
export const buyers = pgTable(
  'buyers',
  {
    id: text('id').primaryKey(),
    /**
     * `account:<id>` (registered with a key of that account) or `oauth:<client>:<account>` (with an
     * OAuth token: the person who allowed that client, as their carts are).
     */
    owner: text('owner').notNull(),
    /** Lower case: the same address in any case is the same buyer. */
    email: text('email').notNull(),
    name: text('name'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('buyers_owner_email_idx').on(t.owner, t.email)],
);

/** The buyer's live one-time code (a new one replaces it); only its SHA-256 is kept. */
export const buyerCodes = pgTable('buyer_codes', {
  buyerId: text('buyer_id')
    .primaryKey()
    .references(() => buyers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Buyer tokens (`bt_live_…`), kept as their SHA-256. Bound to the buyer and to what verified it, a
 * key or an OAuth grant (exactly one): revoking that ends the token. It carries the scopes its
 * verifier held then, less buyer:write.
 */
export const buyerTokens = pgTable(
  'buyer_tokens',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    keyId: text('key_id').references(() => networkKeys.id, { onDelete: 'cascade' }),
    grantId: text('grant_id'),
    /**
     * The resource the verifying OAuth token was issued for (the base URL or `<base>/api/mcp`): the
     * buyer token is taken where that token was. Null: verified with a key, taken everywhere.
     */
    resource: text('resource'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('buyer_tokens_token_hash_idx').on(t.tokenHash),
    index('buyer_tokens_buyer_idx').on(t.buyerId),
    index('buyer_tokens_grant_idx').on(t.grantId).where(sql`grant_id IS NOT NULL`),
    check('buyer_tokens_one_verifier', sql`(key_id IS NULL) <> (grant_id IS NULL)`),
  ],
);

// ---------------------------------------------------------------- OAuth 2.1

/**
 * Everything oidc-provider stores (server/oauth/adapter.ts), one row per model and id: clients,
 * grants, codes, tokens, sessions, interactions. Rows are keyed by the SHA-256 of their id, since an
 * opaque token or a session cookie is its own id: a copy of this table grants nothing. `grant_id`
 * ties a grant's codes and tokens together for family revocation (a grant's own row carries its id
 * there too); a consumed code or refresh token stays until its expiry, so its reuse is recognised.
 */
export const oauthRecords = pgTable(
  'oauth_records',
  {
    model: text('model').notNull(),
    idDigest: text('id_digest').notNull(),
    grantId: text('grant_id'),
    /** A session's uid (oidc-provider looks sessions up by it). */
    uid: text('uid'),
    payload: jsonb('payload').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** Null: kept until destroyed (clients, grants). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.idDigest] }),
    index('oauth_records_grant_idx').on(t.grantId),
    index('oauth_records_uid_idx').on(t.uid),
    index('oauth_records_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A person's consent to an OAuth client: the scopes they allowed, per account and client, and the
 * grant that holds them. A later authorization asking for no more is not shown the consent page
 * again (except for checkout:write); "Connected agents" lists these and Disconnect deletes one.
 */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The client's registered name and redirect host when consent was given (what the person saw). */
    clientName: text('client_name'),
    redirectHost: text('redirect_host').notNull(),
    scopes: text('scopes').array().notNull(),
    grantId: text('grant_id').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId] }), index('oauth_consents_grant_idx').on(t.grantId)],
);

// ---------------------------------------------------------------- x402 settlement

/**
 * Wallets a buyer (owner `buyer:<buy_…>`) or a person (`person:<acct_…>`) linked with the wallet's
 * own EIP-712 signature: the only payers an x402 checkout of theirs accepts. Addresses are
 * checksummed (EIP-55).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallets_owner_address_idx').on(t.owner, t.address)],
);

export const X402_PAYMENT_STATUSES = ['pending', 'settled', 'failed'] as const;

/**
 * Every x402 payment a checkout accepted: one authorization (network in CAIP-2 form, asset, payer,
 * nonce) pays at most once, whichever x402 version carried it; a cart has at most one pending.
 * Whoever holds `lease_until` calls the facilitator's settle (a conditional update, as idempotency
 * claims are taken), so two instances never settle one payment at once.
 */
export const x402Payments = pgTable(
  'x402_payments',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: X402_PAYMENT_STATUSES }).notNull().default('pending'),
    /** The x402 version the payment came in (1: X-PAYMENT, 2: PAYMENT-SIGNATURE). */
    version: integer('version').notNull(),
    /** CAIP-2 (`eip155:84532`), whichever form the payment named it in. */
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    payer: text('payer').notNull(),
    nonce: text('nonce').notNull(),
    /** Atomic units of the asset, as authorized (a decimal string: uint256). */
    amount: text('amount').notNull(),
    validBefore: timestamp('valid_before', { withTimezone: true, mode: 'date' }).notNull(),
    /** The payment payload as received (decoded), sent to the facilitator again by a retry or the sweep. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The Idempotency-Key of the request that made it. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The facilitator's transaction (settled), or its reason (failed). */
    transaction: text('transaction'),
    failureReason: text('failure_reason'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /**
     * Settles sent to the facilitator. After one whose outcome is unknown, a remote facilitator's
     * "nonce used" or "expired" no longer proves the money did not move (payments/x402-settlement.ts).
     */
    settleAttempts: integer('settle_attempts').notNull().default(0),
    /**
     * Set once, when a pending payment past validBefore, sent to a remote facilitator whose answer
     * was lost, cannot be decided for want of a chain to ask (no X402_RPC_URL): the sweep leaves it
     * to an operator (npm run x402:reconcile, the admin API) instead of retrying it every minute.
     */
    reviewSince: timestamp('review_since', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('x402_payments_authorization_idx').on(t.network, t.asset, t.payer, t.nonce),
    uniqueIndex('x402_payments_pending_cart_idx').on(t.cartId).where(sql`status = 'pending'`),
    index('x402_payments_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/**
 * The local facilitator's book (server/x402/ledger.ts), standing in for the chain when no
 * X402_FACILITATOR_URL is set: balances in the asset's atomic units. An address it has not seen
 * holds X402_LOCAL_BALANCE.
 */
export const x402LedgerAccounts = pgTable(
  'x402_ledger_accounts',
  {
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    address: text('address').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.network, t.asset, t.address] }), check('x402_ledger_accounts_balance', sql`balance >= 0`)],
);

/** Transfers the local facilitator made: one per authorization (EIP-3009 nonces are single-use). */
export const x402LedgerTransfers = pgTable(
  'x402_ledger_transfers',
  {
    id: text('id').primaryKey(),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    from: text('from_address').notNull(),
    to: text('to_address').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    nonce: text('nonce').notNull(),
    /** keccak256 of the authorization's signature: what the ledger answers as the transaction. */
    transaction: text('transaction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('x402_ledger_transfers_authorization_idx').on(t.network, t.asset, t.from, t.nonce)],
);

// ---------------------------------------------------------------- agent profiles

/**
 * The platform profiles (UCP-Agent URLs) a developer account speaks for: on UCP's binding a key of
 * the account, or a buyer token registered with one, may name only these (else 403
 * profile_not_trusted). URLs are stored as WHATWG URL writes them, the form the pipeline compares;
 * the key is the pipeline's look-up. At most 10 per account (server/keys/agent-profiles.ts).
 */
export const accountAgentProfiles = pgTable(
  'account_agent_profiles',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.url] })],
);

// ---------------------------------------------------------------- order events (UCP order webhooks)

/**
 * The keys the service signs order webhooks with (ES256), published as `signing_keys` in every
 * business profile. The private key is stored sealed under SECRETS_KEY (`private_key_sealed`), so
 * the database alone signs nothing. A key is published from `created_at`, signs from `signs_from`
 * (a rotation publishes first and signs once cached profiles hold it), and after a newer key took
 * over stays published until `retires_at`, when the sweep drops it (server/webhooks/signing-keys.ts).
 */
export const webhookSigningKeys = pgTable('webhook_signing_keys', {
  kid: text('kid').primaryKey(),
  /** The public JWK as published: kid, kty, crv, x, y, use, alg; never a private member. */
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  signsFrom: timestamp('signs_from', { withTimezone: true, mode: 'date' }).notNull(),
  retiresAt: timestamp('retires_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const FULFILLMENT_EVENT_TYPES = ['shipped', 'delivered'] as const;

/**
 * What happened to an order's shipments, one row per seller's event (an admin records them:
 * POST /api/admin/orders/{id}/fulfillment-events). `shipped` counts into each line's
 * quantity.fulfilled; the order's status (ORDER_STATUSES) is unchanged.
 */
export const fulfillmentEvents = pgTable(
  'fulfillment_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerHandle: text('seller_handle').notNull(),
    type: text('type', { enum: FULFILLMENT_EVENT_TYPES }).notNull(),
    /** The order lines the event covers: `item_…` ids with quantities. */
    lineItems: jsonb('line_items').$type<{ id: string; quantity: number }[]>().notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('fulfillment_events_order_idx').on(t.orderId, t.occurredAt)],
);

/**
 * What a row of a transactional outbox holds to be sent by a worker of any process and tried
 * again (server/outbox/): its event's commit time, where it stands (pending, sending under a
 * lease, then one of its end states), and its last attempt.
 */
function outboxColumns<S extends readonly [string, ...string[]]>(states: S) {
  return {
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state', { enum: states }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
  };
}

export const WEBHOOK_TARGETS = ['ucp', 'acp'] as const;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed', 'skipped'] as const;

/**
 * The transactional outbox of order webhooks: one row per event per platform, inserted in the
 * transaction that wrote the event (order_events or fulfillment_events), with the body rendered
 * there once; workers in every process claim due rows (FOR UPDATE SKIP LOCKED, a lease) and send
 * them (server/webhooks/). `id` is the Webhook-Id; `occurred_at` the commit time, sent as
 * Webhook-Timestamp on every attempt.
 */
export const orderWebhookDeliveries = pgTable(
  'order_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What happened: order_placed, order_voided, fulfillment_shipped, fulfillment_delivered. */
    event: text('event').notNull(),
    /**
     * Who hears of it: `ucp`, a platform's profile (profile_url), whose order capability names the
     * webhook URL at each attempt; `acp`, an ACP platform (acp_account_id), whose registered webhook
     * URL and secret are read at each attempt.
     */
    target: text('target', { enum: WEBHOOK_TARGETS }).notNull().default('ucp'),
    profileUrl: text('profile_url'),
    acpAccountId: text('acp_account_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The seller handle of the endpoint that made the order (its profile signs as UCP-Agent); null for the network's. */
    scope: text('scope'),
    /** The body sent at every attempt, sealed under a key derived from SECRETS_KEY (webhooks/sealed-bodies.ts). */
    body: text('body').notNull(),
    ...outboxColumns(WEBHOOK_DELIVERY_STATES),
    /** The URL the last attempt went to (the profile's webhook_url then). */
    lastUrl: text('last_url'),
    lastStatus: integer('last_status'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`state IN ('pending', 'sending')`),
    index('order_webhook_deliveries_order_idx').on(t.orderId, t.profileUrl, t.createdAt),
    check('order_webhook_deliveries_target_check', sql`(target = 'ucp' AND profile_url IS NOT NULL) OR (target = 'acp' AND acp_account_id IS NOT NULL)`),
    index('order_webhook_deliveries_failed_idx').on(t.createdAt).where(sql`state = 'failed'`),
    // Bodies are stored sealed (webhooks/sealed-bodies.ts); this finds, at each start, one written in
    // the clear by an older version without reading every body kept. Empty otherwise.
    index('order_webhook_deliveries_plain_body_idx').on(t.id).where(sql`body LIKE '{%'`),
  ],
);

export const CONFIRMATION_MAIL_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * The transactional outbox of order confirmation e-mails (server/payments/confirmation-mail.ts):
 * one row per order whose cart names a buyer's e-mail, inserted in the transaction that placed
 * the order. It holds the order's id and nothing else of the message: the recipient, the lines
 * and the order's page are read and rendered at each attempt, so no link is stored.
 */
export const orderConfirmationMails = pgTable(
  'order_confirmation_mails',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...outboxColumns(CONFIRMATION_MAIL_STATES),
    createdAt: createdAt(),
  },
  (t) => [index('order_confirmation_mails_due_idx').on(t.nextAttemptAt).where(sql`state IN ('pending', 'sending')`)],
);

/** Webhook URLs that answered 410 Gone: no delivery goes there until the profile names another URL. */
export const webhookGoneUrls = pgTable('webhook_gone_urls', {
  url: text('url').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- ACP (Agentic Commerce Protocol 2026-04-17)

/**
 * An account's registration as an ACP platform (server/acp/): where its order webhooks go and the
 * HMAC secret they are signed with (`Merchant-Signature`), sealed under SECRETS_KEY so the database
 * alone signs nothing; and, optionally, the public JWK its requests' `Signature` verifies with.
 */
export const acpPlatforms = pgTable('acp_platforms', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  webhookUrl: text('webhook_url'),
  webhookSecretSealed: text('webhook_secret_sealed'),
  signingJwk: jsonb('signing_jwk').$type<Record<string, string>>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const DELEGATED_OUTCOMES = ['authorize', 'decline'] as const;

/**
 * Payment tokens this service issued as ACP's test PSP (delegate_payment): only the token's SHA-256
 * is kept, with its allowance, the key that asked for it and what the card will do (the test
 * cards' outcome); never the card number or CVC. `used_at` is set once, by the conditional update
 * that claims the token for a payment (a decline keeps it used).
 */
export const acpDelegatedTokens = pgTable(
  'acp_delegated_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => networkKeys.id, { onDelete: 'cascade' }),
    checkoutSessionId: text('checkout_session_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    /** The allowance's max_amount, in the currency's minor units. */
    maxAmount: integer('max_amount').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    cardLast4: text('card_last4').notNull(),
    outcome: text('outcome', { enum: DELEGATED_OUTCOMES }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('acp_delegated_tokens_expiry_idx').on(t.expiresAt)],
);
