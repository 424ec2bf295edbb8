/**
 * The fast read of Signature-Input and Signature (server/signatures/dictionary.ts) against
 * structured-headers' RFC 8941 parser, on generated headers: wherever the fast read answers, its
 * dictionary is the parser's, value for value, and the text it keeps for an inner list is what the
 * serializer writes; where it does not answer, the parser decides. The generated headers mix the
 * shapes signers send with what they rarely do: several labels, parameters in any order, escaped
 * strings, spaces and tabs where the grammar allows them and where it does not, tokens, decimals,
 * unpadded base64, trailing commas, stray characters.
 */
import fc from 'fast-check';
import { parseDictionary, serializeDictionary, serializeInnerList, serializeItem, Token, type Dictionary, type InnerList, type Item } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { readDictionary } from '../server/signatures/dictionary';
import { BASE } from './support/app';
import { signRequest, testKey } from './support/signing';

/** Maps, byte sequences, tokens and -0 as plain values toEqual can tell apart. */
function plain(value: unknown): unknown {
  if (value instanceof Map) return { map: [...value].map(([k, v]) => [k, plain(v)]) };
  if (value instanceof ArrayBuffer) return { bytes: Buffer.from(value).toString('base64') };
  if (value instanceof Token) return { token: value.toString() };
  if (Array.isArray(value)) return value.map(plain);
  if (Object.is(value, -0)) return '-0';
  return value;
}

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
/** Mostly printable ASCII, now and then a control or non-ASCII character (which the grammar refuses). */
const stringChar = fc.oneof({ weight: 200, arbitrary: printable }, { weight: 1, arbitrary: fc.constantFrom('\t', '\n', 'é', '\u2028') });
const key = fc.oneof(fc.constantFrom('sig1', 'sig2', 'sig-b', 'created', 'expires', 'nonce', 'keyid', 'alg', 'tag', 'req', 'key', 'sf', 'bs', '*x'), fc.stringMatching(/^[a-z*][a-z0-9_.*-]{0,5}$/));

/** The text of a string: escaped as the serializer does, or now and then with an escape the grammar refuses. */
const stringText = fc.tuple(fc.array(stringChar, { maxLength: 16 }), fc.boolean(), fc.integer({ min: 0, max: 20 })).map(([chars, wrongEscape, at]) => {
  const body = chars.map((c) => (c === '"' || c === '\\' ? `\\${c}` : c)).join('');
  return `"${wrongEscape && at === 0 && chars.length > 14 ? `${body}\\n` : body}"`;
});
const integerText = fc.oneof(
  fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }).map(String),
  fc.constantFrom('1767225600', '0', '-0', '007', '-12', '1767225600', '9999999999999999', '1.5', '-', '12.'),
);
const bytesText = fc.tuple(fc.uint8Array({ maxLength: 70 }), fc.constantFrom('padded', 'padded', 'padded', 'unpadded', 'bits', 'junk')).map(([bytes, form]) => {
  const b64 = Buffer.from(bytes).toString('base64');
  if (form === 'unpadded') return `:${b64.replace(/=+$/, '')}:`;
  // Padding bits that are not zero: the same bytes to a forgiving decoder, another text to a serializer.
  if (form === 'bits' && b64.endsWith('==')) return `:${b64.slice(0, -3)}${b64.at(-3) === 'A' ? 'B' : 'A'}==:`;
  if (form === 'junk') return `:${b64.slice(0, 2)}=${b64.slice(2)}:`;
  return `:${b64}:`;
});
const bareText = fc.oneof(
  { weight: 40, arbitrary: stringText },
  { weight: 20, arbitrary: integerText },
  { weight: 3, arbitrary: fc.constantFrom('?1', '?0', '?2') },
  { weight: 3, arbitrary: bytesText },
  { weight: 1, arbitrary: fc.constantFrom('web-bot-auth', 'tok*en', '@1767225600', '%"x"') },
);
const spaces = fc.constantFrom('', '', '', ' ', '  ');
const ows = fc.constantFrom('', '', ' ', '\t', ' \t ');
const paramsText = fc.array(fc.tuple(spaces, key, fc.option(bareText, { freq: 5 }), fc.boolean()), { maxLength: 4 }).map((params) =>
  params.map(([sp, k, value, explicitTrue]) => `;${sp}${k}${value === null ? (explicitTrue ? '=?1' : '') : `=${value}`}`).join(''),
);
const itemText = fc.tuple(bareText, paramsText).map(([v, p]) => v + p);
const componentText = fc.tuple(fc.oneof(fc.constantFrom('"@method"', '"@authority"', '"@path"', '"@query"', '"ucp-agent"', '"content-digest"', '"signature-agent"'), stringText, itemText), paramsText).map(([v, p]) => v + p);
const innerListText = fc
  .tuple(spaces, fc.array(fc.tuple(componentText, fc.constantFrom(' ', ' ', ' ', '  ')), { maxLength: 7 }), spaces, paramsText)
  .map(([open, items, close, params]) => `(${open}${items.map(([t, sep], i) => (i ? sep : '') + t).join('')}${close})${params}`);
const memberText = fc.tuple(key, fc.oneof({ weight: 12, arbitrary: innerListText.map((l) => `=${l}`) }, { weight: 8, arbitrary: fc.tuple(bytesText, paramsText).map(([b, p]) => `=${b}${p}`) }, { weight: 1, arbitrary: paramsText })).map(([k, v]) => k + v);
const headerText = fc
  .tuple(spaces, fc.array(fc.tuple(ows, memberText, ows), { minLength: 0, maxLength: 4 }), ows, fc.constantFrom('', '', '', '', '', '', ',', ' x'))
  .map(([lead, members, tail, end]) => lead + members.map(([a, m, b], i) => (i ? `${a},${b}` : '') + m).join('') + tail + end);
/** Now and then a character put in, or taken out, anywhere. */
const mangled = fc.tuple(headerText, fc.nat(), fc.constantFrom('', '', '', '', '', '', '', '', '', '', '', '', '(', ')', '"', ';', '=', ':', ',', ' ', 'A', '-')).map(([text, at, c]) => {
  if (c === '' || text.length === 0) return text;
  const i = at % text.length;
  return c === '-' ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + c + text.slice(i);
});

/** The fast read equals the parser wherever it answers; says how often it answered. */
function agrees(text: string): boolean {
  const fast = readDictionary(text);
  if (fast === undefined) return false;
  let parsed: Dictionary;
  try {
    parsed = parseDictionary(text);
  } catch (err) {
    throw new Error(`the fast read answered where the parser refuses (${(err as Error).message}): ${JSON.stringify(text)}`);
  }
  expect(plain(fast.dictionary), JSON.stringify(text)).toEqual(plain(parsed));
  for (const [name, kept] of fast.canonical) {
    const member = parsed.get(name) as InnerList;
    expect(kept.list, JSON.stringify(text)).toBe(serializeInnerList(member));
    expect(kept.items, JSON.stringify(text)).toEqual(member[0].map((item) => serializeItem(item)));
  }
  return true;
}

describe('the fast read of Signature-Input and Signature', () => {
  it('is the RFC 8941 parser wherever it answers, on generated headers (tricky ones included)', () => {
    let answered = 0;
    let runs = 0;
    fc.assert(
      fc.property(mangled, (text) => {
        runs++;
        if (agrees(text)) answered++;
      }),
      { numRuns: 5000 },
    );
    // Enough of them are read fast for the comparison to mean something.
    expect(answered / runs).toBeGreaterThan(0.1);
  });

  it('answers for every header in the shapes signers send, keeping each inner list as received', () => {
    const params = fc.uniqueArray(
      fc.tuple(
        fc.constantFrom('created', 'expires', 'nonce', 'keyid', 'alg', 'tag'),
        fc.oneof(fc.integer({ min: 0, max: 9_999_999_999 }), fc.string({ unit: printable, maxLength: 40 }), fc.constant(true)),
      ),
      { selector: ([k]) => k, maxLength: 6 },
    );
    const component = fc.tuple(fc.constantFrom('@method', '@authority', '@path', '@query', 'ucp-agent', 'signature-agent', 'idempotency-key'), fc.option(fc.constantFrom<[string, string | boolean]>(['req', true], ['key', 'sig1'], ['sf', true]), { freq: 4 }));
    const label = fc.tuple(fc.uniqueArray(component, { selector: ([c]) => c, minLength: 1, maxLength: 7 }), params, fc.uint8Array({ minLength: 32, maxLength: 96 }));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.constantFrom('sig1', 'sig2', 'sig-b', 'proxy_sig'), label), { selector: ([n]) => n, minLength: 1, maxLength: 3 }), (labels) => {
        const inputs: Dictionary = new Map(
          labels.map(([name, [components, ps]]) => [name, [components.map(([c, p]): Item => [c, new Map(p ? [p] : [])]), new Map(ps)] as InnerList]),
        );
        const signatures: Dictionary = new Map(labels.map(([name, [, , sig]]) => [name, [sig.slice().buffer, new Map()] as Item]));
        for (const text of [serializeDictionary(inputs), serializeDictionary(signatures)]) expect(agrees(text), text).toBe(true);
        expect([...readDictionary(serializeDictionary(inputs))!.canonical.keys()]).toEqual(labels.map(([name]) => name));
      }),
      { numRuns: 500 },
    );
  });

  it('reads what http-message-signatures signs with, all three algorithms', async () => {
    for (const alg of ['ES256', 'ES384', 'Ed25519'] as const) {
      const headers = await signRequest(
        { method: 'GET', url: `${BASE}/api/agent/platform/limits?q=a`, headers: { 'ucp-agent': 'profile="https://agent.example/p.json"' } },
        { key: testKey(alg) },
      );
      const get = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)![1];
      expect(agrees(get('signature-input'))).toBe(true);
      expect(agrees(get('signature'))).toBe(true);
      expect(readDictionary(get('signature-input'))!.canonical.size).toBe(1);
    }
  });
});
