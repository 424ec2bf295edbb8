/**
 * The agent surface's rate limits (step 4b of the order of checks): every identified caller spends
 * one call of its policy's budget — open calls per (agent profile URL, client address) and per
 * client address across profiles, signed calls per verified profile, credentialed calls per caller
 * namespace — in fixed windows aligned to the epoch.
 *
 * An unsigned profile is only a claim, so its allowance is keyed on the client address too: nobody
 * elsewhere can spend it, and the profile is counted without its query and fragment (`?r=<n>`
 * earns nothing). What one address draws across profiles is capped by the `address` policy, taken
 * first: a refusal there spends nothing of the profile's budget. A call without an address (the
 * in-process caller) is not counted by it.
 *
 * Shared by every instance without a round trip per request: an instance takes its budget from
 * the shared store in leases of max(1, ⌊quota/50⌋), one atomic statement granting min(lease, what
 * is left) and added to what it holds (both budgets of an open call in one statement when both are
 * out); it answers from memory until the lease is spent, and once the store grants nothing it
 * refuses locally until the window ends. The store never grants past the quota, so the instances
 * together never over-admit; n instances under-admit by at most the n leases they hold unspent
 * when a window ends. A call within held leases allocates nothing here beyond its RateState (and
 * an open call its partition's name) and costs no await.
 */
import type { Config, RatePolicy, RateLimitsConfig } from '../config';
import { callerNamespace, type Caller } from '../identity/caller';
import type { Grant, LeaseRequest, SharedStore } from './store';

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
  /** The set of this policy alone. */
  alone: PolicySet;
}

/** The policies a call was counted under: `RateLimit-Policy` lists them all. */
export interface PolicySet {
  header: string;
  policies: readonly Policy[];
}

/** What a counted call learnt: sent back in RateLimit headers (REST) or `_meta` (MCP). */
export interface RateState {
  /** The policy `RateLimit` reports: the one that refused, else the one with fewer calls left. */
  policy: Policy;
  policies: PolicySet;
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
  /** An open call with a client address: its profile's policy and its address's. */
  private readonly openSet: PolicySet;

  constructor(
    private readonly store: SharedStore,
    config: RateLimitsConfig,
  ) {
    this.enabled = config.enabled;
    this.policies = { open: policyOf(config.open), address: policyOf(config.address), signed: policyOf(config.signed), credential: policyOf(config.credential) };
    const partitions = (policy: Policy): Partitions => ({ policy, buckets: new Map(), pruneAt: FIRST_PRUNE_AT });
    this.partitions = {
      open: partitions(this.policies.open),
      address: partitions(this.policies.address),
      signed: partitions(this.policies.signed),
      credential: partitions(this.policies.credential),
    };
    const both = [this.policies.open, this.policies.address];
    this.openSet = { header: both.map((p) => p.header).join(', '), policies: both };
  }

  /**
   * Spends one call of the caller's budget; `address` is the client's (lib/client-ip.ts
   * addressBucket), undefined for a call that has none. Answers the call's RateState — or a promise
   * of it when this instance must lease first — or undefined for a caller nothing identifies (and
   * with RATE_LIMITS=off). `refused` says a window is spent.
   */
  take(caller: Caller, address?: string): RateState | Promise<RateState> | undefined {
    if (!this.enabled) return undefined;
    if (caller.credential) return this.takeOne(this.partitions.credential, callerNamespace(caller));
    if (caller.signature) return this.takeOne(this.partitions.signed, caller.signature.profile);
    if (!caller.agent) return undefined;
    const profile = allowanceUrl(caller.agent.url);
    return address === undefined ? this.takeOne(this.partitions.open, profile) : this.takeOpen(profile, address);
  }

  private takeOne(partitions: Partitions, partition: string): RateState | Promise<RateState> {
    const { policy } = partitions;
    const bucket = bucketOf(partitions, partition, Date.now());
    if (bucket.held > 0) return spend(policy, bucket);
    if (bucket.spent) return refusal(policy, bucket, policy.alone);
    return this.refill(policy, partition, bucket);
  }

  /** Leases (one statement in flight per bucket; callers arriving meanwhile wait for it), then spends. */
  private async refill(policy: Policy, partition: string, bucket: Bucket): Promise<RateState> {
    for (;;) {
      if (bucket.held > 0) return spend(policy, bucket);
      if (bucket.spent) return refusal(policy, bucket, policy.alone);
      bucket.pending ??= this.lease(policy, partition, bucket).finally(() => {
        bucket.pending = undefined;
      });
      await bucket.pending;
      // The window may have ended while the store answered: this call then belongs to the next one.
      renewIfEnded(policy, bucket, Date.now());
    }
  }

  /** An open call from `address`: the address's budget first, then the (profile, address) one. */
  private takeOpen(profile: string, address: string): RateState | Promise<RateState> {
    const now = Date.now();
    const byAddress = bucketOf(this.partitions.address, address, now);
    const partition = `${profile} ${address}`;
    const byProfile = bucketOf(this.partitions.open, partition, now);
    return this.settleOpen(byAddress, byProfile) ?? this.refillOpen(address, byAddress, partition, byProfile);
  }

  /** The open call's state from what the two buckets hold, or undefined when one must lease first. */
  private settleOpen(byAddress: Bucket, byProfile: Bucket): RateState | undefined {
    const { open, address } = this.policies;
    if (byAddress.held === 0) return byAddress.spent ? refusal(address, byAddress, this.openSet) : undefined;
    if (byProfile.held === 0) {
      if (!byProfile.spent) return undefined;
      byAddress.held--;
      return refusal(open, byProfile, this.openSet);
    }
    byAddress.held--;
    byProfile.held--;
    const leftByAddress = address.quota - (byAddress.count - byAddress.held);
    const leftByProfile = open.quota - (byProfile.count - byProfile.held);
    return leftByProfile <= leftByAddress
      ? { policy: open, policies: this.openSet, remaining: Math.max(0, leftByProfile), resetMs: (byProfile.window + 1) * open.windowMs, refused: false }
      : { policy: address, policies: this.openSet, remaining: Math.max(0, leftByAddress), resetMs: (byAddress.window + 1) * address.windowMs, refused: false };
  }

  /** Leases what the open call lacks (both budgets in one statement when both are out), then settles. */
  private async refillOpen(address: string, byAddress: Bucket, partition: string, byProfile: Bucket): Promise<RateState> {
    const policies = this.policies;
    for (;;) {
      if (byAddress.held === 0) {
        if (!byAddress.pending) {
          if (byProfile.held === 0 && !byProfile.spent && !byProfile.pending) {
            const both = this.leaseBoth(address, byAddress, partition, byProfile).finally(() => {
              byAddress.pending = undefined;
              byProfile.pending = undefined;
            });
            byAddress.pending = both;
            byProfile.pending = both;
          } else {
            byAddress.pending = this.lease(policies.address, address, byAddress).finally(() => {
              byAddress.pending = undefined;
            });
          }
        }
        await byAddress.pending;
      } else {
        byProfile.pending ??= this.lease(policies.open, partition, byProfile).finally(() => {
          byProfile.pending = undefined;
        });
        await byProfile.pending;
      }
      const now = Date.now();
      renewIfEnded(policies.address, byAddress, now);
      renewIfEnded(policies.open, byProfile, now);
      const state = this.settleOpen(byAddress, byProfile);
      if (state) return state;
    }
  }

  private async lease(policy: Policy, partition: string, bucket: Bucket): Promise<void> {
    const window = bucket.window;
    const ask = leaseRequest(policy, partition, window);
    credit(bucket, window, await this.store.lease(ask.key, ask.want, ask.quota, ask.expiresAtMs));
  }

  private async leaseBoth(address: string, byAddress: Bucket, partition: string, byProfile: Bucket): Promise<void> {
    const [addressWindow, profileWindow] = [byAddress.window, byProfile.window];
    const [first, then] = await this.store.leaseBoth(leaseRequest(this.policies.address, address, addressWindow), leaseRequest(this.policies.open, partition, profileWindow));
    credit(byAddress, addressWindow, first);
    if (then) credit(byProfile, profileWindow, then);
  }
}

/** The start-up line: the policies and where their budgets are shared, or that limits are off. */
export function describeRateLimits(config: Config, store: SharedStore['kind']): string {
  const { enabled, open, address, signed, credential } = config.rateLimits;
  if (!enabled) return 'Rate limits are off (RATE_LIMITS=off): no caller is counted or refused, and no RateLimit headers are sent.';
  const where = store === 'redis' ? 'Redis (REDIS_URL)' : store === 'postgres' ? 'the Postgres database' : 'the embedded database';
  const policy = (p: RatePolicy) => `${p.quota}/${p.windowSeconds} s`;
  return `Rate limits: open ${policy(open)} per agent profile and client address (and ${policy(address)} per client address across profiles), signed ${policy(signed)} per verified profile, credential ${policy(credential)} per caller; shared through ${where}.`;
}

function policyOf(policy: RatePolicy): Policy {
  const made: Policy = {
    ...policy,
    windowMs: policy.windowSeconds * 1000,
    lease: Math.max(1, Math.floor(policy.quota / LEASES_PER_WINDOW)),
    header: `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`,
    alone: undefined as unknown as PolicySet,
  };
  made.alone = { header: made.header, policies: [made] };
  return made;
}

/**
 * The profile URL an open allowance counts under: without its query and fragment, so `?r=<n>`
 * makes no fresh allowance. The URL is WHATWG-serialised: its first `?` or `#` starts them.
 */
function allowanceUrl(url: string): string {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  const end = query < 0 ? fragment : fragment < 0 ? query : Math.min(query, fragment);
  return end < 0 ? url : url.slice(0, end);
}

/** The partition's bucket for the window `now` falls in. */
function bucketOf(partitions: Partitions, partition: string, now: number): Bucket {
  const window = Math.floor(now / partitions.policy.windowMs);
  let bucket = partitions.buckets.get(partition);
  if (!bucket) {
    if (partitions.buckets.size >= partitions.pruneAt) prune(partitions, window);
    bucket = { window, held: 0, count: 0, spent: false, pending: undefined };
    partitions.buckets.set(partition, bucket);
  } else if (bucket.window !== window) {
    renew(bucket, window);
  }
  return bucket;
}

function leaseRequest(policy: Policy, partition: string, window: number): LeaseRequest {
  const start = window * policy.windowMs;
  return { key: `${policy.name}:${start / 1000}:${partition}`, want: policy.lease, quota: policy.quota, expiresAtMs: start + policy.windowMs + STORE_SLACK_MS };
}

/** Adds a grant to what the bucket holds; one for a window that has meanwhile ended is dropped (its calls are lost, never reused). */
function credit(bucket: Bucket, window: number, grant: Grant): void {
  if (bucket.window !== window) return;
  bucket.held += grant.granted;
  bucket.count = grant.count;
  if (grant.granted === 0) bucket.spent = true;
}

/** A new window (or a clock set back, in tests): nothing held, nothing known. */
function renew(bucket: Bucket, window: number): void {
  bucket.window = window;
  bucket.held = 0;
  bucket.count = 0;
  bucket.spent = false;
}

function renewIfEnded(policy: Policy, bucket: Bucket, now: number): void {
  const window = Math.floor(now / policy.windowMs);
  if (window !== bucket.window) renew(bucket, window);
}

function spend(policy: Policy, bucket: Bucket): RateState {
  bucket.held--;
  return { policy, policies: policy.alone, remaining: Math.max(0, policy.quota - (bucket.count - bucket.held)), resetMs: (bucket.window + 1) * policy.windowMs, refused: false };
}

function refusal(policy: Policy, bucket: Bucket, policies: PolicySet): RateState {
  return { policy, policies, remaining: 0, resetMs: (bucket.window + 1) * policy.windowMs, refused: true };
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
