import { sql } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { ApiError, ERROR_CATALOGUE } from '../server/errors/catalogue';
import { forLog, reasonOf } from '../server/errors/for-log';
import { agentHeaders, AGENT, BASE, freshKey, testApp, testConfig, testDatabase, type TestApp } from './support/app';
import { testServer } from './support/http';
import { startStripeStandin } from './support/stripe-standin';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const feedbackBody = { category: 'latency', severity: 'friction', message: 'search took 2 s' };
const post = (init: { headers?: Record<string, string>; body?: unknown; raw?: string | Uint8Array }) =>
  t.call('POST', '/api/agent/feedback', { ...init, headers: agentHeaders({ 'Idempotency-Key': freshKey(), ...init.headers }) });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('request-id')).toBeTruthy();
  const body = await res.json();
  expect(body).toMatchObject({ code, error: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  return body;
}

describe('error model', () => {
  it.each(['/api/agent/nope', '/api/nothing/here', '/api/', '/api/agent/platform/limits/extra'])('unknown path %s → 404 not_found', async (path) => {
    await expectError(await t.call('GET', path, { headers: agentHeaders() }), 404, 'not_found');
  });

  it('wrong method → 405 method_not_allowed with Allow', async () => {
    const res = await t.call('POST', '/api/agent/platform/limits', { headers: agentHeaders() });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
    const put = await t.call('DELETE', '/api/openapi.json');
    await expectError(put, 405, 'method_not_allowed');
  });

  it('malformed JSON → 400 invalid_json', async () => {
    await expectError(await post({ raw: '{"category": "other",', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
  });

  it('schema violations → 400 invalid_request with details.issues [{path, message}]', async () => {
    const body = await expectError(await post({ body: { ...feedbackBody, severity: 'urgent', context: { endpoint: 'not a path' } } }), 400, 'invalid_request');
    expect(body.details.issues).toEqual(
      expect.arrayContaining([
        { path: 'severity', message: expect.any(String) },
        { path: 'context.endpoint', message: expect.stringContaining('path') },
      ]),
    );
  });

  it('non-JSON body → 415 unsupported_media_type', async () => {
    await expectError(await post({ raw: 'category=other', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type');
    await expectError(await post({ raw: '{}', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  });

  it('accepts JSON with a charset parameter', async () => {
    const res = await post({ raw: JSON.stringify(feedbackBody), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(res.status).toBe(202);
  });

  it('body over 1 MiB → 413 payload_too_large', async () => {
    const big = JSON.stringify({ ...feedbackBody, message: 'x'.repeat(1024 * 1024) });
    await expectError(await post({ raw: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
  });

  it('every response carries Request-Id, echoing a well-formed incoming one', async () => {
    const echoed = await t.call('GET', '/api/agent/platform/limits', { headers: agentHeaders({ 'Request-Id': 'trace-1234-abcd' }) });
    expect(echoed.headers.get('request-id')).toBe('trace-1234-abcd');
    const replaced = await t.call('GET', '/api/agent/platform/limits', { headers: agentHeaders({ 'Request-Id': 'bad id with spaces' }) });
    expect(replaced.headers.get('request-id')).toMatch(/^req_[0-9a-z]{26}$/);
    const failed = await t.call('GET', '/api/agent/nope', { headers: { 'Request-Id': 'trace-5678-efgh' } });
    expect(failed.headers.get('request-id')).toBe('trace-5678-efgh');
  });

  it('anything unexpected → 500 internal_error with request_id and no stack trace', async () => {
    const broken = await testDatabase();
    const app = await testApp({}, broken);
    await broken.database.db.execute(sql`DROP TABLE feedback_reports`);
    const res = await app.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': freshKey() }), body: feedbackBody });
    const body = await expectError(res, 500, 'internal_error');
    expect(body.request_id).toBe(res.headers.get('request-id'));
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'request_id']);
    await broken.drop();
  });
});

describe('a refusal is an answer, not a fault', () => {
  it('is made without a stack (capturing one was most of what a 429 cost over a served call), and leaves the stack limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const fault = new Error('the pool is gone');
    const refusal = new ApiError('service_unavailable', { cause: fault });
    expect(refusal.stack?.split('\n')).toEqual(['ApiError: ' + ERROR_CATALOGUE.service_unavailable.message]);
    expect(Error.stackTraceLimit).toBe(limit);
    // The fault it stands for keeps its own, which is what the log shows.
    expect(fault.stack?.split('\n').length).toBeGreaterThan(1);
    expect(forLog(refusal)).toContain('the pool is gone');
  });
});

describe('the server log of a failure', () => {
  it('keeps a database error’s words and code, never a parameter: not drizzle’s "params:", not a value Postgres quotes back', async () => {
    const payload = JSON.stringify({ signature: `0x${'ab'.repeat(65)}` });
    const failed = await t.app.services.db.execute(sql`SELECT ${payload}::jsonb, ${'not-a-number-0xfeed'}::int`).catch((err: unknown) => err);
    const line = forLog(failed);
    expect(line).toContain('[22P02]: invalid input syntax for type integer: "…"');
    expect(line).toContain('Failed query: SELECT $1::jsonb, $2::int');
    expect(line).not.toContain('not-a-number-0xfeed');
    expect(line).not.toContain('abab');
    expect(forLog(failed, { frames: false })).not.toContain('\n');
    // An outbox's reason (a warning, a row's last_error): the database's words, no SQL, no parameter.
    expect(reasonOf(failed)).toBe('invalid input syntax for type integer: "…"');
    expect(reasonOf(new Error('The e-mail to a@example.org could not be sent: refused', { cause: new Error('refused') }))).toBe('The e-mail to a@example.org could not be sent: refused');
  });
});

describe('database unavailable → 503 service_unavailable', () => {
  it('when Postgres cannot be reached', async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', migrate: false, waitMs: 0 });
    const app = createApp(testConfig(), database);
    const res = await app.fetch(new Request(`${BASE}/api/agent/platform/limits`, { headers: agentHeaders() }));
    const body = await expectError(res, 503, 'service_unavailable');
    expect(body.retryable).toBe(true);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await database.close();
  });

  it('when the database goes away under a running service', async () => {
    const db = await testDatabase();
    const app = await testApp({}, db);
    await db.database.close();
    const res = await app.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': freshKey() }), body: feedbackBody });
    const body = await expectError(res, 503, 'service_unavailable');
    expect(body.retryable).toBe(true);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    if (db.url) await db.drop().catch(() => {});
  });
});

describe('database unavailable on every transport', () => {
  it('REST, MCP and the Stripe webhook all answer it as retryable service_unavailable', async () => {
    const standin = await startStripeStandin();
    const s = await testServer(standin.env);
    const client = new Client({ name: 'outage-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), { requestInit: { headers: { 'UCP-Agent': AGENT } } }));
    try {
      await s.db.database.close();

      const rest = await fetch(`${s.url}/api/agent/search?q=mug`, { headers: agentHeaders() });
      expect((await expectError(rest, 503, 'service_unavailable')).retryable).toBe(true);
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);

      const tool = (await client.callTool({ name: 'search_catalog', arguments: { q: 'mug' } })) as { isError?: boolean; content: { text: string }[] };
      expect(tool.isError).toBe(true);
      expect(JSON.parse(tool.content[0].text)).toMatchObject({ code: 'service_unavailable', retryable: true });

      const event = standin.signed(JSON.stringify({ id: 'evt_outage', type: 'checkout.session.completed', data: { object: { id: 'cs_outage', client_reference_id: 'plink_outage' } } }));
      const webhook = await fetch(`${s.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature }, body: event.body });
      expect((await expectError(webhook, 503, 'service_unavailable')).retryable).toBe(true);
      expect(Number(webhook.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await client.close();
      await s.close().catch(() => {});
      await standin.close();
    }
  });
});

describe('the errors page', () => {
  it('is generated from the catalogue', async () => {
    const res = await t.call('GET', '/api/agent/docs/errors', { headers: agentHeaders() });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.codes.map((c: { code: string }) => c.code).sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
    for (const entry of doc.codes) {
      const spec = ERROR_CATALOGUE[entry.code as keyof typeof ERROR_CATALOGUE];
      expect(entry).toMatchObject({ status: spec.status, message: spec.message, anchor: entry.code });
    }
  });
});
