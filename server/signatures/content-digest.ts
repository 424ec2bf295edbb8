/**
 * `Content-Digest` (RFC 9530): a dictionary of digests of the body as sent, e.g.
 * `sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:`. sha-256 and sha-512 are read; at
 * least one must be there, and each that is there must match the bytes received.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { parseDictionary } from 'structured-headers';

const ALGORITHMS = { 'sha-256': 'sha256', 'sha-512': 'sha512' } as const;

/** Null when the header matches `body`, else why not. */
export function contentDigestProblem(header: string | null, body: Uint8Array): string | null {
  if (header === null) return 'Content-Digest is missing';
  let dictionary;
  try {
    dictionary = parseDictionary(header);
  } catch {
    return 'Content-Digest is not an RFC 8941 dictionary (sha-256=:<base64>:)';
  }
  let checked = 0;
  for (const [name, hash] of Object.entries(ALGORITHMS)) {
    const member = dictionary.get(name);
    if (!member) continue;
    const claimed = member[0];
    if (!(claimed instanceof ArrayBuffer)) return `Content-Digest ${name} is not a byte sequence (:<base64>:)`;
    const actual = createHash(hash).update(body).digest();
    if (claimed.byteLength !== actual.length || !timingSafeEqual(Buffer.from(claimed), actual)) return `Content-Digest ${name} does not match the body received`;
    checked++;
  }
  return checked ? null : 'Content-Digest names neither sha-256 nor sha-512';
}

/** The header for `body` (tests and docs). */
export function contentDigest(body: Uint8Array | string, algorithm: keyof typeof ALGORITHMS = 'sha-256'): string {
  return `${algorithm}=:${createHash(ALGORITHMS[algorithm]).update(body).digest('base64')}:`;
}
