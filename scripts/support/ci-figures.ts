/**
 * The whole suite's figures in docs/benchmarks.md, read from `.ci/run`'s own output: its opening
 * line (commit, date, load average) and each suite's closing line and wall time. The rows are
 * found by their first cell and replaced whole, so nothing in them is typed by hand.
 */

/** What one `.ci/run` printed about its suites. */
export interface CiFigures {
  commit: string;
  date: string;
  load: string;
  pglite: SuiteCounts;
  node24: SuiteCounts;
  standalone: SuiteCounts;
  postgres: SuiteCounts;
  /** `npm test`'s wall time in seconds, on Node 20 and on Node 24. */
  wallNode20: number;
  wallNode24: number;
}

export interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
}

function match(log: string, pattern: RegExp, what: string): RegExpExecArray {
  const found = pattern.exec(log);
  if (!found) throw new Error(`the log has no ${what} line (is it the whole output of bash .ci/run?)`);
  return found;
}

/** The closing line `summary` in .ci/run prints for the suite `label`. */
function counts(log: string, label: string): SuiteCounts {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [, passed, failed, skipped] = match(log, new RegExp(`^${escaped}: (\\d+) passed, (\\d+) failed, (\\d+) skipped$`, 'm'), `"${label}: … passed" summary`);
  return { passed: Number(passed), failed: Number(failed), skipped: Number(skipped) };
}

export function parseCiLog(log: string): CiFigures {
  const [, commit, date, load] = match(log, /^ci: commit (\w+), (\d{4}-\d{2}-\d{2}), load average ([\d. ]+)$/m, '"ci: commit …" opening');
  return {
    commit,
    date,
    load: load.trim().split(/\s+/).join(', '),
    pglite: counts(log, 'pglite'),
    node24: counts(log, 'pglite, node 24'),
    standalone: counts(log, 'standalone'),
    postgres: counts(log, 'postgres'),
    wallNode20: Number(match(log, /^npm test wall time: (\d+) s$/m, 'Node 20 wall time')[1]),
    wallNode24: Number(match(log, /^npm test wall time on Node 24: (\d+) s$/m, 'Node 24 wall time')[1]),
  };
}

const n = (value: number) => value.toLocaleString('en-US');
const total = ({ passed, failed, skipped }: SuiteCounts) => passed + failed + skipped;

/** The two rows, keyed by their first cell. */
export function suiteRows(f: CiFigures): Map<string, string> {
  const source = '`bash .ci/run`, written by `npm run docs:ci-figures`';
  const failed = (c: SuiteCounts) => (c.failed ? `, ${n(c.failed)} failed` : '');
  return new Map([
    [
      'whole suite, PGlite',
      `| whole suite, PGlite | ${n(total(f.pglite))} tests, ${n(f.pglite.passed)} passed${failed(f.pglite)} (the other ${n(f.pglite.skipped)} need Postgres or Redis, or the UCP schemas beside the checkout: the standalone copy runs ${n(f.standalone.passed)}); ${f.wallNode20} s wall on Node 20 and ${f.wallNode24} s on Node 24, 400 days on under faketime (${n(f.node24.passed)} passed${failed(f.node24)}) in \`.ci/run\` on ${f.commit}, load average ${f.load} at its start | ${f.date} | ${source} |`,
    ],
    ['whole suite, Postgres', `| whole suite, Postgres | ${n(f.postgres.passed)} passed${failed(f.postgres)}, ${n(f.postgres.skipped)} skipped, in the same run | ${f.date} | ${source} |`],
  ]);
}

/** `markdown` with each row replaced by the one of the same first cell; throws if a row is missing. */
export function withRows(markdown: string, rows: Map<string, string>): string {
  let out = markdown;
  for (const [first, row] of rows) {
    const pattern = new RegExp(`^\\| ${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|.*$`, 'm');
    if (!pattern.test(out)) throw new Error(`no row "${first}" to replace`);
    out = out.replace(pattern, () => row);
  }
  return out;
}
