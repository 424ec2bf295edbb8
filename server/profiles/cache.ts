/**
 * What each instance remembers of fetched documents, per URL: an LRU of 10,000 entries, each kept
 * for its answer's `max-age` clamped to [60 s, 24 h] (300 s when it names none), a failure for
 * 60 s; one fetch in flight per URL, which every caller asking meanwhile awaits. What is kept is
 * the digest of a document (its keys, a client's metadata), never the document as fetched. A fetch
 * (not an answer from the cache) is counted against the asking client's budget (budget.ts) and,
 * for a cache given one, a gate every client shares (negotiation's per-instance rate).
 *
 * Bounded in bytes too, since a 256 KiB document can keep megabytes (87k `{}` in a member a
 * digest copies): each entry is measured once when stored (kept-bytes.ts), a digest of more than
 * 128 KiB is refused as the document's fault (`malformed`), and the caches of one fetcher hold
 * together at most PROFILE_CACHE_BYTES (32 MiB by default), the least recently used dropped first.
 */
import { FETCH_BUDGET, FetchBudget } from './budget';
import { FetchRefused, type RefusalKind } from './fetch';
import { heapBytes, KeptBytes } from './kept-bytes';

export const CACHE_RULES = {
  maxEntries: 10_000,
  /** PROFILE_CACHE_BYTES's default: what the caches of one fetcher hold together. */
  maxBytes: 32 * 1024 * 1024,
  /** What one digest may take: a hundred keys, or a client's metadata, with room to spare. */
  maxEntryBytes: 128 * 1024,
  /** A failure's reason is kept to this many characters (a document may name itself at length). */
  reasonChars: 500,
  defaultSeconds: 300,
  minSeconds: 60,
  maxSeconds: 24 * 60 * 60,
  failureSeconds: 60,
  /** An unknown key id refetches a URL at most this often. */
  refetchSeconds: 60,
} as const;

/** A fetch that failed, and why (fetch.ts); remembered as an answer is. */
export interface Failure {
  ok: false;
  reason: string;
  kind: RefusalKind;
  limited?: undefined;
}

/**
 * Not fetched for this caller, and nothing remembered: its client address's budget is spent
 * (`address`, budget.ts), or the cache's gate is closed (`instance`); `retryAfterSeconds` says
 * when asking again may fetch.
 */
export interface Unfetched {
  ok: false;
  reason: string;
  limited: 'address' | 'instance';
  retryAfterSeconds: number;
  kind?: undefined;
}

type Outcome<T> = { ok: true; value: T } | Failure;

/** A bound on the fetches one cache starts, whoever asks: `take` spends one, or answers why not and when to ask again. */
export interface FetchGate {
  take(): { reason: string; retryAfterSeconds: number } | undefined;
}

interface Entry<T> {
  outcome: Outcome<T>;
  expiresAt: number;
  /** When this URL was last fetched again for an unknown key id. */
  refetchedAt?: number;
}

/** An outcome, and whether it was fetched for this caller (false: it came from the cache). */
export type Lookup<T> = (Outcome<T> & { fresh: boolean }) | (Unfetched & { fresh: false });

/**
 * An outcome as a lookup answers it, written out: on Node 20 a spread that gains a key (`fresh`)
 * makes a new hidden class for every object, ~1.2 µs, and every signed call and every negotiated
 * UCP call peeks.
 */
function lookupOf<T>(outcome: Outcome<T>, fresh: boolean): Lookup<T> {
  return outcome.ok ? { ok: true, value: outcome.value, fresh } : { ok: false, reason: outcome.reason, kind: outcome.kind, fresh };
}

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
    /** Asked after the client's budget, so that one client's spent budget cannot spend it for the others. */
    private readonly gate?: FetchGate,
    /** Shared by every cache of one profile fetcher: their entries are bounded together. */
    private readonly kept: KeptBytes = new KeptBytes(CACHE_RULES.maxBytes),
  ) {}

  /** The cached outcome, without waiting, or undefined when it has to be fetched. */
  peek(url: string): Lookup<T> | undefined {
    const entry = this.entries.get(url);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(url);
    this.entries.set(url, entry);
    this.kept.touch(entry);
    return lookupOf(entry.outcome, false);
  }

  /** The cached outcome, else a fetch counted against the budget of the client at `address` (none: not counted). */
  async get(url: string, address?: string): Promise<Lookup<T>> {
    const cached = this.peek(url);
    if (cached) return cached;
    const unfetched = this.admit(url, address);
    if (unfetched) return unfetched;
    const entry = await this.fetch(url);
    return lookupOf(entry.outcome, true);
  }

  /**
   * Fetches `url` again because a key it should hold is missing (a key rotated in since it was
   * cached): at most once per URL per 60 s, else undefined. A failed refetch keeps what was cached.
   */
  async refetch(url: string, address?: string): Promise<Lookup<T> | undefined> {
    const now = this.now();
    const entry = this.entries.get(url);
    if (entry?.refetchedAt !== undefined && now - entry.refetchedAt < CACHE_RULES.refetchSeconds * 1000) return undefined;
    const unfetched = this.admit(url, address);
    if (unfetched) return unfetched;
    if (entry) entry.refetchedAt = now;
    const fetched = await this.fetch(url, entry);
    fetched.refetchedAt = now;
    return lookupOf(fetched.outcome, true);
  }

  /** Forgets everything (tests). */
  clear(): void {
    for (const entry of this.entries.values()) this.kept.release(entry);
    this.entries.clear();
  }

  /** A fetch of `url` already in flight is joined for free; a new one spends from the client's budget, and the gate's. */
  private admit(url: string, address: string | undefined): (Unfetched & { fresh: false }) | undefined {
    if (this.inFlight.has(url)) return undefined;
    if (!this.budget.allows(address)) return { ...LIMITED, retryAfterSeconds: this.budget.secondsLeft() };
    const closed = this.gate?.take();
    if (closed) return { ok: false, limited: 'instance', fresh: false, ...closed };
    this.budget.take(address);
    return undefined;
  }

  private fetch(url: string, previous?: Entry<T>): Promise<Entry<T>> {
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.measured(url).then(
        ({ value, maxAgeSeconds, bytes }) => this.remember(url, { outcome: { ok: true, value }, expiresAt: this.now() + clamp(maxAgeSeconds) * 1000 }, bytes),
        (err: unknown) => {
          if (previous?.outcome.ok && previous.expiresAt > this.now()) return previous;
          // Anything else a digest throws is a document it could not read.
          return this.fail(
            url,
            err instanceof FetchRefused ? err : new FetchRefused(`the document could not be read (${err instanceof Error ? err.message : String(err)})`, 'malformed'),
          );
        },
      );
      const settled = pending.finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, settled);
      pending = settled;
    }
    return pending;
  }

  /** The digest of `url`'s document and what it takes, or FetchRefused when that is more than one entry may. */
  private async measured(url: string): Promise<{ value: T; maxAgeSeconds?: number; bytes: number }> {
    const loaded = await this.load(url);
    const bytes = heapBytes(loaded.value, CACHE_RULES.maxEntryBytes);
    if (bytes > CACHE_RULES.maxEntryBytes) throw new FetchRefused(`what the service would keep of it takes more than the ${CACHE_RULES.maxEntryBytes / 1024} KiB it keeps of one document`, 'malformed');
    return { ...loaded, bytes };
  }

  private fail(url: string, refused: FetchRefused): Entry<T> {
    const reason = refused.message.length > CACHE_RULES.reasonChars ? `${refused.message.slice(0, CACHE_RULES.reasonChars)}…` : refused.message;
    const outcome: Failure = { ok: false, reason, kind: refused.kind };
    return this.remember(url, { outcome, expiresAt: this.now() + CACHE_RULES.failureSeconds * 1000 }, heapBytes(outcome));
  }

  /** Keeps `entry` for `url`, measured at `bytes` (what the entry and its URL take besides). */
  private remember(url: string, entry: Entry<T>, bytes: number): Entry<T> {
    this.forget(url);
    if (this.entries.size >= this.maxEntries) this.forget(this.entries.keys().next().value!);
    this.entries.set(url, entry);
    this.kept.hold(entry, bytes + heapBytes(url) + ENTRY_BYTES, () => {
      if (this.entries.get(url) === entry) this.entries.delete(url);
    });
    return entry;
  }

  private forget(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.kept.release(entry);
  }
}

const LIMITED = {
  ok: false,
  reason: `this client address has had the service fetch ${FETCH_BUDGET.perAddress} documents in this ${FETCH_BUDGET.windowSeconds} s window, its budget (documents already held are still used)`,
  limited: 'address',
  fresh: false,
} as const;

/** The entry, its outcome and the Map's slot, besides the digest and the URL. */
const ENTRY_BYTES = 256;

function clamp(maxAgeSeconds: number | undefined): number {
  if (maxAgeSeconds === undefined) return CACHE_RULES.defaultSeconds;
  return Math.min(CACHE_RULES.maxSeconds, Math.max(CACHE_RULES.minSeconds, maxAgeSeconds));
}
