/**
 * Small catalog fixtures for tests, written through the real catalog writer so the denormalised
 * price and stock columns and the search vocabulary are exactly what imports produce.
 */
import type { Db } from '../../server/db/client';
import type { ProductInput, SellerInput, VariantInput } from '../../server/catalog/writer';
import { upsertSellers, writeProducts } from '../../server/catalog/writer';

export function seller(handle: string, overrides: Partial<SellerInput> = {}): SellerInput {
  const policy = (kind: string) => ({ summary: `${kind} policy of ${handle}`, url: `https://${handle}.example/${kind}` });
  return {
    handle,
    name: handle.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    domains: [`${handle}.example`],
    description: `The ${handle} store.`,
    currency: 'USD',
    delivery: [
      { country: 'US', price_cents: 499, free_over_cents: 5000, min_days: 2, max_days: 5 },
      { country: 'CA', price_cents: 1299, min_days: 5, max_days: 10 },
    ],
    policies: {
      returns: { ...policy('returns'), return_window_days: 30, free_returns: true },
      shipping: { ...policy('shipping'), processing_days: 1 },
      privacy: policy('privacy'),
      terms: policy('terms'),
    },
    ...overrides,
  };
}

export function variant(sku: string, priceCents: number, stock: number | null): VariantInput {
  return { sku, options: {}, priceCents, currency: 'USD', stock };
}

export interface ProductSpec {
  title: string;
  description?: string;
  brand?: string | null;
  category?: string;
  createdAt?: Date;
  /** [price cents, stock] per variant; stock null = untracked. */
  variants?: [number, number | null][];
}

let sequence = 0;

export function product(spec: ProductSpec): ProductInput {
  const externalId = `ext-${++sequence}`;
  return {
    externalId,
    title: spec.title,
    description: spec.description ?? '',
    brand: spec.brand ?? null,
    category: spec.category ?? 'Misc',
    images: [`https://img.example/${externalId}.jpg`],
    createdAt: spec.createdAt,
    variants: (spec.variants ?? [[1000, 5]]).map(([price, stock], i) => variant(`${externalId}-v${i}`, price, stock)),
  };
}

/** Creates sellers and their products; returns handle → seller id. */
export async function seedCatalog(db: Db, catalog: { seller: SellerInput; products: ProductSpec[] }[]): Promise<Map<string, string>> {
  const ids = await upsertSellers(db, catalog.map((c) => c.seller));
  for (const c of catalog) await writeProducts(db, ids.get(c.seller.handle)!, c.products.map(product));
  return ids;
}

/** Two sellers and a few products: enough for tests that exercise the transports, not search. */
export function seedSmallCatalog(db: Db): Promise<Map<string, string>> {
  return seedCatalog(db, [
    {
      seller: seller('acme-outdoors', { name: 'Acme Outdoors' }),
      products: [
        { title: 'Merino Trail Socks', brand: 'Acme', category: 'Apparel > Socks', variants: [[1800, 12], [1900, 0]] },
        { title: 'Merino Base Layer', brand: 'Acme', category: 'Apparel > Tops', variants: [[6400, 3]] },
        { title: 'Trail Backpack', category: 'Outdoors > Bags', variants: [[8900, null]] },
      ],
    },
    { seller: seller('kettle-and-co', { name: 'Kettle & Co' }), products: [{ title: 'Stoneware Mug', category: 'Home > Kitchen' }] },
  ]);
}
