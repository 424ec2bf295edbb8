/**
 * What bench:core holds a signed call against: one Ed25519 verification on this machine, timed in
 * the run (CPU time, so other processes' load moves it less than wall time), and the transactions
 * the service commits per signed call (pg_stat_database, which counts one per statement run
 * outside a transaction).
 */
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { withDatabase } from './database';

/** CPU µs of one `crypto.verify` of an Ed25519 signature over a signature base's size, the median of 5 loops of `n`. */
export function ed25519VerifyMicros(n = 2000): number {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // A signature base of a signed GET limits is ~300 bytes.
  const base = Buffer.alloc(300, 'signature base ');
  const signature = sign(null, base, privateKey);
  const loops: number[] = [];
  for (let loop = 0; loop < 5; loop++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) if (!verify(null, base, publicKey, signature)) throw new Error('the Ed25519 signature did not verify');
    const used = process.cpuUsage(start);
    loops.push((used.user + used.system) / n);
  }
  return loops.sort((a, b) => a - b)[2];
}

/**
 * Transactions committed or rolled back in `database` so far, as the statistics collector reports
 * them. A backend reports at most once a second while busy and within 10 s once idle
 * (PGSTAT_IDLE_INTERVAL, Postgres 15+): read after a load, wait `settleMs` first so it is all in.
 */
export async function transactions(database: string, settleMs = 0): Promise<number> {
  if (settleMs) await new Promise((r) => setTimeout(r, settleMs));
  const [row] = await withDatabase(database, (sql) => sql<{ n: string }[]>`select xact_commit + xact_rollback as n from pg_stat_database where datname = ${database}`);
  return Number(row.n);
}

/** How long a backend may hold its statistics once idle, and a margin. */
export const STATS_SETTLE_MS = 10_500;
