/**
 * The documents the service fetches for callers, each process with its own caches: agent profiles
 * and Web Bot Auth key directories (their keys), and OAuth clients' metadata documents.
 */
import type { ProfileFetchConfig } from '../config';
import { documentKeys, type DocumentKeys } from '../signatures/keys';
import { DocumentCache } from './cache';
import { clientMetadataOf } from './client-metadata';
import { fetchJson, fetchRules, type FetchRules } from './fetch';

export interface ProfileFetcher {
  rules: FetchRules;
  /** Profiles and key directories, as the keys they hold. */
  keys: DocumentCache<DocumentKeys>;
  /** OAuth Client ID Metadata Documents, as the client metadata they hold. */
  clients: DocumentCache<Record<string, unknown>>;
}

/** `extra` overrides the rules (tests: a stub resolver, a shorter timeout). */
export function createProfileFetcher(config: ProfileFetchConfig, extra: Partial<FetchRules> = {}, now: () => number = Date.now): ProfileFetcher {
  const rules = fetchRules(config, extra);
  return {
    rules,
    keys: new DocumentCache(async (url) => {
      const { json, maxAgeSeconds } = await fetchJson(url, rules);
      return { value: documentKeys(json), maxAgeSeconds };
    }, now),
    clients: new DocumentCache(async (url) => {
      const { json, maxAgeSeconds } = await fetchJson(url, rules);
      return { value: clientMetadataOf(json, url), maxAgeSeconds };
    }, now),
  };
}

/** What start-up says about profile fetching: each pin, and the extra roots. */
export function describeProfileFetch(config: ProfileFetchConfig): string[] {
  return [
    ...config.pins.map((p) => `Profile fetches: ${p.host}:${p.port} is pinned to ${p.address} (PROFILE_FETCH_RESOLVE).`),
    ...(config.ca ? [`Profile fetches trust the certificates in ${config.ca.file} beside Node's bundled roots (PROFILE_FETCH_CA_FILE).`] : []),
  ];
}
