/**
 * Opaque keyset cursors: `base64url(JSON payload) "." base64url(HMAC-SHA256)`, signed with the
 * 'cursor' key derived from SECRETS_KEY so every instance accepts every other's cursors. The payload holds
 * a hash of the query it belongs to (its scope), the keyset of the last row served, how many rows
 * were served before, and whatever state the next page must reuse (e.g. the corrected query).
 *
 * Keyset, not offset: rows inserted between two page fetches neither repeat nor push rows out of
 * the walk. The signature makes cursors unforgeable, so their keys can be bound into SQL as is.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/catalogue';
import { canonicalJson } from '../lib/canonical-json';
import { hmacSha256 } from '../lib/secrets';

export interface CursorState<K> {
  /** Keyset of the last row served. */
  key: K;
  /** Rows served before the next page (positions continue from here). */
  served: number;
  /** Extra state the next page reuses. */
  extra?: Record<string, unknown>;
}

interface Payload<K> extends CursorState<K> {
  /** Scope: hash of the query parameters the cursor belongs to. */
  s: string;
}

/** Hash of everything that defines a result list (every parameter except limit and cursor). */
export function cursorScope(params: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(params)).digest('base64url').slice(0, 22);
}

export function encodeCursor<K>(secret: Buffer, scope: string, state: CursorState<K>): string {
  const body = Buffer.from(JSON.stringify({ s: scope, ...state } satisfies Payload<K>)).toString('base64url');
  return `${body}.${hmacSha256(secret, body).toString('base64url')}`;
}

/** Verifies and opens a cursor; anything tampered with, foreign or for another query is `invalid_cursor`. */
export function decodeCursor<K>(secret: Buffer, scope: string, cursor: string, isKey: (key: unknown) => key is K): CursorState<K> {
  const [body, signature, ...rest] = cursor.split('.');
  const given = Buffer.from(signature ?? '', 'base64url');
  const expected = hmacSha256(secret, body ?? '');
  if (rest.length || !body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('invalid_cursor', { message: 'The cursor is not one this service issued, or it was altered. Pass nextCursor back unchanged.' });
  }
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload<unknown>;
  if (payload.s !== scope) {
    throw new ApiError('invalid_cursor', {
      message: 'The cursor belongs to a different query. Repeat every parameter of the request that returned it (only limit may change), or drop the cursor to start over.',
    });
  }
  // Signed by us, so the shape can only be wrong if this code changed between two pages.
  if (!isKey(payload.key) || !Number.isInteger(payload.served) || payload.served < 0) {
    throw new ApiError('invalid_cursor', { message: 'The cursor is from an older version of this service; drop it to start over.' });
  }
  return { key: payload.key, served: payload.served, extra: payload.extra };
}
