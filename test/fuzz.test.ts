/**
 * Property-based fuzzing of every operation in the served OpenAPI document, of UCP's binding
 * at the network's endpoint and a seller's, and of tools/call at every MCP endpoint (see test/fuzz/): a bounded number of cases per
 * operation, with a printed seed. A failure prints the request and the command that replays it;
 * `npm run fuzz -- --runs N --seed S` runs more.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fuzz, fuzzTarget, isBinding, requestArbitrary } from './fuzz/harness';
import { isMcp } from './fuzz/mcp';

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

// Started before the tests are collected: there is one per operation of the served document.
const target = await fuzzTarget();
afterAll(() => target.close());
console.log(`fuzz: ${target.operations.length} operations × ${RUNS_PER_OPERATION} cases, seed ${SEED}`);

describe('every operation of the OpenAPI document and of UCP’s binding, and every MCP endpoint, fuzzed', () => {
  it('has operations to fuzz, the binding’s at both endpoints and the MCP endpoints among them', () => {
    expect(target.operations.length).toBeGreaterThan(15);
    expect(target.operations).toEqual(
      expect.arrayContaining([
        ['/ucp/catalog/search', 'POST'],
        ['/store/{handle}/ucp/catalog/search', 'POST'],
        ['/api/mcp', 'POST'],
        ['/ucp/mcp', 'POST'],
        ['/store/{handle}/ucp/mcp', 'POST'],
      ]),
    );
  });

  for (const operation of target.operations) {
    const [path, method] = operation;
    const oracle = isMcp({ path })
      ? 'tools/call: never -32603; params not its shape -32602 with a sentence'
      : isBinding(target, { path })
        ? 'failures in UCP’s shapes; successes valid against the output schema'
        : 'failures {error, code} as declared; successes valid';
    it(`${method} ${path}: no 5xx; ${oracle}`, async () => {
      const run = await fuzz(target, requestArbitrary(target, operation), { runs: RUNS_PER_OPERATION, seed: SEED });
      const [failure] = run.failures;
      if (failure) {
        const { seed, path: replayPath } = failure.replay;
        expect.fail(`${failure.message}\nreplay: npm run fuzz -- --operation "${method} ${path}" --seed ${seed} --path ${replayPath}`);
      }
      expect(run.cases).toBe(RUNS_PER_OPERATION);
    }, 120_000);
  }
});
