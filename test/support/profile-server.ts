/**
 * A local HTTPS server for agent profiles, key directories and OAuth client metadata documents,
 * under a name RFC 6761 keeps out of public DNS (`agents.test`), with a certificate from a CA of its
 * own (selfsigned). The service reaches it as it would a real agent's host: through a pin
 * (PROFILE_FETCH_RESOLVE, on loopback, this port only) and the CA's file (PROFILE_FETCH_CA_FILE),
 * with no other bypass of its fetch rules.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { generate } from 'selfsigned';

export const PROFILE_HOST = 'agents.test';

export type Route = { status?: number; headers?: Record<string, string>; body?: unknown } | ((req: IncomingMessage, res: ServerResponse) => void);

export interface ProfileServer {
  host: string;
  port: number;
  /** `https://agents.test:<port>` */
  origin: string;
  /** The environment a service needs to fetch from it. */
  env: Record<string, string>;
  caFile: string;
  /** Path → answer; change them between requests. */
  routes: Map<string, Route>;
  /** Requests served per path. */
  hits: Map<string, number>;
  /** TLS connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A CA, and a server certificate it signed for `names`. */
export async function certificates(names: string[]): Promise<{ ca: string; key: string; cert: string }> {
  const ca = await generate([{ name: 'commonName', value: 'Agent Commerce test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: 'commonName', value: names[0] }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names.map((value) => ({ type: 2 as const, value })) },
    ],
  });
  return { ca: ca.cert, key: leaf.private, cert: leaf.cert };
}

export async function profileServer(names: string[] = [PROFILE_HOST]): Promise<ProfileServer> {
  const { ca, key, cert } = await certificates(names);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, ca);
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const route = routes.get(pathname);
    if (!route) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    if (typeof route === 'function') return route(req, res);
    const body = typeof route.body === 'string' ? route.body : JSON.stringify(route.body ?? {});
    res.writeHead(route.status ?? 200, { 'content-type': 'application/json', ...route.headers }).end(body);
  });
  let connections = 0;
  server.on('secureConnection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = names[0];
  return {
    host,
    port,
    origin: `https://${host}:${port}`,
    env: { PROFILE_FETCH_RESOLVE: names.map((name) => `${name}:${port}:127.0.0.1`).join(','), PROFILE_FETCH_CA_FILE: caFile },
    caFile,
    routes,
    hits,
    connections: () => connections,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
