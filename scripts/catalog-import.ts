/**
 * npm run catalog:import -- --seller <handle> <file>
 *
 * Imports a seller's feed: Google Merchant Center TSV (.tsv, .txt) or schema.org Product JSON-LD,
 * one object per line (.jsonl, .ndjson). The whole file is validated first; any bad row → every
 * problem is listed with its line number and nothing is written (exit 1). A good file is written
 * in one transaction; re-importing updates products in place (by seller and sku).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem, parseFeed } from '../server/catalog/feed-import';
import { UnknownSellerError, importProducts, sellerIdByHandle } from '../server/catalog/feed-store';
import { forLog } from '../server/errors/for-log';
import { fail, openCommandDatabase, progressBar, seconds } from './support/cli';

const USAGE = `Usage: npm run catalog:import -- --seller <handle> <file>

  --seller <handle>   the seller whose catalog receives the feed (e.g. acme-outdoors)
  <file>              Google Merchant Center TSV (.tsv, .txt) or schema.org Product JSON-LD lines (.jsonl, .ndjson)

Writes to DATABASE_URL when set, otherwise to the embedded database in DATA_DIR (default .data).`;

/** Problems printed before the rest are summarised: enough to fix a feed, not a wall of text. */
const SHOWN_PROBLEMS = 50;

function parseFlags(): { seller: string; file: string } {
  try {
    const { values, positionals } = parseArgs({ options: { seller: { type: 'string' } }, allowPositionals: true, strict: true });
    if (!values.seller) fail('--seller is required.', USAGE);
    if (positionals.length !== 1) fail(positionals.length ? `Give one file, not ${positionals.length}.` : 'Give the feed file to import.', USAGE);
    return { seller: values.seller, file: positionals[0] };
  } catch (err) {
    fail((err as Error).message, USAGE);
  }
}

async function main(): Promise<void> {
  const { seller, file } = parseFlags();
  const started = performance.now();
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    fail(`Cannot read ${file}: ${(err as Error).message}`);
  }

  // Validation needs no database: a bad feed is refused before anything is opened.
  const feed = parseFeed(path.basename(file), text);
  if (feed.problems.length) {
    const lines = new Set(feed.problems.map((p) => p.line)).size;
    console.error(`${file}: ${feed.problems.length} problem(s) on ${lines} line(s); nothing was imported.`);
    for (const p of feed.problems.slice(0, SHOWN_PROBLEMS)) console.error(`  ${formatProblem(p)}`);
    if (feed.problems.length > SHOWN_PROBLEMS) console.error(`  … and ${feed.problems.length - SHOWN_PROBLEMS} more.`);
    process.exit(1);
  }

  const database = await openCommandDatabase('npm run catalog:import');
  const variants = feed.products.reduce((n, p) => n + p.variants.length, 0);
  const bar = progressBar('products');
  let result;
  try {
    const sellerId = await sellerIdByHandle(database.db, seller);
    bar.start(feed.products.length, 0);
    result = await importProducts(database.db, sellerId, feed.products, { onProgress: (n) => bar.update(n) });
    bar.stop();
  } catch (err) {
    bar.stop();
    await database.close();
    if (err instanceof UnknownSellerError) fail(err.message);
    throw err;
  }
  await database.close();
  console.log(
    `Imported ${feed.products.length} products (${variants} variants) into ${seller}: ` +
      `${result.inserted} new, ${result.updated} updated, in ${seconds(started)}.`,
  );
}

main().catch((err) => {
  console.error(`Import failed, nothing was written: ${forLog(err, { frames: false })}`);
  process.exit(1);
});
