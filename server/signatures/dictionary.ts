/**
 * `Signature-Input` and `Signature` read without the full RFC 8941 parser, in the shapes signers
 * send: dictionary members that are inner lists or items whose values are strings, integers,
 * booleans or byte sequences (canonical base64), with parameters. Anything else (tokens, decimals,
 * dates, display strings, a member without a value, padding-free base64, or anything the grammar
 * refuses) answers undefined, and the caller runs `structured-headers`' parser, which decides.
 * Where it answers, the answer is the parser's, value for value (test/signature-dictionary.test.ts
 * holds the two equal on generated headers). structured-headers reads a character at a time
 * through regular expressions: 11.9 µs of CPU for both headers of a signed GET against 6.9 µs
 * here (under tsx, warm, on the bench machine at load 20, 2026-11-28).
 *
 * Each inner list also comes with its own text when that text is what the serializer would write
 * (single spaces, no space after `;`, integers without leading zeros, `;key` for true): the
 * signature base's `@signature-params` line and its component names are then the received bytes,
 * with no serializing per call (serializeList and serializeItem of one label: ~24 µs, same day).
 */
import type { BareItem, Dictionary, InnerList, Item, Parameters } from 'structured-headers';

/** A dictionary read, and for each inner list member its text when canonical: the list's, and each item's. */
export interface ReadDictionary {
  dictionary: Dictionary;
  canonical: Map<string, { list: string; items: string[] }>;
}

const SP = 0x20;
const TAB = 0x09;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const SEMICOLON = 0x3b;
const EQUALS = 0x3d;
const COMMA = 0x2c;
const OPEN = 0x28;
const CLOSE = 0x29;
const MINUS = 0x2d;
const QUESTION = 0x3f;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
/** A key's later characters: a-z 0-9 _ - . * */
const isKeyChar = (c: number) => isLower(c) || isDigit(c) || c === 0x5f || c === MINUS || c === 0x2e || c === 0x2a;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The dictionary `text` as the parser would read it, or undefined for the parser to decide. */
export function readDictionary(text: string): ReadDictionary | undefined {
  return new Reader(text).dictionary();
}

/**
 * A class rather than closures: tsx (esbuild's keepNames) names every function a call creates, and
 * in a --cpu-prof profile of the signed path that naming cost as much as the reading.
 */
class Reader {
  pos = 0;
  /** Whether what was read since the member began is written as the serializer writes it. */
  canonical = true;
  readonly n: number;

  constructor(readonly text: string) {
    this.n = text.length;
  }

  at(i: number): number {
    return this.text.charCodeAt(i);
  }

  key(): string | undefined {
    const start = this.pos;
    const first = this.at(this.pos);
    if (!(isLower(first) || first === 0x2a)) return undefined;
    this.pos++;
    while (this.pos < this.n && isKeyChar(this.at(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  bareItem(): BareItem | undefined {
    const c = this.at(this.pos);
    if (c === QUOTE) return this.string();
    if (isDigit(c) || c === MINUS) return this.integer();
    if (c === COLON) return this.bytes();
    if (c === QUESTION) {
      const v = this.at(this.pos + 1);
      if (v !== 0x30 && v !== 0x31) return undefined;
      this.pos += 2;
      return v === 0x31;
    }
    return undefined;
  }

  string(): string | undefined {
    let out = '';
    let from = ++this.pos;
    while (this.pos < this.n) {
      const c = this.at(this.pos);
      if (c === QUOTE) {
        out += this.text.slice(from, this.pos++);
        return out;
      }
      if (c === BACKSLASH) {
        const next = this.at(this.pos + 1);
        if (next !== QUOTE && next !== BACKSLASH) return undefined;
        out += this.text.slice(from, this.pos);
        from = this.pos + 1;
        this.pos += 2;
        continue;
      }
      if (c < 0x20 || c > 0x7e) return undefined;
      this.pos++;
    }
    return undefined;
  }

  integer(): number | undefined {
    const negative = this.at(this.pos) === MINUS;
    if (negative) this.pos++;
    const start = this.pos;
    while (this.pos < this.n && isDigit(this.at(this.pos))) this.pos++;
    const digits = this.pos - start;
    // A decimal, no digit, or past 15 digits (the parser's error): the parser's to answer.
    if (digits === 0 || digits > 15 || this.at(this.pos) === 0x2e) return undefined;
    if ((digits > 1 && this.at(start) === 0x30) || (negative && digits === 1 && this.at(start) === 0x30)) this.canonical = false;
    return parseInt(this.text.slice(start, this.pos), 10) * (negative ? -1 : 1);
  }

  bytes(): ArrayBuffer | undefined {
    const end = this.text.indexOf(':', this.pos + 1);
    if (end < 0) return undefined;
    const b64 = this.text.slice(this.pos + 1, end);
    // Padded base64 only, where Buffer and the parser's atob agree byte for byte.
    if (b64.length % 4 !== 0 || !BASE64.test(b64)) return undefined;
    this.pos = end + 1;
    // Its text is not kept: a serializer writes zero padding bits, which a sender may not have.
    this.canonical = false;
    const bytes = new ArrayBuffer((b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0));
    Buffer.from(bytes).write(b64, 'base64');
    return bytes;
  }

  parameters(): Parameters | undefined {
    const params: Parameters = new Map();
    while (this.at(this.pos) === SEMICOLON) {
      this.pos++;
      if (this.at(this.pos) === SP) {
        this.canonical = false;
        while (this.at(this.pos) === SP) this.pos++;
      }
      const name = this.key();
      if (name === undefined) return undefined;
      let value: BareItem | undefined = true;
      if (this.at(this.pos) === EQUALS) {
        this.pos++;
        value = this.bareItem();
        if (value === undefined) return undefined;
        if (value === true) this.canonical = false;
      }
      if (params.has(name)) this.canonical = false;
      params.set(name, value);
    }
    return params;
  }

  item(): Item | undefined {
    const value = this.bareItem();
    if (value === undefined) return undefined;
    const params = this.parameters();
    return params && [value, params];
  }

  innerList(itemTexts: string[]): InnerList | undefined {
    this.pos++;
    const items: Item[] = [];
    for (;;) {
      if (this.at(this.pos) === SP) {
        // Only one space between items, and none after "(" or before ")", is the serializer's.
        if (items.length === 0 || this.at(this.pos + 1) === SP || this.at(this.pos + 1) === CLOSE) this.canonical = false;
        while (this.at(this.pos) === SP) this.pos++;
      }
      if (this.pos >= this.n) return undefined;
      if (this.at(this.pos) === CLOSE) {
        this.pos++;
        const params = this.parameters();
        return params && [items, params];
      }
      const start = this.pos;
      const read = this.item();
      if (read === undefined) return undefined;
      items.push(read);
      itemTexts.push(this.text.slice(start, this.pos));
      const next = this.at(this.pos);
      if (next !== SP && next !== CLOSE) return undefined;
    }
  }

  dictionary(): ReadDictionary | undefined {
    while (this.at(this.pos) === SP) this.pos++;
    const dictionary: Dictionary = new Map();
    const texts: ReadDictionary['canonical'] = new Map();
    while (this.pos < this.n) {
      const name = this.key();
      // A member without a value (a boolean) is no signature's: the parser's to answer.
      if (name === undefined || this.at(this.pos) !== EQUALS) return undefined;
      this.pos++;
      this.canonical = true;
      const start = this.pos;
      if (this.at(this.pos) === OPEN) {
        const itemTexts: string[] = [];
        const list = this.innerList(itemTexts);
        if (list === undefined) return undefined;
        dictionary.set(name, list);
        if (this.canonical) texts.set(name, { list: this.text.slice(start, this.pos), items: itemTexts });
        else texts.delete(name);
      } else {
        const read = this.item();
        if (read === undefined) return undefined;
        dictionary.set(name, read);
        texts.delete(name);
      }
      while (this.at(this.pos) === SP || this.at(this.pos) === TAB) this.pos++;
      if (this.pos >= this.n) break;
      if (this.at(this.pos) !== COMMA) return undefined;
      this.pos++;
      while (this.at(this.pos) === SP || this.at(this.pos) === TAB) this.pos++;
      // A trailing comma: the parser's error to give.
      if (this.pos >= this.n) return undefined;
    }
    return { dictionary, canonical: texts };
  }
}
