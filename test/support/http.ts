/**
 * The service's real node:http server (the one `npm start` runs, without Next: other paths answer
 * 404) on a free loopback port, over a test database, for clients that speak HTTP themselves.
 */
import fs from 'node:fs';
import net from 'node:net';
import { createHttpServer } from '../../server/http/server';
import { testApp, type TestApp, type TestDatabase } from './app';

export interface TestServer extends TestApp {
  url: string;
}

/** The first port the kernel hands out to listen(0) and to outgoing connections (Linux's default where it cannot be read). */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A loopback port free now, for a server the caller starts soon after. Chosen below the kernel's
 * ephemeral range: one from listen(0) is one an outgoing connection (a pool's to Postgres, on a
 * busy run) may take first, and the server's listen then fails.
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralLow();
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await bindable(port)) return port;
  }
}

/** Listens on `port`, failing (not waiting for ever) when it was taken after all. */
export function listenOn(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The server over a fresh test database, or over `existing` (which it leaves open when it closes). */
export async function testServer(env: Record<string, string> = {}, existing?: TestDatabase): Promise<TestServer> {
  const port = await freePort();
  // The listening origin is the public one: the MCP Origin guard compares with it.
  const url = `http://127.0.0.1:${port}`;
  const t = await testApp({ PUBLIC_BASE_URL: url, ...env }, existing);
  const { server } = createHttpServer({ base: url, trustProxy: t.config.trustProxy, gateway: t.app.gateway, mcp: t.app.mcp, webhooks: t.app.webhooks }, (_req, res) => res.writeHead(404).end());
  await listenOn(server, port);
  return {
    ...t,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}
