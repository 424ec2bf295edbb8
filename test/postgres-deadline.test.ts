/**
 * The request deadline on postgres.js (server/db/postgres-deadline.ts) answers a statement at the
 * deadline even when the driver never settles the statement whose connection it cut: under the
 * Postgres fault load one such statement left its request unanswered for 30 s. A local server
 * stands in for Postgres just far enough for the pool socket to learn its backend pid; the
 * statement is one that never settles on its own.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseDeadlineError } from '../server/db/deadline';
import { PoolSockets } from '../server/db/postgres-deadline';

const PID = 4242;
let server: net.Server;
let port: number;
/** Resolved when the server side of the next connection closes. */
let closedOnServer: Promise<void>;

/** AuthenticationOk, BackendKeyData (pid, secret) and ReadyForQuery, as a session starts. */
function sessionStart(pid: number): Buffer {
  const auth = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
  const key = Buffer.alloc(13);
  key.write('K', 0);
  key.writeInt32BE(12, 1);
  key.writeInt32BE(pid, 5);
  key.writeInt32BE(7, 9);
  const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
  return Buffer.concat([auth, key, ready]);
}

beforeAll(async () => {
  server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.write(sessionStart(PID));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A pool socket that has learnt PID, as postgres.js would hold it. */
async function connected(sockets: PoolSockets): Promise<net.Socket> {
  closedOnServer = new Promise((resolve) => server.once('connection', (socket) => socket.once('close', () => resolve())));
  const socket = sockets.connect({ host: ['127.0.0.1'], port: [port] });
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('data', resolve));
  return socket;
}

/** Settles `promise`, or says it did not within `ms`. */
function within(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([promise.then(() => 'resolved', (err: unknown) => err), new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms))]);
}

describe('the request deadline on postgres.js', () => {
  it('answers a statement sent on a connection at the deadline, cutting the connection, though the driver never settles it', async () => {
    const sockets = new PoolSockets();
    await connected(sockets);
    let reject!: (err: Error) => void;
    const statement = Object.assign(new Promise<never>((_, r) => (reject = r)), { state: { pid: PID }, reject: (err: Error) => reject(err), cancel: () => {} });
    const started = performance.now();
    const outcome = await within(sockets.withDeadline(statement, { deadline: performance.now() + 50 }), 2_000);
    expect(outcome).toBeInstanceOf(DatabaseDeadlineError);
    expect(performance.now() - started).toBeLessThan(1_000);
    await closedOnServer;
  });
});
