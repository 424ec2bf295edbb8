/**
 * Every row of every table of the database as Postgres writes it as text (`t::text`): what a test
 * searches for what must never be stored (a card number, a CVC, a token).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../server/db/client';

/** The tables searched (every base table of the public schema, empty ones included), and their rows as text. */
export async function everyRowText(db: Db): Promise<{ tables: string[]; rows: { table: string; text: string }[] }> {
  const tables = await rows<{ name: string }>(db, sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const found: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    for (const { text } of await rows<{ text: string }>(db, sql`SELECT t::text AS text FROM ${sql.identifier(name)} t`)) found.push({ table: name, text });
  }
  return { tables: tables.map((t) => t.name), rows: found };
}
