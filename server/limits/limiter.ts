/**
 * The agent surface's rate limits (step 4b of the order of checks): every identified caller spends
 * one call of its policy's budget — open calls per agent profile URL, signed calls per verified
 * profile, credentialed calls per caller namespace — in fixed windows aligned to the epoch.
 *
 * Shared by every instance without a round trip per request: an instance takes its budget from
 * the shared store in leases of max(1, ⌊quota/50⌋), one atomic statement granting min(lease, what
 * is left) and added to what it holds; it answers from memory until the lease is spent, and once
 * the store grants nothing it refuses locally until the window ends. The store never grants past
 * the quota, so the instances together never over-admit; n instances under-admit by at most the n
 * leases they hold unspent when a window ends. A call within a held lease allocates nothing here
 * beyond its RateState and costs no await.
 */
import type { Config, RatePolicy, RateLimitsConfig } from '../config';
import { callerNamespace, type Caller } from '../identity/caller';
import type { SharedStore } from './store';

/** Share of a quota one lease takes: 1/50 (at least one call). */
const LEASES_PER_WINDOW = 50;

/** A store row outlives its window this long, so an instance whose clock is behind finds it still. */
const STORE_SLACK_MS = 60_000;

/** Buckets of ended windows are dropped when a policy's map reaches this many (then twice what is left). */
const FIRST_PRUNE_AT = 1024;

export interface Policy extends RatePolicy {
  windowMs: number;
  lease: number;
  /** `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"open";q=600;w=60`. */
  header: string;
}

/** What a counted call learnt: sent back in RateLimit headers (REST) or `_meta` (MCP). */
export interface RateState {
  policy: Policy;
  /** Calls left in the window: quota − (the window's count − this instance's unspent lease). */
  remaining: number;
  /** When the window ends (ms since the epoch). */
  resetMs: number;
  /** The window was spent: the call was refused with 429 rate_limited. */
  refused: boolean;
}

/** One partition's budget for the current window, as this instance holds it. */
interface Bucket {
  window: number;
  /** Calls leased and not yet spent. */
  held: number;
  /** The window's count in the store (every instance's leases) when this instance last leased. */
  count: number;
  /** The store granted nothing: refuse locally until the window ends. */
  spent: boolean;
  pending: Promise<void> | undefined;
}

interface Partitions {
  policy: Policy;
  buckets: Map<string, Bucket>;
  pruneAt: number;
}

export class RateLimiter {
  readonly enabled: boolean;
  readonly policies: Readonly<Record<RatePolicy['name'], Policy>>;
  private readonly partitions: Record<RatePolicy['name'], Partitions>;

  constructor(
    private readonly store: SharedStore,
    config: RateLimitsConfig,
  ) {
    this.enabled = config.enabled;
    this.policies = { open: policyOf(config.open), signed: policyOf(config.signed), credential: policyOf(config.credential) };
    const partitions = (policy: Policy): Partitions => ({ policy, buckets: new Map(), pruneAt: FIRST_PRUNE_AT });
    this.partitions = { open: partitions(this.policies.open), signed: partitions(this.policies.signed), credential: partitions(this.policies.credential) };
  }

  /**
   * Spends one call of the caller's budget. Answers the call's RateState — or a promise of it when
   * this instance must lease first — or undefined for a caller nothing identifies (and with
   * RATE_LIMITS=off). `refused` says the window is spent.
   */
  take(caller: Caller): RateState | Promise<RateState> | undefined {
    if (!this.enabled) return undefined;
    let partitions: Partitions;
    let partition: string;
    if (caller.credential) {
      partitions = this.partitions.credential;
      partition = callerNamespace(caller);
    } else if (caller.signature) {
      partitions = this.partitions.signed;
      partition = caller.signature.profile;
    } else if (caller.agent) {
      partitions = this.partitions.open;
      partition = caller.agent.url;
    } else {
      return undefined;
    }
    const { policy, buckets } = partitions;
    const now = Date.now();
    const window = Math.floor(now / policy.windowMs);
    let bucket = buckets.get(partition);
    if (!bucket) {
      if (buckets.size >= partitions.pruneAt) prune(partitions, window);
      bucket = { window, held: 0, count: 0, spent: false, pending: undefined };
      buckets.set(partition, bucket);
    } else if (bucket.window !== window) {
      renew(bucket, window);
    }
    if (bucket.held > 0) return spend(policy, bucket);
    if (bucket.spent) return refusal(policy, bucket);
    return this.refill(policy, partition, bucket);
  }

  /** Leases (one statement in flight per bucket; callers arriving meanwhile wait for it), then spends. */
  private async refill(policy: Policy, partition: string, bucket: Bucket): Promise<RateState> {
    for (;;) {
      if (bucket.held > 0) return spend(policy, bucket);
      if (bucket.spent) return refusal(policy, bucket);
      bucket.pending ??= this.lease(policy, partition, bucket).finally(() => {
        bucket.pending = undefined;
      });
      await bucket.pending;
      // The window may have ended while the store answered: this call then belongs to the next one.
      const window = Math.floor(Date.now() / policy.windowMs);
      if (window !== bucket.window) renew(bucket, window);
    }
  }

  private async lease(policy: Policy, partition: string, bucket: Bucket): Promise<void> {
    const window = bucket.window;
    const start = window * policy.windowMs;
    const grant = await this.store.lease(`${policy.name}:${start / 1000}:${partition}`, policy.lease, policy.quota, start + policy.windowMs + STORE_SLACK_MS);
    // A grant for a window that has meanwhile ended is dropped (the calls it held are lost, never reused).
    if (bucket.window !== window) return;
    bucket.held += grant.granted;
    bucket.count = grant.count;
    if (grant.granted === 0) bucket.spent = true;
  }
}

/** The start-up line: the policies and where their budgets are shared, or that limits are off. */
export function describeRateLimits(config: Config, store: SharedStore['kind']): string {
  const { enabled, open, signed, credential } = config.rateLimits;
  if (!enabled) return 'Rate limits are off (RATE_LIMITS=off): no caller is counted or refused, and no RateLimit headers are sent.';
  const where = store === 'redis' ? 'Redis (REDIS_URL)' : store === 'postgres' ? 'the Postgres database' : 'the embedded database';
  const policy = (p: RatePolicy) => `${p.quota}/${p.windowSeconds} s`;
  return `Rate limits: open ${policy(open)} per agent profile, signed ${policy(signed)} per verified profile, credential ${policy(credential)} per caller; shared through ${where}.`;
}

function policyOf(policy: RatePolicy): Policy {
  return {
    ...policy,
    windowMs: policy.windowSeconds * 1000,
    lease: Math.max(1, Math.floor(policy.quota / LEASES_PER_WINDOW)),
    header: `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`,
  };
}

/** A new window (or a clock set back, in tests): nothing held, nothing known. */
function renew(bucket: Bucket, window: number): void {
  bucket.window = window;
  bucket.held = 0;
  bucket.count = 0;
  bucket.spent = false;
}

function spend(policy: Policy, bucket: Bucket): RateState {
  bucket.held--;
  return { policy, remaining: Math.max(0, policy.quota - (bucket.count - bucket.held)), resetMs: (bucket.window + 1) * policy.windowMs, refused: false };
}

function refusal(policy: Policy, bucket: Bucket): RateState {
  return { policy, remaining: 0, resetMs: (bucket.window + 1) * policy.windowMs, refused: true };
}

/** Drops buckets of ended windows (their leases are void), so a map holds about one window's callers. */
function prune(partitions: Partitions, window: number): void {
  for (const [partition, bucket] of partitions.buckets) {
    if (bucket.window !== window && !bucket.pending) partitions.buckets.delete(partition);
  }
  partitions.pruneAt = Math.max(FIRST_PRUNE_AT, partitions.buckets.size * 2);
}

/** `RateLimit: "open";r=599;t=42`: calls left, and whole seconds until the window ends (at least 1). */
export function rateLimitHeader(rate: RateState, now = Date.now()): string {
  return `"${rate.policy.name}";r=${rate.remaining};t=${secondsLeft(rate, now)}`;
}

/** Whole seconds until the call's window ends, at least 1: `t`, and Retry-After when refused. */
export function secondsLeft(rate: RateState, now = Date.now()): number {
  return Math.max(1, Math.ceil((rate.resetMs - now) / 1000));
}
