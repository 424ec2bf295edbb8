/**
 * What each instance remembers of fetched documents, per URL: an LRU of 10,000 entries, each kept
 * for its answer's `max-age` clamped to [60 s, 24 h] (300 s when it names none), a failure for
 * 60 s; one fetch in flight per URL, which every caller asking meanwhile awaits. What is kept is
 * the digest of a document (its keys, a client's metadata), never the document as fetched. A fetch
 * (not an answer from the cache) is counted against the asking client's budget (budget.ts).
 */
import { FETCH_BUDGET, FetchBudget } from './budget';
import { FetchRefused } from './fetch';

export const CACHE_RULES = {
  maxEntries: 10_000,
  defaultSeconds: 300,
  minSeconds: 60,
  maxSeconds: 24 * 60 * 60,
  failureSeconds: 60,
  /** An unknown key id refetches a URL at most this often. */
  refetchSeconds: 60,
} as const;

/** A failure is `limited` when the client's fetch budget was spent (budget.ts): nothing was fetched, or remembered. */
type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string; limited?: true };

interface Entry<T> {
  outcome: Outcome<T>;
  expiresAt: number;
  /** When this URL was last fetched again for an unknown key id. */
  refetchedAt?: number;
}

/** An outcome, and whether it was fetched for this caller (false: it came from the cache). */
export type Lookup<T> = Outcome<T> & { fresh: boolean };

export type Loader<T> = (url: string) => Promise<{ value: T; maxAgeSeconds?: number }>;

export class DocumentCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<Entry<T>>>();

  constructor(
    private readonly load: Loader<T>,
    private readonly now: () => number = Date.now,
    private readonly maxEntries: number = CACHE_RULES.maxEntries,
    /** Shared by every cache of one profile fetcher: a client's fetches are counted together. */
    private readonly budget: FetchBudget = new FetchBudget(now),
  ) {}

  /** The cached outcome, without waiting, or undefined when it has to be fetched. */
  peek(url: string): Lookup<T> | undefined {
    const entry = this.entries.get(url);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(url);
    this.entries.set(url, entry);
    return { ...entry.outcome, fresh: false };
  }

  /** The cached outcome, else a fetch counted against the budget of the client at `address` (none: not counted). */
  async get(url: string, address?: string): Promise<Lookup<T>> {
    const cached = this.peek(url);
    if (cached) return cached;
    if (!this.affordable(url, address)) return LIMITED;
    const entry = await this.fetch(url);
    return { ...entry.outcome, fresh: true };
  }

  /**
   * Fetches `url` again because a key it should hold is missing (a key rotated in since it was
   * cached): at most once per URL per 60 s, else undefined. A failed refetch keeps what was cached.
   */
  async refetch(url: string, address?: string): Promise<Lookup<T> | undefined> {
    const now = this.now();
    const entry = this.entries.get(url);
    if (entry?.refetchedAt !== undefined && now - entry.refetchedAt < CACHE_RULES.refetchSeconds * 1000) return undefined;
    if (!this.affordable(url, address)) return LIMITED;
    if (entry) entry.refetchedAt = now;
    const fetched = await this.fetch(url, entry);
    fetched.refetchedAt = now;
    return { ...fetched.outcome, fresh: true };
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.entries.clear();
  }

  /** A fetch of `url` already in flight is joined for free; a new one spends from the client's budget. */
  private affordable(url: string, address: string | undefined): boolean {
    return this.inFlight.has(url) || this.budget.take(address);
  }

  private fetch(url: string, previous?: Entry<T>): Promise<Entry<T>> {
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.load(url).then(
        ({ value, maxAgeSeconds }) => this.remember(url, { outcome: { ok: true, value }, expiresAt: this.now() + clamp(maxAgeSeconds) * 1000 }),
        (err: unknown) => {
          if (previous?.outcome.ok && previous.expiresAt > this.now()) return previous;
          const reason = err instanceof FetchRefused ? err.message : `the document could not be read (${err instanceof Error ? err.message : String(err)})`;
          return this.remember(url, { outcome: { ok: false, reason }, expiresAt: this.now() + CACHE_RULES.failureSeconds * 1000 });
        },
      );
      const settled = pending.finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, settled);
      pending = settled;
    }
    return pending;
  }

  private remember(url: string, entry: Entry<T>): Entry<T> {
    this.entries.delete(url);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(url, entry);
    return entry;
  }
}

const LIMITED = Object.freeze({
  ok: false,
  reason: `this client address has had the service fetch ${FETCH_BUDGET.perAddress} documents in this ${FETCH_BUDGET.windowSeconds} s window, its budget (documents already held are still used)`,
  limited: true,
  fresh: false,
} as const);

function clamp(maxAgeSeconds: number | undefined): number {
  if (maxAgeSeconds === undefined) return CACHE_RULES.defaultSeconds;
  return Math.min(CACHE_RULES.maxSeconds, Math.max(CACHE_RULES.minSeconds, maxAgeSeconds));
}
