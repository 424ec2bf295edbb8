/**
 * OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP's
 * authorization revision of 2026-07-28 prefers them to registration): a client whose `client_id`
 * is an https URL publishes its metadata there. The document is fetched by the profile fetcher
 * (fetch.ts, cache.ts); its `client_id` must be the URL itself. What is kept is the client metadata
 * the authorization server reads; its registration rules (public client, redirect URIs) are the
 * provider's, applied to every client alike (oauth/provider.ts).
 */
import { FetchRefused } from './fetch';

/** The metadata members kept from a document (RFC 7591's, and software_id). */
const MEMBERS = [
  'client_id',
  'client_name',
  'client_uri',
  'logo_uri',
  'policy_uri',
  'tos_uri',
  'contacts',
  'redirect_uris',
  'grant_types',
  'response_types',
  'token_endpoint_auth_method',
  'scope',
  'software_id',
  'software_version',
  'application_type',
] as const;

/** Whether `id` names a metadata document: an absolute https URL written as URL parsing writes it, with a path, no credentials, no fragment. */
export function isClientIdUrl(id: string): boolean {
  const url = URL.parse(id);
  return !!url && url.protocol === 'https:' && url.href === id && !url.username && !url.password && !url.hash && url.pathname !== '/';
}

export function clientMetadataOf(document: Record<string, unknown>, url: string): Record<string, unknown> {
  if (document.client_id !== url) throw new FetchRefused(`the client metadata document at ${url} names client_id ${JSON.stringify(document.client_id)}, not its own URL`, 'malformed');
  if ('client_secret' in document) throw new FetchRefused(`the client metadata document at ${url} carries a client_secret`, 'malformed');
  const metadata: Record<string, unknown> = {};
  for (const member of MEMBERS) if (document[member] !== undefined) metadata[member] = kept(document[member]);
  return metadata;
}

/**
 * Every member kept is text or a list of text, as the provider's rules demand
 * (oauth/client-metadata-rules.ts): anything else is kept as a small stand-in of its kind, which
 * those rules refuse with the same words, so a document of 256 KiB of nested arrays or `{}` keeps
 * bytes, not megabytes of the heap (profiles/kept-bytes.ts).
 */
function kept(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (!Array.isArray(value)) return {};
  return value.every((item) => typeof item === 'string') ? value : [null];
}
