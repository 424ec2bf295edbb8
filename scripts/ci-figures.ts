// npm run docs:ci-figures -- <log> — writes the whole suite's rows of docs/benchmarks.md from the
// output of one `bash .ci/run` (e.g. `bash .ci/run 2>&1 | tee ci.log`), so that the figures the
// docs give for CI are CI's own.
import fs from 'node:fs';
import path from 'node:path';
import { parseCiLog, suiteRows, withRows } from './support/ci-figures';
import { REPOSITORY } from './support/doc-files';

const [logFile] = process.argv.slice(2);
if (!logFile) {
  console.error('usage: npm run docs:ci-figures -- <the output of bash .ci/run>');
  process.exit(1);
}
const doc = path.join(REPOSITORY, 'docs/benchmarks.md');
const figures = parseCiLog(fs.readFileSync(logFile, 'utf8'));
fs.writeFileSync(doc, withRows(fs.readFileSync(doc, 'utf8'), suiteRows(figures)));
console.log(`docs/benchmarks.md: the whole suite's rows from .ci/run on ${figures.commit} (${figures.date})`);
