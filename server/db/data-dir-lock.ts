/**
 * PGlite is one process per data folder. The server records its pid there, so that commands that
 * write the database (seed, catalog:import, limits, db:migrate) can say clearly that the folder is
 * taken instead of failing obscurely, and so two servers never open one folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../lib/process-alive';

const LOCK_FILE = 'server.pid';

/** The pid of a live server holding the folder, if any. */
export function dataDirOwner(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim());
    return pid && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export class DataDirBusyError extends Error {}

export function assertDataDirFree(dataDir: string, what: string): void {
  const pid = dataDirOwner(dataDir);
  if (pid) {
    throw new DataDirBusyError(
      `The server (pid ${pid}) is running on the embedded database in ${dataDir}, and PGlite allows one process per data folder. ` +
        `Stop the server first, run ${what} against Postgres (DATABASE_URL=postgres://… npm run …), or use the admin API where one exists ` +
        `(e.g. PUT /api/admin/platform/limits with ADMIN_TOKEN).`,
    );
  }
}

/** Claims the folder for this process; returns the release function. */
export function claimDataDir(dataDir: string): () => void {
  assertDataDirFree(dataDir, 'a second server');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}
