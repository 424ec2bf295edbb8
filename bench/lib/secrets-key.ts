/**
 * The SECRETS_KEY every server a benchmark starts is given (startProcess adds it) and the benchmark's
 * own in-process apps use: one per run, so servers sharing a database derive the same keys.
 * SECRETS_KEY from the environment when set.
 */
import { randomBytes } from 'node:crypto';
import { parseSecretsKey } from '../../server/config';

export const BENCH_SECRETS_KEY = process.env.SECRETS_KEY || randomBytes(32).toString('base64');

/** The key itself, for a benchmark that derives a service key in process (a cursor's, say). */
export const benchSecretsKey = (): Buffer => parseSecretsKey('SECRETS_KEY', BENCH_SECRETS_KEY)!;
