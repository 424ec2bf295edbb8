/**
 * Migration 0027 on a catalog written before it: every category already in products gets its label,
 * the spelling the category facet showed until then (its cheapest product's), and the facet shows it
 * afterwards. On PGlite and, with DATABASE_URL, on Postgres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, rows } from '../server/db/client';
import { agentHeaders, testApp, testDatabase, type TestDatabase } from './support/app';

const MIGRATION = '0027_category_labels';

let db: TestDatabase;
let folder: string;

beforeAll(async () => {
  db = await testDatabase({ migrate: false });
  // The migrations folder as it was before MIGRATION.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === MIGRATION));
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  await migrate(db.database.db as never, { migrationsFolder: folder });
});
afterAll(async () => {
  await db?.drop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

it('labels the categories already written with their cheapest product’s spelling, which the facet then shows', async () => {
  const run = (query: ReturnType<typeof sql>) => db.database.db.execute(query);
  await run(sql`INSERT INTO sellers (id, handle, name, name_key, domains, delivery, policies)
      VALUES ('sel_old', 'old-shop', 'Old Shop', 'old shop', '{old.example}', '[]', '{}')`);
  const products: [string, string, number][] = [
    ['Dear Lantern', 'Outdoors > Lights', 5000],
    ['Cheap Lantern', 'OUTDOORS > LIGHTS', 900],
    ['Plain Kettle', 'Kitchen', 2500],
  ];
  for (const [i, [title, category, price]] of products.entries()) {
    await run(sql`INSERT INTO products (id, seller_id, external_id, title, category, category_key, images, price_min, price_min_in_stock, stock_max)
        VALUES (${`prod_old${i}`}, 'sel_old', ${`ext-${i}`}, ${title}, ${category}, ${category.toLowerCase()}, '[]', ${price}, ${price}, 3)`);
  }
  await migrate(db.database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  expect(await rows(db.database.db, sql`SELECT key, label FROM category_labels ORDER BY key`)).toEqual([
    { key: 'kitchen', label: 'Kitchen' },
    { key: 'outdoors > lights', label: 'OUTDOORS > LIGHTS' },
  ]);

  const t = await testApp({}, db);
  const res = await t.call('GET', '/api/agent/search?q=lantern', { headers: agentHeaders() });
  expect((await res.json()).facets.category).toEqual([{ value: 'OUTDOORS > LIGHTS', count: 2 }]);
});
