/**
 * Start-up waits for Postgres rather than failing at the first refusal: a service and its database
 * started together (compose, a reboot) come up in either order. Tries with backoff for
 * STARTUP_WAIT_MS, logging each failure with the host (never the password), then gives up with a
 * sentence and the process exits 1. Once running, an outage needs no restart: every request that
 * cannot reach the database is a retryable 503, and the pool reconnects when it can.
 */
import type { Sql } from 'postgres';
import { isDatabaseUnavailable } from '../errors/from-unknown';

export const STARTUP_WAIT_MS = 60_000;

/** Why start-up stopped, said as a sentence: printed without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** host:port/database of a connection URL, with no user or password. */
export function describeDatabase(url: string): string {
  const u = new URL(url);
  return `${u.hostname || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

function reason(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(err);
}

export async function waitForPostgres(sql: Sql, url: string, waitMs = STARTUP_WAIT_MS): Promise<void> {
  const where = describeDatabase(url);
  const started = performance.now();
  for (let attempt = 1, delay = 500; ; attempt++, delay = Math.min(delay * 2, 8_000)) {
    try {
      await sql`select 1`;
      if (attempt > 1) console.log(`Postgres at ${where} answered (try ${attempt}).`);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw new StartupError(`Postgres at ${where} refused the service: ${reason(err)}. Check DATABASE_URL.`);
      const left = waitMs - (performance.now() - started);
      if (left <= 0) {
        throw new StartupError(`Postgres at ${where} could not be reached for ${waitMs / 1000} s (last: ${reason(err)}). Check that it runs and that DATABASE_URL names it.`);
      }
      const wait = Math.min(delay, left);
      console.error(`Postgres at ${where} not reachable (try ${attempt}: ${reason(err)}); trying again in ${(wait / 1000).toFixed(1)} s.`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
