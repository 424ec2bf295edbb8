/**
 * Negotiation with the platform a call of UCP's binding comes from (overview.md § Negotiation
 * Protocol › Business Requirements): the profile named in UCP-Agent (header.ts) is fetched under
 * the profile fetcher's SSRF rules, validated as a platform profile (platform-profile.ts), kept per
 * instance as its negotiation view for the answer's max-age clamped to [60 s, 24 h] (a failure
 * 60 s, one fetch in flight per URL: profiles/cache.ts), and intersected with what the business
 * offers (intersect.ts). Each failure is the catalogue's code for it (overview.md § Error Codes).
 *
 * Fetches are bounded twice. Per instance, at most PROFILE_FETCHES_PER_SECOND (fetch-rate.ts):
 * beyond it, 503 service_unavailable with Retry-After: 1. Per client address, the budget every
 * document fetch shares (profiles/budget.ts, 30 a minute). The seed API serves a caller whose
 * budget is spent without the document (unsigned, with an advisory); the binding cannot, since
 * the profile is what the call runs with, so a spent budget is a refusal: 429 rate_limited with
 * Retry-After (and details.retry_after) the seconds until the budget's window ends. The budget is
 * asked first, so one address's spent budget costs the others nothing of the instance's rate. A
 * profile already held, or being fetched, costs neither.
 *
 * The answer is synchronous when the profile is held (the hot path: no promise, and the
 * negotiation itself is remembered with the view it was made from).
 */
import { ApiError } from '../errors/catalogue';
import type { ProfileFetchPin } from '../config';
import type { ProfileFetcher } from '../profiles';
import { FETCH_BUDGET } from '../profiles/budget';
import { CACHE_RULES, type DocumentCache, type Lookup } from '../profiles/cache';
import { BINDING_CAPABILITIES } from './capabilities';
import { FetchRate, PROFILE_FETCHES_PER_SECOND } from './fetch-rate';
import { platformProfileUrl } from './header';
import { intersect } from './intersect';
import { negotiationView } from './platform-profile';
import type { Negotiated, NegotiationView } from './types';

export { PROFILE_FETCHES_PER_SECOND } from './fetch-rate';
export { intersect, relevantCapabilities } from './intersect';

/** Headers remembered with the URL they name: parsing a structured field is most of the hot path's CPU. */
const RECENT_HEADERS = 10_000;

export class Negotiator {
  private readonly views: DocumentCache<NegotiationView>;
  private readonly pins: readonly ProfileFetchPin[];
  private readonly urls = new Map<string, string>();
  private readonly negotiated = new WeakMap<NegotiationView, Negotiated>();

  /** `now` is the clock of the per-instance rate; the cache keeps the fetcher's own. */
  constructor(profiles: ProfileFetcher, opts: { now?: () => number; fetchesPerSecond?: number } = {}) {
    this.pins = profiles.rules.pins;
    this.views = profiles.cache(negotiationView, { gate: new FetchRate(opts.fetchesPerSecond ?? PROFILE_FETCHES_PER_SECOND, opts.now ?? Date.now) });
  }

  /**
   * The negotiation for a call whose UCP-Agent is `ucpAgentHeader`, from the client at
   * `clientAddress` (whose fetch budget pays for a fetch; none: not counted). Throws (or rejects
   * with) invalid_profile_url, profile_unreachable, profile_malformed, version_unsupported,
   * rate_limited or service_unavailable. The answer is shared by every call negotiated from the
   * same kept view: read it, never change it.
   */
  negotiate(ucpAgentHeader: string | null | undefined, clientAddress?: string): Negotiated | Promise<Negotiated> {
    const url = this.profileUrl(ucpAgentHeader);
    const held = this.views.peek(url);
    if (held) return this.settle(url, held);
    return this.views.get(url, clientAddress).then((lookup) => this.settle(url, lookup));
  }

  private profileUrl(header: string | null | undefined): string {
    const known = header ? this.urls.get(header) : undefined;
    if (known) return known;
    const url = platformProfileUrl(header, this.pins);
    if (this.urls.size >= RECENT_HEADERS) this.urls.clear();
    this.urls.set(header!, url);
    return url;
  }

  private settle(url: string, lookup: Lookup<NegotiationView>): Negotiated {
    if (lookup.ok) {
      let negotiated = this.negotiated.get(lookup.value);
      if (!negotiated) {
        negotiated = { profileUrl: url, view: lookup.value, intersection: intersect(BINDING_CAPABILITIES, lookup.value.capabilities) };
        this.negotiated.set(lookup.value, negotiated);
      }
      return negotiated;
    }
    throw refusal(url, lookup);
  }
}

function refusal(url: string, lookup: Exclude<Lookup<NegotiationView>, { ok: true }>): ApiError {
  if (lookup.limited) {
    const headers = { 'Retry-After': String(lookup.retryAfterSeconds) };
    if (lookup.limited === 'instance') {
      return new ApiError('service_unavailable', {
        message: `The platform profile ${url} is not held, and ${lookup.reason}, so that unknown profile URLs cannot make it a fetch amplifier; retry after ${lookup.retryAfterSeconds} s.`,
        headers,
      });
    }
    return new ApiError('rate_limited', {
      message: `The platform profile ${url} is not held, and this client address has had the service fetch ${FETCH_BUDGET.perAddress} documents in this ${FETCH_BUDGET.windowSeconds} s window, its budget; the next window starts in ${lookup.retryAfterSeconds} s.`,
      details: { retry_after: lookup.retryAfterSeconds },
      headers,
    });
  }
  switch (lookup.kind) {
    case 'address':
      return new ApiError('invalid_profile_url', { message: `The platform profile ${url} is not fetched: ${lookup.reason}.` });
    case 'unreachable':
      return new ApiError('profile_unreachable', { message: `The platform profile ${url} could not be fetched: ${lookup.reason} (a failure is remembered for up to ${CACHE_RULES.failureSeconds} s).` });
    case 'malformed':
      return new ApiError('profile_malformed', { message: `The platform profile ${url} is not a valid UCP platform profile: ${lookup.reason}.` });
    case 'unsupported':
      return new ApiError('version_unsupported', { message: `The platform profile ${url} is at a UCP version this business does not support: ${lookup.reason}.` });
  }
}
