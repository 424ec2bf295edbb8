/**
 * Opens the configured database for a command-line tool. On the embedded PGlite default, a running
 * server owns the data folder: say so clearly instead of failing inside PGlite.
 */
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { assertDataDirFree, DataDirBusyError } from '../../server/db/data-dir-lock';

export async function openCliDatabase(command: string, opts: { migrate?: boolean } = {}): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    try {
      assertDataDirFree(config.dataDir, command);
    } catch (err) {
      if (err instanceof DataDirBusyError) fail(err.message);
      throw err;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    migrate: opts.migrate,
  });
  return { config, database };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
