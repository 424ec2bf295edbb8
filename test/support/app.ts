/**
 * Test harness: a real service instance on a real database — a fresh in-memory PGlite per test
 * file by default, or a fresh database on the Postgres server named by DATABASE_URL (CI) —
 * driven through the real gateway with Requests.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createApp, type App } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { prepareSecrets } from '../../server/secrets-upgrade';

export const BASE = 'https://api.test.local';
export const AGENT = 'profile="https://agent.shopbot.dev/profile.json"';

export interface TestDatabase {
  database: Database;
  /** Connection URL of the per-file Postgres database (undefined on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A migrated PGlite data directory, made once per worker: a fresh instance runs initdb and the
 * migrations (~3 s on a slow machine), one loaded from this copy opens in less than half of that.
 * The suite opens a few hundred.
 */
let migrated: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  migrated ??= (async () => {
    const database = await openDatabase({ memory: true });
    try {
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  return migrated;
}

/** `migrate: false`: nothing applied (a migration test applies them itself). */
export async function testDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // The template is this run's own migrated copy: the migrator would only re-read and re-hash drizzle/.
    const database = await openDatabase({ memory: true, migrate: false, template: migrate ? await migratedTemplate() : undefined });
    return { database, drop: () => database.close() };
  }
  const name = `acapi_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = migrate ? process.env.TEST_TEMPLATE_DATABASE : undefined;
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10, migrate: migrate && !template });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  db: TestDatabase;
  /** `address`: the client address bucket the call comes from (none: not counted per address). */
  call(method: string, path: string, init?: { headers?: Record<string, string>; body?: unknown; raw?: string | Uint8Array; address?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The one SECRETS_KEY every test app derives its keys from: apps sharing a database must agree on
 * them (a cursor, a payment link or a sealed OAuth key made by one is read by the other).
 */
export const TEST_SECRETS_KEY = Buffer.from('test-secrets-key-32-bytes-long!!').toString('base64');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_BASE_URL: BASE, NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY, ...env });
}

export async function testApp(env: Record<string, string> = {}, existing?: TestDatabase): Promise<TestApp> {
  const db = existing ?? (await testDatabase());
  const config = testConfig(env);
  const app = createApp(config, db.database);
  await prepareSecrets(app.services);
  return {
    app,
    config,
    db,
    call(method, path, init = {}) {
      const headers = new Headers(init.headers);
      let body: string | Uint8Array | undefined = init.raw;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      return app.fetch(new Request(BASE + path, { method, headers, body: body as BodyInit | undefined }), init.address);
    },
    close: () => (existing ? Promise.resolve() : db.drop()),
  };
}

/** Headers of a well-behaved open call. */
export function agentHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'UCP-Agent': AGENT, ...extra };
}

let keyCounter = 0;
export function freshKey(): string {
  return `test-key-${process.pid}-${Date.now()}-${++keyCounter}`;
}
