/**
 * The README's tables of MCP tools, error codes and default limits are what their sources give
 * (`npm run docs:tables` writes them), and the sources the generator reads are the ones the running
 * service uses: the tools its MCP server lists, every code of the error catalogue, the limits a
 * fresh database starts with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLimits } from '../server/domain/limits';
import { ERROR_CATALOGUE } from '../server/errors/catalogue';
import { generateTable, tableIn, TABLES } from '../scripts/support/readme-tables';
import { testApp, type TestApp } from './support/app';

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');

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

describe('README tables', () => {
  it.each(TABLES)('%s is what its source gives (else: npm run docs:tables)', (name) => {
    const inReadme = tableIn(README, name);
    expect(inReadme, `README.md has no markers for the table ${name}`).toBeDefined();
    expect(inReadme, `README.md's table ${name} differs from its source: run npm run docs:tables and commit README.md`).toBe(generateTable(name));
  });

  it('lists every tool the MCP server lists, once, in its order', () => {
    expect(firstColumn(tableIn(README, 'mcp-tools')!)).toEqual(t.app.mcp.tools.map((tool) => tool.name));
  });

  it('lists every code of the error catalogue, once', () => {
    expect(firstColumn(tableIn(README, 'error-codes')!)).toEqual(Object.keys(ERROR_CATALOGUE));
  });

  it('gives the limits a fresh database starts with', async () => {
    const live = await readLimits(t.app.services.db);
    const rows = tableIn(README, 'default-limits')!.split('\n');
    expect(rows.find((r) => r.startsWith('| `max_item_quantity`'))).toContain(`| ${live.max_item_quantity} |`);
    expect(rows.find((r) => r.startsWith('| `max_cart_total_cents`'))).toContain(`| ${live.max_cart_total_cents} (${live.max_cart_total_usd} USD) |`);
    expect(rows.find((r) => r.startsWith('| an open cart’s life'))).toContain(`| ${t.config.cartTtlHours} hours |`);
  });
});
