/**
 * RFC 9421 §2.5's signature base for the components signers cover here, written directly: one line
 * `"<name>": <value>` per covered component, then `"@signature-params": <the member as received>`.
 * The library's createSignatureBase and formatSignatureBase build the same text by parsing and
 * serializing every component name twice (~25 µs for eight of them, measured here, against ~1 µs);
 * on a signed call that is a third of an Ed25519 verification.
 *
 * Only the plain forms: a component with parameters (`;sf`, `;key`, `;bs`, `;req`, `;name`), a name
 * that would be escaped when serialized, or a derived component other than those below answers
 * null, and the caller builds the base with the library. test/signature-base.test.ts holds the two
 * equal on generated requests.
 */
import type { InnerList } from 'structured-headers';

export interface BaseRequest {
  /** The method as received; @method is its upper case. */
  method: string;
  /** The service's base URL, as originOf reads it. */
  origin: Origin;
  /** The path and query as received (the query without its `?`, null when absent). */
  target: { path: string; query: string | null };
  /** The covered fields' values, by lower-case name (every covered field is there). */
  headers: Record<string, string>;
}

/** Names serialized as written: lower case, and no character a string item escapes. */
const PLAIN_NAME = /^[a-z0-9@!#$%&'*+.^_`|~-]+$/;

/** The signature base's text, or null when a component is not in a plain form (see the header). */
export function plainSignatureBase(covered: InnerList[0], signatureParams: string, request: BaseRequest): string | null {
  let text = '';
  for (const [name, params] of covered) {
    if (typeof name !== 'string' || params.size > 0 || !PLAIN_NAME.test(name)) return null;
    const value = name.startsWith('@') ? derived(name, request) : fieldValue(request.headers[name]);
    if (value === null) return null;
    text += `"${name}": ${value}\n`;
  }
  return `${text}"@signature-params": ${signatureParams}`;
}

export interface Origin {
  /** PUBLIC_BASE_URL as configured: @target-uri is it followed by the path and query. */
  url: string;
  /** Its host[:port], lower case, without a default port (RFC 9421 §2.2.3). */
  authority: string;
  scheme: string;
}

/** What @authority, @scheme and @target-uri take from the service's base URL, read once. */
export function originOf(baseUrl: string): Origin {
  const { hostname, port, protocol } = new URL(baseUrl);
  // URL already leaves out a scheme's default port; the library keeps any other port only on http(s).
  const withPort = port !== '' && (protocol === 'http:' || protocol === 'https:');
  return { url: baseUrl, authority: hostname.toLowerCase() + (withPort ? `:${port}` : ''), scheme: protocol.slice(0, -1) };
}

function derived(name: string, { method, origin, target }: BaseRequest): string | null {
  switch (name) {
    case '@method':
      return method.toUpperCase();
    case '@authority':
      return origin.authority;
    case '@scheme':
      return origin.scheme;
    case '@path':
      return target.path;
    case '@query':
      return `?${target.query ?? ''}`;
    case '@target-uri':
      return `${origin.url}${target.path}${target.query === null ? '' : `?${target.query}`}`;
    default:
      return null;
  }
}

/** A field's value as RFC 9421 §2.1 covers it: trimmed, obsolete line folding as one space. */
function fieldValue(value: string | undefined): string | null {
  return value === undefined ? null : value.trim().replace(/\n\s*/gm, ' ');
}
