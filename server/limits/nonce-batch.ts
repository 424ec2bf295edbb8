/**
 * The nonces of concurrent signed calls, sent to the shared store together: every `rememberNonce`
 * of the same ~1 ms (or, under load, of the previous batch's round trip) joins one batch, which the
 * store answers with one statement (Postgres, PGlite) or one pipelined round trip (Redis). Each
 * caller learns whether its own nonce was new. Measured with bench:core (50 connections, every call
 * signed with a fresh nonce): one upsert per call before; ~0.15 statements a call with a 1 ms
 * window alone; see docs/benchmarks.md for the figures since.
 *
 * What counts a nonce once is still the store, across every instance: the batch keeps nothing
 * after its answer, and within the batch a nonce sent twice is sent to the store once, its first
 * caller taking the store's answer and every later one told it was seen (a replay inside one batch
 * is refused as one across batches is).
 */

/** A nonce to insert if absent, kept until `expiresAtMs` (the service's clock). */
export interface NonceClaim {
  key: string;
  expiresAtMs: number;
}

/** How long a batch waits for more nonces after its first. */
export const NONCE_BATCH_MS = 1;

interface Waiter {
  resolve: (fresh: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * `claim` inserts every nonce of a batch (distinct keys) that is absent or expired and answers the
 * keys it inserted; a batch that fails fails each of its callers with the same error.
 */
export function nonceBatches(claim: (batch: NonceClaim[]) => Promise<ReadonlySet<string>>, windowMs = NONCE_BATCH_MS): (key: string, expiresAtMs: number) => Promise<boolean> {
  let pending: Map<string, { expiresAtMs: number; waiters: Waiter[] }> | undefined;
  let waiting = false;
  let inFlight = false;

  // One batch in flight at a time: what arrives meanwhile waits for it and goes as the next one,
  // so under load a batch holds every nonce of a round trip (group commit), and a batch never
  // waits on a pool connection behind its own predecessors.
  function schedule(): void {
    if (pending && !waiting && !inFlight) {
      waiting = true;
      setTimeout(flush, windowMs);
    }
  }

  function flush(): void {
    waiting = false;
    const batch = pending!;
    pending = undefined;
    inFlight = true;
    claim([...batch].map(([key, { expiresAtMs }]) => ({ key, expiresAtMs })))
      .then(
        (fresh) => {
          for (const [key, { waiters }] of batch) waiters.forEach((w, i) => w.resolve(i === 0 && fresh.has(key)));
        },
        (err: unknown) => {
          for (const { waiters } of batch.values()) for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        inFlight = false;
        schedule();
      });
  }

  return (key, expiresAtMs) =>
    new Promise<boolean>((resolve, reject) => {
      pending ??= new Map();
      const entry = pending.get(key);
      if (entry) entry.waiters.push({ resolve, reject });
      else pending.set(key, { expiresAtMs, waiters: [{ resolve, reject }] });
      schedule();
    });
}
