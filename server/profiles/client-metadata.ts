/**
 * OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP's
 * authorization revision of 2026-07-28 prefers them to registration): a client whose `client_id`
 * is an https URL publishes its metadata there. The document is fetched by the profile fetcher
 * (fetch.ts, cache.ts); its `client_id` must be the URL itself. What is kept is the client metadata
 * the authorization server reads; its registration rules (public client, redirect URIs) are the
 * provider's, applied to every client alike (oauth/provider.ts).
 */
import { FetchRefused } from './fetch';

/**
 * Client metadata's members, each with its type: RFC 7591's, its registration answer's, and OpenID
 * Connect Dynamic Client Registration's (but `jwks`, an object of its own). The one list of them:
 * the provider's rules check every member by its type (oauth/client-metadata-rules.ts), and a
 * document's client keeps those marked `kept`, the ones a public client's consent and redirects
 * need; a document's keys, secrets and OpenID signing choices are not taken from it.
 */
const CLIENT_METADATA_MEMBERS = {
  client_id: { type: 'text', kept: true },
  client_secret: { type: 'text' },
  client_name: { type: 'text', kept: true },
  client_uri: { type: 'text', kept: true },
  logo_uri: { type: 'text', kept: true },
  policy_uri: { type: 'text', kept: true },
  tos_uri: { type: 'text', kept: true },
  jwks_uri: { type: 'text' },
  sector_identifier_uri: { type: 'text' },
  initiate_login_uri: { type: 'text' },
  scope: { type: 'text', kept: true },
  software_id: { type: 'text', kept: true },
  software_version: { type: 'text', kept: true },
  application_type: { type: 'text', kept: true },
  subject_type: { type: 'text' },
  token_endpoint_auth_method: { type: 'text', kept: true },
  token_endpoint_auth_signing_alg: { type: 'text' },
  id_token_signed_response_alg: { type: 'text' },
  id_token_encrypted_response_alg: { type: 'text' },
  id_token_encrypted_response_enc: { type: 'text' },
  userinfo_signed_response_alg: { type: 'text' },
  userinfo_encrypted_response_alg: { type: 'text' },
  userinfo_encrypted_response_enc: { type: 'text' },
  request_object_signing_alg: { type: 'text' },
  request_object_encryption_alg: { type: 'text' },
  request_object_encryption_enc: { type: 'text' },
  redirect_uris: { type: 'text list', kept: true },
  grant_types: { type: 'text list', kept: true },
  response_types: { type: 'text list', kept: true },
  response_modes: { type: 'text list' },
  contacts: { type: 'text list', kept: true },
  default_acr_values: { type: 'text list' },
  request_uris: { type: 'text list' },
  post_logout_redirect_uris: { type: 'text list' },
  default_max_age: { type: 'integer' },
  client_id_issued_at: { type: 'integer' },
  client_secret_expires_at: { type: 'integer' },
  require_auth_time: { type: 'boolean' },
} satisfies Record<string, { type: 'text' | 'text list' | 'integer' | 'boolean'; kept?: true }>;

type Member = keyof typeof CLIENT_METADATA_MEMBERS;

/** The members of `type`, in the list's order. */
export function clientMetadataMembers(type: 'text' | 'text list' | 'integer' | 'boolean'): Member[] {
  return (Object.keys(CLIENT_METADATA_MEMBERS) as Member[]).filter((member) => CLIENT_METADATA_MEMBERS[member].type === type);
}

/** The metadata members kept from a document. */
const MEMBERS = (Object.keys(CLIENT_METADATA_MEMBERS) as Member[]).filter((member) => 'kept' in CLIENT_METADATA_MEMBERS[member]);

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
