/**
 * npm run docs:ci-figures: docs/benchmarks.md's whole-suite rows come from .ci/run's output (its
 * opening line, the suites' closing lines and wall times), and the lines it reads are the ones
 * .ci/run prints.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCiLog, suiteRows, withRows } from '../scripts/support/ci-figures';

const LOG = `ci: commit 8e16bdc, 2026-11-28, load average 0.41 0.30 0.12

=== npm test (embedded PGlite) (node v20.20.2)
 Test Files  190 passed (190)
npm test wall time: 273 s
pglite: 1584 passed, 0 failed, 32 skipped
npm test wall time on Node 24: 237 s
pglite, node 24: 1583 passed, 1 failed, 32 skipped
standalone: 1499 passed, 0 failed, 117 skipped
postgres: 1604 passed, 0 failed, 12 skipped
postgres + redis: 49 passed, 0 failed, 0 skipped
`;

describe('docs:ci-figures', () => {
  it('writes both rows from the log, figures and all, and leaves the rest of the page alone', () => {
    const page = ['# Benchmarks', '', '| what | figure | measured | command |', '| --- | --- | --- | --- |', '| whole suite, PGlite | typed by hand | 2026-01-01 | x |', '| whole suite, Postgres | typed by hand | 2026-01-01 | x |', '| bench:core | 1 | 2 | 3 |', ''].join('\n');
    const out = withRows(page, suiteRows(parseCiLog(LOG)));
    expect(out.split('\n')[4]).toBe(
      '| whole suite, PGlite | 1,616 tests, 1,584 passed (the other 32 need Postgres or Redis, or the UCP schemas beside the checkout: the standalone copy runs 1,499); 273 s wall on Node 20 and 237 s on Node 24, 400 days on under faketime (1,583 passed, 1 failed) in `.ci/run` on 8e16bdc, load average 0.41, 0.30, 0.12 at its start | 2026-11-28 | `bash .ci/run`, written by `npm run docs:ci-figures` |',
    );
    expect(out.split('\n')[5]).toBe('| whole suite, Postgres | 1,604 passed, 12 skipped, in the same run | 2026-11-28 | `bash .ci/run`, written by `npm run docs:ci-figures` |');
    expect(out.split('\n').filter((line, i) => line !== page.split('\n')[i])).toHaveLength(2);
  });

  it('refuses a log that is not the whole output of .ci/run, and a page without the rows', () => {
    expect(() => parseCiLog(LOG.replace(/^postgres: .*$/m, ''))).toThrow('"postgres: … passed" summary');
    expect(() => parseCiLog(LOG.replace(/^ci: .*$/m, ''))).toThrow('"ci: commit …" opening');
    expect(() => withRows('# nothing here', suiteRows(parseCiLog(LOG)))).toThrow('no row "whole suite, PGlite"');
  });

  it('reads the lines .ci/run prints, and docs/benchmarks.md has the rows it writes', () => {
    const run = fs.readFileSync('.ci/run', 'utf8');
    expect(run).toContain('echo "ci: commit $(git rev-parse --short HEAD');
    expect(run).toContain('echo "npm test wall time: $(( $(date +%s) - start )) s"');
    expect(run).toContain('echo "npm test wall time on Node 24: $(( $(date +%s) - start )) s"');
    for (const label of ['pglite', '"pglite, node 24"', 'standalone', 'postgres']) expect(run).toMatch(new RegExp(`summary \\S+ ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    const page = fs.readFileSync('docs/benchmarks.md', 'utf8');
    expect(() => withRows(page, suiteRows(parseCiLog(LOG)))).not.toThrow();
  });
});
