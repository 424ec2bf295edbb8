/**
 * Where SECRETS_KEY comes from for the server and the commands that read or write secrets: the
 * environment; else, on the embedded database only, a file made once beside the data folder —
 * never inside it, so a copy of the folder alone still recovers nothing. On Postgres there is no
 * such place every instance shares, so an unset key refuses to start.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { MAKE_ONE, parseSecretsKey, type Config } from '../config';
import { MissingSecretsKey } from './keys';

/** `<DATA_DIR>.secrets-key`: beside the folder, under a name the .gitignore covers. */
export function secretsKeyFile(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.secrets-key`;
}

/** The config with its secrets key, and what start-up should say about where it came from. */
export function withSecretsKey(config: Config, command: string): { config: Config; notice?: string } {
  if (config.secretsKey) return { config };
  if (config.databaseUrl) {
    throw new MissingSecretsKey(
      `SECRETS_KEY is not set. With DATABASE_URL, ${command} needs it: 32 random bytes in base64, the same on every instance and never in the database. Make one with: ${MAKE_ONE}`,
    );
  }
  const file = secretsKeyFile(config.dataDir);
  const made = makeOnce(file);
  return {
    config: { ...config, secretsKey: read(file) },
    notice: `SECRETS_KEY is not set: using the key ${made ? 'made now' : 'kept'} in ${file} (0600, beside the data folder). Production must set SECRETS_KEY (${MAKE_ONE}).`,
  };
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

function read(file: string): Buffer {
  let key: Buffer | undefined;
  try {
    key = parseSecretsKey(`The key file ${file}`, fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new MissingSecretsKey((err as Error).message);
  }
  if (!key) throw new MissingSecretsKey(`The key file ${file} is empty: set SECRETS_KEY, or put back the key this database was used with`);
  return key;
}
