/**
 * Prefixed, time-ordered ids (`fb_01jd…`): a ULID (48-bit millisecond time + 80 random bits,
 * Crockford base32, lower case) behind a resource prefix, so ids sort by creation.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export function ulid(time = Date.now(), random: Uint8Array = randomBytes(10)): string {
  let out = '';
  let t = time;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  // 80 random bits → 16 base32 characters, 5 bits at a time.
  let bits = 0;
  let acc = 0;
  for (const byte of random) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(acc >> bits) & 31];
    }
  }
  return out;
}

export function newId(prefix: string, time?: number, random?: Uint8Array): string {
  return `${prefix}_${ulid(time, random)}`;
}
