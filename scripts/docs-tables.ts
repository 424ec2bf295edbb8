// npm run docs:tables — regenerates the README's reference tables (MCP tools, error codes, default
// limits) from their sources, between their markers; test/readme-tables.test.ts fails until they match.
import fs from 'node:fs';
import path from 'node:path';
import { withTables } from './support/readme-tables';

const readme = path.resolve(import.meta.dirname, '../README.md');
const before = fs.readFileSync(readme, 'utf8');
const after = withTables(before);
if (after !== before) fs.writeFileSync(readme, after);
console.log(after === before ? 'README.md: the tables were up to date' : 'README.md: tables regenerated');
