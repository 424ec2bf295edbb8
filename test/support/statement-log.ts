/**
 * The statements a piece of work sends to the database, as the driver sends them (BEGIN and
 * COMMIT included), on either driver: postgres-js reads its `debug` option at each query, and
 * PGlite logs each query it runs while its `debug` is set.
 */
import { vi } from 'vitest';
import type { Database } from '../../server/db/client';

export async function statementsOf<T>(database: Database, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const client = (database.db as unknown as { $client: { options?: { debug?: unknown }; debug?: number } }).$client;
  if (database.kind === 'postgres') {
    const options = client.options!;
    options.debug = (_connection: number, text: string) => void statements.push(text);
    try {
      return { result: await work(), statements };
    } finally {
      options.debug = false;
    }
  }
  const log = vi.spyOn(console, 'log').mockImplementation((kind: unknown, text: unknown) => {
    if (kind === 'runQuery' || kind === 'runExec') statements.push(String(text));
  });
  client.debug = 1;
  try {
    return { result: await work(), statements };
  } finally {
    client.debug = 0;
    log.mockRestore();
  }
}

/** How many of `statements` are transactions begun. */
export function transactionsIn(statements: string[]): number {
  return statements.filter((s) => /^begin\b/i.test(s.trim())).length;
}
