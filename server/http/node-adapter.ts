/**
 * Serves the gateway on node:http without going through Fetch objects for the incoming side:
 * headers are read in place and the body is buffered up to the 1 MiB limit, then dropped.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES, type ApiRequest, type Gateway } from './gateway';

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
