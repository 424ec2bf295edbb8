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
 * The deadline belongs to the request, not to each statement: server/http/server.ts opens a scope
 * per request; work outside any request (start-up, the minute sweep) gets a fresh deadline per
 * statement.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const DB_DEADLINE_MS = 10_000;

export interface RequestScope {
  /** performance.now() past which the request no longer waits on the database. */
  deadline: number;
}

const scopes = new AsyncLocalStorage<RequestScope>();
function newScope(): RequestScope {
  return { deadline: performance.now() + DB_DEADLINE_MS };
}

/** Runs a request's handling with its own database deadline. */
export function withRequestScope<T>(handle: () => T): T {
  return scopes.run(newScope(), handle);
}

/** The current request's scope; a fresh one for work outside any request. */
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
