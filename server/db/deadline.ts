/**
 * How long a request may wait on the database, all of it together: connecting, waiting for a pool
 * slot or its turn on PGlite, locks and the queries themselves. Past it the request is answered
 * 503 service_unavailable (retryable, with Retry-After) and its unfinished database work is
 * abandoned: a queued statement leaves the queue, a running one loses its connection, so an open
 * transaction rolls back and nothing answered 503 is half-written.
 *
 * The server-side timeouts (server/db/client.ts) sit below it, so on a live network Postgres
 * cancels a slow statement or a lock wait first; the client-side deadline is what still holds when
 * the network drops packets and no answer, not even an error, comes back. Stripe calls keep their
 * own budget (8 s, one retry: server/payments/stripe.ts).
 *
 * The deadline belongs to the request, not to each statement. The agent API carries it
 * explicitly: each request context gets a database handle bound to a scope of its own
 * (`Database.scoped`, db/client.ts). The pages, sign-in, OAuth and webhooks reach the database
 * through the process's shared handle, which reads the scope that server/http/server.ts opens
 * around them in an AsyncLocalStorage; work outside any request (start-up, the minute sweep) gets a
 * fresh deadline per statement or transaction.
 *
 * Why not AsyncLocalStorage everywhere: on Node 20 an AsyncLocalStorage that has run once installs
 * a hook that runs on every promise the process makes from then on. Measured on the agent API
 * (bench:core): 8 µs more Node CPU per GET, about 150 µs per idempotent POST. Next uses
 * AsyncLocalStorage to render pages, so a process that renders pages pays that cost anyway; one
 * that serves only the agent API does not.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const DB_DEADLINE_MS = 10_000;

export interface RequestScope {
  /** performance.now() past which the request no longer waits on the database. */
  deadline: number;
  /**
   * The client's address as per-address limits count it (lib/client-ip.ts addressBucket), for
   * what the request makes the service do on its behalf (profile fetches: profiles/budget.ts);
   * undefined outside a client's request.
   */
  address?: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** A scope whose deadline is DB_DEADLINE_MS from now. */
export function newScope(address?: string): RequestScope {
  return { deadline: performance.now() + DB_DEADLINE_MS, address };
}

/**
 * The scope of a command (seed, catalog:import), outside any request: no deadline. Loading a
 * million products rebuilds indexes for minutes; the server-side timeouts still hold per
 * statement, and the index builds lift theirs (catalog/bulk-load.ts).
 */
export const NO_DEADLINE: RequestScope = Object.freeze({ deadline: Infinity, address: undefined });

/** Runs a page's (or webhook's) handling with its own database deadline, read by the shared handle. */
export function withRequestScope<T>(handle: () => T, address?: string): T {
  return scopes.run(newScope(address), handle);
}

/** The scope the shared handle's statements wait under: the page's, else a fresh one. */
export function currentScope(): RequestScope {
  return scopes.getStore() ?? newScope();
}

/** What a statement gets when its request's deadline passes; mapped to 503 (errors/from-unknown.ts). */
export class DatabaseDeadlineError extends Error {
  readonly code = 'DATABASE_DEADLINE';
  constructor(what: string) {
    super(`${what}: the request waited on the database for ${DB_DEADLINE_MS / 1000} s`);
    this.name = 'DatabaseDeadlineError';
  }
}
