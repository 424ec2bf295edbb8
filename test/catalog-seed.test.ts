import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { CatalogGenerator, gtin13, type GeneratorOptions } from '../server/catalog/generator';
import { LEAF_CATEGORIES } from '../server/catalog/taxonomy';
import { dropForBulkLoad, restoreAfterBulkLoad } from '../server/catalog/bulk-load';
import { upsertSellers, vocabularyWords, writeProducts } from '../server/catalog/writer';
import { rows } from '../server/db/client';
import { UNTRACKED_STOCK } from '../server/db/schema';
import { testDatabase, type TestDatabase } from './support/app';

const NOW = new Date('2026-01-15T00:00:00Z');
const OPTIONS: GeneratorOptions = { sellers: 40, products: 4000, seed: 7, now: NOW };

function allProducts(opts: GeneratorOptions) {
  return [...new CatalogGenerator(opts).chunks()].flatMap((c) => c.products.map((p) => ({ seller: c.seller.handle, ...p })));
}

describe('catalog generator', () => {
  it('gives the same sellers and products for the same seed, whatever the batch size', () => {
    const a = new CatalogGenerator(OPTIONS);
    const b = new CatalogGenerator({ ...OPTIONS, batchSize: 7 });
    expect(b.sellers).toEqual(a.sellers);
    expect(allProducts({ ...OPTIONS, batchSize: 7 })).toEqual(allProducts(OPTIONS));
  });

  it('gives different data for another seed', () => {
    const a = new CatalogGenerator(OPTIONS).sellers.map((s) => s.handle);
    const b = new CatalogGenerator({ ...OPTIONS, seed: 8 }).sellers.map((s) => s.handle);
    expect(b).not.toEqual(a);
  });

  it('yields bounded chunks that add up to the requested catalog', () => {
    const generator = new CatalogGenerator({ ...OPTIONS, batchSize: 50 });
    let total = 0;
    for (const chunk of generator.chunks()) {
      expect(chunk.products.length).toBeGreaterThan(0);
      expect(chunk.products.length).toBeLessThanOrEqual(50);
      total += chunk.products.length;
    }
    expect(total).toBe(OPTIONS.products);
    expect(generator.sellers.reduce((n, s) => n + s.productCount, 0)).toBe(OPTIONS.products);
  });

  it('makes well-formed sellers', () => {
    const { sellers } = new CatalogGenerator(OPTIONS);
    expect(new Set(sellers.map((s) => s.handle)).size).toBe(sellers.length);
    for (const s of sellers) {
      expect(s.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.domains[0]).toBe(`${s.handle}.shop`);
      expect(s.currency).toBe('USD');
      expect(s.delivery.length).toBeGreaterThanOrEqual(2);
      for (const zone of s.delivery) {
        expect(zone.country).toMatch(/^[A-Z]{2}$/);
        expect(zone.min_days).toBeLessThanOrEqual(zone.max_days);
      }
      expect(s.policies.returns.return_window_days).toBeGreaterThan(0);
      expect(typeof s.policies.returns.free_returns).toBe('boolean');
      expect(s.policies.shipping.processing_days).toBeGreaterThan(0);
      for (const doc of Object.values(s.policies)) expect(doc.url).toMatch(new RegExp(`^https://${s.handle}\\.shop/policies/`));
    }
  });

  it('makes realistic, varied products', () => {
    const products = allProducts(OPTIONS);
    const leaves = new Set(LEAF_CATEGORIES.map((c) => c.path));
    const words = new Set<string>();
    const skus = new Set<string>();
    const yearAgo = NOW.getTime() - 366 * 86_400_000;
    for (const p of products) {
      expect(leaves.has(p.category)).toBe(true);
      expect(p.variants.length).toBeGreaterThanOrEqual(1);
      expect(p.variants.length).toBeLessThanOrEqual(4);
      expect(p.createdAt!.getTime()).toBeGreaterThan(yearAgo);
      expect(p.createdAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      for (const v of p.variants) {
        expect(Number.isInteger(v.priceCents) && v.priceCents > 0).toBe(true);
        expect(skus.has(`${p.seller}/${v.sku}`)).toBe(false);
        skus.add(`${p.seller}/${v.sku}`);
        if (v.gtin) expect(gtin13(v.gtin.slice(0, 12))).toBe(v.gtin);
      }
      for (const w of vocabularyWords(p.title)) words.add(w);
    }
    expect(words.size).toBeGreaterThan(600);
    expect(products.some((p) => p.variants.every((v) => v.stock === 0))).toBe(true);
    expect(products.some((p) => p.variants.some((v) => v.stock === null))).toBe(true);
    expect(products.some((p) => p.variants.some((v) => v.options.size && v.options.color))).toBe(true);
    expect(LEAF_CATEGORIES.length).toBeGreaterThanOrEqual(40);
    expect(LEAF_CATEGORIES.length).toBeLessThanOrEqual(80);
  });
});

describe('demo catalog', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await testDatabase();
  });
  afterAll(() => tdb.drop());

  const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(tdb.database.db, query))[0].n;

  it('seeds an empty database with the demo network', async () => {
    const started = performance.now();
    expect(await ensureDemoCatalog(tdb.database.db)).toEqual({ sellers: 50, products: 5000 });
    expect(performance.now() - started).toBeLessThan(15_000);
    const db = tdb.database.db;

    expect(await count(sql`SELECT count(*)::int AS n FROM sellers`)).toBe(50);
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(5000);

    const [acme] = await rows<{ name: string; domains: string[] }>(db, sql`SELECT name, domains FROM sellers WHERE handle = 'acme-outdoors'`);
    expect(acme.name).toBe('Acme Outdoors');
    expect(acme.domains).toContain('acme-outdoors.shop');
    const [cafe] = await rows<{ name: string; name_key: string }>(db, sql`SELECT name, name_key FROM sellers WHERE handle = 'cafe-muller'`);
    expect(cafe).toEqual({ name: 'Café Müller', name_key: 'cafe muller' });

    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE title = 'Wireless Headphones'`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE title ILIKE '%wireless headphones%'`)).toBeGreaterThanOrEqual(5);
    // Out of stock: every variant at 0. Untracked: some variant without a count.
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE stock_max = 0 AND price_min_in_stock IS NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE stock_max = ${UNTRACKED_STOCK}`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM search_words`)).toBeGreaterThan(500);
  });

  it('never reseeds a database that has sellers', async () => {
    expect(await ensureDemoCatalog(tdb.database.db)).toBeNull();
    expect(await count(sql`SELECT count(*)::int AS n FROM sellers`)).toBe(50);
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(5000);
  });

  it('leaves a database with its own sellers alone', async () => {
    const other = await testDatabase();
    try {
      const [first] = new CatalogGenerator({ sellers: 1, products: 0, seed: 1 }).sellers;
      await upsertSellers(other.database.db, [first]);
      expect(await ensureDemoCatalog(other.database.db)).toBeNull();
      expect((await rows<{ n: number }>(other.database.db, sql`SELECT count(*)::int AS n FROM products`))[0].n).toBe(0);
    } finally {
      await other.drop();
    }
  });
});

describe('bulk load', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await testDatabase();
  });
  afterAll(() => tdb.drop());

  const schemaObjects = async () => {
    const db = tdb.database.db;
    const indexes = await rows<{ def: string }>(
      db,
      sql`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('products', 'variants') ORDER BY 1`,
    );
    const keys = await rows<{ def: string }>(
      db,
      sql`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE contype = 'f' AND conrelid IN ('products'::regclass, 'variants'::regclass) ORDER BY 1`,
    );
    return { indexes: indexes.map((r) => r.def), keys: keys.map((r) => r.def) };
  };

  it('loads without secondary indexes and foreign keys, and an interrupted load gets them back from the next call', async () => {
    const db = tdb.database.db;
    const before = await schemaObjects();
    expect(before.keys).toHaveLength(2);

    const dropped = await dropForBulkLoad(db);
    expect(dropped.foreignKeys.sort()).toEqual(['products_seller_id_sellers_id_fk', 'variants_product_id_products_id_fk']);
    expect(dropped.indexes.length).toBeGreaterThan(10);
    const during = await schemaObjects();
    expect(during.keys).toEqual([]);
    // The writer's upserts need the unique indexes: those stay.
    expect(during.indexes.every((d) => d.startsWith('CREATE UNIQUE INDEX'))).toBe(true);

    const generator = new CatalogGenerator({ sellers: 3, products: 60, seed: 3, now: NOW });
    const ids = await upsertSellers(db, generator.sellers);
    for (const { seller, products } of generator.chunks()) await writeProducts(db, ids.get(seller.handle)!, products);

    // The process died here; the next seed starts by putting back what is pending.
    const restored = await restoreAfterBulkLoad(db);
    expect(restored.indexes.sort()).toEqual(dropped.indexes.sort());
    expect(await schemaObjects()).toEqual(before);
    expect(await restoreAfterBulkLoad(db)).toEqual({ indexes: [], foreignKeys: [] });

    // The keys are enforced again.
    const orphan = await db
      .execute(sql`INSERT INTO variants (id, product_id, seller_id, sku, options, price_cents, currency, stock)
                   VALUES ('var_orphan', 'prod_missing', ${ids.get(generator.sellers[0].handle)!}, 'orphan-1', '{}', 100, 'USD', 1)`)
      .then(() => null, (err: Error) => err);
    expect(String((orphan?.cause as Error | undefined)?.message)).toMatch(/foreign key/);
  });
});
