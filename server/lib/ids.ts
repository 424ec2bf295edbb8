/**
 * Prefixed, time-ordered ids (`fb_01jd…`): a ULID (48-bit millisecond time + 80 random bits,
 * Crockford base32, lower case) behind a resource prefix, so ids sort by creation.
 */
import { randomDraw } from './random-pool';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Every 10-bit value as its two base32 characters: a ULID's random part is 8 look-ups. */
const PAIRS = Array.from({ length: 1024 }, (_, i) => ALPHABET[i >> 5] + ALPHABET[i & 31]);

/** The time part of the last id made: a busy process makes many ids in one millisecond. */
let lastTime = -1;
let lastTimePart = '';

function timePart(time: number): string {
  if (time === lastTime) return lastTimePart;
  let out = '';
  let t = time;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  lastTime = time;
  lastTimePart = out;
  return out;
}

/** 40 bits (five bytes from `at`) as 8 base32 characters, most significant first. */
function fortyBits(r: Uint8Array, at: number): string {
  const b0 = r[at], b1 = r[at + 1], b2 = r[at + 2], b3 = r[at + 3], b4 = r[at + 4];
  return PAIRS[(b0 << 2) | (b1 >> 6)] + PAIRS[((b1 & 63) << 4) | (b2 >> 4)] + PAIRS[((b2 & 15) << 6) | (b3 >> 2)] + PAIRS[((b3 & 3) << 8) | b4];
}

/**
 * 48-bit time and 80 random bits, 26 characters. By table rather than five bits at a time: a
 * request id is made for every call, and the loop was ~3% of a cached GET's Node CPU (profiled).
 */
export function ulid(time = Date.now(), random: Uint8Array = randomDraw(10)): string {
  return timePart(time) + fortyBits(random, 0) + fortyBits(random, 5);
}

export function newId(prefix: string, time?: number, random?: Uint8Array): string {
  return `${prefix}_${ulid(time, random)}`;
}
