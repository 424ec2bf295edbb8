/**
 * The agents' own host for the browser tests: an HTTPS server under a name RFC 6761 keeps out of
 * public DNS (agents.test) on E2E_PORT + 4, serving OAuth Client ID Metadata Documents and UCP
 * platform profiles, and receiving the order webhooks a profile points at. The service
 * reaches it as a real agent's host (test/support/profile-server.ts): a pin and a CA file it reads
 * at start, so the certificates are made before `npm start` (playwright.config.ts runs
 * make-agents-host.ts first) and the spec serves with them.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { listenOn } from '../../test/support/ports';
import { certificates, PROFILE_HOST } from '../../test/support/profile-server';

export function agentsHost(e2ePort: number) {
  const port = e2ePort + 4;
  const dir = path.join(os.tmpdir(), `agent-commerce-e2e-agents-${e2ePort}`);
  return {
    port,
    origin: `https://${PROFILE_HOST}:${port}`,
    dir,
    /** The service's environment, as shell assignments. */
    env: `PROFILE_FETCH_RESOLVE=${PROFILE_HOST}:${port}:127.0.0.1 PROFILE_FETCH_CA_FILE=${path.join(dir, 'ca.pem')}`,
  };
}

export async function writeAgentsHostCertificates(e2ePort: number): Promise<void> {
  const { dir } = agentsHost(e2ePort);
  const { ca, key, cert } = await certificates([PROFILE_HOST]);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, pem] of Object.entries({ 'ca.pem': ca, 'key.pem': key, 'cert.pem': cert })) fs.writeFileSync(path.join(dir, name), pem);
}

/** A POST the agents' host received, as sent: the raw body is what a platform verifies a signature over. */
export interface ReceivedPost {
  /** The path with its query. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Serves `documents` (path → JSON) on the agents' host until closed; a POST to a path of `inboxes`
 * (path → the requests so far) is recorded there and answered 200, as a platform's webhook would.
 */
export async function serveAgentsHost(e2ePort: number, documents: Map<string, unknown>, inboxes = new Map<string, ReceivedPost[]>()): Promise<https.Server> {
  const { dir, port } = agentsHost(e2ePort);
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  const server = https.createServer({ key: read('key.pem'), cert: read('cert.pem') }, (req, res) => {
    const inbox = req.method === 'POST' ? inboxes.get((req.url ?? '/').split('?')[0]) : undefined;
    if (inbox) {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        inbox.push({ url: req.url!, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
      return;
    }
    const document = documents.get((req.url ?? '/').split('?')[0]);
    if (document === undefined) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
  });
  await listenOn(server, port);
  return server;
}
