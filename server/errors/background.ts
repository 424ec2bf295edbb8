/**
 * The failure of work nobody waits for: a sweep, an outbox round, the release of an idempotency
 * claim. Nothing awaits its promise, so unless it is logged here it vanishes. Each failure is one
 * line under one stable event name, `background job failed: <job>: <error>`, so an operator (or a
 * log alert) counts failures per job by counting these lines. The count is the log's, not this
 * process's: the service exposes no metrics, and a counter held here would be one instance's.
 */
import { reasonOf } from './for-log';

/** The stable start of every line logged for a failed background job. */
export const BACKGROUND_JOB_FAILED = 'background job failed';

/**
 * Logs a failure of `job` (a stable name) in one line: the failure's own words, scrubbed as forLog
 * scrubs (reasonOf), not a failed statement's SQL, which a job failing every minute would repeat.
 */
export function logJobFailure(job: string, err: unknown): void {
  console.warn(`${BACKGROUND_JOB_FAILED}: ${job}: ${reasonOf(err)}`);
}

/** Runs `work` to its end; a failure is logged under `job`'s name and never thrown. */
export async function inBackground(job: string, work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (err) {
    logJobFailure(job, err);
  }
}
