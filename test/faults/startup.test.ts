/**
 * Start-up on Postgres waits for the database (server/db/connect-retry.ts): it retries with
 * backoff, logs each try with the host and never the password, and gives up with a sentence.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartupError } from '../../server/db/connect-retry';
import { openDatabase } from '../../server/db/client';
import { freePort } from '../support/ports';
import { FaultProxy } from './fault-proxy';

const serverUrl = process.env.DATABASE_URL;
const PASSWORD = 'hunter2-not-logged';

afterEach(() => vi.restoreAllMocks());

function logged(): () => string {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'log').mockImplementation(keep);
  return () => lines.join('\n');
}

describe('start-up on Postgres', () => {
  it('gives up after its wait with a sentence naming the host, never the password', async () => {
    const port = await freePort();
    const log = logged();
    const started = performance.now();
    const failed = await openDatabase({ databaseUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/shop`, waitMs: 1_500 }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(StartupError);
    expect((failed as Error).message).toMatch(new RegExp(`^Postgres at 127\\.0\\.0\\.1:${port}/shop could not be reached for 1\\.5 s \\(last: ECONNREFUSED`));
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
    // Tried more than once, each try logged.
    expect(log().match(/not reachable \(try \d+: ECONNREFUSED/g)?.length).toBeGreaterThanOrEqual(2);
    expect(log() + (failed as Error).message).not.toContain(PASSWORD);
  });

  it.skipIf(!serverUrl)('comes up once the database answers (needs DATABASE_URL)', async () => {
    const target = new URL(serverUrl!);
    const proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    await proxy.set('refuse');
    const url = new URL(serverUrl!);
    url.port = String(proxy.port);
    url.password = PASSWORD;
    const log = logged();
    setTimeout(() => void proxy.set('pass'), 1_200);
    const database = await openDatabase({ databaseUrl: url.toString(), migrate: false, waitMs: 10_000 });
    try {
      expect(log()).toMatch(/not reachable \(try 1: ECONNREFUSED/);
      expect(log()).toMatch(/answered \(try \d+\)/);
      expect(log()).not.toContain(PASSWORD);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
