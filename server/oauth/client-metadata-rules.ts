/**
 * What a client's metadata must be here, whether sent to POST /oauth/register or published as a
 * Client ID Metadata Document: every standard member (RFC 7591, OpenID Connect Dynamic Client
 * Registration) of its type, of a bounded size, in text Postgres can store; redirect URIs https,
 * or http on a loopback address. oidc-provider checks types too, but after the registration
 * validator (which sees the input as sent), and a document's members reach its client cache (a
 * JSON digest) before any check: a wrong type there, or nesting too deep to serialise, was a 500.
 */
import { errors } from 'oidc-provider';
import { clientMetadataMembers } from '../profiles/client-metadata';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const STRINGS = clientMetadataMembers('text');
const STRING_LISTS = clientMetadataMembers('text list');
const INTEGERS = clientMetadataMembers('integer');
const BOOLEANS = clientMetadataMembers('boolean');

/** Sizes: a name people read on the consent page, any other text (URIs), a list, a key's member. */
export const CLIENT_METADATA_LIMITS = { name: 200, text: 2048, list: 32, keyMember: 16_384 } as const;

/** Text Postgres stores (no NUL, no lone surrogate) and a page shows on one line (no control character). */
const UNFIT = /[\u0000-\u001f\u007f]|\p{Cs}/u;
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max && !UNFIT.test(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextList = (value: unknown, max: number) => Array.isArray(value) && value.length <= CLIENT_METADATA_LIMITS.list && value.every((item) => isText(item, max));

/** A JWK: a flat object of text, booleans (ext) and lists of text (x5c, key_ops). */
function isJwk(value: unknown): boolean {
  const { keyMember: max } = CLIENT_METADATA_LIMITS;
  return isObject(value) && Object.values(value).every((member) => typeof member === 'boolean' || isText(member, max) || isTextList(member, max));
}

/** A redirect URI a client may register: https, or http on a loopback address (a native or CLI agent). */
export function redirectUriAllowed(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** Throws invalid_client_metadata naming the first member of the wrong type or size, invalid_redirect_uri for a redirect URI not allowed. */
export function checkClientMetadata(metadata: Record<string, unknown>): void {
  const { name, text, list } = CLIENT_METADATA_LIMITS;
  const refuse = (member: string, what: string) => {
    throw new errors.InvalidClientMetadata(`client metadata ${member} must be ${what}`);
  };
  for (const member of STRINGS) {
    const max = member === 'client_name' ? name : text;
    if (metadata[member] !== undefined && !isText(metadata[member], max)) refuse(member, `a string of at most ${max} characters, without control characters`);
  }
  for (const member of STRING_LISTS) {
    if (metadata[member] !== undefined && !isTextList(metadata[member], text)) refuse(member, `an array of at most ${list} strings of at most ${text} characters each`);
  }
  for (const member of INTEGERS) {
    const value = metadata[member];
    if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) refuse(member, 'a non-negative integer');
  }
  for (const member of BOOLEANS) {
    if (metadata[member] !== undefined && typeof metadata[member] !== 'boolean') refuse(member, 'true or false');
  }
  const { jwks } = metadata;
  if (jwks !== undefined) {
    const keys = isObject(jwks) ? jwks.keys : undefined;
    if (!isObject(jwks) || Object.keys(jwks).some((key) => key !== 'keys') || !Array.isArray(keys) || keys.length > list || !keys.every(isJwk)) {
      refuse('jwks', `{"keys": [...]}, at most ${list} JSON Web Keys, each a flat object`);
    }
  }
  const refused = ((metadata.redirect_uris ?? []) as string[]).find((uri) => !redirectUriAllowed(uri));
  if (refused !== undefined) {
    throw new errors.InvalidClientMetadata(`redirect_uris must use https, or http on a loopback address (127.0.0.1, [::1], localhost): ${refused}`);
  }
}
