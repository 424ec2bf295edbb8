/**
 * When a failed attempt of an outbox row is tried again (this project's policy; for webhooks UCP
 * says only that a business MUST retry): the outbox's delays, one per attempt, the last repeated,
 * each ±10 % so that the rows a receiver's outage failed together do not all come back in one
 * second; none later than three days after the event, when the row is failed for good.
 */

/** How long after its event a row may still be tried. */
export const DELIVERY_HORIZON_MS = 3 * 24 * 3600 * 1000;

/**
 * The time of the next attempt after `attempts` failed ones (1 after the first), or undefined when
 * it would fall past the horizon. `random` is Math.random's kind (tests pass a fixed one).
 */
export function nextAttemptAt(schedule: readonly number[], attempts: number, occurredAt: Date, now: Date, random: () => number = Math.random): Date | undefined {
  const seconds = schedule[Math.min(attempts, schedule.length) - 1];
  const at = new Date(now.getTime() + seconds * 1000 * (0.9 + 0.2 * random()));
  return at.getTime() - occurredAt.getTime() <= DELIVERY_HORIZON_MS ? at : undefined;
}
