/**
 * The request deadline (server/db/deadline.ts) on postgres.js, which has none of its own: a query
 * waiting for a pool slot waits for ever, and one sent on a connection whose network went silent
 * waits for TCP to give up (many minutes), since no server-side timeout can fire.
 *
 * At the deadline a statement still queued for a connection is taken off the queue; one already
 * sent loses its connection, destroyed here, so Postgres rolls back whatever transaction it was in
 * and the caller gets DatabaseDeadlineError (503) at once. To find a statement's connection the
 * pool's sockets are made here and each is known by its backend pid, read from the BackendKeyData
 * message Postgres sends when the session starts (postgres.js keeps that pid on the statement).
 * Over TLS the message is encrypted: a sent statement then cannot be matched to its socket, the
 * caller is answered at the deadline and the statement is left to the server-side timeouts.
 */
import net from 'node:net';
import type { PendingQuery } from 'postgres';
import { DatabaseDeadlineError, type RequestScope } from './deadline';

/** The options postgres.js hands its `socket` function (parsed from the URL). */
interface SocketOptions {
  host: string[];
  port: number[];
  path?: string;
  ssl?: unknown;
}

type Query = PendingQuery<never> & {
  state?: { pid?: number };
  cancel(): unknown;
  reject(err: Error): void;
};

/** A statement answered, or failed: its deadline no longer applies; a transaction learns its backend. */
function settled(timer: ReturnType<typeof setTimeout>, query: Query, transaction: { pid?: number } | undefined): void {
  clearTimeout(timer);
  if (transaction) transaction.pid ??= query.state?.pid;
}

/** A statement past its request's deadline. */
function expire(sockets: PoolSockets, q: Query): void {
  const pid = q.state?.pid;
  if (pid === undefined) return void q.cancel(); // still queued: postgres.js takes it off and rejects it
  // Answered here rather than left to postgres.js noticing the close: the caller's answer then
  // depends on no bookkeeping of the driver's, which under the fault load once kept such a
  // statement unsettled for 30 s, before the driver faults found there were patched
  // (test/faults/cut-transaction.test.ts).
  sockets.socketOf(pid)?.destroy(new DatabaseDeadlineError('A statement'));
  q.reject(new DatabaseDeadlineError('A statement'));
}

export class PoolSockets {
  private readonly byPid = new Map<number, net.Socket>();

  /**
   * postgres.js's `socket` option. The socket is returned while it connects (writes queue until
   * then) so that postgres.js's own connect timeout and error handling apply as with its own.
   */
  readonly connect = (options: SocketOptions): net.Socket => {
    const socket = options.path ? net.connect(options.path) : net.connect(options.port[0], options.host[0]);
    if (!options.ssl) this.learnPid(socket);
    return socket;
  };

  /** The socket of the session with backend `pid`, while it is open. */
  socketOf(pid: number): net.Socket | undefined {
    return this.byPid.get(pid);
  }

  /** Reads the backend pid from the session's first messages, then stops reading along. */
  private learnPid(socket: net.Socket): void {
    let pending = Buffer.alloc(0);
    const read = (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const type = String.fromCharCode(pending[0]);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        if (type === 'K') {
          const pid = pending.readInt32BE(5);
          this.byPid.set(pid, socket);
          socket.once('close', () => this.byPid.get(pid) === socket && this.byPid.delete(pid));
        }
        // ReadyForQuery ends the start-up; an error ends the session.
        if (type === 'K' || type === 'Z' || type === 'E') return void socket.off('data', read);
        pending = pending.subarray(1 + length);
      }
    };
    socket.on('data', read);
  }

  /**
   * Gives the query its request's deadline; returns it (postgres.js's query object).
   * `transaction` learns the backend pid of the transaction it belongs to.
   */
  withDeadline<Q>(pending: Q, scope: RequestScope, transaction?: { pid?: number }): Q {
    if (scope.deadline === Infinity) return pending;
    const query = pending as unknown as Query;
    const then = query.then;
    const sockets = this;
    let armed = false;
    // Armed when the query is first awaited, which is when postgres.js sends or queues it. Every
    // statement runs this: no named closures (tsx names each one as it is made, ~1 µs apiece).
    query.then = function (this: Query, ...args: Parameters<Query['then']>) {
      if (!armed) {
        armed = true;
        const timer = setTimeout(expire, Math.max(0, scope.deadline - performance.now()), sockets, query);
        then.call(query, () => settled(timer, query, transaction), () => settled(timer, query, transaction));
      }
      return then.apply(this, args);
    } as Query['then'];
    return pending;
  }

  /**
   * A transaction's body starts only within the deadline: one that got its connection too late
   * rolls back at once, and its caller is answered at the deadline rather than when a connection
   * frees up. One still open at the deadline (its COMMIT unanswered, say) loses its connection,
   * which rolls it back and fails it.
   */
  async transaction<T>(scope: RequestScope, begin: (body: (tx: unknown) => unknown) => Promise<T>, body: (tx: unknown, transaction: { pid?: number }) => unknown): Promise<T> {
    const transaction: { pid?: number } = {};
    if (scope.deadline === Infinity) return begin((tx) => body(tx, transaction));
    let started = false;
    const run = begin((tx) => {
      if (performance.now() >= scope.deadline) throw new DatabaseDeadlineError('A transaction');
      started = true;
      return body(tx, transaction);
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (!started) return reject(new DatabaseDeadlineError('Waiting for a connection'));
        const socket = transaction.pid === undefined ? undefined : this.socketOf(transaction.pid);
        socket?.destroy(new DatabaseDeadlineError('A transaction'));
      }, Math.max(0, scope.deadline - performance.now()));
    });
    run.catch(() => {}); // answered through the race below, or abandoned at the deadline
    try {
      return await Promise.race([run, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
