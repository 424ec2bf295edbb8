/**
 * A page that cannot reach the database still answers a readable page, with the status a client or
 * a monitor can act on: 503 and Retry-After. A rendered page cannot set its status (Next writes
 * it), so the page says so through `pageUnavailable` (server/runtime.ts) and the custom server,
 * which owns the response, writes 503 when the head goes out.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import { isDatabaseUnavailable } from '../errors/from-unknown';

const RETRY_AFTER_SECONDS = '5';

const pages = new AsyncLocalStorage<{ unavailable: boolean }>();

/** Serves one page request; its status becomes 503 if the page reported an outage before its head was written. */
export function servePage(handle: (req: http.IncomingMessage, res: http.ServerResponse) => unknown, req: http.IncomingMessage, res: http.ServerResponse): unknown {
  const page = { unavailable: false };
  const writeHead = res.writeHead;
  // Node writes an implicit head through writeHead too, so this sees every response.
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (page.unavailable) {
      this.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      this.setHeader('Cache-Control', 'no-store');
      return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, 503, ...rest);
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  return pages.run(page, () => handle(req, res));
}

/**
 * Whether a page's failure is the database being out of reach; if so, the page's answer goes out
 * as 503 (the page then renders its "try again" state instead of rethrowing).
 */
export function pageUnavailable(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const page = pages.getStore();
  if (page) page.unavailable = true;
  return true;
}
