/**
 * `npm run acp:feed`: the demo catalog written as an ACP 2026-04-17 product feed, every line and
 * the metadata checked against the official feed schema (with ACP_SCHEMAS_DIR), the variant ids
 * taken by a cart as they are, and the command's refusals of missing flags.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAcpFeed, type AcpFeedProduct, type WrittenFeed } from '../server/catalog/acp-feed';
import { ensureDemoCatalog } from '../server/catalog/demo';
import { rows } from '../server/db/client';
import { ACP_SCHEMAS_MISSING, acpValidator } from './support/acp-schemas';
import { agentHeaders, freshKey, testApp, type TestApp } from './support/app';

const FEED_ID = 'feed_8f3K2x';
const NOW = new Date('2026-04-20T12:00:00Z');

let t: TestApp;
let dir: string;
let written: WrittenFeed;
let lines: string[];
let feed: AcpFeedProduct[];
beforeAll(async () => {
  t = await testApp();
  await ensureDemoCatalog(t.db.database.db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-feed-'));
  written = await writeAcpFeed(t.db.database.db, path.join(dir, 'out'), FEED_ID, { now: NOW });
  lines = fs.readFileSync(written.files.products, 'utf8').split('\n');
  // The file ends with a newline: one empty string after the last line.
  expect(lines.pop()).toBe('');
  feed = lines.map((line) => JSON.parse(line));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the ACP product feed of the demo catalog', () => {
  it('writes metadata.json naming the feed id given, and nothing half-written', () => {
    expect(JSON.parse(fs.readFileSync(written.files.metadata, 'utf8'))).toEqual({ id: FEED_ID, updated_at: NOW.toISOString() });
    expect(fs.readdirSync(path.dirname(written.files.products)).sort()).toEqual(['metadata.json', 'products.jsonl']);
  });

  it('conforms to the official ACP 2026-04-17 feed schema: the metadata and every line', (ctx) => {
    if (ACP_SCHEMAS_MISSING) return ctx.skip(ACP_SCHEMAS_MISSING);
    const metadata = acpValidator('feed', 'FeedMetadata');
    expect(metadata(JSON.parse(fs.readFileSync(written.files.metadata, 'utf8'))), JSON.stringify(metadata.errors)).toBe(true);
    const product = acpValidator('feed', 'Product');
    for (const [i, line] of feed.entries()) {
      if (!product(line)) expect.fail(`line ${i + 1}: ${JSON.stringify(product.errors)}`);
    }
  });

  it('lists every product once, in pages, with every variant at its price in cents and its availability', async () => {
    const db = t.db.database.db;
    const [counts] = await rows<{ products: number; variants: number }>(db, sql`SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM variants) AS variants`);
    expect(counts.products).toBe(5000);
    expect(written).toMatchObject(counts);
    expect(feed.length).toBe(counts.products);
    // 5,000 is ten full pages of 500: the empty eleventh read ends the run, and nothing repeats.
    expect(new Set(feed.map((p) => p.id)).size).toBe(counts.products);

    const stored = new Map(
      (await rows<{ id: string; price_cents: number; stock: number | null; gtin: string | null }>(db, sql`SELECT id, price_cents, stock, gtin FROM variants`)).map((v) => [v.id, v]),
    );
    for (const variant of feed.flatMap((p) => p.variants)) {
      const v = stored.get(variant.id)!;
      expect(variant.price).toEqual({ amount: v.price_cents, currency: 'USD' });
      expect(Number.isInteger(variant.price.amount)).toBe(true);
      expect(variant.availability.available).toBe(v.stock === null || v.stock > 0);
      expect(variant.barcodes).toEqual(v.gtin ? [{ type: 'GTIN', value: v.gtin }] : undefined);
      expect(variant.seller.links.map((l) => l.type)).toEqual(['refund_policy', 'shipping_policy', 'privacy_policy', 'terms_of_service']);
    }
    expect(new Set(feed.flatMap((p) => p.variants.map((v) => v.id))).size).toBe(stored.size);
  });

  it('names a variant with its product and option values, and lists those options', () => {
    const withOptions = feed.find((p) => p.variants.some((v) => v.variant_options?.length))!;
    const variant = withOptions.variants.find((v) => v.variant_options?.length)!;
    expect(variant.title).toBe(`${withOptions.title} - ${variant.variant_options!.map((o) => o.value).join(' / ')}`);
    const single = feed.find((p) => p.variants.length === 1 && !p.variants[0].variant_options)!;
    expect(single.variants[0].title).toBe(single.title);
  });

  it('gives variant ids a cart takes as they are', async () => {
    const product = feed.find((p) => p.variants.some((v) => v.availability.available))!;
    const variant = product.variants.find((v) => v.availability.available)!;
    const res = await t.call('POST', '/api/agent/cart', { headers: agentHeaders({ 'Idempotency-Key': freshKey() }), body: { items: [{ variant_id: variant.id, quantity: 1 }] } });
    expect(res.status).toBe(201);
    const cart = await res.json();
    expect(cart.line_items.map((l: { variant_id: string }) => l.variant_id)).toEqual([variant.id]);
    expect(cart.line_items[0].unit_price_cents).toBe(variant.price.amount);
  });

  it('writes the same feed whatever the page size', async () => {
    const again = await writeAcpFeed(t.db.database.db, path.join(dir, 'small-pages'), FEED_ID, { now: NOW, pageSize: 333 });
    expect(fs.readFileSync(again.files.products, 'utf8')).toBe(`${lines.join('\n')}\n`);
  });
});

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** A command as `npm run` runs it, on an embedded database folder of its own. */
async function command(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
  }
}

const acpFeed = (args: string[], env: Record<string, string>) => command('scripts/acp-feed.ts', args, env);

describe('npm run acp:feed', () => {
  it.each([
    [[], '--out is required'],
    [['--out', 'feed'], '--feed-id is required'],
    [['--feed-id', FEED_ID], '--out is required'],
    [['--out', 'feed', '--feed-id', ' '], '--feed-id is required'],
    [['--out', 'feed', '--feed-id', FEED_ID, '--seller', 'acme-outdoors'], "Unknown option '--seller'"],
  ])('refuses %j with a clear message and its usage, exit 1, opening nothing', async (args, message) => {
    const dataDir = path.join(dir, 'never-opened');
    const res = await acpFeed(args, { DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(message);
    expect(res.stderr).toContain('Usage: npm run acp:feed -- --out <dir> --feed-id <id>');
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('writes the feed of the database it is given', async () => {
    const env = { DATA_DIR: path.join(dir, 'cli-data') };
    const out = path.join(dir, 'cli');
    expect((await command('scripts/seed.ts', ['--sellers', '2', '--products', '30'], env)).code).toBe(0);
    const res = await acpFeed(['--out', out, '--feed-id', FEED_ID], env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Wrote 30 products \(\d+ variants\) to /);
    expect(res.stdout).toContain(`to ${out}/products.jsonl, and ${out}/metadata.json for feed ${FEED_ID}, in `);
    const written = fs.readFileSync(path.join(out, 'products.jsonl'), 'utf8').trimEnd().split('\n');
    expect(written).toHaveLength(30);
    expect(JSON.parse(written[0]).variants[0].id).toMatch(/^var_/);
    expect(JSON.parse(fs.readFileSync(path.join(out, 'metadata.json'), 'utf8')).id).toBe(FEED_ID);
  }, 120_000);
});
