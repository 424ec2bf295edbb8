// npm run openapi:examples — plays every operation's example calls (their `examples` metadata)
// against a fresh database seeded with the demo catalog and writes the answers to
// server/http/openapi-examples.ts, which /api/openapi.json publishes beside the calls.
import fs from 'node:fs';
import path from 'node:path';
import { BASE } from '../test/support/app';
import { examplesApp, playExamples } from '../test/support/openapi-examples';

const target = path.resolve(import.meta.dirname, '../server/http/openapi-examples.ts');
const t = await examplesApp();
const recording = await playExamples(t);
await t.close();

const source = fs.readFileSync(target, 'utf8');
const head = source.slice(0, source.indexOf('export const RECORDED_BASE'));
fs.writeFileSync(
  target,
  `${head}export const RECORDED_BASE = ${JSON.stringify(BASE)};

/** Operation name → example name → answer. */
export const RECORDED_EXAMPLES: Record<string, Record<string, RecordedAnswer>> = ${JSON.stringify(recording, null, 2)};
`,
);
const count = Object.values(recording).reduce((n, answers) => n + Object.keys(answers).length, 0);
console.log(`recorded ${count} example answers into ${path.relative(process.cwd(), target)}`);
