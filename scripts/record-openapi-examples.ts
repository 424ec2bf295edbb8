// npm run openapi:examples — plays every operation's example calls (their `examples` metadata)
// against a fresh database seeded with the demo catalog and writes the answers to
// server/http/openapi/recorded-examples.json, which /api/openapi.json publishes beside the calls. The file is
// data: keys sorted and indented, so a re-recording's diff shows only what changed.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ExampleRecording } from '../server/http/openapi/examples';
import { canonicalJson } from '../server/lib/canonical-json';
import { BASE } from '../test/support/app';
import { comparable, examplesApp, playExamples } from '../test/support/openapi-examples';

const target = path.resolve(import.meta.dirname, '../server/http/openapi/recorded-examples.json');
const t = await examplesApp();
const played = await playExamples(t);
await t.close();

// An answer that differs from the recorded one only in ids and times keeps the recorded one, so a
// re-recording's diff shows what changed and nothing else.
const previous: ExampleRecording['examples'] = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')).examples : {};
const examples = Object.fromEntries(
  Object.entries(played).map(([operation, answers]) => [
    operation,
    Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => {
        const before = previous[operation]?.[name];
        return [name, before && isDeepStrictEqual(comparable(before), comparable(answer)) ? before : answer];
      }),
    ),
  ]),
);

const recording: ExampleRecording = { base: BASE, examples };
fs.writeFileSync(target, `${JSON.stringify(JSON.parse(canonicalJson(recording)), null, 2)}\n`);
const count = Object.values(examples).reduce((n, answers) => n + Object.keys(answers).length, 0);
console.log(`recorded ${count} example answers into ${path.relative(process.cwd(), target)}`);
