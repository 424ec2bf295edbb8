/**
 * Where SECRETS_KEY comes from for the server and the commands that read or write secrets: the
 * environment; else, on the embedded database only, a file made once beside the data folder —
 * never inside it, so a copy of the folder alone still recovers nothing. On Postgres there is no
 * such place every instance shares, so an unset key refuses to start.
 *
 * The file holds the key on its first line. `npm run secrets:rotate` writes the new key there and
 * keeps the one it replaces on a second line, `previous <key> until <ISO time>`: the file then plays
 * SECRETS_KEY and SECRETS_KEY_PREVIOUS both, so a plain `npm start` opens what the command sealed
 * again and still verifies what was made before (payment links, replays) until that time.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { MAKE_ONE, parseSecretsKey, type Config } from '../config';
import { MissingSecretsKey } from './keys';

/** What the key file holds. */
export interface KeyFile {
  key: Buffer;
  previous?: { key: Buffer; until: Date };
}

const PREVIOUS_LINE = /^previous (\S+) until (\S+)$/;

/** `<DATA_DIR>.secrets-key`: beside the folder, under a name the .gitignore covers. */
export function secretsKeyFile(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.secrets-key`;
}

/** The config with its secrets key, and what start-up should say about where it came from. */
export function withSecretsKey(config: Config, command: string, now = new Date()): { config: Config; notice?: string } {
  if (config.secretsKey) return { config };
  if (config.databaseUrl) {
    throw new MissingSecretsKey(
      `SECRETS_KEY is not set. With DATABASE_URL, ${command} needs it: 32 random bytes in base64, the same on every instance and never in the database. Make one with: ${MAKE_ONE}`,
    );
  }
  const file = secretsKeyFile(config.dataDir);
  const made = makeOnce(file);
  const kept = readKeyFile(file);
  // Past its time nothing made under the previous key is live: it stays in the file, unused, until the next rotation.
  const previous = kept.previous && kept.previous.until > now ? kept.previous : undefined;
  const alsoPrevious = previous ? `, and the key it replaced until ${previous.until.toISOString()}` : '';
  return {
    config: { ...config, secretsKey: kept.key, secretsKeyPrevious: config.secretsKeyPrevious ?? previous?.key, secretsKeyFile: file },
    notice: `SECRETS_KEY is not set: using the key ${made ? 'made now' : 'kept'} in ${file} (0600, beside the data folder)${alsoPrevious}. Production must set SECRETS_KEY (${MAKE_ONE}).`,
  };
}

/** On the embedded database, the key file when its key is `key` (the one a rotation replaces); else undefined. */
export function keyFileHolding(config: Config, key: Buffer): string | undefined {
  if (config.databaseUrl) return undefined;
  const file = secretsKeyFile(config.dataDir);
  return fs.existsSync(file) && readKeyFile(file).key.equals(key) ? file : undefined;
}

/** Replaces the file whole (written beside it, then renamed): a crash leaves the old file or the new, never half of one. */
export function writeKeyFile(file: string, contents: KeyFile): void {
  const lines = [contents.key.toString('base64')];
  if (contents.previous) lines.push(`previous ${contents.previous.key.toString('base64')} until ${contents.previous.until.toISOString()}`);
  const next = `${file}.next`;
  fs.writeFileSync(next, `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.renameSync(next, file);
}

/** Writes a fresh key unless the file exists (`wx`: two processes racing make one key). */
function makeOnce(file: string): boolean {
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function readKeyFile(file: string): KeyFile {
  const [first, second] = fs.readFileSync(file, 'utf8').split('\n').map((line) => line.trim());
  const key = parseKey(`The key file ${file}`, first);
  if (!key) throw new MissingSecretsKey(`The key file ${file} is empty: set SECRETS_KEY, or put back the key this database was used with`);
  if (!second) return { key };
  const previous = PREVIOUS_LINE.exec(second);
  const until = new Date(previous?.[2] ?? '');
  if (!previous || Number.isNaN(until.getTime())) {
    throw new MissingSecretsKey(`The key file ${file} has a second line that is not "previous <key> until <ISO time>": remove it, or put back what npm run secrets:rotate wrote`);
  }
  return { key, previous: { key: parseKey(`The previous key in ${file}`, previous[1])!, until } };
}

function parseKey(what: string, text: string | undefined): Buffer | undefined {
  try {
    return parseSecretsKey(what, text);
  } catch (err) {
    throw new MissingSecretsKey((err as Error).message);
  }
}
