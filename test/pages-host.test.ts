/**
 * Human pages at one origin (server/http/canonical-host.ts), through the real server: a page asked
 * for on another host — a loopback alias, or another name through a trusted proxy — is redirected
 * to PUBLIC_BASE_URL's; a form posted there is told where to go; the agent API never redirects.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT } from './support/app';
import { testServer, type TestServer } from './support/http';

/** A raw request (fetch cannot set Host), answered with status, headers and body. */
function request(base: string, path: string, { method = 'GET', headers = {} as Record<string, string>, body = '' } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject).end(body);
  });
}

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  direct = await testServer();
  proxied = await testServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

describe('pages on another host', () => {
  it('redirects a GET on a loopback alias to the same path on PUBLIC_BASE_URL', async () => {
    const port = new URL(direct.url).port;
    const res = await request(direct.url, '/pay/some-token?declined=card_declined', { headers: { Host: `localhost:${port}` } });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`${direct.url}/pay/some-token?declined=card_declined`);
    const head = await request(direct.url, '/docs', { method: 'HEAD', headers: { Host: `localhost:${port}` } });
    expect([head.status, head.headers.location]).toEqual([308, `${direct.url}/docs`]);
  });

  it('serves the canonical host, whatever its case, without a redirect', async () => {
    const res = await request(direct.url, '/', { headers: { Host: new URL(direct.url).host.toUpperCase() } });
    expect(res.status).toBe(404); // the test server's page handler: reached, not redirected
  });

  it('answers a form posted on another host with a page linking to the right address, unprocessed', async () => {
    const port = new URL(direct.url).port;
    const res = await request(direct.url, '/pay/some-token/submit', {
      method: 'POST',
      headers: { Host: `localhost:${port}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'number=4242424242424242',
    });
    expect(res.status).toBe(421);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).toContain(`href="${direct.url}/pay/some-token"`);
    expect(res.body).toContain('nothing was charged');
  });

  it('never redirects the agent API, whatever the host', async () => {
    const res = await request(direct.url, '/api/agent/platform/limits', { headers: { Host: 'localhost', 'UCP-Agent': AGENT } });
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
  });

  it('believes X-Forwarded-Host and -Proto only with TRUST_PROXY', async () => {
    const own = new URL(proxied.url);
    const forwarded = (host: string, proto = 'http') => ({ Host: own.host, 'X-Forwarded-Host': host, 'X-Forwarded-Proto': proto });
    const other = await request(proxied.url, '/docs?x=1', { headers: forwarded('shop.example.com') });
    expect([other.status, other.headers.location]).toEqual([308, `${proxied.url}/docs?x=1`]);
    const scheme = await request(proxied.url, '/docs', { headers: forwarded(own.host, 'https') });
    expect(scheme.status).toBe(308);
    expect((await request(proxied.url, '/docs', { headers: forwarded(`${own.host}, internal:8080`) })).status).toBe(404);
    // Without TRUST_PROXY the headers are anyone's to send: ignored.
    expect((await request(direct.url, '/docs', { headers: { 'X-Forwarded-Host': 'shop.example.com', 'X-Forwarded-Proto': 'https' } })).status).toBe(404);
  });

  it('never redirects to another origin, whatever the request line says', async () => {
    const port = new URL(direct.url).port;
    const res = await request(direct.url, '//evil.example/steal', { headers: { Host: `localhost:${port}` } });
    expect([res.status, res.headers.location]).toEqual([308, `${direct.url}/`]);
  });
});
