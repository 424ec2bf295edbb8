/**
 * Random bytes for the small draws every request makes (an id's 80 bits, a seal's IV), taken from
 * a buffer the CSPRNG fills 5 KB at a time. One `randomBytes(12)` costs ~5 µs here, most of it
 * the call into the CSPRNG rather than the bytes; a draw from the pool costs ~0.2 µs.
 */
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(5120);
let offset = pool.length;

/**
 * `n` (≤ 64) fresh random bytes: a view of the pool, valid until the next draw refills it, so the
 * caller reads or copies it at once. No two draws share a byte.
 */
export function randomDraw(n: number): Buffer {
  if (offset + n > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  offset += n;
  return pool.subarray(offset - n, offset);
}
