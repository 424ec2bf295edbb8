/**
 * The queue in front of PGlite, which runs one statement (or one transaction) at a time.
 *
 * PGlite's own mutex hands the next turn to whichever statement the event loop resumes first, and
 * under 50 clients a request's statements kept losing that race to new arrivals: the unluckiest
 * waited seconds (measured: p99 4.2 s, timeouts; `npm run bench:search -- --embedded`). This queue
 * is first in, first out, and hands over on setImmediate so the sockets' I/O runs between
 * statements instead of starving behind them. (Serving the earliest request first was tried: it
 * starved the newest requests behind every older one's later statements.) A statement whose
 * request's deadline passes while it waits leaves the queue and fails with DatabaseDeadlineError,
 * answered 503.
 */
import type { PGlite } from '@electric-sql/pglite';
import { currentScope, DatabaseDeadlineError, DB_DEADLINE_MS, type RequestScope } from './deadline';

interface Waiter {
  start(): void;
}

export class FairQueue {
  private busy = false;
  private readonly waiters: Waiter[] = [];

  /** Runs `work` in its turn; fails with DatabaseDeadlineError if the turn comes after `deadline`. */
  async run<T>(work: () => Promise<T>, deadline = performance.now() + DB_DEADLINE_MS): Promise<T> {
    await this.turn(deadline);
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  private turn(deadline: number): Promise<void> {
    const wait = deadline - performance.now();
    if (wait <= 0) return Promise.reject(new DatabaseDeadlineError('Waiting for the embedded database'));
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      // No deadline (a command's): wait for the turn however long it takes.
      const timer =
        wait === Infinity
          ? undefined
          : setTimeout(() => {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              reject(new DatabaseDeadlineError('Waiting for the embedded database'));
            }, wait);
      this.waiters.push(waiter);
    });
  }

  private next(): void {
    const waiter = this.waiters.shift();
    if (waiter) setImmediate(waiter.start);
    else this.busy = false;
  }
}

/**
 * The PGlite instance as drizzle sees it: every statement and transaction it starts takes its turn
 * in the queue, waiting until the deadline of `scope` (a request's), or without one, of the page
 * request it runs in (deadline.ts). Statements inside a transaction run on the transaction's own
 * handle, which is not queued: the transaction holds the turn until it ends.
 */
export function queued(client: PGlite, queue: FairQueue, scope?: RequestScope): PGlite {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query' || prop === 'exec' || prop === 'transaction') {
        const method = Reflect.get(target, prop, target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => queue.run(() => method.apply(target, args), (scope ?? currentScope()).deadline);
      }
      // PGlite's methods use private fields, which a proxy as `this` does not have.
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
