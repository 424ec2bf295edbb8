import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '../server/catalog/feed-import';
import { UnknownSellerError, importProducts, sellerIdByHandle, type ImportOptions } from '../server/catalog/feed-store';
import { CatalogGenerator } from '../server/catalog/generator';
import { upsertSellers, type ProductInput } from '../server/catalog/writer';
import { rows } from '../server/db/client';
import { UNTRACKED_STOCK } from '../server/db/schema';
import { testDatabase, type TestDatabase } from './support/app';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FEEDS = path.join(ROOT, 'test/fixtures/feeds');
const feedText = (name: string) => fs.readFileSync(path.join(FEEDS, name), 'utf8');
const parsed = (name: string, text = feedText(name)) => parseFeed(name, text);

interface VariantRow {
  sku: string;
  options: Record<string, string>;
  price_cents: number;
  stock: number | null;
  gtin: string | null;
}

let tdb: TestDatabase;
const db = () => tdb.database.db;
async function importInto(handle: string, products: ProductInput[], opts?: ImportOptions) {
  return importProducts(db(), await sellerIdByHandle(db(), handle), products, opts);
}

async function counts() {
  const [c] = await rows<{ products: number; variants: number }>(
    db(),
    sql`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM variants)::int AS variants`,
  );
  return c;
}

async function product(externalId: string) {
  const [p] = await rows<{ id: string; title: string; brand: string | null; category: string; images: string[]; url: string | null; price_min: number; price_min_in_stock: number | null; stock_max: number }>(
    db(),
    sql`SELECT id, title, brand, category, images, url, price_min, price_min_in_stock, stock_max FROM products WHERE external_id = ${externalId}`,
  );
  const variants = await rows<VariantRow>(db(), sql`SELECT sku, options, price_cents, stock, gtin FROM variants WHERE product_id = ${p.id} ORDER BY sku`);
  return { ...p, variants };
}

beforeAll(async () => {
  tdb = await testDatabase();
  const [acme, audio] = new CatalogGenerator({ sellers: 2, products: 0, seed: 3 }).sellers;
  await upsertSellers(db(), [
    { ...acme, handle: 'acme-outdoors', name: 'Acme Outdoors' },
    { ...audio, handle: 'northwind-audio', name: 'Northwind Audio' },
  ]);
});
afterAll(() => tdb.drop());

describe('Merchant Center TSV import', () => {
  it('imports products, variant groups, prices, stock and categories', async () => {
    const feed = parsed('good-merchant.tsv');
    expect(feed.problems).toEqual([]);
    expect(await importInto('acme-outdoors', feed.products)).toEqual({ inserted: 4, updated: 0 });

    const tee = await product('TEE-NAVY');
    expect(tee).toMatchObject({ title: 'Merino Crew T-Shirt', brand: 'Acme', category: 'Apparel & Accessories > Clothing > Shirts & Tops' });
    expect(tee.variants).toEqual([
      { sku: 'TEE-NAVY-L', options: { size: 'L', color: 'Navy' }, price_cents: 4150, stock: null, gtin: null },
      { sku: 'TEE-NAVY-M', options: { size: 'M', color: 'Navy' }, price_cents: 3900, stock: 8, gtin: null },
      { sku: 'TEE-NAVY-S', options: { size: 'S', color: 'Navy' }, price_cents: 3900, stock: 12, gtin: '4006381333931' },
    ]);
    expect(tee).toMatchObject({ price_min: 3900, price_min_in_stock: 3900, stock_max: UNTRACKED_STOCK });

    const lantern = await product('LANTERN-01');
    expect(lantern.variants).toEqual([{ sku: 'LANTERN-01', options: {}, price_cents: 2495, stock: 0, gtin: '5012345678900' }]);
    expect(lantern).toMatchObject({ stock_max: 0, price_min_in_stock: null });

    const mug = await product('MUG-ENAMEL');
    expect(mug).toMatchObject({ brand: null, price_min: 1250, stock_max: UNTRACKED_STOCK });
    expect((await product('TENT-2P')).variants[0]).toMatchObject({ price_cents: 34900, stock: 5 });
  });

  it('re-import upserts by seller and sku: no duplicates, new prices, dropped variants removed', async () => {
    const before = await counts();
    const changed = feedText('good-merchant.tsv')
      .replace('TEE-NAVY-S\tTEE-NAVY\tMerino Crew T-Shirt', 'TEE-NAVY-S\tTEE-NAVY\tMerino Crew Tee')
      .replace(/^TEE-NAVY-S(.*)\t39\.00 USD/m, 'TEE-NAVY-S$1\t35.00 USD')
      .split('\n')
      .filter((line) => !line.startsWith('TEE-NAVY-L'))
      .join('\n');
    const feed = parsed('good-merchant.tsv', changed);
    expect(feed.problems).toEqual([]);
    expect(await importInto('acme-outdoors', feed.products)).toEqual({ inserted: 0, updated: 4 });

    expect(await counts()).toEqual({ products: before.products, variants: before.variants - 1 });
    const tee = await product('TEE-NAVY');
    expect(tee.title).toBe('Merino Crew Tee');
    expect(tee.variants.map((v) => [v.sku, v.price_cents])).toEqual([
      ['TEE-NAVY-M', 3900],
      ['TEE-NAVY-S', 3500],
    ]);
    expect(tee).toMatchObject({ price_min: 3500, stock_max: 12 });
  });

  it('reports every bad row with its line number and reason, and writes nothing', async () => {
    const before = await counts();
    const feed = parsed('bad-merchant.tsv');
    expect(feed.products).toEqual([]);
    expect(feed.problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'unsupported_currency'],
      [3, 'missing_field'],
      [4, 'invalid_price'],
      [5, 'invalid_price'],
      [6, 'invalid_availability'],
      [7, 'invalid_gtin'],
      [8, 'duplicate_sku'],
      [10, 'invalid_category'],
      [11, 'too_long'],
    ]);
    expect(feed.problems[0].message).toContain('EUR');
    expect(feed.problems[1].message).toContain('title');
    expect(feed.problems[6].message).toContain('line 2');
    expect(feed.problems[7].message).toContain('no path segment');
    expect(feed.problems[8].message).toContain('at most 500');
    expect(await counts()).toEqual(before);
  });
});

describe('schema.org JSON-LD import', () => {
  it('imports products with one variant per offer', async () => {
    const feed = parsed('good-products.jsonl');
    expect(feed.problems).toEqual([]);
    expect(await importInto('northwind-audio', feed.products)).toEqual({ inserted: 3, updated: 0 });

    const aurora = await product('AUR-WH1');
    expect(aurora).toMatchObject({ title: 'Aurora Wireless Headphones', brand: 'Aurora', category: 'Electronics > Audio > Headphones' });
    expect(aurora.images).toHaveLength(2);
    expect(aurora.url).toBe('https://northwind-audio.shop/products/aurora-wireless-headphones');
    expect(aurora.variants).toEqual([{ sku: 'AUR-WH1', options: {}, price_cents: 14999, stock: 7, gtin: '0840000000019' }]);

    const shoes = await product('TRS-100');
    expect(shoes.variants).toEqual([
      { sku: 'TRS-100-10', options: { size: '10' }, price_cents: 12000, stock: 0, gtin: null },
      { sku: 'TRS-100-11', options: { size: '11' }, price_cents: 12500, stock: 3, gtin: null },
      { sku: 'TRS-100-9', options: { size: '9' }, price_cents: 12000, stock: null, gtin: null },
    ]);
    expect((await product('CUPS-4')).brand).toBe('Café Müller');
  });

  it('re-import updates the price in place', async () => {
    const before = await counts();
    const feed = parsed('good-products.jsonl', feedText('good-products.jsonl').replace('"149.99"', '"139.99"'));
    expect(await importInto('northwind-audio', feed.products)).toEqual({ inserted: 0, updated: 3 });
    expect(await counts()).toEqual(before);
    expect((await product('AUR-WH1')).variants[0].price_cents).toBe(13999);
  });

  it('reports bad lines with reasons, and writes nothing', async () => {
    const before = await counts();
    const feed = parsed('bad-products.jsonl');
    expect(feed.products).toEqual([]);
    expect(feed.problems.map((p) => [p.line, p.code])).toEqual([
      [1, 'unsupported_currency'],
      [2, 'invalid_json'],
      [3, 'missing_field'],
      [4, 'not_a_product'],
      [5, 'invalid_price'],
      [5, 'invalid_availability'],
    ]);
    expect(feed.problems[0].message).toContain('GBP');
    expect(await counts()).toEqual(before);
  });
});

describe('import guarantees', () => {
  it('is all or nothing: a failure half-way rolls back every batch', async () => {
    const before = await counts();
    // New ids, so that the first batch inserts rows the rollback has to take away.
    const renamed = feedText('good-merchant.tsv')
      .split('\n')
      .map((line, i) => (i === 0 || !line ? line : `NEW-${line.replace('\tTEE-NAVY\t', '\tNEW-TEE-NAVY\t')}`))
      .join('\n');
    const feed = parsed('good-merchant.tsv', renamed);
    expect(feed.products.map((p) => p.externalId)).toEqual(['NEW-TEE-NAVY', 'NEW-LANTERN-01', 'NEW-MUG-ENAMEL', 'NEW-TENT-2P']);
    const failing = importInto('acme-outdoors', feed.products, {
      batchSize: 1,
      onProgress: (written) => {
        if (written === 2) throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await counts()).toEqual(before);
  });

  it('names an unknown seller and suggests close handles', async () => {
    const err = await sellerIdByHandle(db(), 'acme-outdors').catch((e) => e);
    expect(err).toBeInstanceOf(UnknownSellerError);
    expect(err.message).toContain('acme-outdors');
    expect(err.suggestions).toContain('acme-outdoors');
  });

  it('refuses unknown file types', () => {
    expect(parseFeed('catalog.csv', 'id,title').problems.map((p) => p.code)).toEqual(['unsupported_format']);
  });

  it('the CLI exits 1 on a bad feed and prints line numbers and reasons', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-import-'));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/catalog-import.ts', '--seller', 'acme-outdoors', path.join(FEEDS, 'bad-merchant.tsv')], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      });
      const failure = await run.then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('nothing was imported');
      expect(failure?.stderr).toContain('line 2: unsupported_currency');
      expect(failure?.stderr).toContain('line 3: missing_field: title is empty');
      // Refused before the database was opened.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
