/**
 * What one client may make this instance fetch: at most 30 documents it names (agent profiles, key
 * directories, OAuth Client ID Metadata Documents) a minute per client address (lib/client-ip.ts
 * addressBucket), in fixed windows aligned to the epoch. An answer from the cache, or a fetch of
 * the same URL already in flight, costs nothing. Past it the caller is served without the
 * document: an open call unsigned, with the advisory profile_fetch_limited; a call of UCP's
 * binding, which cannot go on without its platform's profile, is refused (negotiation/).
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

  /** Whether `address` may have one more fetch, spending nothing. A fetch with no client address (start-up, an in-process caller) is not counted. */
  allows(address: string | undefined): boolean {
    if (address === undefined) return true;
    this.roll();
    const count = this.counts.get(address) ?? 0;
    return count < this.rule.perAddress && (count > 0 || this.counts.size < this.rule.maxAddresses);
  }

  /** Spends one fetch of `address`'s budget: false (spending nothing) when it is spent. */
  take(address: string | undefined): boolean {
    if (!this.allows(address)) return false;
    if (address !== undefined) this.counts.set(address, (this.counts.get(address) ?? 0) + 1);
    return true;
  }

  /** Whole seconds until the current window ends (at least 1): when a spent budget is whole again. */
  secondsLeft(): number {
    const windowMs = this.rule.windowSeconds * 1000;
    return Math.max(1, Math.ceil((windowMs - (this.now() % windowMs)) / 1000));
  }

  private roll(): void {
    const window = Math.floor(this.now() / (this.rule.windowSeconds * 1000));
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
  }
}
