/**
 * The service's real node:http server (the one `npm start` runs, without Next: other paths answer
 * 404) on a free loopback port, over a test database, for clients that speak HTTP themselves.
 */
import { createHttpServer } from '../../server/http/server';
import { testApp, type TestApp, type TestDatabase } from './app';
import { freePort, listenOn } from './ports';

export interface TestServer extends TestApp {
  url: string;
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
