/** What a piece of work writes to the sockets of a test app's Postgres, write by write: its round trips. */
import net from 'node:net';
import { vi } from 'vitest';
import type { TestApp } from './app';

/** `work`'s writes to Postgres (none on PGlite, which has no wire). */
export async function writesOf<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; writes: Buffer[] }> {
  const port = t.db.url ? Number(new URL(t.db.url).port || 5432) : undefined;
  const writes: Buffer[] = [];
  const write = net.Socket.prototype.write;
  const spy = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    if (this.remotePort === port) writes.push(Buffer.from(chunk as Uint8Array));
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  });
  try {
    return { result: await work(), writes };
  } finally {
    spy.mockRestore();
  }
}

/** Whether every statement in `writes` was prepared on its connection already (none is described first, a round trip more). */
export const allPrepared = (writes: Buffer[]) => writes.every((w) => !w.toString('latin1').startsWith('P'));
