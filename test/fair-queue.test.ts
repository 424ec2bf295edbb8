/** PGlite's queue (server/db/fair-queue.ts): first in, first out, and a request past its deadline leaves it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseDeadlineError, DB_DEADLINE_MS } from '../server/db/deadline';
import { FairQueue } from '../server/db/fair-queue';

afterEach(() => vi.useRealTimers());

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('FairQueue', () => {
  it('runs work one at a time, in the order it arrived', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    const first = gate();
    const runs = [
      queue.run(async () => {
        order.push('a start');
        await first.opened;
        order.push('a end');
      }),
      queue.run(async () => void order.push('b')),
      queue.run(async () => void order.push('c')),
    ];
    await Promise.resolve();
    expect(order).toEqual(['a start']);
    first.open();
    await Promise.all(runs);
    expect(order).toEqual(['a start', 'a end', 'b', 'c']);
  });

  it('fails a waiter at its request’s deadline and never runs its work', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const queue = new FairQueue();
    const holder = gate();
    const held = queue.run(() => holder.opened);
    const late = vi.fn(async () => 'ran');
    const waiting = queue.run(late);
    const outcome = waiting.catch((err: unknown) => err);

    await vi.advanceTimersByTimeAsync(DB_DEADLINE_MS - 1);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(DatabaseDeadlineError);

    // The turn passes to whoever queued after it, not to the abandoned work.
    const next = queue.run(async () => 'next');
    holder.open();
    await held;
    await vi.runAllTimersAsync();
    expect(await next).toBe('next');
    expect(late).not.toHaveBeenCalled();
  });

  it('keeps a waiter without a deadline (a command’s) until its turn, however long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const queue = new FairQueue();
    const holder = gate();
    const held = queue.run(() => holder.opened);
    const waiting = queue.run(async () => 'ran', Infinity);

    await vi.advanceTimersByTimeAsync(DB_DEADLINE_MS * 6);
    holder.open();
    await held;
    await vi.runAllTimersAsync();
    expect(await waiting).toBe('ran');
  });
});
