/**
 * What the commands that write the database (seed, catalog:import, limits, db:migrate, the key rotations) share: opening the configured database the way
 * the server does, refusing clearly when a server holds the PGlite folder, and a progress bar.
 */
import cliProgress from 'cli-progress';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { DataDirBusyError, assertDataDirFree } from '../../server/db/data-dir-lock';
import { NO_DEADLINE } from '../../server/db/deadline';
import { MissingSecretsKey, SealedUnderAnotherKey } from '../../server/secrets/keys';
import { withSecretsKey } from '../../server/secrets/secrets-key';

/** Prints the message (and usage) to stderr and exits 1. */
export function fail(message: string, usage?: string): never {
  console.error(message);
  if (usage) console.error(`\n${usage}`);
  process.exit(1);
}

/**
 * The config with its secrets key, for the commands that read or write secrets: as the server
 * finds it (secrets/secrets-key.ts), refusing without SECRETS_KEY on Postgres.
 */
export function secretsConfig(command: string): Config {
  try {
    return withSecretsKey(loadConfig(), command).config;
  } catch (err) {
    if (err instanceof MissingSecretsKey) fail(err.message);
    throw err;
  }
}

/**
 * A command's work on what is stored sealed: something sealed under another SECRETS_KEY than the
 * command's is said as one sentence with what to do (exit 1), not a stack.
 */
export async function openingSealed<T>(config: Config, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SealedUnderAnotherKey) fail(err.whatToDo(config.secretsKeyFile));
    throw err;
  }
}

/** Postgres when DATABASE_URL is set; otherwise the PGlite folder, unless a server is running on it. */
export async function openCommandDatabase(command: string, opts: { migrate?: boolean } = {}): Promise<Database> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    try {
      assertDataDirFree(config.dataDir, command);
    } catch (err) {
      if (err instanceof DataDirBusyError) fail(err.message);
      throw err;
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, migrate: opts.migrate });
  // A command waits on the database as long as its work takes: a request's 10 s deadline cut the
  // seed's index rebuild at a million products (the connection destroyed mid-build).
  return { ...database, db: database.scoped(NO_DEADLINE) };
}

export function progressBar(unit: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    {
      format: `{bar} {percentage}% | {value}/{total} ${unit} | {duration_formatted} elapsed, ~{eta_formatted} left`,
      hideCursor: true,
      etaBuffer: 50,
      // Logs and CI get a line every 10 s instead of nothing.
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    cliProgress.Presets.shades_classic,
  );
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
