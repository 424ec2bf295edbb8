/**
 * Smoke test of the real thing a newcomer runs: `npm start` (production build, custom server,
 * embedded PGlite in a fresh data folder — or Postgres when DATABASE_URL is set), then HTTP.
 * It builds and serves the pages from its own folder (NEXT_DIST_DIR=.next-test): `npm test` run
 * beside a developer's `npm start` must never rebuild the `.next` that server's pages load.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, TEST_SECRETS_KEY, testDatabase, type TestDatabase } from './support/app';
import { freePort } from './support/ports';
import { nodeSupportWarning } from '../server/lib/node-support';
import { servingPids } from '../server/lib/pages-build';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(root, '.next-test');
let server: ChildProcess;
let base: string;
let dataDir: string;
let pg: TestDatabase | undefined;
let output = '';
let coldStartMs = 0;
/** The server's pid, as its mark in the build says. */
let servedBy: number[] = [];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-smoke-'));
  if (process.env.DATABASE_URL) pg = await testDatabase();
  // On Postgres the test key; on PGlite none, so the server makes its own beside the data folder.
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: base, NEXT_DIST_DIR: path.basename(buildDir), DATABASE_URL: pg?.url ?? '', SECRETS_KEY: pg ? TEST_SECRETS_KEY : '' };
  const started = Date.now();
  server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      const res = await fetch(`${base}/api/agent/platform/limits`, { headers: { 'UCP-Agent': AGENT } });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 170_000) throw new Error(`npm start did not answer in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  coldStartMs = Date.now() - started;
  console.log(`npm start → first response: ${coldStartMs} ms (${pg ? 'Postgres' : 'PGlite'}, including any build and demo seed)`);
}, 180_000);

afterAll(async () => {
  try {
    process.kill(-server.pid!, 'SIGKILL');
  } catch {
    /* the whole group has already exited */
  }
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.secrets-key`, { force: true });
});

describe('npm start', () => {
  it.skipIf(!!process.env.DATABASE_URL)('on PGlite without SECRETS_KEY, makes its key beside the data folder and says production must set one', () => {
    expect(fs.statSync(`${dataDir}.secrets-key`).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, '.secrets-key'))).toBe(false);
    expect(output).toContain(`SECRETS_KEY is not set: using the key made now in ${dataDir}.secrets-key`);
    expect(output).toContain('Production must set SECRETS_KEY (openssl rand -base64 32)');
  });

  it("serves the pages from the suite's own build, marked as served by it", () => {
    expect(fs.existsSync(path.join(buildDir, 'BUILD_ID'))).toBe(true);
    servedBy = servingPids(buildDir);
    expect(servedBy).toHaveLength(1);
  });

  it('says once at start-up when its Node is past end of life, and nothing on a supported line', () => {
    expect(output.split('is past its end of life').length - 1).toBe(nodeSupportWarning(process.version) ? 1 : 0);
  });

  it('serves the agent API through the custom server', async () => {
    const res = await fetch(`${base}/api/agent/platform/limits`, { headers: { 'UCP-Agent': AGENT } });
    expect(await res.json()).toEqual({ max_item_quantity: 20, max_cart_total_cents: 100000, max_cart_total_usd: '1000.00' });
    const missing = await fetch(`${base}/api/agent/platform/limits`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe('ucp_agent_required');
    const ucp = await fetch(`${base}/.well-known/ucp`);
    expect(ucp.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await ucp.json()).ucp.services['com.agentcommerce.api'][0].endpoint).toBe(`${base}/api/agent`);
    const unknown = await fetch(`${base}/api/nothing`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('not_found');
    const head = await fetch(`${base}/api/agent/platform/limits`, { method: 'HEAD', headers: { 'UCP-Agent': AGENT } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it("runs the README's tour as written, to a payment link (on any day: its profile host is no reserved name)", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const tour = /## A short tour[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)![1];
    // Each command as written, on this server; an echo after each, since curl ends its output with no newline.
    const script = tour.replaceAll('localhost:3000', new URL(base).host).trim().split('\n').join('\necho\n');
    const lines = execFileSync('bash', ['-eu', '-o', 'pipefail', '-c', script], { encoding: 'utf8', timeout: 60_000 }).trim().split('\n');
    const link = JSON.parse(lines.at(-1)!);
    expect(link).toMatchObject({ url: expect.stringMatching(/\/pay\/[\w-]+$/), cart_id: expect.stringMatching(/^cart_/) });
    expect(link.advisories ?? []).toEqual([]);
  });

  it('serves /llms.txt as plain text, beside the pages, linked from the UCP profile and the start page', async () => {
    const res = await fetch(`${base}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await res.text();
    expect(text).toMatch(/^# Agent Commerce\n/);
    expect(text).toContain(`${base}/api/openapi.json`);
    expect((await (await fetch(`${base}/.well-known/ucp`)).json()).llms_txt).toBe(`${base}/llms.txt`);
    expect(await (await fetch(`${base}/`)).text()).toContain('href="/llms.txt"');
  });

  it('serves pages through Next', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('Agent Commerce');
    // A path nothing serves: a browser gets the 404 page, linking home and the API reference;
    // a client that does not ask for HTML the API's JSON 404.
    const missing = await fetch(`${base}/no-such-page`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    const page = await missing.text();
    expect(page).toContain('href="/"');
    expect(page).toContain('href="/docs"');
    for (const path of ['/no-such-page', '/api', '/oauth', '/store']) {
      const json = await fetch(`${base}${path}`, { headers: { accept: path === '/no-such-page' ? 'application/json' : 'text/html' } });
      expect(json.status, path).toBe(404);
      expect(await json.json(), path).toMatchObject({ error: expect.any(String), code: 'not_found' });
    }
    const favicon = await fetch(`${base}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');
  });

  it('sends every page with its security headers, and nosniff on API and MCP answers', async () => {
    const nonces = new Set<string>();
    // A pay page's headers do not depend on its token being live: an unknown one is enough here.
    for (const path of ['/', '/docs', '/pay/not-a-live-token', '/no-such-page', '/']) {
      const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-type'), path).toContain('text/html');
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'"]) expect(csp, path).toContain(directive);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      expect(nonce, path).toBeDefined();
      nonces.add(nonce!);
      // Next puts the request's nonce on the scripts it renders.
      expect(await res.text(), path).toContain(`nonce="${nonce}"`);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
    }
    expect(nonces.size, 'a fresh nonce per request').toBe(5);
    expect((await fetch(`${base}/pay/not-a-live-token`, { headers: { accept: 'text/html' } })).headers.get('cache-control')).toBe('no-store');

    const api = await fetch(`${base}/api/agent/platform/limits`, { headers: { 'UCP-Agent': AGENT } });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const mcp = await fetch(`${base}/api/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(mcp.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a pay form post that is not the form with a page saying why: malformed 400, wrong type 415, too large 413', async () => {
    const submit = (body: BodyInit, type: string) => fetch(`${base}/pay/${'t'.repeat(43)}/submit`, { method: 'POST', headers: { 'Content-Type': type, Origin: base }, body, redirect: 'manual' });
    const broken = await submit('--x\r\nContent-Disposition: form-data; name="number"\r\n\r\n4242', 'multipart/form-data; boundary=x');
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toContain('text/html');
    expect(await broken.text()).toContain('not valid multipart/form-data');
    const json = await submit('{"number":"4242"}', 'application/json');
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('this request was application/json');
    const huge = await submit(`number=${'4'.repeat(2 * 1024 * 1024)}`, 'application/x-www-form-urlencoded');
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain('larger than 16 KiB');
    // The form itself still goes through: an unknown link is sent back to its (404) page.
    const form = await submit('number=4242', 'application/x-www-form-urlencoded');
    expect([form.status, form.headers.get('location')]).toEqual([303, `/pay/${'t'.repeat(43)}`]);
  });

  it.skipIf(!process.env.DATABASE_URL)('answers the pay page and its form 503 with a readable page while the database refuses connections (needs DATABASE_URL)', async () => {
    const name = new URL(pg!.url!).pathname.slice(1);
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const token = 'u'.repeat(43);
    try {
      await admin.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.unsafe('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const page = await fetch(`${base}/pay/${token}`);
      expect(page.status).toBe(503);
      expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('This page is unavailable for a moment');
      const form = await fetch(`${base}/pay/${token}/submit`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base }, body: 'number=4242', redirect: 'manual' });
      expect(form.status).toBe(503);
      expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await form.text()).toContain('nothing was charged');
    } finally {
      await admin.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });

  it('serves MCP at /api/mcp to the SDK’s own client', async () => {
    const client = new Client({ name: 'smoke', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { 'UCP-Agent': AGENT } } }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('search_catalog');
      const found = await client.callTool({ name: 'search_catalog', arguments: { q: 'mug', limit: 2 } });
      expect(found.isError).toBeFalsy();
      expect((found.structuredContent as { numberOfItems: number }).numberOfItems).toBe(2);
      const limits = await client.readResource({ uri: 'service://platform/limits' });
      expect(JSON.parse((limits.contents[0] as { text: string }).text)).toMatchObject({ max_item_quantity: expect.any(Number) });
    } finally {
      await client.close();
    }
    const get = await fetch(`${base}/api/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const openrpc = await fetch(`${base}/api/mcp/openrpc.json`).then((r) => r.json());
    expect(openrpc.servers).toEqual([{ name: 'mcp', url: `${base}/api/mcp` }]);
  });

  it('shuts down cleanly on SIGTERM and releases the data folder', async () => {
    // Whether any process of the group npm start began (npm, tsx, the server) is still running.
    const running = () => {
      try {
        return process.kill(-server.pid!, 0);
      } catch {
        return false;
      }
    };
    // The whole group gets the signal, as from a terminal or a process manager; npm itself dies of
    // it at once, the server must close its database and release the folder before it exits.
    process.kill(-server.pid!, 'SIGTERM');
    for (let waited = 0; running() && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(running(), output).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid')), output).toBe(false);
    expect(fs.existsSync(path.join(buildDir, 'serving', String(servedBy[0]))), output).toBe(false);
    expect(output).toContain('SIGTERM: shutting down');
    expect(output).toMatch(/SIGTERM: stopped in \d+ ms/);
    expect(output).not.toMatch(/Error|unhandled/i);
  }, 30_000);
});
