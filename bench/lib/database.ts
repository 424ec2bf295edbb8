/** Throw-away Postgres databases for benchmarks: created fresh, dropped at the end. */
import postgres from 'postgres';

/** The maintenance connection (any existing database of the server): BENCH_PG_URL or local trust auth. */
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Databases other engineers work in: never created or dropped by a benchmark. */
const PROTECTED = new Set(['acapi_bench', 'postgres', 'template0', 'template1']);

function checkName(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name "${name}"`);
  if (PROTECTED.has(name)) throw new Error(`Refusing to touch database "${name}"`);
}

export function databaseUrl(name: string): string {
  checkName(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function dropDatabase(name: string): Promise<void> {
  checkName(name);
  await withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Drops `name` if it exists and creates it empty. Returns its URL. */
export async function recreateDatabase(name: string): Promise<string> {
  checkName(name);
  await withAdmin(async (sql) => {
    await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await sql.unsafe(`CREATE DATABASE "${name}"`);
  });
  return databaseUrl(name);
}

/** A short-lived connection to a bench database (checks, truncates between runs). */
export async function withDatabase<T>(name: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl(name), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
