/**
 * A per-instance micro-cache of whole answers, for operations that declare `cacheMs`: reads that
 * depend on nothing in the request but its path and query (the limits record). A hit skips the
 * procedure pipeline entirely — the gateway still identifies the caller and adds this request's
 * id and advisories. The database stays the source of truth: each instance re-reads at most
 * `cacheMs` after a change, and a change made through this instance clears its cache at once.
 */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer & { expires: number }>();

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires > performance.now()) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  set(key: string, ttlMs: number, answer: CachedAnswer): void {
    this.entries.set(key, { ...answer, expires: performance.now() + ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
