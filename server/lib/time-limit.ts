/**
 * One outbound exchange under one time limit, its steps (resolving and checking the address, then
 * the request) raced against the same deadline. A timer cleared when the exchange ends, not
 * AbortSignal.timeout: a race with a promise still pending holds what the race settled with, and a
 * signal's timer holds the request, until the timeout passes. For profile fetches that was each
 * parsed document for 5 s (a 256 KiB one of `{}`: 5.6 MiB).
 */

/**
 * Runs `exchange` within `timeoutMs`. Each step it passes to `within` rejects with `late()` at the
 * deadline; `signal` aborts then too, so the request it is given stops (an error it then raises
 * is not the reason: `late()` is).
 */
export async function withTimeLimit<T>(
  timeoutMs: number,
  late: () => Error,
  exchange: (within: <S>(step: Promise<S>) => Promise<S>, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(late());
      deadline.abort();
    }, timeoutMs);
  });
  // Not a dropped error: the step raced at the deadline rejects with it. This only keeps a
  // deadline that passes while no step is raced from being an unhandled rejection, which would
  // stop the process.
  timedOut.catch(() => {});
  try {
    return await exchange((step) => Promise.race([step, timedOut]), deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}
