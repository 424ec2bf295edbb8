/**
 * What the service's transactional outboxes share: order webhooks (webhooks/) and order
 * confirmation e-mails (payments/confirmation-mail.ts). A row is inserted in the transaction that
 * wrote what it tells of, so it commits or vanishes with it, and a process that dies after the
 * commit loses nothing: every server process runs a worker of each outbox (main.ts). Each round
 * claims the due rows with FOR UPDATE SKIP LOCKED and a 60 s lease (two instances never send one
 * row at once, and a row whose sender died is claimed again once its lease lapses), makes one
 * attempt of each, and records how it ended only while it still holds the lease. A failed attempt
 * is tried again on the outbox's schedule (schedule.ts) until three days after the event.
 *
 * Sent at least once, not exactly once: a sender that dies between sending and recording leaves
 * the row to be claimed and sent again once its lease lapses.
 *
 * An outbox table has the columns `outboxColumns` gives (db/schema.ts); `outboxStatements` builds
 * its claim and record once, and a worker is an OutboxWorker that says how one row is sent.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { placeholderFor, prepared } from '../db/prepared';
import { nextAttemptAt } from './schedule';
import { logJobFailure } from '../errors/background';
import { reasonOf } from '../errors/for-log';

/** What every outbox row holds (db/schema.ts: outboxColumns). */
export interface OutboxRow {
  state: string;
  attempts: number;
  occurredAt: Date;
  nextAttemptAt: Date;
  leaseUntil: Date | null;
}

/**
 * How one attempt ended: an end state of the outbox (delivered, sent, failed; skipped, which
 * counts no attempt), or `retry`: tried again on the schedule, failed once that falls past the
 * horizon. `columns`: what else the outbox records of an attempt (a webhook's URL and status).
 */
export interface Outcome {
  state: string;
  reason?: string;
  columns?: Record<string, unknown>;
}

export interface OutboxTable {
  /** Names the outbox's prepared statements. */
  name: string;
  table: PgTable;
  /** The primary key's property and column. */
  key: { property: string; column: string };
  /** A further condition a due row `c` must meet to be claimed (webhooks: one order's events in order). */
  claimable?: SQL;
  /** The properties of an outcome's `columns` recorded beside the common ones. */
  recorded?: readonly string[];
}

export interface OutboxStatements<Row extends OutboxRow> {
  key: string;
  claim(db: Db, values: { now: string; lease: Date }): Promise<Row[]>;
  record(db: Db, values: Record<string, unknown>): Promise<unknown>;
}

export interface OutboxOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Math.random's kind, for the retries' jitter. */
  random?: () => number;
}

export const LEASE_MS = 60_000;
/** How often a worker looks for due rows: what a row tells of is sent within about this of its commit. */
const POLL_MS = 1_000;
/** Rows one round claims and sends at once. */
const BATCH = 20;

/** The outbox's claim and record, each built once (db/prepared.ts): every round runs them. */
export function outboxStatements<Row extends OutboxRow>({ name, table, key, claimable, recorded = [] }: OutboxTable): OutboxStatements<Row> {
  // drizzle types an update by its table; this one is any outbox's, whose columns outboxColumns names.
  const update = (db: Db) => db.update(table as never);
  const keyColumn = sql.identifier(key.column);
  const claim = prepared<{ now: string; lease: Date }, Row[]>(`${name}_claim`, (db) =>
    update(db)
      .set({ state: 'sending', leaseUntil: placeholderFor<Date>('lease') } as never)
      .where(
        sql`${keyColumn} IN (
          SELECT c.${keyColumn} FROM ${table} c
          WHERE c.state IN ('pending', 'sending') AND c.next_attempt_at <= ${sql.placeholder('now')}::timestamptz
            AND (c.state = 'pending' OR c.lease_until < ${sql.placeholder('now')}::timestamptz)
            ${claimable ? sql`AND ${claimable}` : sql``}
          ORDER BY c.next_attempt_at
          LIMIT ${sql.raw(String(BATCH))}
          FOR UPDATE SKIP LOCKED)`,
      )
      .returning() as never,
  );
  const columns = ['state', 'attempts', 'nextAttemptAt', 'lastError', 'lastAttemptAt', ...recorded];
  /** An attempt's end, written only while the worker still holds the row's lease. */
  const record = prepared<Record<string, unknown>, unknown>(`${name}_attempt`, (db) =>
    update(db)
      .set({ ...Object.fromEntries(columns.map((c) => [c, placeholderFor(c)])), leaseUntil: null } as never)
      .where(sql`${keyColumn} = ${sql.placeholder('key')} AND state = 'sending' AND lease_until = ${sql.placeholder('lease')}::timestamptz`),
  );
  return { key: key.property, claim, record };
}

export abstract class OutboxWorker<Row extends OutboxRow> {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private stopped = false;
  protected readonly now: () => Date;

  constructor(
    private readonly outbox: { db: Db; statements: OutboxStatements<Row>; schedule: readonly number[]; label: string },
    private readonly outboxOptions: OutboxOptions = {},
  ) {
    this.now = outboxOptions.now ?? (() => new Date());
  }

  /**
   * One attempt of each row a round claimed, in the rows' order; a rejected attempt is tried
   * again. Starts them all at once, so one slow send holds up no other's record.
   */
  protected abstract attempts(rows: Row[]): Promise<Outcome>[];

  /**
   * Polls until stop(); a round still running when the next is due is not doubled, and a round
   * that claimed a full batch is followed at once by the next, so a backlog drains at the pace
   * sending allows rather than a batch a poll.
   */
  start(intervalMs = POLL_MS): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      this.round ??= this.drain()
        .catch((err: unknown) => logJobFailure(this.outbox.label, err))
        .finally(() => (this.round = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.runOnce()) === BATCH);
  }

  /** Stops polling, and waits for the round in flight (its claims end as they would). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
  }

  /** One round: claims the due rows and makes one attempt of each; answers how many. */
  async runOnce(): Promise<number> {
    const { db, statements } = this.outbox;
    const now = this.now();
    const claimed = await statements.claim(db, { now: now.toISOString(), lease: new Date(now.getTime() + LEASE_MS) });
    const attempts = this.attempts(claimed);
    await Promise.all(
      claimed.map(async (row, i) => {
        const outcome = await attempts[i].catch((err: unknown): Outcome => ({ state: 'retry', reason: reasonOf(err) }));
        await this.record(row, outcome);
      }),
    );
    return claimed.length;
  }

  private async record(row: Row, outcome: Outcome): Promise<void> {
    const { db, statements, schedule } = this.outbox;
    const now = this.now();
    const attempts = outcome.state === 'skipped' ? row.attempts : row.attempts + 1;
    let state = outcome.state === 'retry' ? 'pending' : outcome.state;
    let next = row.nextAttemptAt;
    if (outcome.state === 'retry') {
      const at = nextAttemptAt(schedule, attempts, row.occurredAt, now, this.outboxOptions.random);
      if (at) next = at;
      else state = 'failed';
    }
    const reason = outcome.reason ?? null;
    await statements.record(db, {
      ...outcome.columns,
      key: (row as unknown as Record<string, unknown>)[statements.key],
      lease: row.leaseUntil!.toISOString(),
      state,
      attempts,
      nextAttemptAt: next,
      lastError: state === 'failed' && outcome.state === 'retry' ? `${reason}; no attempt is left within three days of the event` : reason,
      lastAttemptAt: now,
    });
  }
}
