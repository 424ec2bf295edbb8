import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackReports } from '../server/db/schema';
import { agentHeaders, freshKey, testApp, testConfig, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { setClock } from './support/clock';

const ADMIN = 'admin-token-for-tests-0123456789';
let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await testDatabase();
  t = await testApp({ ADMIN_TOKEN: ADMIN }, db);
});
afterAll(() => db.drop());

const getLimits = (app = t) => app.call('GET', '/api/agent/platform/limits', { headers: agentHeaders() }).then((r) => r.json());
const putLimits = (body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${ADMIN}` }, app = t) =>
  app.call('PUT', '/api/admin/platform/limits', { headers, body });

describe('platform limits', () => {
  it('are read from the database with the spec defaults', async () => {
    const res = await t.call('GET', '/api/agent/platform/limits', { headers: agentHeaders() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ max_item_quantity: 20, max_cart_total_cents: 100000, max_cart_total_usd: '1000.00' });
  });

  it('guard the admin API with the ADMIN_TOKEN bearer', async () => {
    const none = await putLimits({ max_item_quantity: 25 }, {});
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'credential_required' });
    const wrong = await putLimits({ max_item_quantity: 25 }, { Authorization: 'Bearer wrong-token' });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe('admin_token_invalid');
    const disabled = await testApp({}, db);
    const off = await putLimits({ max_item_quantity: 25 }, { Authorization: `Bearer ${ADMIN}` }, disabled);
    expect(off.status).toBe(403);
    expect((await off.json()).code).toBe('admin_disabled');
    expect((await getLimits()).max_item_quantity).toBe(20);
  });

  it('throttle wrong admin tokens per client address: 429 with Retry-After after 10 tries a minute, another address unhindered', async () => {
    const restore = setClock('2031-03-01T10:00:00Z');
    try {
      const put = (token: string, address: string) => t.call('PUT', '/api/admin/platform/limits', { headers: { Authorization: `Bearer ${token}` }, body: { max_item_quantity: 20 }, address });
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => put(`wrong-token-${i}`, '203.0.113.7')));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 403)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      const refused = answers.find((r) => r.status === 429)!;
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(await refused.json()).toMatchObject({ code: 'rate_limited', details: { retry_after: seconds, policy: 'admin' } });
      // Another address is not held; the spent one is, right token or not, until its tries are a minute old.
      expect((await put(ADMIN, '198.51.100.9')).status).toBe(200);
      expect((await put(ADMIN, '203.0.113.7')).status).toBe(429);
      restore();
      setClock('2031-03-01T10:01:01Z');
      expect((await put(ADMIN, '203.0.113.7')).status).toBe(200);
      // A right token cleared the tries: ten wrong ones are answered 403 again.
      const again = await Promise.all(Array.from({ length: 10 }, (_, i) => put(`wrong-again-${i}`, '203.0.113.7')));
      expect(again.map((r) => r.status)).toEqual(Array(10).fill(403));
    } finally {
      restore();
    }
  });

  it.each([
    [{ max_item_quantity: 0 }],
    [{ max_item_quantity: -3 }],
    [{ max_item_quantity: 2.5 }],
    [{ max_item_quantity: '30' }],
    [{ max_cart_total_usd: '5.00' }],
    [{}],
  ])('refuse invalid values %j with 400 invalid_request', async (body) => {
    const res = await putLimits(body);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('invalid_request');
  });

  it('take any subset, answer the whole record and derive the dollars', async () => {
    const res = await putLimits({ max_cart_total_cents: 123456 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ max_item_quantity: 20, max_cart_total_cents: 123456, max_cart_total_usd: '1234.56' });
    expect(await getLimits()).toEqual({ max_item_quantity: 20, max_cart_total_cents: 123456, max_cart_total_usd: '1234.56' });
    await putLimits({ max_cart_total_cents: 100000 });
  });

  it('reach every instance within 1 s', async () => {
    const other = await testApp({}, db);
    expect((await getLimits(other)).max_item_quantity).toBe(20); // warms the other instance's cache
    expect((await putLimits({ max_item_quantity: 31 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await getLimits(other)).max_item_quantity).toBe(31);
    await putLimits({ max_item_quantity: 20 });
  });
});

describe('documentation', () => {
  it.each(['overview', 'rest', 'mcp', 'errors', 'limits'])('serves %s as JSON', async (slug) => {
    const res = await t.call('GET', `/api/agent/docs/${slug}`, { headers: agentHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = await res.json();
    expect(doc).toMatchObject({ slug, title: expect.any(String), url: expect.stringContaining(`/api/agent/docs/${slug}`) });
  });

  it('answers an unknown slug with 404 doc_not_found listing all six', async () => {
    const res = await t.call('GET', '/api/agent/docs/pricing', { headers: agentHeaders() });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'doc_not_found',
      details: { valid_slugs: ['overview', 'rest', 'mcp', 'errors', 'limits', 'ucp'] },
    });
  });

  it('shows live values on the limits page', async () => {
    await putLimits({ max_item_quantity: 42 });
    const doc = await t.call('GET', '/api/agent/docs/limits', { headers: agentHeaders() }).then((r) => r.json());
    expect(doc.live.max_item_quantity).toBe(42);
    await putLimits({ max_item_quantity: 20 });
  });

  it('lists every REST operation on the rest page', async () => {
    const doc = await t.call('GET', '/api/agent/docs/rest', { headers: agentHeaders() }).then((r) => r.json());
    const ops = doc.operations.map((o: { method: string; path: string }) => `${o.method} ${o.path}`);
    expect(ops).toEqual(expect.arrayContaining(['GET /api/agent/platform/limits', 'POST /api/agent/feedback', 'any /api/agent/products']));
  });

  it.each(['overview', 'rest', 'mcp', 'errors', 'limits'])('serves %s without UCP-Agent (discovery: a browser follows the links); a profile sent is still validated', async (slug) => {
    const bare = await t.call('GET', `/api/agent/docs/${slug}`);
    expect(bare.status).toBe(200);
    expect((await bare.json()).slug).toBe(slug);
    const insecure = await t.call('GET', `/api/agent/docs/${slug}`, { headers: { 'UCP-Agent': 'profile="http://agent.shopbot.dev/profile.json"' } });
    expect(insecure.status).toBe(400);
    expect((await insecure.json()).code).toBe('ucp_agent_insecure_url');
    expect((await t.call('GET', '/api/agent/docs/pricing')).status).toBe(404);
  });

  it('answers read_docs on MCP without an agent profile too', async () => {
    const res = await t.call('POST', '/api/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_docs', arguments: { slug: 'errors' } } },
    });
    const { result } = await res.json();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent.slug).toBe('errors');
  });

  it('gives on the rest page, per operation, its request body schema and one example call with its recorded answer, from the OpenAPI document', async () => {
    const [doc, openapi] = await Promise.all(['/api/agent/docs/rest', '/api/openapi.json'].map((path) => t.call('GET', path).then((r) => r.json())));
    for (const op of doc.operations) {
      const method = op.method === 'any' ? 'get' : op.method.toLowerCase();
      const published = openapi.paths[op.path][method];
      const name = `${op.method} ${op.path}`;
      expect(op.request_body, name).toEqual(published.requestBody?.content['application/json'].schema);
      // Every operation has a recorded example: the call spelt out, the answer as published.
      const { request, answer } = op.example;
      expect(request.method, name).toBe(method.toUpperCase());
      expect(request.path, name).toMatch(new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/{}]+').replaceAll('.', '\\.')}(\\?.+)?$`));
      if (Object.keys(request.body ?? {}).length) expect(op.request_body, name).toMatchObject({ type: 'object', properties: expect.any(Object) });
      expect(Object.keys(request.body ?? {}).every((field) => field in (op.request_body?.properties ?? {})), name).toBe(true);
      const recorded = Object.values(published.responses[answer.status].content as Record<string, { examples: Record<string, { summary: string; value: unknown }> }>)
        .flatMap((content) => Object.values(content.examples ?? {}))
        .find((e) => e.summary === op.example.summary);
      expect(answer.body, name).toEqual(recorded?.value);
      if (op.access === 'open') expect(request.headers['UCP-Agent'], name).toBeDefined();
      for (const header of published.parameters.filter((p: { in: string; required: boolean }) => p.in === 'header' && p.required)) {
        expect(request.headers[header.name], `${name}: ${header.name}`).toBe(header.example);
      }
    }
    const addItem = doc.operations.find((o: { method: string; path: string }) => o.method === 'POST' && o.path === '/api/agent/cart/{id}/items');
    expect(addItem.parameters).toEqual({ id: expect.objectContaining({ required: true }) });
    expect(addItem.request_body.required).toEqual(['quantity']);
    expect(addItem.example.answer.status).toBe(201);
  });
});

describe('retired products endpoint', () => {
  it.each([
    ['GET', '/api/agent/products'],
    ['GET', '/api/agent/products?q=tent&limit=5'],
    ['POST', '/api/agent/products'],
    ['DELETE', '/api/agent/products'],
    ['PUT', '/api/agent/products'],
  ])('%s %s → 410 endpoint_retired before any other check', async (method, path) => {
    const init = method === 'GET' ? {} : { raw: 'not json', headers: { 'content-type': 'text/plain' } };
    const res = await t.call(method, path, init);
    expect(res.status).toBe(410);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'endpoint_retired', details: { replacement: '/api/agent/search' } });
    expect(body.error).toContain('/api/agent/search');
  });
});

describe('feedback', () => {
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/agent/feedback', { headers: agentHeaders({ 'Idempotency-Key': freshKey(), ...headers }), body });

  it('answers 202 {id, status: "received"} and stores the report with who sent it', async () => {
    const res = await send(
      { category: 'discoverability', severity: 'blocker', message: 'Could not find the cart endpoint', context: { endpoint: '/api/agent/cart' } },
      { 'Service-Buyer': 'ref="buyer_7a3b9c1d"' },
    );
    expect(res.status).toBe(202);
    const receipt = await res.json();
    expect(receipt).toEqual({ id: expect.stringMatching(/^fb_[0-9a-z]{26}$/), status: 'received' });
    const [row] = await db.database.db.select().from(feedbackReports).where(eq(feedbackReports.id, receipt.id));
    expect(row).toMatchObject({
      category: 'discoverability',
      severity: 'blocker',
      context: { endpoint: '/api/agent/cart' },
      agentProfile: 'https://agent.shopbot.dev/profile.json',
      buyerRef: 'buyer_7a3b9c1d',
    });
  });

  it.each([
    ['an unknown category', { category: 'ux', severity: 'blocker', message: 'x' }, 'category'],
    ['an unknown severity', { category: 'other', severity: 'p0', message: 'x' }, 'severity'],
    ['an empty message', { category: 'other', severity: 'friction', message: '' }, 'message'],
    ['a message over 5,000 characters', { category: 'other', severity: 'friction', message: 'x'.repeat(5001) }, 'message'],
    ['an endpoint that is not a path', { category: 'other', severity: 'friction', message: 'x', context: { endpoint: 'search' } }, 'context.endpoint'],
    ['a missing category', { severity: 'friction', message: 'x' }, 'category'],
  ])('refuses %s with 400 invalid_request', async (_, body, path) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.code).toBe('invalid_request');
    expect(json.details.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('accepts a 5,000-character message', async () => {
    expect((await send({ category: 'other', severity: 'friction', message: 'y'.repeat(5000) })).status).toBe(202);
  });
});

describe('the answer cache of GET /api/agent/platform/limits', () => {
  it('sits after identity: a refused caller is never answered from it', async () => {
    expect((await t.call('GET', '/api/agent/platform/limits', { headers: agentHeaders() })).status).toBe(200); // warm
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'ucp_agent_required'],
      [{ 'UCP-Agent': 'profile="http://agent.shopbot.dev/p.json"' }, 400, 'ucp_agent_insecure_url'],
      [agentHeaders({ Authorization: 'Bearer sk_revoked' }), 401, 'invalid_credential'],
    ];
    for (const [headers, status, code] of cases) {
      const res = await t.call('GET', '/api/agent/platform/limits', { headers });
      expect(res.status, code).toBe(status);
      expect((await res.json()).code).toBe(code);
    }
  });
});

describe('ADMIN_TOKEN at start-up', () => {
  const SHORT = 'x'.repeat(31);

  it('with DATABASE_URL set, one under 32 characters is refused, saying how to make one; the embedded database takes any', () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' };
    expect(() => testConfig({ ...postgres, ADMIN_TOKEN: SHORT })).toThrow('ADMIN_TOKEN must be at least 32 characters with DATABASE_URL set (it opens the admin API); got 31. Make one with: openssl rand -base64 32');
    expect(testConfig({ ...postgres, ADMIN_TOKEN: 'x'.repeat(32) }).adminToken).toBe('x'.repeat(32));
    expect(testConfig({ ...postgres, ADMIN_TOKEN: '' }).adminToken).toBeUndefined();
    // Not NODE_ENV's call: npm start sets production on the embedded database too.
    expect(testConfig({ NODE_ENV: 'production', ADMIN_TOKEN: SHORT }).adminToken).toBe(SHORT);
  });

  it('npm start exits 1 naming the variable', async () => {
    const root = path.resolve(__dirname, '..');
    const env = { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', ADMIN_TOKEN: SHORT, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, timeout: 60_000 });
    const failed = await run.then(() => undefined, (err: { code: number; stderr: string }) => err);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('ADMIN_TOKEN must be at least 32 characters with DATABASE_URL set');
    expect(failed?.stderr).toContain('openssl rand -base64 32');
  }, 60_000);
});
