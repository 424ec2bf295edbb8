/**
 * The documentation's tables of MCP tools, error codes, default limits and configuration are what
 * their sources give (`npm run docs:tables` writes them), each in one file among README.md and
 * docs/, and the sources the generator reads are the ones the running service uses: the tools its
 * MCP server lists, every code of the error catalogue, the limits a fresh database starts with, the
 * variables loadConfig reads and the defaults it applies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../server/config';
import { readLimits } from '../server/domain/limits';
import { ERROR_CATALOGUE } from '../server/errors/catalogue';
import { readDocs, REPOSITORY } from '../scripts/support/doc-files';
import { generateTable, misplacedTables, placesOf, tableIn, TABLES, type TableName } from '../scripts/support/doc-tables';
import { testApp, type TestApp } from './support/app';

const DOCS = readDocs();

/** The file holding a table (the first, when misplaced) and the table in it. */
function located(name: TableName): { file: string | undefined; table: string | undefined } {
  const file = placesOf(DOCS, name)[0];
  return { file, table: file === undefined ? undefined : tableIn(DOCS.get(file)!, name) };
}

/** The first cell of each body row of a markdown table, backticks removed. */
const firstColumn = (markdown: string) =>
  markdown
    .split('\n')
    .slice(2)
    .map((line) => line.split(' | ')[0].replace(/^\| /, '').replaceAll('`', ''));

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('reference tables', () => {
  it('are each in exactly one file among README.md and docs/', () => {
    expect(misplacedTables(DOCS)).toEqual([]);
  });

  it.each(TABLES)('%s is what its source gives (else: npm run docs:tables)', (name) => {
    const { file, table } = located(name);
    expect(table, `no file among README.md and docs/ holds the table ${name} between its markers`).toBeDefined();
    expect(table, `${file}'s table ${name} differs from its source: run npm run docs:tables and commit ${file}`).toBe(generateTable(name));
  });

  it('list every tool the MCP server lists, once, in its order', () => {
    expect(firstColumn(located('mcp-tools').table!)).toEqual(t.app.mcp.tools.map((tool) => tool.name));
  });

  it('list every code of the error catalogue, once', () => {
    expect(firstColumn(located('error-codes').table!)).toEqual(Object.keys(ERROR_CATALOGUE));
  });

  it('give the limits a fresh database starts with', async () => {
    const live = await readLimits(t.app.services.db);
    const rows = located('default-limits').table!.split('\n');
    expect(rows.find((r) => r.startsWith('| `max_item_quantity`'))).toContain(`| ${live.max_item_quantity} |`);
    expect(rows.find((r) => r.startsWith('| `max_cart_total_cents`'))).toContain(`| ${live.max_cart_total_cents} (${live.max_cart_total_usd} USD) |`);
    expect(rows.find((r) => r.startsWith('| an open cart’s life'))).toContain(`| ${t.config.cartTtlHours} hours |`);
  });
});

describe('the configuration table', () => {
  it('lists exactly the variables loadConfig reads', () => {
    const read = new Set<string>();
    // What one load reads (a Stripe key set, so the Stripe variables are read too) …
    const env = new Proxy<NodeJS.ProcessEnv>(
      { NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_docs' },
      {
        get(target, key) {
          if (typeof key === 'string') read.add(key);
          return Reflect.get(target, key);
        },
      },
    );
    loadConfig(env);
    // … and every variable the source names, for reads that only some settings reach.
    for (const [, name] of fs.readFileSync(path.join(REPOSITORY, 'server/config.ts'), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) read.add(name);
    expect([...read].sort()).toEqual(CONFIG_VARIABLES.map((variable) => variable.name).sort());
  });

  it('gives the defaults loadConfig applies: a variable set to its default changes nothing', () => {
    // The defaults that are a value (a number or one code span), not a sentence.
    const values = CONFIG_VARIABLES.filter((variable) => /^(?:\d+|`[^`$\s]+`)$/.test(variable.default));
    expect(values.length).toBeGreaterThan(10);
    const unset = loadConfig({ NODE_ENV: 'test' });
    const differing = values
      .filter(({ name, default: value }) => !isDeepStrictEqual(loadConfig({ NODE_ENV: 'test', [name]: value.replaceAll('`', '') }), unset))
      .map(({ name, default: value }) => `${name}=${value.replaceAll('`', '')} is not what unset gives`);
    expect(differing).toEqual([]);
  });

  it('is complete because server/config.ts is the only reader of process.env in server/ and app/', () => {
    const readers = ['server', 'app'].flatMap((folder) =>
      fs
        .readdirSync(path.join(REPOSITORY, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(folder, file))
        .filter((file) => file !== path.join('server', 'config.ts') && /process\.env\b/.test(fs.readFileSync(path.join(REPOSITORY, file), 'utf8'))),
    );
    expect(readers).toEqual([]);
  });
});
