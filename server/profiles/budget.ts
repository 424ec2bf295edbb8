/**
 * What one client may make this instance fetch: at most 30 documents it names (agent profiles, key
 * directories, OAuth Client ID Metadata Documents) a minute per client address (lib/client-ip.ts
 * addressBucket), in fixed windows aligned to the epoch. An answer from the cache, or a fetch of
 * the same URL already in flight, costs nothing. Past it the caller is served without the
 * document: an open call unsigned, with the advisory profile_fetch_limited.
 *
 * Counted in process, not in the shared store: it bounds the fetches this instance makes (a fetch
 * is this instance's sockets and its 5 s), so n instances together allow n times as many, and a
 * fetch never waits on a store round trip. Memory is bounded: at most 10,000 addresses a window;
 * addresses past them get no fetch until the window ends (failing closed, as a spent budget does).
 */
export const FETCH_BUDGET = { perAddress: 30, windowSeconds: 60, maxAddresses: 10_000 } as const;

export class FetchBudget {
  private window = Number.NaN;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly rule: { perAddress: number; windowSeconds: number; maxAddresses: number } = FETCH_BUDGET,
  ) {}

  /**
   * Spends one fetch of `address`'s budget: false (spending nothing) when it is spent. A fetch
   * with no client address (start-up, an in-process caller) is not counted.
   */
  take(address: string | undefined): boolean {
    if (address === undefined) return true;
    const window = Math.floor(this.now() / (this.rule.windowSeconds * 1000));
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = this.counts.get(address) ?? 0;
    if (count >= this.rule.perAddress || (count === 0 && this.counts.size >= this.rule.maxAddresses)) return false;
    this.counts.set(address, count + 1);
    return true;
  }
}
