/**
 * What a path nothing serves answers outside the agent surface. A browser (its Accept names
 * text/html) gets the HTML 404 page (app/not-found.tsx, linking home and to /docs); any other
 * client gets the agent API's JSON 404 {error, code}: an agent or a script that guessed a path
 * reads why, not a page of markup. Under /oauth/ only the consent pages are pages, so a path there
 * that no page serves answers JSON whatever Accept says. Next decides what is missing and writes
 * its 404; the custom server, which owns the response, swaps the body when its head goes out.
 */
import type http from 'node:http';
import { ApiError, errorBody } from '../errors/catalogue';

const OAUTH = /^\/oauth(?:\/|$)/;

/** Whether an Accept header asks for HTML: it names text/html with a quality above 0. */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'text/html') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The JSON body of a 404 at `pathname`. */
export function notFoundBody(pathname: string): string {
  return JSON.stringify(errorBody(new ApiError('not_found', { message: `Nothing at ${pathname}: the API is described at /api/openapi.json, the pages start at /.` }), ''));
}

/** Makes the page handler's 404 (if it answers one) go out as JSON when the client does not ask for HTML. */
export function missingPageAsJson(req: http.IncomingMessage, res: http.ServerResponse): void {
  const pathname = (req.url ?? '/').split('?')[0];
  if (acceptsHtml(req.headers.accept) && !OAUTH.test(pathname)) return;
  const { writeHead, write, end } = res;
  let replaced = false;
  // Node writes an implicit head through writeHead too, so this sees every response.
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (status !== 404) return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
    replaced = true;
    const body = notFoundBody(pathname);
    // The page's own headers described its HTML; the security headers stay.
    for (const name of ['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'vary']) this.removeHeader(name);
    return writeHead.call(this, 404, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  } as typeof res.writeHead;
  // The page's body is dropped; the JSON goes out with the end.
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!this.headersSent && this.statusCode === 404) this.writeHead(404);
    if (!replaced) return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && this.statusCode === 404) this.writeHead(404);
    if (!replaced) return (end as (...a: unknown[]) => http.ServerResponse).call(this, ...args);
    const callback = args.find((r) => typeof r === 'function') as (() => void) | undefined;
    return end.call(this, notFoundBody(pathname), 'utf8', callback);
  } as typeof res.end;
}
