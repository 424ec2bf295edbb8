/**
 * The memory the profile fetcher's caches (cache.ts) hold, bounded together: each entry is measured
 * once when it is stored, and past the bound the least recently used entry of any of them is
 * dropped first. One bound for every kind of document, as one budget counts every kind of fetch
 * (budget.ts): an operator sets one number for what fetched documents may cost an instance.
 */

/**
 * About what `value` takes in V8's heap, from its shape rather than its JSON, which undercounts
 * what a hostile document can keep: an empty object is 2 bytes of JSON and 56 of heap, 87k of them
 * in 256 KiB take 5.6 MiB. Measured on Node 20 and 24 (test/profile-cache.test.ts holds a cache of
 * hostile documents to the heap): a string is its header and its characters (two bytes each past
 * Latin-1), an object its header and 24 bytes a member, an array its header and a slot an element.
 * What is shared is counted once: an object reached twice (one key in a profile's and a
 * directory's set), a member's name (V8 keeps one copy of each). Over rather than under otherwise:
 * small objects keep their members in fewer bytes. Only own enumerable members are counted (not a
 * Map's entries, nor what a pending promise holds). Above `enough`, some number above it.
 */
export function heapBytes(value: unknown, enough = Infinity): number {
  let bytes = 0;
  const seen = new Set<unknown>();
  // Walked with a stack of its own: a digest may keep a document nested 40k deep.
  const pending: unknown[] = [value];
  // Past `enough` the rest is not walked: a digest too large to keep is not measured to its end.
  while (pending.length && bytes <= enough) {
    const item = pending.pop();
    if (typeof item === 'string') bytes += stringBytes(item);
    else if (typeof item !== 'object' || item === null) bytes += SLOT_BYTES * 2; // a number boxed on the heap; booleans and null are shared
    else if (!seen.has(item)) {
      seen.add(item);
      if (Array.isArray(item)) {
        bytes += ARRAY_BYTES + SLOT_BYTES * item.length;
        for (const element of item) pending.push(element);
      } else {
        bytes += OBJECT_BYTES;
        for (const [key, member] of Object.entries(item)) {
          bytes += MEMBER_BYTES;
          if (!seen.has(key)) {
            seen.add(key);
            bytes += stringBytes(key);
          }
          pending.push(member);
        }
      }
    }
  }
  return bytes;
}

const SLOT_BYTES = 8;
const ARRAY_BYTES = 32;
const OBJECT_BYTES = 64;
const MEMBER_BYTES = 24;
const LATIN1 = /^[\u0000-\u00ff]*$/;

function stringBytes(text: string): number {
  return 24 + text.length * (LATIN1.test(text) ? 1 : 2);
}

interface Held {
  bytes: number;
  drop: () => void;
}

/** The bytes held by the caches that share it, and their entries from least to most recently used. */
export class KeptBytes {
  private used = 0;
  // A Map keeps insertion order: an entry used again is moved to the end, so the first is the one to drop.
  private readonly order = new Map<object, Held>();

  constructor(readonly limit: number) {}

  /** Bytes held now (tests, and what start-up may report). */
  get bytes(): number {
    return this.used;
  }

  /** Holds `bytes` for `entry`, first dropping the least recently used entries (their `drop`) until they fit. */
  hold(entry: object, bytes: number, drop: () => void): void {
    this.release(entry);
    for (const [oldest, held] of this.order) {
      if (this.used + bytes <= this.limit) break;
      this.release(oldest);
      held.drop();
    }
    this.order.set(entry, { bytes, drop });
    this.used += bytes;
  }

  /** `entry` was used: it is the last to be dropped. */
  touch(entry: object): void {
    const held = this.order.get(entry);
    if (!held) return;
    this.order.delete(entry);
    this.order.set(entry, held);
  }

  /** `entry` is no longer kept. */
  release(entry: object): void {
    const held = this.order.get(entry);
    if (!held) return;
    this.order.delete(entry);
    this.used -= held.bytes;
  }
}
