/**
 * Sellers: the one selector (handle, domain or name) shared by the profile, policies and
 * per-seller manifest endpoints, the lookup with its "did you mean" answer, and the listing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import type { DeliveryZone, SellerPolicies } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { cursorScope, decodeCursor, encodeCursor } from './cursor';
import { handleLikePart, normaliseHost, siteCandidates } from './domain-name';
import { nameKey } from './writer';

/** Text with LIKE's wildcards (and the backslash escape itself) escaped with a backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SELLER_SELECTORS = ['handle', 'domain', 'name'] as const;
export type SellerSelector = { by: (typeof SELLER_SELECTORS)[number]; value: string };

/** Exactly one of handle, domain, name, non-empty; anything else is `invalid_seller_selector`. */
export function parseSellerSelector(input: Partial<Record<SellerSelector['by'], string>>): SellerSelector {
  const given = SELLER_SELECTORS.filter((by) => input[by] !== undefined);
  if (given.length !== 1) {
    throw new ApiError('invalid_seller_selector', {
      message: given.length
        ? `Select the seller with one of handle, domain or name, not ${given.join(' and ')}.`
        : 'Select the seller with one of handle, domain or name, e.g. ?handle=acme-outdoors.',
    });
  }
  const by = given[0];
  const value = input[by]!.trim();
  if (!value) throw new ApiError('invalid_seller_selector', { message: `${by} is empty.` });
  return { by, value };
}

export interface SellerRecord {
  id: string;
  handle: string;
  name: string;
  domains: string[];
  description: string;
  logo_url: string | null;
  currency: string;
  delivery: DeliveryZone[];
  policies: SellerPolicies;
  catalog_size: number;
}

/** Live product count: an index-only count on products_seller_newest_idx. */
const CATALOG_SIZE = sql`(SELECT count(*)::int FROM products p WHERE p.seller_id = s.id)`;
const SELLER_COLUMNS = sql`s.id, s.handle, s.name, s.domains, s.description, s.logo_url, s.currency, s.delivery, s.policies, ${CATALOG_SIZE} AS catalog_size`;

/** Whether a seller has this handle (as stored: lower case): one probe of the unique index, nothing else read. */
export async function sellerHandleExists(db: Db, handle: string): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM sellers s WHERE s.handle = ${handle}`)).length > 0;
}

/** The selected seller, or 404 SELLER_NOT_FOUND with up to 3 similar sellers in `details.did_you_mean`. */
export async function findSeller(db: Db, selector: SellerSelector): Promise<SellerRecord> {
  let where: SQL;
  let probe: string;
  let hosts: string[] = [];
  switch (selector.by) {
    case 'handle':
      probe = selector.value.toLowerCase();
      where = sql`s.handle = ${probe}`;
      break;
    case 'name':
      probe = nameKey(selector.value);
      where = sql`s.name_key = ${probe}`;
      break;
    case 'domain': {
      const host = normaliseHost(selector.value);
      if (!host) {
        throw new ApiError('invalid_seller_selector', { message: `domain "${selector.value}" is neither a URL nor a host name.` });
      }
      hosts = siteCandidates(host);
      probe = handleLikePart(host);
      where = sql`s.domains && ARRAY[${sql.join(hosts.map((h) => sql`${h}`), sql`, `)}]::text[]`;
      break;
    }
  }
  const found = await rows<SellerRecord>(db, sql`SELECT ${SELLER_COLUMNS} FROM sellers s WHERE ${where} ORDER BY s.created_at, s.handle LIMIT 20`);
  if (found.length > 1 && selector.by === 'name') {
    throw new ApiError('invalid_seller_selector', {
      message: `${found.length} sellers are named "${selector.value}"; select one by handle.`,
      details: { matches: found.map((s) => ({ handle: s.handle, name: s.name })) },
    });
  }
  // For a domain, the most specific registered host wins (a store on a subdomain over its parent).
  const seller = selector.by === 'domain' ? hosts.map((h) => found.find((s) => s.domains.includes(h))).find(Boolean) : found[0];
  if (seller) return seller;
  throw new ApiError('SELLER_NOT_FOUND', {
    message: `No seller has ${selector.by} "${selector.value}".`,
    details: { did_you_mean: await similarSellers(db, probe) },
  });
}

/** Up to 3 sellers whose handle or name is most like the probe (pg_trgm, indexed). */
export async function similarSellers(db: Db, probe: string): Promise<{ handle: string; name: string }[]> {
  return rows<{ handle: string; name: string }>(
    db,
    sql`SELECT s.handle, s.name FROM sellers s
        WHERE s.handle % ${probe} OR s.name_key % ${probe}
        ORDER BY greatest(similarity(s.handle, ${probe}), similarity(s.name_key, ${probe})) DESC, s.handle
        LIMIT 3`,
  );
}

/**
 * What a seller's delivery zones add up to: where it ships, the cheapest delivery, the lowest
 * free-delivery threshold (absent when no zone has one) and the delivery time range in days.
 */
export interface DeliveryCoverage {
  countries: string[];
  min_price_cents: number | null;
  free_over_cents_min?: number;
  fastest_days: number | null;
  slowest_days: number | null;
}

export function deliveryCoverage(zones: DeliveryZone[]): DeliveryCoverage {
  const min = (values: number[]) => (values.length ? Math.min(...values) : null);
  const freeOver = min(zones.flatMap((z) => (z.free_over_cents == null ? [] : [z.free_over_cents])));
  return {
    countries: [...new Set(zones.map((z) => z.country))].sort(),
    min_price_cents: min(zones.map((z) => z.price_cents)),
    ...(freeOver !== null && { free_over_cents_min: freeOver }),
    fastest_days: min(zones.map((z) => z.min_days)),
    slowest_days: zones.length ? Math.max(...zones.map((z) => z.max_days)) : null,
  };
}

/** Where an agent goes next from a seller. */
export function sellerLinks(baseUrl: string, handle: string) {
  const h = encodeURIComponent(handle);
  return {
    policies: `${baseUrl}/api/agent/policies?handle=${h}`,
    manifest: `${baseUrl}/store/${h}/.well-known/ucp`,
    search: `${baseUrl}/api/agent/search?seller_handle=${h}`,
  };
}

export interface SellerListParams {
  limit: number;
  cursor?: string;
  q?: string;
  ships_to?: string;
}

export interface SellerListPage {
  sellers: (Omit<SellerRecord, 'id' | 'logo_url' | 'policies' | 'delivery'> & { delivery_coverage: DeliveryCoverage })[];
  nextCursor: string | null;
}

const isHandleKey = (key: unknown): key is string => typeof key === 'string';

/**
 * Sellers by handle, keyset-paginated. `q` matches a substring of the handle or of the name
 * (case and accents ignored) or a similar word of the name (pg_trgm word similarity, so
 * "outdors" finds "Acme Outdoors"); `ships_to` keeps sellers with a delivery zone for that country.
 */
export async function listSellers(db: Db, cursorSecret: Buffer, params: SellerListParams): Promise<SellerListPage> {
  const key = params.q ? nameKey(params.q) : undefined;
  const scope = cursorScope({ q: key, ships_to: params.ships_to });
  const after = params.cursor ? decodeCursor(cursorSecret, scope, params.cursor, isHandleKey) : undefined;

  const where: SQL[] = [];
  if (after) where.push(sql`s.handle > ${after.key}`);
  if (key) {
    // Handles spell spaces as dashes: "deja vu" finds cafe-deja-vu.
    const slug = key.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
    const matches = [sql`s.name_key LIKE ${`%${escapeLike(key)}%`} ESCAPE '\\'`, sql`${key} <% s.name_key`];
    if (slug) matches.push(sql`s.handle LIKE ${`%${slug}%`}`);
    where.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  if (params.ships_to) where.push(sql`s.delivery @> ${JSON.stringify([{ country: params.ships_to }])}::jsonb`);

  const found = await rows<SellerRecord>(
    db,
    sql`SELECT ${SELLER_COLUMNS} FROM sellers s ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY s.handle LIMIT ${params.limit + 1}`,
  );
  const page = found.slice(0, params.limit);
  const served = (after?.served ?? 0) + page.length;
  return {
    sellers: page.map((s) => ({
      handle: s.handle,
      name: s.name,
      domains: s.domains,
      description: s.description,
      currency: s.currency,
      catalog_size: s.catalog_size,
      delivery_coverage: deliveryCoverage(s.delivery),
    })),
    nextCursor: found.length > params.limit ? encodeCursor(cursorSecret, scope, { key: page.at(-1)!.handle, served }) : null,
  };
}
