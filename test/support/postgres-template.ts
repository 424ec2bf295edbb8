/**
 * Vitest's global setup: with DATABASE_URL, one database migrated for the whole run, made a
 * template, from which each test file's database is created (`CREATE DATABASE … TEMPLATE`, a copy
 * of its files) instead of migrating each: ~0.4 s less a file on a slow machine. Workers, and the
 * processes tests start, find it in TEST_TEMPLATE_DATABASE; it is dropped when the run ends.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../../server/db/client';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `acapi_template_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await (await openDatabase({ databaseUrl: url.toString(), poolSize: 1 })).close();
  // No session may be connected to a template while it is copied: none is allowed to (autovacuum included).
  await admin.unsafe(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  process.env.TEST_TEMPLATE_DATABASE = name;
  return async () => {
    await admin.unsafe(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  };
}
