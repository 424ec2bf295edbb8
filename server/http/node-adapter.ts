/**
 * Serves the gateway on node:http without going through Fetch objects for the incoming side:
 * headers are read in place and the body is buffered up to the 1 MiB limit, then dropped.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest, Gateway, HeaderReader } from './gateway';
import { MAX_BODY_BYTES } from '../lib/request-limits';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readBody(req: IncomingMessage): Promise<Uint8Array | null | 'too_large'> {
  if (BODYLESS.has(req.method ?? 'GET')) return Promise.resolve(null);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    req.resume(); // discard without buffering
    return Promise.resolve('too_large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too_large' : size ? Buffer.concat(chunks) : null));
    req.on('error', reject);
  });
}

export async function serveNode(gateway: Gateway, req: IncomingMessage, res: ServerResponse, clientAddress?: string): Promise<void> {
  const request: ApiRequest = {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: headerReader(req),
    body: await readBody(req),
    clientAddress,
  };
  const out = await gateway(request);
  out.headers['Content-Length'] = String(Buffer.byteLength(out.body));
  out.headers['X-Content-Type-Options'] = 'nosniff';
  res.writeHead(out.status, out.headers);
  res.end(out.body);
}

/** A handler that reads the request itself: a webhook, whose signature covers the raw body. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * A fetch-style handler that may be handed the request's JSON body already parsed, and its bytes (a
 * signature's digest covers them), and the client's address bucket (http/client-address.ts).
 */
export type FetchHandler = (request: Request, parsedBody?: unknown, rawBody?: Uint8Array, clientAddress?: string) => Promise<Response>;

/**
 * Serves a fetch-style handler (the MCP transport) on node:http: the body is buffered under the
 * same 1 MiB limit and handed over parsed when it is JSON (building a body stream only for the
 * handler to read it back cost more than the parse); a JSON answer is written in one piece with
 * its length, an event stream as it comes.
 */
export async function serveFetch(handler: FetchHandler, base: string, req: IncomingMessage, res: ServerResponse, clientAddress?: string): Promise<void> {
  const body = await readBody(req);
  if (body === 'too_large') {
    res.writeHead(413, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'The request body is larger than 1 MiB.' }, id: null }));
    return;
  }
  const parsed = body ? parseJson(body) : undefined;
  const request = parsed ? parsedRequest(req, res, base) : new Request(new URL(req.url ?? '/', base), { method: req.method, headers: headersOf(req), body: (body ?? undefined) as BodyInit | undefined });
  const response = await handler(request, parsed?.value, body ?? undefined, clientAddress);
  const out = Object.fromEntries(response.headers);
  if (!response.body || out['content-type']?.startsWith('text/event-stream')) {
    res.writeHead(response.status, out);
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
    return;
  }
  const payload = Buffer.from(await response.arrayBuffer());
  out['content-length'] = String(payload.length);
  res.writeHead(response.status, out);
  res.end(payload);
}

/** The request's headers read in place, as Fetch Headers' `get` reads them (a repeated header joined by ", "). */
function headerReader(req: IncomingMessage): HeaderReader {
  const headers = req.headers;
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * A request whose body travels parsed beside it: the handler reads only its method, URL, headers (by `get`)
 * and signal. Passes `instanceof Request` like the REST adapter's stand-in, without building the
 * URL record and the body stream of a real one. Its signal fires when the client goes before its
 * answer is sent (the 2026-07-28 MCP path ends the exchange on it); made only when read, as the
 * 2025 path never does. (Request.prototype's own getter would throw on the stand-in.)
 */
function parsedRequest(req: IncomingMessage, res: ServerResponse, base: string): Request {
  let controller: AbortController | undefined;
  return Object.create(Request.prototype, {
    method: { value: req.method },
    url: { value: base + (req.url ?? '/') },
    // Only `get` is read on this path (the SDK's transports and entry, our edge, a signature's
    // covered headers): a Fetch Headers copy of every header cost ~10 µs a call.
    headers: { value: headerReader(req) },
    signal: {
      get() {
        if (!controller) {
          const made = (controller = new AbortController());
          const gone = () => !res.writableFinished && made.abort();
          if (res.closed) gone();
          else res.once('close', gone);
        }
        return controller.signal;
      },
    },
  });
}

/** The parsed body, or undefined when it is not JSON (the handler then reads it and says why). */
function parseJson(body: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(Buffer.from(body).toString('utf8')) };
  } catch {
    return undefined;
  }
}
