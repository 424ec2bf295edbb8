/**
 * Paths nothing serves, over the real node:http server. Under /api, /.well-known, /store and
 * /oauth (and at those paths themselves): JSON {error, code}, whatever Accept says. Elsewhere the
 * page handler (Next in production; a stand-in here that answers 404 the way Next does, with an
 * HTML page) decides: a browser gets its HTML 404 page, any client whose Accept lacks text/html the
 * same JSON 404 as the API. A browser's own request for /favicon.ico finds one (app/favicon.ico).
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../server/http/server';
import { acceptsHtml } from '../server/http/missing-page';
import { testApp, type TestApp } from './support/app';
import { freePort, listenOn } from './support/ports';

const PAGE_404 = '<!doctype html><html><body><h1>Page not found</h1><a href="/">Home</a> <a href="/docs">API reference</a></body></html>';

/** Next's way: 200 for the pages it has; a 404 page otherwise, its length set, sometimes streamed in parts. */
function nextLike(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0];
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', "default-src 'self'");
  if (path === '/' || path === '/docs') {
    res.statusCode = 200;
    res.end('<!doctype html><title>ok</title>');
    return;
  }
  res.statusCode = 404;
  if (path.startsWith('/streamed')) {
    res.write(PAGE_404.slice(0, 20));
    res.end(PAGE_404.slice(20));
    return;
  }
  res.setHeader('Content-Length', String(Buffer.byteLength(PAGE_404)));
  res.end(PAGE_404);
}

let t: TestApp;
let url: string;
let server: http.Server;
beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await testApp({ PUBLIC_BASE_URL: url });
  ({ server } = createHttpServer({ base: url, gateway: t.app.gateway, mcp: t.app.mcp, webhooks: t.app.webhooks }, nextLike));
  await listenOn(server, port);
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

async function expectJson404(res: Response, path: string): Promise<void> {
  expect(res.status, path).toBe(404);
  expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body, path).toEqual({ error: expect.any(String), code: 'not_found' });
}

describe('unknown paths of the agent surface', () => {
  it("routes /acp to ACP's binding, not to the pages: its answers are ACP's Error", async () => {
    const res = await fetch(`${url}/acp/checkout_sessions`, { method: 'POST', headers: { Accept: BROWSER, 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'invalid_request', code: 'missing_api_version' });
    const unknown = await fetch(`${url}/acp/nothing`, { headers: { Accept: BROWSER, 'API-Version': '2026-04-17' } });
    expect([unknown.status, unknown.headers.get('content-type')]).toEqual([404, expect.stringMatching(/^application\/json/)]);
  });

  it.each(['/api', '/api?x=1', '/api/', '/api/nothing', '/store', '/store/', '/.well-known', '/.well-known/nothing'])('%s answers a JSON 404, even to a browser', async (path) => {
    for (const accept of [BROWSER, 'application/json', '']) await expectJson404(await fetch(`${url}${path}`, { headers: accept ? { accept } : {} }), `${path} (${accept})`);
  });

  it('a path under /oauth/ that no page serves answers JSON to a browser too', async () => {
    await expectJson404(await fetch(`${url}/oauth/interaction/abc/extra`, { headers: { accept: BROWSER } }), '/oauth/interaction/abc/extra');
  });
});

describe('unknown paths elsewhere', () => {
  it('answer a browser with the HTML 404 page, linking home and to /docs', async () => {
    const res = await fetch(`${url}/no-such-page`, { headers: { accept: BROWSER } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('href="/"');
    expect(html).toContain('href="/docs"');
  });

  it.each([
    ['no Accept', undefined],
    ['*/*', '*/*'],
    ['application/json', 'application/json'],
    ['text/html;q=0', 'text/html;q=0, application/json'],
  ])('answer a client that does not ask for HTML (%s) with the JSON 404', async (_, accept) => {
    for (const path of ['/no-such-page', '/streamed/no-such-page', '/favicon-missing.png?v=1']) {
      const res = await fetch(`${url}${path}`, { headers: accept ? { accept } : {} });
      await expectJson404(res, path);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy'), 'the page’s security headers stay').toBe("default-src 'self'");
    }
  });

  it('leave the pages that exist alone, whatever the Accept', async () => {
    for (const accept of [BROWSER, 'application/json', '']) {
      const res = await fetch(`${url}/docs`, { headers: accept ? { accept } : {} });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>ok</title>');
    }
  });

  it('answer HEAD with the JSON head and no body', async () => {
    const res = await fetch(`${url}/no-such-page`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe('');
  });
});

describe('acceptsHtml', () => {
  it.each([
    [BROWSER, true],
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['application/json, text/html;q=0.1', true],
    ['text/html;q=0', false],
    ['*/*', false],
    ['application/json', false],
    [undefined, false],
    ['', false],
  ])('%s → %s', (accept, expected) => {
    expect(acceptsHtml(accept)).toBe(expected);
  });
});

describe('the favicon', () => {
  it('app/favicon.ico is an ICO of PNG images at 16, 32 and 48 pixels (Next serves it at /favicon.ico)', () => {
    const ico = fs.readFileSync(path.resolve(import.meta.dirname, '../app/favicon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const [size, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      const png = ico.subarray(offset, offset + size);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      return [ico[entry], png.readUInt32BE(16)];
    });
    expect(sizes).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
  });
});
