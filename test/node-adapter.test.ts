/**
 * serveFetch's stand-in Request (a JSON body handed over parsed): its signal, which MCP
 * 2026-07-28's path reads to end an exchange whose client left. On Node 24 the prototype's own
 * getter throws on the stand-in, so the stand-in carries its own: quiet while the answer is sent,
 * fired when the client goes first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { serveFetch, type FetchHandler } from '../server/http/node-adapter';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function serve(handler: FetchHandler): Promise<string> {
  server = http.createServer((req, res) => void serveFetch(handler, 'http://127.0.0.1', req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

it('hands over a Request whose signal stays quiet while the answer is sent', async () => {
  let seen: { request: Request; parsed: unknown } | undefined;
  const url = await serve(async (request, parsed) => {
    seen = { request, parsed };
    return Response.json({ ok: true });
  });
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rpc });
  expect(await res.json()).toEqual({ ok: true });
  expect(seen!.parsed).toEqual(JSON.parse(rpc));
  expect(seen!.request).toBeInstanceOf(Request);
  expect(seen!.request.signal).toBeInstanceOf(AbortSignal);
  expect(seen!.request.signal.aborted).toBe(false);
});

it('fires the signal when the client goes before its answer', async () => {
  let resolveAborted: (aborted: boolean) => void;
  const aborted = new Promise<boolean>((resolve) => (resolveAborted = resolve));
  const url = await serve(async (request) => {
    const signal = request.signal;
    await new Promise((resolve) => {
      signal.addEventListener('abort', resolve);
      setTimeout(resolve, 2000);
    });
    resolveAborted(signal.aborted);
    return Response.json({ late: true });
  });
  const controller = new AbortController();
  const sent = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rpc, signal: controller.signal }).catch(() => undefined);
  setTimeout(() => controller.abort(), 100);
  await sent;
  expect(await aborted).toBe(true);
});
