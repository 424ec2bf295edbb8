/** What both bare comparison servers do around their handlers: connect, listen, stop cleanly; answer and read JSON. */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type postgres from 'postgres';

export async function runBareServer(name: string, server: http.Server, sql: postgres.Sql, port: number, started: number): Promise<void> {
  server.keepAliveTimeout = 65_000;
  await sql`select 1`; // connect before announcing readiness, as the service does while migrating
  server.listen(port, '127.0.0.1', () => console.log(`${name} on port ${port} ready in ${Math.round(performance.now() - started)} ms`));

  const shutdown = () => {
    server.closeIdleConnections();
    server.close(() => void sql.end({ timeout: 5 }).finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

export function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomUUID()}` });
  res.end(JSON.stringify(body));
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
