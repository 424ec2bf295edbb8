/**
 * No 5xx on any input (issue #10): every class of hostile input that once reached Postgres or a
 * recursive routine unchecked is refused at the boundary with a 400 naming the field, through the
 * real handler, on REST and MCP alike; the HTTP parser's own refusals answer JSON over a real
 * socket; unknown paths of the agent surface answer JSON 404s; unknown fields name the closest
 * valid one.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, MAX_QUERY_WORDS } from '../server/lib/input-limits';
import { agentHeaders, freshKey } from './support/app';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { testServer, type TestServer } from './support/http';

let s: TestServer;

beforeAll(async () => {
  s = await testServer();
  await seedSmallCatalog(s.db.database.db);
});
afterAll(() => s?.close());

interface ErrorBody {
  error: string;
  code: string;
  details?: { issues?: { path: string; message: string; did_you_mean?: string }[] };
}

async function refused(res: Response, status: number, code: string): Promise<ErrorBody> {
  const body = (await res.json()) as ErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(typeof body.error).toBe('string');
  expect(body.code).toBe(code);
  return body;
}

/** A 400 invalid_request whose issue is at `path`; answers that issue. */
async function invalidAt(res: Response, path: string) {
  const body = await refused(res, 400, 'invalid_request');
  const issue = body.details?.issues?.find((i) => i.path === path);
  expect(issue, JSON.stringify(body.details)).toBeDefined();
  expect(body.error).toContain(path);
  return issue!;
}

const get = (path: string) => s.call('GET', path, { headers: agentHeaders() });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

const feedback = { category: 'other', severity: 'friction', message: 'hardening' };
const postFeedback = (raw: string) =>
  s.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' }), raw });

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('text the database cannot store', () => {
  it.each([
    ['/api/agent/search', 'q'],
    ['/api/agent/search', 'category'],
    ['/api/agent/search', 'seller_handle'],
    ['/api/agent/search', 'cursor'],
    ['/api/agent/sellers', 'q'],
    ['/api/agent/seller', 'handle'],
    ['/api/agent/seller', 'name'],
    ['/api/agent/seller', 'domain'],
    ['/api/agent/policies', 'handle'],
  ])('GET %s?%s with NUL → 400 naming the field', async (path, field) => {
    const issue = await invalidAt(await get(`${path}?${q({ [field]: 'a\u0000b' })}`), field);
    expect(issue.message).toContain('U+0000');
  });

  it.each(['message', 'category'])('a NUL in the body field %s → 400 naming it', async (field) => {
    await invalidAt(await postFeedback(JSON.stringify({ ...feedback, [field]: 'a\u0000b' })), field);
  });

  it('a NUL anywhere in free-form JSON, value or key → 400 naming where', async () => {
    await invalidAt(await postFeedback(JSON.stringify({ ...feedback, context: { request: ['x', 'a\u0000b'] } })), 'context.request.1');
    const key = await invalidAt(await postFeedback(JSON.stringify({ ...feedback, context: { 'a\u0000b': 1 } })), 'context');
    expect(key.message).toContain('field name');
  });

  it('an unpaired surrogate in a JSON string → 400 naming the field (it was stored as U+FFFD)', async () => {
    const issue = await invalidAt(await postFeedback(`{"category":"other","severity":"friction","message":"a\\ud800b"}`), 'message');
    expect(issue.message).toContain('surrogate');
    // A well-formed pair is text like any other.
    expect((await postFeedback(`{"category":"other","severity":"friction","message":"a\\ud83d\\ude00b"}`)).status).toBe(202);
  });

  it.each(['\u0001', '\t', '\n', '\u001f', '\u007f'])('single-line fields refuse the control character %j', async (control) => {
    await invalidAt(await get(`/api/agent/search?${q({ q: `a${control}b` })}`), 'q');
    await invalidAt(await get(`/api/agent/seller?${q({ handle: `a${control}b` })}`), 'handle');
  });

  it('free text keeps its line breaks and tabs', async () => {
    expect((await postFeedback(JSON.stringify({ ...feedback, message: 'line one\n\tline two' }))).status).toBe(202);
  });
});

describe('search terms beyond what one statement takes', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);

  it(`q of ${MAX_QUERY_WORDS} misspellable words runs`, async () => {
    expect((await get(`/api/agent/search?${q({ q: words(MAX_QUERY_WORDS).join(' ') })}`)).status).toBe(200);
  });

  it.each([
    ['spaces', ' '],
    ['hyphens (one token, many words)', '-'],
    ['an or between words', ' or '],
  ])(`q of more than ${MAX_QUERY_WORDS} words joined by %s → 400 naming q (60 once failed the statement)`, async (_, joiner) => {
    const issue = await invalidAt(await get(`/api/agent/search?${q({ q: words(60).join(joiner) })}`), 'q');
    expect(issue.message).toContain(String(MAX_QUERY_WORDS));
  });

  it('the limit is in the published schema and the docs', async () => {
    const doc = await (await get('/api/openapi.json')).json();
    const param = doc.paths['/api/agent/search'].get.parameters.find((p: { name: string }) => p.name === 'q');
    expect(JSON.stringify(param)).toContain(`${MAX_QUERY_WORDS} words`);
    expect(param.schema.maxLength).toBe(500);
    expect(param.schema.pattern).toBeDefined();
    const limits = await (await get('/api/agent/docs/limits')).json();
    expect(JSON.stringify(limits)).toContain(`${MAX_QUERY_WORDS} words`);
    expect(JSON.stringify(limits)).toContain(`${MAX_INPUT_DEPTH} levels`);
  });
});

describe('nesting', () => {
  it(`a body nested ${MAX_INPUT_DEPTH} levels is taken`, async () => {
    // The body is level 1, context level 2.
    const res = await postFeedback(JSON.stringify({ ...feedback, context: { deep: JSON.parse(nested(MAX_INPUT_DEPTH - 2)) } }));
    expect(res.status).toBe(202);
  });

  it.each([MAX_INPUT_DEPTH - 1, 5_000, 100_000])('a body with an array nested %i deep in context → 400 naming where', async (levels) => {
    const res = await postFeedback(`{"category":"other","severity":"friction","message":"x","context":{"deep":${nested(levels)}}}`);
    const body = await refused(res, 400, 'invalid_request');
    const [issue] = body.details!.issues!;
    expect(issue.path.startsWith('context.deep.0.0')).toBe(true);
    expect(issue.message).toContain(`${MAX_INPUT_DEPTH} levels`);
  });

  it('a body that is only nesting → 400', async () => {
    await refused(await postFeedback(nested(100_000)), 400, 'invalid_request');
  });
});

describe('names that collide with object internals', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__[x]', 'prototype'])(
    'query parameter %s → 400 unknown parameter',
    async (name) => {
      for (const path of ['/api/agent/search', '/api/agent/platform/limits', '/api/agent/seller']) {
        const issue = await invalidAt(await get(`${path}?${encodeURIComponent(name)}=1`), name);
        expect(issue.message).toContain(`Unknown parameter '${name}'`);
      }
    },
  );

  it.each(['__proto__', 'constructor', 'toString'])('body field %s → 400 unknown parameter', async (name) => {
    const res = await postFeedback(`{"category":"other","severity":"friction","message":"x","${name}":{"message":"polluted"}}`);
    const issue = await invalidAt(res, name);
    expect(issue.message).toContain(`Unknown parameter '${name}'`);
  });
});

describe('numbers in notations the docs do not allow', () => {
  it.each(['0x10', '1e1', '+5', ' 5', '5 ', '05', '5,0', 'Infinity', 'NaN', '', '٥'])('limit=%j → 400 naming limit', async (text) => {
    await invalidAt(await get(`/api/agent/search?limit=${encodeURIComponent(text)}`), 'limit');
  });

  it('plain decimals are numbers: 5 and 5.0 are five, 5.5 is no integer, -0 no price below zero', async () => {
    expect((await get('/api/agent/search?limit=5')).status).toBe(200);
    expect((await get('/api/agent/search?limit=5.0')).status).toBe(200);
    await invalidAt(await get('/api/agent/search?limit=5.5'), 'limit');
    await invalidAt(await get('/api/agent/search?min_price_cents=99999999999999999999999'), 'min_price_cents');
    expect((await get('/api/agent/search?min_price_cents=-0')).status).toBe(200);
  });

  it.each(['1', 'TRUE', 'yes', ''])('in_stock=%j → 400 naming in_stock', async (text) => {
    await invalidAt(await get(`/api/agent/search?in_stock=${text}`), 'in_stock');
  });
});

describe('unknown fields name the closest valid one', () => {
  it.each([
    ['seller', 'seller_handle'],
    ['max_price', 'max_price_cents'],
    ['min_price', 'min_price_cents'],
    ['limt', 'limit'],
    ['sellerHandle', 'seller_handle'],
    ['sort', 'sort_by'],
    ['Q', 'q'],
  ])('GET /api/agent/search?%s= → did_you_mean %s', async (name, meant) => {
    const issue = await invalidAt(await get(`/api/agent/search?${name}=1`), name);
    expect(issue.did_you_mean).toBe(meant);
    expect(issue.message).toBe(`Unknown parameter '${name}'; did you mean '${meant}'?`);
  });

  it('a name like none of them lists the valid ones instead', async () => {
    const issue = await invalidAt(await get('/api/agent/search?zzzz=1'), 'zzzz');
    expect(issue.did_you_mean).toBeUndefined();
    expect(issue.message).toContain('seller_handle');
  });

  it('a misspelt body field too', async () => {
    const issue = await invalidAt(await postFeedback(JSON.stringify({ category: 'other', severity: 'friction', mesage: 'x' })), 'mesage');
    expect(issue.did_you_mean).toBe('message');
  });

  it('a query parameter on an operation that takes a JSON body is refused, not ignored', async () => {
    const res = await s.call('POST', '/api/agent/feedback?severity=blocking', {
      headers: agentHeaders({ 'Idempotency-Key': freshKey() }),
      body: feedback,
    });
    const issue = await invalidAt(res, 'severity');
    expect(issue.message).toContain('JSON body');
  });

  it('thousands of unknown fields are listed ten at a time', async () => {
    const body = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field_${i}`, i]));
    const res = await postFeedback(JSON.stringify({ ...feedback, ...body }));
    const { details } = await refused(res, 400, 'invalid_request');
    expect(details!.issues!.length).toBe(11);
    expect(details!.issues!.at(-1)!.message).toContain('4990 more');
  });
});

describe('the same rules on MCP', () => {
  let id = 0;
  /** A tools/call with the agent profile in the UCP-Agent header, unless `profileHeader` is false. */
  async function tool(name: string, args: string, profileHeader = true): Promise<{ isError?: boolean; content: { text: string }[] }> {
    const res = await fetch(`${s.url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(profileHeader && { 'UCP-Agent': agentHeaders()['UCP-Agent'] }) },
      body: `{"jsonrpc":"2.0","id":${++id},"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`,
    });
    expect(res.status).toBe(200);
    const message = await res.json();
    expect(message.error, JSON.stringify(message.error)).toBeUndefined();
    return message.result;
  }
  const toolError = async (name: string, args: string, profileHeader = true) => {
    const result = await tool(name, args, profileHeader);
    expect(result.isError).toBe(true);
    return JSON.parse(result.content[0].text) as ErrorBody;
  };

  it.each([
    ['a NUL in q', 'search_catalog', '{"q":"a\\u0000b"}', 'q'],
    ['a lone surrogate in q', 'search_catalog', '{"q":"a\\ud800b"}', 'q'],
    ['a NUL in handle', 'get_seller', '{"handle":"a\\u0000b"}', 'handle'],
    ['60 words in q', 'search_catalog', `{"q":"${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}"}`, 'q'],
    ['q nested 100,000 deep', 'search_catalog', `{"q":${nested(100_000)}}`, 'q.0.0.0.0'],
  ])('%s (%s) → invalid_request naming the argument', async (_, name, args, path) => {
    const body = await toolError(name, args);
    expect(body.code).toBe('invalid_request');
    expect(body.details!.issues!.some((i) => i.path.startsWith(path))).toBe(true);
  });

  it('a deep send_feedback context → invalid_request', async () => {
    const body = await toolError('send_feedback', `{"idempotency_key":"${freshKey()}","category":"other","severity":"friction","message":"x","context":{"a":${nested(100_000)}}}`);
    expect(body.code).toBe('invalid_request');
  });

  it('an agent profile nested thousands deep is refused as a profile, not a failure', async () => {
    const body = await toolError('search_catalog', `{"meta":{"ucp-agent":${nested(100_000)}}}`, false);
    expect(body.code).toBe('ucp_agent_invalid');
  });

  it('unknown and internal-looking arguments name the closest valid one', async () => {
    const seller = await toolError('search_catalog', '{"seller":"acme-outdoors"}');
    expect(seller.details!.issues![0]).toMatchObject({ path: 'seller', did_you_mean: 'seller_handle' });
    for (const name of ['constructor', 'toString']) {
      const body = await toolError('search_catalog', `{"${name}":"x"}`);
      expect(body.details!.issues![0].path).toBe(name);
    }
  });
});

describe('unknown paths of the agent surface answer JSON', () => {
  it.each(['/store/', '/store/acme-outdoors', '/store/acme-outdoors/.well-known/nothing', '/.well-known/', '/.well-known/security.txt', '/.well-known/ucp/extra'])(
    'GET %s → 404 not_found over the real server',
    async (path) => {
      await refused(await fetch(`${s.url}${path}`), 404, 'not_found');
    },
  );

  it('the profiles themselves are still served', async () => {
    expect((await fetch(`${s.url}/.well-known/ucp`)).status).toBe(200);
    expect((await fetch(`${s.url}/store/acme-outdoors/.well-known/ucp`)).status).toBe(200);
  });
});

describe("the HTTP parser's refusals answer JSON", () => {
  /** Writes raw bytes on a fresh connection; answers everything read until the server closes it. */
  function raw(request: string | Buffer): Promise<string> {
    const { port } = new URL(s.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
    });
  }

  function parse(response: string) {
    const [head, body] = response.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as ErrorBody, bodyBytes: Buffer.byteLength(body) };
  }

  it.each([
    ['an over-long URL', `GET /api/agent/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['over-long headers', `GET /api/agent/search HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 40 }, (_, i) => `X-Filler-${i}: ${'b'.repeat(500)}\r\n`).join('')}\r\n`],
  ])('%s → 431 request_header_fields_too_large', async (_, request) => {
    const res = parse(await raw(request));
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.connection).toBe('close');
    expect(Number(res.headers['content-length'])).toBe(res.bodyBytes);
    expect(res.body.code).toBe('request_header_fields_too_large');
    expect(typeof res.body.error).toBe('string');
  });

  it.each([
    ['a malformed request line', 'GET\r\n\r\n'],
    ['a bad HTTP version', 'GET /api/agent/search HTTP/9.Z\r\nHost: x\r\n\r\n'],
    ['a space in the target', 'GET /api/agent/ search HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a control character in a header value', 'GET /api/agent/search HTTP/1.1\r\nHost: x\r\nUCP-Agent: a\u0001b\r\n\r\n'],
    ['a bad header name', 'GET /api/agent/search HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n'],
    ['Content-Length with Transfer-Encoding', 'POST /api/agent/feedback HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['two different Content-Lengths', 'POST /api/agent/feedback HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello'],
    ['a bad chunk size', 'POST /api/agent/feedback HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n'],
  ])('%s → 400 malformed_request', async (_, request) => {
    const res = parse(await raw(request));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.connection).toBe('close');
    expect(Number(res.headers['content-length'])).toBe(res.bodyBytes);
    expect(res.body.code).toBe('malformed_request');
  });

  it('both codes are in the error catalogue with hints', async () => {
    const { codes } = await (await get('/api/agent/docs/errors')).json();
    for (const [code, status] of [
      ['request_header_fields_too_large', 431],
      ['malformed_request', 400],
    ] as const) {
      const entry = codes.find((c: { code: string }) => c.code === code);
      expect(entry).toMatchObject({ code, status });
      expect(entry.hint.length).toBeGreaterThan(10);
    }
  });

  it('a well-formed request on the same server is still served', async () => {
    expect(parse(await raw('GET /api/agent/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status).toBe(404);
  });

  // Node joins a repeated Idempotency-Key, UCP-Agent or Service-Buyer with ", " and keeps only the
  // first Authorization: the service would act on a value the caller never sent alone.
  const PROFILE_LINE = 'UCP-Agent: profile="https://agent.shopbot.dev/profile.json"\r\n';
  it.each([
    ['Authorization', 'GET /api/agent/platform/limits', 'Authorization: Bearer a\r\nAuthorization: Bearer b\r\n'],
    ['UCP-Agent', 'GET /api/agent/platform/limits', PROFILE_LINE + PROFILE_LINE],
    ['Service-Buyer', 'GET /api/agent/platform/limits', `${PROFILE_LINE}Service-Buyer: ref="a"\r\nservice-buyer: ref="b"\r\n`],
    ['Idempotency-Key', 'POST /api/agent/feedback', `${PROFILE_LINE}Idempotency-Key: ${'k'.repeat(20)}\r\nIdempotency-Key: ${'k'.repeat(20)}\r\nContent-Length: 0\r\n`],
  ])('%s sent twice → 400 invalid_request naming it, even with the same value', async (name, line, headers) => {
    const res = parse(await raw(`${line} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.details?.issues).toEqual([{ path: name, message: expect.stringContaining(name) }]);
  });

  it('on UCP’s binding in its transport shape; X-API-Key is sent once too', async () => {
    const res = parse(await raw(`POST /ucp/catalog/search HTTP/1.1\r\nHost: x\r\n${PROFILE_LINE}X-API-Key: a\r\nX-API-Key: b\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', content: expect.stringContaining('X-API-Key'), messages: [{ type: 'error', code: 'invalid_request' }] });
  });

  it('on MCP too, before the request is handed to Fetch Headers: a JSON-RPC error carrying the body', async () => {
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const response = await raw(
      `POST /api/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\nContent-Length: ${rpc.length}\r\nConnection: close\r\n\r\n${rpc}`,
    );
    const [head, body] = response.split('\r\n\r\n');
    expect(head.split(' ')[1]).toBe('400');
    const answer = JSON.parse(body);
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'invalid_request', details: { issues: [{ path: 'Authorization' }] } } } });
  });

  it('MCP 2026-07-28’s routing headers are sent once too (the SDK checks them against the body)', async () => {
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    for (const name of ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name']) {
      const response = await raw(
        `POST /api/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${name}: a\r\n${name}: b\r\nContent-Length: ${rpc.length}\r\nConnection: close\r\n\r\n${rpc}`,
      );
      const [head, body] = response.split('\r\n\r\n');
      expect(head.split(' ')[1], name).toBe('400');
      expect(JSON.parse(body)).toMatchObject({ error: { code: -32600, data: { details: { issues: [{ path: name }] } } } });
    }
  });
});
