/**
 * npm run acp:feed -- --out <dir> --feed-id <id>
 *
 * Writes the catalog as an ACP product feed for an agent to ingest (server/catalog/acp-feed.ts):
 * <dir>/metadata.json and <dir>/products.jsonl, read from the service's database a page at a time.
 */
import { parseArgs } from 'node:util';
import { writeAcpFeed } from '../server/catalog/acp-feed';
import { forLog } from '../server/errors/for-log';
import { fail, openCommandDatabase, seconds } from './support/cli';

const USAGE = `Usage: npm run acp:feed -- --out <dir> --feed-id <id>

  --out <dir>       the folder to write metadata.json and products.jsonl into (made if missing)
  --feed-id <id>    the feed's id, as the agent hosting the feed issued it (e.g. feed_8f3K2x)

Reads DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default .data), which
the server must not be running on.`;

function parseFlags(): { out: string; feedId: string } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, 'feed-id': { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    fail((err as Error).message, USAGE);
  }
  if (!values.out) fail('--out is required: the folder to write the feed into.', USAGE);
  if (!values['feed-id']?.trim()) fail('--feed-id is required: the id the agent gave the feed.', USAGE);
  return { out: values.out, feedId: values['feed-id'] };
}

async function main(): Promise<void> {
  const { out, feedId } = parseFlags();
  const started = performance.now();
  const database = await openCommandDatabase('npm run acp:feed');
  try {
    const { products, variants, files } = await writeAcpFeed(database.db, out, feedId);
    console.log(`Wrote ${products} products (${variants} variants) to ${files.products}, and ${files.metadata} for feed ${feedId}, in ${seconds(started)}.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(`The feed was not written: ${forLog(err, { frames: false })}`);
  process.exit(1);
});
