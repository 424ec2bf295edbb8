// npm run docs:tables — regenerates the reference tables (MCP tools, error codes, default limits,
// configuration) from their sources, between their markers in README.md or docs/ (each in the one
// file that holds its markers); test/doc-tables.test.ts fails until they match.
import { fail } from './support/cli';
import { readDocs } from './support/doc-files';
import { misplacedTables, withTables, writeDoc } from './support/doc-tables';

const docs = readDocs();
const misplaced = misplacedTables(docs);
if (misplaced.length) fail(misplaced.join('\n'));
let regenerated = 0;
for (const [file, before] of docs) {
  const after = withTables(file, before);
  if (after === before) continue;
  writeDoc(file, after);
  console.log(`${file}: tables regenerated`);
  regenerated++;
}
if (!regenerated) console.log('The tables were up to date.');
