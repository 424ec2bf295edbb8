/**
 * Requests generated from an OpenAPI document alone (the served one, or for UCP's binding the one
 * binding.ts lays out from its operations' input schemas): for every operation, its parameters, body
 * and headers, mostly well-formed (so the operations really run and their success bodies get
 * checked) and often hostile: every class of Unicode and control character, lone surrogates,
 * empty values, values at and past each declared maximum, wrong types, notations the grammar does
 * not allow, repeated and hostile parameter names, deep and wide bodies, hostile header values.
 */
import fc from 'fast-check';
import type { OpenApiDocument } from './schemas';

type Json = Record<string, any>;

export interface FuzzRequest {
  /** The operation the request was generated for. */
  operation: { method: string; path: string };
  method: string;
  /** Path and query, encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the service really has, so that well-formed requests find something. */
export interface FuzzFixtures {
  sellerHandles: string[];
  words: string[];
  categories: string[];
  adminToken: string;
  agentProfile: string;
  /** Ids the catalog has: products', variants' and SKUs. */
  productIds: string[];
  /** UCP-Agent for UCP's binding, which fetches the profile it names: a valid platform profile's. */
  platformAgent: string;
  /**
   * UCP-Agent values the binding must refuse, every one answered without a request off this
   * machine: profiles on the local profile server that are missing, not profiles, at another
   * version or without the catalog, and forms refused before any fetch.
   */
  badPlatformAgents: string[];
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

// ---------------------------------------------------------------- hostile text

const CONTROL = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u00a0', '\u200b', '\u2028', '\u202e', '\ufeff', '\ufffe', '\uffff'];
const SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\ude00b', '\ud83d\ude00'];
const NOTATIONS = ['0x10', '1e3', '+5', ' 5', '5 ', '-0', '1.5', '.5', '5.', 'NaN', 'Infinity', '-1', '00', '9'.repeat(40), '1_000', '١٢'];
const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'q[]', 'q[0]', 'a.b', '$where', 'ÿ', '😀', 'x'.repeat(300)];

const unicodeText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...CONTROL, ...SURROGATES, 'a', ' ', '"', '\\', '%', '&', '=', '+', '#', '/', '?'), maxLength: 20 }),
);

function hostileString(schema: Json): fc.Arbitrary<string> {
  const max: number = schema.maxLength ?? 500;
  const min: number = schema.minLength ?? 0;
  return fc.oneof(
    unicodeText,
    fc.constantFrom('', ...CONTROL, ...SURROGATES, ...NOTATIONS),
    fc.constantFrom('a'.repeat(max), 'a'.repeat(max + 1), 'é'.repeat(max), '😀'.repeat(max), 'a'.repeat(Math.max(0, min - 1))),
    fc.integer({ min: 1, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')),
    fc.constantFrom('"unclosed', '-', 'or', '""', '-a -b', '""""""', 'a or or b', '\\'),
  );
}

// ---------------------------------------------------------------- values from schemas

interface ValueContext {
  doc: OpenApiDocument;
  fixtures: FuzzFixtures;
  /** The property or parameter name, for values the catalog really has. */
  name?: string;
  /** Well-formed all the way down: no hostile value at any depth. */
  clean?: boolean;
}

function deref(doc: OpenApiDocument, schema: Json | undefined): Json {
  if (schema?.$ref) return deref(doc, doc.components.schemas[String(schema.$ref).split('/').pop()!]);
  return schema ?? {};
}

/** Values a real caller would send for a field of that name. */
function knownValues(name: string | undefined, f: FuzzFixtures): string[] {
  switch (name) {
    case 'handle':
    case 'seller_handle':
      return f.sellerHandles;
    case 'q':
    case 'query':
      return [...f.words, f.words.slice(0, 2).join(' '), `${f.words[0]}x`, `"${f.words[0]}"`, `-${f.words[0]}`];
    case 'category':
    case 'categories':
      return f.categories;
    case 'id':
    case 'ids':
      return f.productIds;
    case 'name':
      return ['Acme Outdoors', 'Café Müller', 'cafe muller'];
    case 'domain':
      return f.sellerHandles.map((h) => `https://www.${h}.example/p/1`);
    case 'ships_to':
      return ['US', 'DE', 'CA', 'us'];
    default:
      return [];
  }
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function wellFormed(schema: Json, ctx: ValueContext, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v: Json) => valueOf(v, ctx, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      // fast-check's integers are 32-bit; zod's int() is bounded at ±(2⁵³ − 1), which stay as boundaries.
      const inner = fc.integer({ min: Math.max(Math.ceil(min), INT32_MIN), max: Math.min(Math.floor(max), INT32_MAX) });
      return fc.oneof(inner, fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(deref(ctx.doc, schema.items), ctx, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object':
      return objectOf(schema, ctx, depth);
    case 'string': {
      const known = knownValues(ctx.name, ctx.fixtures);
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 40);
      const plain = schema.pattern ? fc.stringMatching(patternOf(schema.pattern)) : fc.string({ minLength: min, maxLength: Math.max(min, max) });
      return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, plain) : plain;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A schema's pattern as JSON Schema reads it (ECMA-262 with Unicode), or as written when that fails. */
function patternOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function objectOf(schema: Json, ctx: ValueContext, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Json> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, inner]) => [name, valueOf(deref(ctx.doc, inner), { ...ctx, name }, depth + 1)]),
  );
  const requiredKeys = Object.keys(fields).filter((k) => required.has(k));
  if (!ctx.clean) return fc.record(fields, { requiredKeys });
  // Each optional member as often absent as present: an optional member is also one more way to
  // be refused (a cursor this service did not issue).
  const optional = Object.keys(fields).filter((k) => !required.has(k));
  return fc.subarray(optional).chain((chosen) => fc.record(Object.fromEntries([...requiredKeys, ...chosen].map((k) => [k, fields[k]]))));
}

/** Mostly well-formed, sometimes hostile: a wrong type, hostile text, a boundary. */
function valueOf(schema: Json, ctx: ValueContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (ctx.clean) return wellFormed(schema, ctx, depth);
  const hostile = fc.oneof(
    schema.type === 'string' || !schema.type ? hostileString(schema) : fc.constantFrom(...NOTATIONS),
    fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 53, -(2 ** 31) - 1, 1e308, [], {}, [null], { __proto__: null }, ''),
    fc.jsonValue({ maxDepth: 3 }),
  );
  return fc.oneof({ arbitrary: wellFormed(schema, ctx, depth), weight: 4 }, { arbitrary: hostile, weight: 1 });
}

// ---------------------------------------------------------------- parameters and query strings

/** Percent-encodes UTF-8 bytes, passing lone surrogates through as the bytes a lax encoder writes. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}` : encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

const RAW_ENCODINGS = ['%', '%G0', '%FF', '%C0%80', '%E2%82', '%00', '%ED%A0%80', '+', '%2B', '&&', '=', '=='];

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

function queryString(doc: OpenApiDocument, params: Json[], fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const pairs = params.map((p) =>
    fc.option(
      valueOf(deref(doc, p.schema), { doc, fixtures, name: p.name }, 0).map((v) => `${encode(p.name)}=${encode(asText(v))}`),
      { freq: 2 },
    ),
  );
  const extra = fc.oneof(
    fc.constantFrom(...NAMES, ...params.map((p) => p.name)).chain((name) => hostileString({}).map((v) => `${encode(name)}=${encode(v)}`)),
    fc.constantFrom(...RAW_ENCODINGS).map((raw) => (params.length ? `${params[0].name}=${raw}` : raw)),
    fc.constantFrom('seller=acme', 'max_price=5', 'sellerHandle=x', 'Q=x', 'limit'),
  );
  return fc
    .tuple(fc.tuple(...pairs), fc.oneof({ arbitrary: fc.constant([] as string[]), weight: 4 }, fc.array(extra, { minLength: 1, maxLength: 3 })))
    .map(([chosen, extras]) => [...chosen.filter((p): p is string => p !== null), ...extras].join('&'));
}

function pathValue(doc: OpenApiDocument, param: Json, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const schema = deref(doc, param.schema);
  return valueOf(schema, { doc, fixtures, name: param.name }, 0)
    .map(asText)
    // An empty or all-dots segment is another path, not a value of this one.
    .filter((v) => v.length > 0 && !/^\.+$/.test(v))
    .map(encode);
}

// ---------------------------------------------------------------- headers and bodies

/** Header values a Request can carry (Latin-1, no CR, LF or NUL). */
const headerText = fc
  .string({ unit: fc.integer({ min: 1, max: 255 }).filter((c) => c !== 10 && c !== 13).map((c) => String.fromCharCode(c)), maxLength: 80 });

function agentHeader(fixtures: FuzzFixtures): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(fixtures.agentProfile), weight: 8 },
    fc.constantFrom(
      undefined,
      'profile="https://agent.example.com/profile.json"',
      'https://agent.shopbot.dev/p.json',
      'profile="http://agent.shopbot.dev/p.json"',
      'profile="https://127.0.0.1/p.json"',
      'profile=https://x',
      'profile="https://a.shopbot.dev/p.json", profile="https://b.shopbot.dev/p.json"',
      'profile="https://agent.shopbot.dev/p.json"; version="2026-04-08"',
      '',
      '"',
    ),
    headerText,
  );
}

/** UCP-Agent on the binding: mostly its valid platform profile, sometimes missing or one it must refuse. */
function platformAgentHeader(fixtures: FuzzFixtures): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(fixtures.platformAgent), weight: 8 },
    fc.constantFrom(undefined, '', '"', ...fixtures.badPlatformAgents),
    headerText,
  );
}

/**
 * `clean`: some bodies are well-formed throughout. A body with many optional members (UCP's) is
 * otherwise nearly always refused for one hostile value among them, and its successes go unchecked.
 */
function bodyOf(doc: OpenApiDocument, operation: Json, fixtures: FuzzFixtures, clean: boolean): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const media = operation.requestBody?.content?.['application/json'];
  const schema = deref(doc, media?.schema);
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const hostile = fc.oneof(
    fc.constantFrom('', '{', 'null', '[]', '"x"', '{"a":1,"a":2}', '\ufeff{}', nested(40), nested(5_000), `{"a":${nested(100)}}`).map((body) => ({ body, contentType: 'application/json' })),
    fc.jsonValue({ maxDepth: 4 }).map(json),
    fc.integer({ min: 1_000, max: 20_000 }).map((n) => json(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])))),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/jsonx', 'multipart/form-data').map((contentType) => ({ body: '{}', contentType })),
    fc.constantFrom(...NAMES).map((name) => ({ body: `{"${name.replace(/"/g, '\\"')}": {"polluted": true}}`, contentType: 'application/json' })),
  );
  if (!media) return fc.oneof({ arbitrary: fc.constant({}), weight: 6 }, hostile);
  const wellFormedBodies = valueOf(schema, { doc, fixtures }, 0).map(json);
  if (!clean) return fc.oneof({ arbitrary: wellFormedBodies, weight: 6 }, hostile);
  return fc.oneof({ arbitrary: wellFormedBodies, weight: 3 }, { arbitrary: valueOf(schema, { doc, fixtures, clean }, 0).map(json), weight: 3 }, hostile);
}

// ---------------------------------------------------------------- one operation

/** `binding`: an operation of UCP's binding (its UCP-Agent names a platform profile it fetches; it takes X-API-Key). */
export function requestsFor(doc: OpenApiDocument, path: string, method: string, fixtures: FuzzFixtures, { binding = false } = {}): fc.Arbitrary<FuzzRequest> {
  const operation: Json = doc.paths[path][method.toLowerCase()];
  const params: Json[] = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const isAdmin = JSON.stringify(operation.security ?? []).includes('adminToken');

  const segments = fc.tuple(...pathParams.map((p) => pathValue(doc, p, fixtures)));
  const headers = fc.record(
    {
      'UCP-Agent': binding ? platformAgentHeader(fixtures) : agentHeader(fixtures),
      'Service-Buyer': fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, fc.constantFrom('ref="buyer-1"', 'ref="a@b.co"', 'session="s1"', 'ref=1'), headerText),
      'Idempotency-Key': fc.oneof(
        { arbitrary: fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 16, maxLength: 64 }), weight: 6 },
        fc.constantFrom(undefined, '', 'short', 'k'.repeat(65), ' '.repeat(20)),
        headerText,
      ),
      Authorization: fc.oneof(
        { arbitrary: fc.constant(isAdmin ? `Bearer ${fixtures.adminToken}` : undefined), weight: 6 },
        fc.constantFrom(undefined, 'Bearer', 'Bearer ', 'Bearer x', 'Basic YTpi', `bearer ${fixtures.adminToken}`, 'Bearer ' + 'a'.repeat(5_000)),
        headerText.map((v) => `Bearer ${v}`),
      ),
      'Request-Id': fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, headerText, fc.constant('r'.repeat(2_000))),
      ...(binding && { 'X-API-Key': fc.oneof({ arbitrary: fc.constant(undefined), weight: 12 }, fc.oneof(fc.constantFrom('', 'x', fixtures.adminToken), headerText)) }),
    },
    { requiredKeys: [] },
  );
  const chosenMethod = fc.oneof({ arbitrary: fc.constant(method.toUpperCase()), weight: 15 }, fc.constantFrom(...METHODS));

  return fc
    .record({ method: chosenMethod, segments, query: queryString(doc, queryParams, fixtures), headers, body: bodyOf(doc, operation, fixtures, binding) })
    .map(({ method: m, segments: values, query, headers: h, body }) => {
      let i = 0;
      const resolved = path.replace(/\{[^}]+\}/g, () => values[i++]);
      // Headers an operation does not take are sent too: they must be ignored.
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(h)) if (value !== undefined) out[name] = value;
      if (body.contentType && m !== 'GET' && m !== 'HEAD') out['Content-Type'] = body.contentType;
      return {
        operation: { method, path },
        method: m,
        url: query ? `${resolved}?${query}` : resolved,
        headers: out,
        body: m === 'GET' || m === 'HEAD' ? undefined : body.body,
      };
    });
}

/** Every operation of the document as [path, method]. */
export function operationsOf(doc: OpenApiDocument): [string, string][] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.keys(item).map((method) => [path, method.toUpperCase()] as [string, string]));
}
