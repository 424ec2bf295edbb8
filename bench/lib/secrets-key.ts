/**
 * The SECRETS_KEY every server a benchmark starts is given (startProcess adds it) and the benchmark's
 * own in-process apps use, so servers sharing a database derive the same keys. SECRETS_KEY from
 * the environment when set; otherwise the one kept in .bench/secrets-key, made at the first run:
 * bench:search keeps its million-product database from run to run, and what a run seals in it
 * (the OAuth keys) opens only under the key it was sealed with.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSecretsKey } from '../../server/config';

const KEPT = fileURLToPath(new URL('../../.bench/secrets-key', import.meta.url));

function keptKey(): string {
  try {
    return fs.readFileSync(KEPT, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const made = randomBytes(32).toString('base64');
    fs.mkdirSync(path.dirname(KEPT), { recursive: true });
    fs.writeFileSync(KEPT, `${made}\n`, { mode: 0o600 });
    return made;
  }
}

export const BENCH_SECRETS_KEY = process.env.SECRETS_KEY || keptKey();

/** The key itself, for a benchmark that derives a service key in process (a cursor's, say). */
export const benchSecretsKey = (): Buffer => parseSecretsKey('SECRETS_KEY', BENCH_SECRETS_KEY)!;
