/**
 * The node:http server of one process: the agent REST surface goes straight to the gateway, the
 * MCP endpoints (/api/mcp, UCP's …/ucp/mcp) to the MCP server, /oauth/* and the OAuth discovery
 * documents to the authorization server, /api/auth/* to Auth.js, /llms.txt answered as plain text,
 * and every other request to the page handler (Next). Requests in flight are counted so that
 * shutdown lets them commit (or roll back) before the database closes.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { withRequestScope } from '../db/deadline';
import { ApiError, errorBody } from '../errors/catalogue';
import { forLog } from '../errors/for-log';
import { isDatabaseUnavailable } from '../errors/from-unknown';
import { confirmUid, isProviderPath, type AuthorizationServer } from '../oauth/authorization-server';
import type { Gateway } from './gateway';
import { serveFetch, serveNode, type FetchHandler, type RawHandler } from './node-adapter';
import { checkHost } from './canonical-host';
import { requestAddress } from './client-address';
import { servePage } from './page-outage';
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from './page-security';
import { missingPageAsJson } from './missing-page';
import { plainPageHtml } from './plain-page';
import { answerRepeated, repeatedHeader } from './repeated-headers';
import { bindingTarget } from '../domain/ucp-endpoints';
import { LLMS_TXT_PATH, llmsTxtAnswer } from './llms-txt';

// /api, /.well-known, /store, /ucp and /acp (UCP's and ACP's bindings) and everything under them:
// the agent surface, whose unknown paths answer JSON 404s too (no page lives there).
const AGENT_PATHS = /^\/(?:api|\.well-known|store|ucp|acp)(?:[/?]|$)/;

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
  /** PUBLIC_BASE_URL: the origin of the URLs handed to fetch-style handlers, and of every page. */
  base: string;
  /** TRUST_PROXY: X-Forwarded-Host and -Proto name the host a page was asked on. */
  trustProxy?: boolean;
  gateway: Gateway;
  /** The MCP server, and which request paths (without their query) it answers. */
  mcp: { serves(pathname: string): boolean; handle: FetchHandler };
  /** Payment providers' webhooks by exact path: they read the raw body themselves (signatures cover its bytes). */
  webhooks: Record<string, RawHandler>;
  /** Auth.js: every request under /api/auth/, as a Request on PUBLIC_BASE_URL with its body unread. */
  auth?: (request: Request) => Promise<Response>;
  /**
   * The OAuth authorization server: its endpoints under /oauth/ and exactly the two discovery
   * documents get the request unread; a consent page's Allow or Deny is its confirm. The consent
   * page itself (/oauth/interaction/<uid>) is a page.
   */
  oauth?: Pick<AuthorizationServer, 'handle' | 'confirm'>;
  /** /llms.txt's text (http/llms-txt.ts), answered here as plain text rather than by a page. */
  llmsTxt?: () => string;
}

export function createHttpServer({ base, trustProxy = false, gateway, mcp, webhooks, auth, oauth, llmsTxt }: Transports, handlePage: PageHandler): HttpServer {
  let inFlight = 0;
  let onDrained: (() => void) | undefined;
  const done = () => {
    if (--inFlight === 0) onDrained?.();
  };
  // Each request waits on the database for at most DB_DEADLINE_MS in all (db/deadline.ts). The
  // REST gateway and MCP carry the deadline in their request context; the pages, sign-in, OAuth and
  // webhooks read the scope opened here.
  const server = http.createServer((req, res) => {
    inFlight++;
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    const confirming = oauth && req.method === 'POST' ? confirmUid(pathname) : undefined;
    // OAuth's client-document lookups (inside the provider) count under the client's address.
    if (oauth && (confirming || isProviderPath(pathname))) withRequestScope(() => serveOAuth(oauth, confirming, req, res), requestAddress(req, trustProxy));
    else if (auth && isAuthPath(url)) withRequestScope(() => serveSignIn(auth, req, res));
    else if (isAgentPath(url)) {
      // Paths start with '/', so no inherited property of the record can match one.
      const webhook: RawHandler | undefined = webhooks[pathname];
      if (webhook) withRequestScope(() => serveAgent(req, res, pathname, webhook));
      else serveAgent(req, res, pathname);
    } else if (llmsTxt && pathname === LLMS_TXT_PATH) {
      const { status, headers, body } = llmsTxtAnswer(req.method ?? 'GET', llmsTxt);
      res.writeHead(status, headers).end(body, done);
    } else withRequestScope(() => servePageRequest(req, res));
  });

  function serveOAuth(oauth: NonNullable<Transports['oauth']>, confirming: string | undefined, req: http.IncomingMessage, res: http.ServerResponse): void {
    clientAddress(req, trustProxy);
    // Its HTML (an error page, a redirect) is a page's: the same headers, never stored.
    const headers = pageSecurityHeaders(contentSecurityPolicy(newNonce()), { secretUrl: true });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const host = checkHost(req, base, trustProxy);
    // A browser sent to the authorization endpoint on another host would keep its cookies there.
    const served = !host.canonical && (req.url ?? '/').split('?')[0].startsWith('/oauth/authorize') && (req.method === 'GET' || req.method === 'HEAD')
      ? Promise.resolve(void res.writeHead(308, { Location: host.location }).end())
      : confirming
        ? serveConfirm(oauth, confirming, req, res)
        : oauth.handle(req, res);
    served.catch((err) => answerOAuthFailure(err, res)).finally(done);
  }

  function serveSignIn(auth: NonNullable<Transports['auth']>, req: http.IncomingMessage, res: http.ServerResponse): void {
    clientAddress(req, trustProxy);
    serveAuth(auth, base, req, res)
      .catch((err) => {
        console.error(`auth failure: ${forLog(err)}`);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' });
        res.end(JSON.stringify({ error: 'Something went wrong on our side.', code: 'internal_error' }));
      })
      .finally(done);
  }

  function serveAgent(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, webhook?: RawHandler): void {
    const repeated = repeatedHeader(req);
    const toMcp = mcp.serves(pathname);
    const rest = !repeated && !webhook && !toMcp;
    // API and MCP answers do not pass through Next's headers (proxy.ts): no browser may sniff
    // a JSON answer into something it would run. REST's hot path writes it in its one head
    // (serveNode): a header set ahead sends every later head down Node's slower merge.
    if (!rest) res.setHeader('X-Content-Type-Options', 'nosniff');
    const served = repeated
      ? Promise.resolve(answerRepeated(res, repeated, { jsonRpc: toMcp, binding: bindingTarget(pathname) !== undefined }))
      : webhook
        ? webhook(req, res)
        : toMcp
          ? serveFetch(mcp.handle, base, req, res, requestAddress(req, trustProxy))
          : serveNode(gateway, req, res, requestAddress(req, trustProxy));
    // Counted until the procedure settles, not until the socket closes: a client that hangs up
    // must not let the database close under its transaction.
    served
      .catch((err) => {
        // The request was cut off mid-body (the client hung up, or its body was unparsable and
        // answered as malformed_request): nobody is left to answer and nothing failed here.
        if (req.destroyed && (err as { code?: string }).code === 'ECONNRESET') return;
        console.error(`gateway failure: ${forLog(err)}`);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' });
        res.end(JSON.stringify({ error: 'Something went wrong on our side.', code: 'internal_error' }));
      })
      .finally(done);
  }

  function servePageRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.once('close', done);
    clientAddress(req, trustProxy);
    const host = checkHost(req, base, trustProxy);
    if (!host.canonical) return answerOtherHost(req, res, host.location);
    missingPageAsJson(req, res);
    void servePage(handlePage, req, res);
  }

  server.on('clientError', answerUnparsable);
  server.keepAliveTimeout = 65_000;
  return {
    server,
    drained: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onDrained = resolve))),
  };
}

/** Allow or Deny: a page moving on to the provider (and so to the client), or one saying why not. */
async function serveConfirm(oauth: Pick<AuthorizationServer, 'confirm'>, uid: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let outcome;
  try {
    outcome = await oauth.confirm(req, res, uid);
  } catch (err) {
    if (!isDatabaseUnavailable(err) || res.headersSent) throw err;
    outcome = { kind: 'page' as const, status: 503, title: 'This page is unavailable for a moment', message: 'We could not reach our database, so nothing was allowed or denied. Go back and press the button again in a moment.' };
    res.setHeader('Retry-After', '5');
  }
  if (outcome.kind === 'redirect') {
    res.writeHead(303, { Location: outcome.location }).end();
    return;
  }
  const body =
    outcome.kind === 'continue'
      ? plainPageHtml({
          title: outcome.allowed ? 'Allowed: returning you to the agent' : 'Denied: returning you to the agent',
          message: outcome.allowed ? 'You can close this page once the agent has taken over.' : 'Nothing was shared with the agent.',
          link: { href: outcome.location, text: 'Continue to the agent' },
          refresh: outcome.location,
        })
      : plainPageHtml({ title: outcome.title, message: outcome.message, link: { href: '/dashboard/agents', text: 'Your connected agents' } });
  res.writeHead(outcome.kind === 'continue' ? 200 : outcome.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
}

/**
 * A failure on an OAuth path outside the provider's own handling (the rate limit's count, the
 * consent's writes): 503 with Retry-After when the database is out of reach, in RFC 6749's shape.
 */
function answerOAuthFailure(err: unknown, res: http.ServerResponse): void {
  const unavailable = isDatabaseUnavailable(err);
  if (!unavailable) console.error(`oauth failure: ${forLog(err)}`);
  if (res.headersSent) return void res.end();
  res.writeHead(unavailable ? 503 : 500, { 'Content-Type': 'application/json; charset=utf-8', ...(unavailable ? { 'Retry-After': '5' } : {}) });
  res.end(
    JSON.stringify(
      unavailable
        ? { error: 'temporarily_unavailable', error_description: 'The service cannot reach its database for a moment; try again shortly.' }
        : { error: 'server_error', error_description: 'Something went wrong on our side.' },
    ),
  );
}

const AUTH_PATHS = /^\/api\/auth(?:\/|\?|$)/;

function isAuthPath(url: string): boolean {
  return AUTH_PATHS.test(url);
}

/**
 * The client's address for pages and Auth.js (sign-in limits count per client IP): behind a
 * trusted proxy (TRUST_PROXY), the X-Forwarded-For it appends to; otherwise the socket's address,
 * over whatever the client sent itself (Next keeps a client-sent X-Forwarded-For).
 */
function clientAddress(req: http.IncomingMessage, trustProxy: boolean): void {
  if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/** Sign-in forms post a few hundred bytes; Auth.js would read any body whole. */
const MAX_AUTH_BODY_BYTES = 64 * 1024;

/**
 * Auth.js gets a real Request on PUBLIC_BASE_URL (its links, redirects and the Secure cookie flag
 * follow that URL, never the Host header) with the body unread, as it parses forms and JSON
 * itself; each of its Set-Cookie headers is written apart (a Fetch Headers object joins them).
 */
async function serveAuth(auth: (request: Request) => Promise<Response>, base: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_AUTH_BODY_BYTES) {
    req.resume();
    res.writeHead(413, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' });
    res.end(JSON.stringify({ error: `The request body is larger than ${MAX_AUTH_BODY_BYTES / 1024} KiB.`, code: 'payload_too_large' }));
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(new URL(req.url ?? '/', base), {
    method: req.method,
    headers,
    body: hasBody ? limitedBody(req, MAX_AUTH_BODY_BYTES) : undefined,
    duplex: 'half',
  } as RequestInit);
  const response = await auth(request);
  const out: Record<string, string | string[]> = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['Set-Cookie'] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  out['Content-Length'] = String(body.length);
  res.writeHead(response.status, out);
  res.end(body);
}

/** The request's body as a stream that fails past `max` bytes (a chunked body names no length). */
function limitedBody(req: http.IncomingMessage, max: number): ReadableStream<Uint8Array> {
  let size = 0;
  let failed = false;
  return new ReadableStream({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size <= max) return controller.enqueue(new Uint8Array(chunk));
        failed = true;
        controller.error(new Error('body too large'));
        req.resume();
      });
      req.on('end', () => failed || controller.close());
      req.on('error', (err) => {
        if (!failed) controller.error(err);
        failed = true;
      });
    },
  });
}

/** A page asked for on another host: a GET or HEAD goes to the canonical URL; a form post is told where. */
function answerOtherHost(req: http.IncomingMessage, res: http.ServerResponse, location: string): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.writeHead(308, { Location: location, 'Cache-Control': 'no-store' }).end();
    return;
  }
  // The page the form came from, not its submit endpoint.
  const page = location.replace(/\/submit(?=$|\?)/, '');
  const body = plainPageHtml({
    title: 'This form was sent to the wrong address',
    message: `This service lives at ${new URL(location).origin}, so the form was not processed and nothing was charged. Open the page there and send it again.`,
    link: { href: page, text: page },
  });
  // Not rendered by Next, so proxy.ts does not see it: the same headers as every page.
  const headers = pageSecurityHeaders(contentSecurityPolicy(newNonce()), { secretUrl: true });
  res.writeHead(421, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  req.resume();
}

/**
 * A request Node's HTTP parser refused before any handler saw it (Node alone would answer a bare
 * 400 or 431): answered as the agent API answers every failure, JSON {error, code}, written on
 * the socket, which then closes, since nothing after an unparsable request can be trusted.
 */
function answerUnparsable(err: Error & { code?: string }, socket: Duplex & { _httpMessage?: http.ServerResponse | null }): void {
  // A client that went away or never finished its request is not answered; neither is one whose
  // connection is already sending a response (the answer would land inside it: Node's own check).
  if (err.code === 'ECONNRESET' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const error = new ApiError(err.code === 'HPE_HEADER_OVERFLOW' ? 'request_header_fields_too_large' : 'malformed_request');
  const body = JSON.stringify(errorBody(error, ''));
  socket.end(
    `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
