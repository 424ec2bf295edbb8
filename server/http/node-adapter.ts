/**
 * Serves the gateway on node:http without going through Fetch objects for the incoming side:
 * headers are read in place and the body is buffered up to the 1 MiB limit, then dropped.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest, Gateway } from './gateway';
import { MAX_BODY_BYTES } from './rest-input';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readBody(req: IncomingMessage): Promise<Uint8Array | null | 'too_large'> {
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

export async function serveNode(gateway: Gateway, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = req.headers;
  const request: ApiRequest = {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: {
      get(name) {
        const value = headers[name];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    body: await readBody(req),
  };
  const out = await gateway(request);
  out.headers['Content-Length'] = String(Buffer.byteLength(out.body));
  res.writeHead(out.status, out.headers);
  res.end(out.body);
}

/**
 * Serves a fetch-style handler (the MCP transport) on node:http: the body is buffered under the
 * same 1 MiB limit, and the answer, JSON or a stream, is written as it comes.
 */
export async function serveFetch(handler: (request: Request) => Promise<Response>, base: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  if (body === 'too_large') {
    res.writeHead(413, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'The request body is larger than 1 MiB.' }, id: null }));
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const response = await handler(new Request(new URL(req.url ?? '/', base), { method: req.method, headers, body: (body ?? undefined) as BodyInit | undefined }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}
