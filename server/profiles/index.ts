/**
 * The documents the service fetches for callers, each process with its own caches: an OAuth
 * client's metadata document here, and any other kind through `cache` with the digest of it that
 * is to be kept (the request signatures' keys: signatures/verify.ts; UCP platform profiles as
 * negotiation reads them: negotiation/). A digest refuses a document it cannot keep by throwing
 * FetchRefused of kind `malformed` or `unsupported`; anything else it throws counts as `malformed`.
 */
import type { ProfileFetchConfig } from '../config';
import { FetchBudget } from './budget';
import { CACHE_RULES, DocumentCache, type FetchGate } from './cache';
import { clientMetadataOf } from './client-metadata';
import { fetchJson, fetchRules, type FetchRules } from './fetch';
import { KeptBytes } from './kept-bytes';

export interface ProfileFetcher {
  rules: FetchRules;
  /** A cache of documents fetched under `rules`, each kept as `digest` makes it; `gate` bounds the fetches it starts. */
  cache<T>(digest: (document: Record<string, unknown>, url: string) => T, options?: { gate?: FetchGate }): DocumentCache<T>;
  /** OAuth Client ID Metadata Documents, as the client metadata they hold. */
  clients: DocumentCache<Record<string, unknown>>;
}

/** `extra` overrides the rules (tests: a stub resolver, a shorter timeout). */
export function createProfileFetcher(config: ProfileFetchConfig, extra: Partial<FetchRules> = {}, now: () => number = Date.now): ProfileFetcher {
  const rules = fetchRules(config, extra);
  // One budget for every kind of document a client can make this instance fetch, and one bound on what they keep.
  const budget = new FetchBudget(now);
  const kept = new KeptBytes(config.cacheBytes);
  const cache = <T>(digest: (document: Record<string, unknown>, url: string) => T, options: { gate?: FetchGate } = {}) =>
    new DocumentCache<T>(
      async (url) => {
        const { json, maxAgeSeconds } = await fetchJson(url, rules);
        return { value: digest(json, url), maxAgeSeconds };
      },
      now,
      CACHE_RULES.maxEntries,
      budget,
      options.gate,
      kept,
    );
  return { rules, cache, clients: cache(clientMetadataOf) };
}

/** What start-up says about profile fetching: each pin, and the extra roots. */
export function describeProfileFetch(config: ProfileFetchConfig): string[] {
  return [
    ...config.pins.map((p) =>
      p.anyCertificate
        ? `Profile fetches: ${p.host}:${p.port} is pinned to ${p.address}, any certificate accepted (PROFILE_FETCH_LOCAL: development only).`
        : `Profile fetches: ${p.host}:${p.port} is pinned to ${p.address} (PROFILE_FETCH_RESOLVE).`,
    ),
    ...(config.ca ? [`Profile fetches trust the certificates in ${config.ca.file} beside Node's bundled roots (PROFILE_FETCH_CA_FILE).`] : []),
  ];
}
