/**
 * The catalog as an ACP 2026-04-17 product feed (rfcs/rfc.product_feeds.md §3.4, "offline full
 * replacement"): `metadata.json`, a `FeedMetadata` naming the feed id the agent gave, and
 * `products.jsonl`, one `Product` a line (schema.feed.json). The Feed API is hosted by the agent
 * (§3.1), so this service publishes files for the merchant to hand over, and serves nothing.
 *
 * Choices the RFC leaves to a merchant:
 * - A `Variant.id` is the catalog's variant id (var_…): what the seed API's carts, UCP's and ACP's
 *   checkout take as an item id as it is (§3.2: no mapping outside the feed).
 * - Prices are the variants' own, in minor units (cents) with the upper-case currency the feed's
 *   `Price` wants (checkout says `usd`); informational, as §3.3 has it: checkout prices anew.
 * - Availability is `in_stock` while stock is untracked or above zero, else `out_of_stock`; an
 *   unavailable variant is listed (a full replacement drops what it omits, and an agent should
 *   learn it went out of stock rather than that it vanished).
 * - The category is the catalog's path under the `merchant` taxonomy (Google-style, not Google's);
 *   the brand has no field in a feed `Product` and is left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';
import { productsAfter, sellerPolicyLinks, type CatalogProduct } from './lookup';

/** Products read per statement: a page's JSON is a few hundred kilobytes, whatever the catalog's size. */
export const ACP_FEED_PAGE = 500;

export const ACP_FEED_FILES = { metadata: 'metadata.json', products: 'products.jsonl' } as const;

export interface AcpFeedMetadata {
  id: string;
  updated_at: string;
}

interface Price {
  amount: number;
  currency: string;
}

export interface AcpFeedVariant {
  id: string;
  title: string;
  barcodes?: { type: 'GTIN'; value: string }[];
  price: Price;
  availability: { available: boolean; status: 'in_stock' | 'out_of_stock' };
  categories: { value: string; taxonomy: 'merchant' }[];
  variant_options?: { name: string; value: string }[];
  seller: { name: string; links: ReturnType<typeof sellerPolicyLinks> };
}

export interface AcpFeedProduct {
  id: string;
  title: string;
  description?: { plain: string };
  url?: string;
  media?: { type: 'image'; url: string }[];
  variants: AcpFeedVariant[];
}

/** One catalog product as a feed `Product`, every variant listed (cheapest first). */
export function acpFeedProduct(product: CatalogProduct): AcpFeedProduct {
  const seller = { name: product.seller_name, links: sellerPolicyLinks(product.seller_policy_urls) };
  const categories = [{ value: product.category, taxonomy: 'merchant' as const }];
  return {
    id: product.id,
    title: product.title,
    // A Description needs one member, and an empty one says nothing.
    ...(product.description ? { description: { plain: product.description } } : {}),
    ...(product.url ? { url: product.url } : {}),
    ...(product.images.length ? { media: product.images.map((url) => ({ type: 'image' as const, url })) } : {}),
    variants: product.variants.map((variant) => {
      const options = Object.entries(variant.options).map(([name, value]) => ({ name, value }));
      const available = variant.stock === null || variant.stock > 0;
      return {
        id: variant.id,
        // Standing alone in an agent's index, a variant is named with its product: "Parka - Navy / M".
        title: options.length ? `${product.title} - ${options.map((o) => o.value).join(' / ')}` : product.title,
        ...(variant.gtin ? { barcodes: [{ type: 'GTIN' as const, value: variant.gtin }] } : {}),
        price: { amount: variant.price_cents, currency: variant.currency.toUpperCase() },
        availability: available ? { available: true, status: 'in_stock' as const } : { available: false, status: 'out_of_stock' as const },
        categories,
        ...(options.length ? { variant_options: options } : {}),
        seller,
      };
    }),
  };
}

/**
 * Every product of the catalog as a feed `Product`, a page at a time (ACP_FEED_PAGE): at most one
 * page is held. Each page is its own statement, not one snapshot (a snapshot held over a million
 * products would hold back vacuum for minutes): a product written during the run is listed if its
 * id sorts after the cursor, as an import's new products do (ids are time-ordered, lib/ids.ts).
 */
export async function* acpFeedProducts(db: Db, pageSize = ACP_FEED_PAGE): AsyncGenerator<AcpFeedProduct> {
  let after: string | null = null;
  for (;;) {
    const page = await productsAfter(db, after, pageSize);
    for (const product of page) yield acpFeedProduct(product);
    if (page.length < pageSize) return;
    after = page[page.length - 1].id;
  }
}

export interface WrittenFeed {
  products: number;
  variants: number;
  files: { metadata: string; products: string };
}

/**
 * Writes the feed into `dir` (made if missing): products.jsonl first, under a temporary name
 * renamed when complete, then metadata.json, so a reader never finds a half-written feed beside
 * the metadata of a finished one. `updated_at` is when reading began: nothing older is missing.
 */
export async function writeAcpFeed(db: Db, dir: string, feedId: string, opts: { now?: Date; pageSize?: number } = {}): Promise<WrittenFeed> {
  const updatedAt = (opts.now ?? new Date()).toISOString();
  const files = { metadata: path.join(dir, ACP_FEED_FILES.metadata), products: path.join(dir, ACP_FEED_FILES.products) };
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${files.products}.partial`;
  let products = 0;
  let variants = 0;
  await pipeline(async function* () {
    for await (const product of acpFeedProducts(db, opts.pageSize)) {
      products++;
      variants += product.variants.length;
      yield `${JSON.stringify(product)}\n`;
    }
  }, fs.createWriteStream(partial));
  fs.renameSync(partial, files.products);
  const metadata: AcpFeedMetadata = { id: feedId, updated_at: updatedAt };
  fs.writeFileSync(files.metadata, `${JSON.stringify(metadata, null, 2)}\n`);
  return { products, variants, files };
}
