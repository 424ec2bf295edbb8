/**
 * The signature base written directly (server/signatures/signature-base.ts) against the one
 * http-message-signatures builds, on generated requests: wherever the direct writer answers, its
 * text is the library's byte for byte; it answers for every plain member (no parameters on a
 * component, derived components it knows); anything else it leaves to the library.
 */
import fc from 'fast-check';
import { httpbis } from 'http-message-signatures';
import { parseDictionary, serializeItem, serializeList, Token, type InnerList, type Item } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { originOf, plainSignatureBase } from '../server/signatures/signature-base';

const DERIVED = ['@method', '@authority', '@scheme', '@path', '@query', '@target-uri'];
const FIELDS = ['ucp-agent', 'content-digest', 'content-type', 'idempotency-key', 'signature-agent', 'service-buyer', 'x-odd_name.v2'];

/** What the verifier hands the library: @path and @query exactly as received (verify.ts's rawComponents). */
function libraryBase(member: InnerList, request: { method: string; baseUrl: string; path: string; query: string | null; headers: Record<string, string> }): string {
  const url = request.baseUrl + request.path + (request.query === null ? '' : `?${request.query}`);
  const base = httpbis.createSignatureBase(
    {
      fields: member[0].map((item) => serializeItem(item)),
      componentParser: (name) => (name === '@path' ? [request.path] : name === '@query' ? [`?${request.query ?? ''}`] : null),
    },
    { method: request.method, url, headers: request.headers },
  );
  base.push(['"@signature-params"', [serializeList([member])]]);
  return httpbis.formatSignatureBase(base);
}

const pathChar = fc.constantFrom(...'abcXYZ019-._~%/:@!$&\'()*+,;='.split(''));
const path = fc.array(pathChar, { maxLength: 24 }).map((chars) => `/${chars.join('')}`);
const query = fc.option(fc.array(fc.constantFrom(...'ab=&%2F+?/:'.split('')), { minLength: 1, maxLength: 16 }).map((c) => c.join('')), { freq: 2 });
const fieldValue = fc.oneof(
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n\0]/g, '')),
  fc.constantFrom('profile="https://agent.example/profile.json"', ' sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=: ', 'application/json', 'a,\tb'),
);
const baseUrl = fc.constantFrom('https://shop.example', 'http://localhost:3000', 'https://Shop.Example:443', 'http://127.0.0.1:80', 'https://[::1]:8443');
/** A component: mostly plain, now and then with parameters or a derived name the writer leaves to the library. */
const component = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...DERIVED, ...FIELDS).map((name): Item => [name, new Map()]) },
  { weight: 1, arbitrary: fc.constantFrom<Item>(['@request-target', new Map()], ['content-type', new Map([['bs', true]])], ['ucp-agent', new Map([['sf', true]])], ['@query-param', new Map([['name', 'a']])], ['x-Upper', new Map()]) },
);
const member = fc
  .tuple(fc.uniqueArray(component, { selector: ([name, params]) => `${name as string}${params.size}`, maxLength: 9 }), fc.integer({ min: 1_767_225_600, max: 1_767_312_000 }), fc.boolean())
  .map(([items, created, tagged]): InnerList => [items, new Map<string, number | string | Token>([['created', created], ['keyid', 'k-1'], ...(tagged ? [['tag', new Token('web-bot-auth')] as [string, Token]] : [])])]);

describe('the signature base written directly', () => {
  it('is byte for byte the library’s wherever it answers, and answers for every plain member', () => {
    let answered = 0;
    fc.assert(
      fc.property(member, fc.constantFrom('GET', 'post', 'DELETE'), baseUrl, path, query, fc.array(fieldValue, { minLength: FIELDS.length + 1, maxLength: FIELDS.length + 1 }), (m, method, base, p, q, values) => {
        const headers = Object.fromEntries([...FIELDS, 'x-upper'].map((name, i) => [name, values[i]]));
        const request = { method, baseUrl: base, path: p, query: q, headers };
        const direct = plainSignatureBase(m[0], serializeList([m]), { method, origin: originOf(base), target: { path: p, query: q }, headers });
        const plain = m[0].every(([name, params]) => params.size === 0 && (DERIVED.includes(name as string) || FIELDS.includes(name as string)));
        expect(direct !== null).toBe(plain);
        if (direct !== null) {
          answered++;
          expect(direct).toBe(libraryBase(m, request));
        }
      }),
      { numRuns: 2_000 },
    );
    expect(answered).toBeGreaterThan(500);
  });

  it('writes a signer’s usual POST as RFC 9421 §2.5 lays it out', () => {
    const [m] = [parseDictionary('sig1=("@method" "@authority" "@path" "@query" "content-digest" "ucp-agent");created=1767225600;keyid="k-1"').get('sig1') as InnerList];
    const headers = { 'content-digest': 'sha-256=:YQ==:', 'ucp-agent': 'profile="https://agent.example/p.json"' };
    expect(plainSignatureBase(m[0], serializeList([m]), { method: 'post', origin: originOf('https://Shop.Example:443'), target: { path: '/api/agent/carts', query: null }, headers })).toBe(
      [
        '"@method": POST',
        '"@authority": shop.example',
        '"@path": /api/agent/carts',
        '"@query": ?',
        '"content-digest": sha-256=:YQ==:',
        '"ucp-agent": profile="https://agent.example/p.json"',
        '"@signature-params": ("@method" "@authority" "@path" "@query" "content-digest" "ucp-agent");created=1767225600;keyid="k-1"',
      ].join('\n'),
    );
  });
});
