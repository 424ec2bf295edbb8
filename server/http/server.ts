/**
 * The node:http server of one process: the agent REST surface goes straight to the gateway,
 * /api/mcp to the MCP server, and every other request to the page handler (Next). Requests in
 * flight are counted so that shutdown lets them commit (or roll back) before the database closes.
 */
import http from 'node:http';
import type { Gateway } from './gateway';
import { serveFetch, serveNode, type FetchHandler } from './node-adapter';

// Everything under /api/ (unknown paths there answer JSON 404s too), and the UCP profiles.
const AGENT_PATHS = /^(?:\/api\/|\/\.well-known\/ucp\/?(?:\?|$)|\/store\/[^/]+\/\.well-known\/ucp\/?(?:\?|$))/;

function isAgentPath(url: string): boolean {
  return AGENT_PATHS.test(url);
}

export type PageHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

export interface HttpServer {
  server: http.Server;
  /** Resolves once no request is in flight. */
  drained(): Promise<void>;
}

export interface Transports {
  /** PUBLIC_BASE_URL: the origin of the URLs handed to fetch-style handlers. */
  base: string;
  gateway: Gateway;
  /** The MCP server and the one path it answers. */
  mcp: { path: string; handle: FetchHandler };
}

export function createHttpServer({ base, gateway, mcp }: Transports, handlePage: PageHandler): HttpServer {
  const isMcpPath = (url: string) => url === mcp.path || url.startsWith(`${mcp.path}?`);
  let inFlight = 0;
  let onDrained: (() => void) | undefined;
  const done = () => {
    if (--inFlight === 0) onDrained?.();
  };
  const server = http.createServer((req, res) => {
    inFlight++;
    const url = req.url ?? '/';
    if (isAgentPath(url)) {
      // Counted until the procedure settles, not until the socket closes: a client that hangs up
      // must not let the database close under its transaction.
      const served = isMcpPath(url) ? serveFetch(mcp.handle, base, req, res) : serveNode(gateway, req, res);
      served
        .catch((err) => {
          console.error('gateway failure', err);
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: 'Something went wrong on our side.', code: 'internal_error' }));
        })
        .finally(done);
    } else {
      res.once('close', done);
      void handlePage(req, res);
    }
  });
  server.keepAliveTimeout = 65_000;
  return {
    server,
    drained: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onDrained = resolve))),
  };
}
