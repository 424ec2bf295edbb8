/**
 * The nonces of concurrent signed calls, sent to the shared store together: every `rememberNonce`
 * of the same ~1 ms joins one batch, which the store answers with one statement (Postgres, PGlite)
 * or one pipelined round trip (Redis). Each caller learns whether its own nonce was new. Measured
 * with bench:core (50 connections, every call signed with a fresh nonce): one upsert per call
 * before; see docs/benchmarks.md for the statements per signed call since.
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

  function flush(): void {
    const batch = pending!;
    pending = undefined;
    claim([...batch].map(([key, { expiresAtMs }]) => ({ key, expiresAtMs }))).then(
      (fresh) => {
        for (const [key, { waiters }] of batch) waiters.forEach((w, i) => w.resolve(i === 0 && fresh.has(key)));
      },
      (err: unknown) => {
        for (const { waiters } of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  }

  return (key, expiresAtMs) =>
    new Promise<boolean>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setTimeout(flush, windowMs);
      }
      const entry = pending.get(key);
      if (entry) entry.waiters.push({ resolve, reject });
      else pending.set(key, { expiresAtMs, waiters: [{ resolve, reject }] });
    });
}
