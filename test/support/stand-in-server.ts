/**
 * A stand-in for a service the app calls out to (a payment provider, a facilitator): a node:http
 * server whose handler gets each request with its whole body read, as text, and its path.
 */
import http from 'node:http';

export function standInServer(handle: (req: http.IncomingMessage, res: http.ServerResponse, request: { raw: string; path: string }) => void): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, { raw: Buffer.concat(chunks).toString('utf8'), path: (req.url ?? '/').split('?')[0] }));
  });
}
