/**
 * npm run fuzz -- [--runs N] [--seed S] [--operation "GET /api/agent/search"] [--path P] [--stop]
 *
 * Fuzzes every operation of the served OpenAPI document and of UCP's binding (or one, e.g.
 * "POST /store/{handle}/ucp/catalog/search") against a real service on an embedded database;
 * prints the number of cases, one example of each kind of failure with the command that replays
 * it, and the slowest request. Exits 1 on any failure.
 */
import { parseArgs } from 'node:util';
import { describeRequest, fuzz, fuzzTarget, requestArbitrary } from './harness';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    operation: { type: 'string' },
    path: { type: 'string' },
    stop: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

const target = await fuzzTarget();
const only = values.operation?.split(' ') as [string, string] | undefined;
const operation = only && ([only[1], only[0].toUpperCase()] as [string, string]);
if (operation && !target.operations.some(([p, m]) => p === operation[0] && m === operation[1])) {
  console.error(`No operation "${values.operation}" in the document; use "METHOD /path".`);
  process.exit(2);
}

console.log(`fuzz: ${runs} cases over ${operation ? values.operation : `${target.operations.length} operations`}, seed ${seed}`);
const started = performance.now();
const run = await fuzz(target, requestArbitrary(target, operation && [operation[0], operation[1]]), {
  runs,
  seed,
  path: values.path,
  keepGoing: !values.stop && !values.path,
});
await target.close();

const seconds = (performance.now() - started) / 1000;
console.log(`${run.cases} cases in ${seconds.toFixed(1)} s (${Math.round(run.cases / seconds)}/s): ${run.failures.length ? `${run.failures.length} kinds of failure` : 'no failures'}`);
console.log(`statuses: ${Object.entries(run.statuses).map(([status, n]) => `${status} ×${n}`).join(', ')}`);
if (run.slowest) {
  console.log(`slowest: ${run.slowest.ms.toFixed(1)} ms, ${run.slowest.status}, ${describeRequest(run.slowest.request)}`);
}
for (const failure of run.failures) {
  const scope = operation ? ` --operation "${values.operation}"` : '';
  console.log(`\nFAIL ${failure.message}\nreplay: npm run fuzz --${scope} --seed ${failure.replay.seed} --path ${failure.replay.path}`);
}
process.exit(run.failures.length ? 1 : 0);
