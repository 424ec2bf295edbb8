/**
 * The demo network a fresh install starts with: ~50 sellers and ~5,000 generated products (fixed
 * seed), including the sellers and products the docs and examples name (`acme-outdoors`,
 * `Café Müller`, "Wireless Headphones"). Seeded once, on an empty database, in one transaction.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { CATALOG_EPOCH, CatalogGenerator, type FeaturedSeller, type GeneratorOptions } from './generator';
import { upsertSellers, writeProducts } from './writer';

const HEADPHONES = 'Electronics > Audio > Headphones';

export const DEMO_FEATURED_SELLERS: FeaturedSeller[] = [
  {
    name: 'Acme Outdoors',
    handle: 'acme-outdoors',
    focus: [
      'Sporting Goods > Outdoor Recreation',
      'Apparel & Accessories > Clothing > Outerwear',
      'Apparel & Accessories > Shoes > Boots',
    ],
    homeCountry: 'US',
  },
  {
    name: 'Café Müller',
    handle: 'cafe-muller',
    focus: [
      'Food, Beverages & Tobacco',
      'Home & Garden > Kitchen & Dining > Kitchen Appliances',
      'Home & Garden > Kitchen & Dining > Tableware',
    ],
    homeCountry: 'DE',
  },
  {
    name: 'Northwind Audio',
    handle: 'northwind-audio',
    focus: ['Electronics > Audio'],
    homeCountry: 'US',
    // The search examples: one exact title and several that contain it.
    pinned: [
      'Wireless Headphones',
      'Aurora Wireless Headphones',
      'Wireless Headphones Pro X',
      'Northwind Wireless Headphones 2',
      'Studio Monitor Wireless Headphones',
      "Kids' Wireless Headphones – Volume Limited",
    ].map((title) => ({ title, category: HEADPHONES })),
  },
];

// Dated from a fixed day, not today: the published examples record the demo's policy dates, and
// the demo catalog must be a pure function of its seed to keep them true on any day.
export const DEMO_CATALOG: GeneratorOptions = { sellers: 50, products: 5000, seed: 424242, now: CATALOG_EPOCH, featured: DEMO_FEATURED_SELLERS };

// Any constant; it only has to be the same for every instance that might seed at once.
const DEMO_SEED_LOCK = 724242;

/** Seeds the demo network when there are no sellers yet; returns what it wrote, or null. */
export async function ensureDemoCatalog(db: Db): Promise<{ sellers: number; products: number } | null> {
  // One transaction: a crash leaves no half-seeded demo, and the advisory lock keeps two servers
  // starting together on one Postgres from both seeding.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const [existing] = await rows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM sellers) AS any`);
    if (existing.any) return null;

    const generator = new CatalogGenerator(DEMO_CATALOG);
    const sellerIds = await upsertSellers(tx, generator.sellers);
    let products = 0;
    for (const chunk of generator.chunks()) {
      await writeProducts(tx, sellerIds.get(chunk.seller.handle)!, chunk.products);
      products += chunk.products.length;
    }
    return { sellers: generator.sellers.length, products };
  });
}
