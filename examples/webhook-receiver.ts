/**
 * A platform's receiver of order webhooks: the service POSTs the whole order, signed (RFC 9421), to
 * the `webhook_url` the platform's profile declares for `dev.ucp.shopping.order`, at every change
 * (placed, voided, shipped, delivered). A receiver checks the body against Content-Digest, verifies
 * the signature with the key the business publishes at /.well-known/ucp, acknowledges with a 2xx,
 * and dedupes on Webhook-Id (a retry sends the same id and the same bytes).
 *
 *   PROFILE_FETCH_LOCAL=platform.localhost:8443 npm start     # the service
 *   npm run example:webhook-receiver                          # this: https://platform.localhost:8443
 *   npm run example:mcp-agent                                 # an agent whose carts name this profile
 *
 * Pay the agent's link and the receiver prints the order. Run alone, this file serves a profile
 * with the order capability only; examples/ucp-platform.ts serves a whole platform with it.
 * Settings: BASE_URL (default http://localhost:3000), PLATFORM_ORIGIN (default https://platform.localhost:8443).
 */
import { createHash, createPublicKey, type JsonWebKey } from 'node:crypto';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createVerifier, httpbis } from 'http-message-signatures';
import { generate } from 'selfsigned';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
export const PLATFORM_ORIGIN = process.env.PLATFORM_ORIGIN ?? 'https://platform.localhost:8443';
const UCP_VERSION = '2026-04-08';

/** One capability entry of a platform profile, with UCP's own spec and schema URLs. */
export function capability(name: string, config?: Record<string, unknown>) {
  const leaf = name.replace('dev.ucp.shopping.', '');
  return {
    version: UCP_VERSION,
    spec: `https://ucp.dev/${UCP_VERSION}/specification/${leaf.replaceAll('.', '/')}`,
    schema: `https://ucp.dev/${UCP_VERSION}/schemas/shopping/${leaf.replaceAll('.', '_')}.json`,
    ...(config && { config }),
  };
}

/** The key the business signed with, from its profile's signing_keys by kid. */
async function businessKey(profileUrl: string, kid: string): Promise<JsonWebKey | undefined> {
  // Trust only the business you trade with: the profile must be on its origin (UCP-Agent names it).
  if (new URL(profileUrl).origin !== new URL(BASE_URL).origin) return undefined;
  // Fetched at each delivery for brevity; a busy receiver caches it for its Cache-Control max-age.
  const profile = (await (await fetch(profileUrl)).json()) as { signing_keys?: (JsonWebKey & { kid: string })[] };
  return profile.signing_keys?.find((key) => key.kid === kid);
}

/** Verifies one delivery; answers the order it carries, or why it is refused. */
export async function verifyDelivery(req: IncomingMessage, body: Buffer): Promise<{ order: Record<string, unknown> } | { refused: string }> {
  const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
  if (req.headers['content-digest'] !== digest) return { refused: 'Content-Digest does not match the body' };
  const profileUrl = /profile="([^"]+)"/.exec(String(req.headers['ucp-agent']))?.[1] ?? '';
  const verified = await httpbis.verifyMessage(
    {
      keyLookup: async ({ keyid }) => {
        const jwk = keyid ? await businessKey(profileUrl, keyid) : undefined;
        // The algorithm follows from the key (P-256: ES256); the signature never names it.
        return jwk ? { id: keyid, algs: ['ecdsa-p256-sha256'], verify: createVerifier(createPublicKey({ key: jwk, format: 'jwk' }), 'ecdsa-p256-sha256') } : null;
      },
      // What UCP's order webhooks always sign; a fresh `created` (and `expires`) at every attempt.
      requiredParams: ['keyid', 'created', 'expires'],
      requiredFields: ['@method', '@authority', '@path', 'ucp-agent', 'content-digest', 'content-type', 'webhook-id', 'webhook-timestamp', 'idempotency-key'],
      maxAge: 300,
      tolerance: 60,
    },
    { method: req.method!, url: `${PLATFORM_ORIGIN}${req.url}`, headers: req.headers as Record<string, string> },
  ).catch(() => false);
  return verified ? { order: JSON.parse(body.toString('utf8')) } : { refused: 'the signature does not verify' };
}

export interface PlatformOptions {
  /** The capabilities the profile declares besides the order capability (with the webhook URL). */
  capabilities?: Record<string, ReturnType<typeof capability>[]>;
  /** Public keys the platform signs its own requests with (JWK). */
  signingKeys?: JsonWebKey[];
  /**
   * Where the profile is served (default /profile.json). The business caches a profile for at least
   * a minute, so two platforms on one origin need two paths.
   */
  profilePath?: string;
  /** Each verified order, once per Webhook-Id. */
  onOrder: (order: Record<string, unknown>) => void;
}

/** The whole body of a request, as the bytes sent: a signature is verified over these, never a re-serialisation. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Serves `handle` over HTTPS on PLATFORM_ORIGIN's name and port, with a self-signed certificate
 * made now (the service accepts it for a name PROFILE_FETCH_LOCAL pins; a real platform has a real
 * certificate). Answers how to stop it.
 */
export async function serveHttps(handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<() => void> {
  const { hostname, port } = new URL(PLATFORM_ORIGIN);
  const certificate = await generate([{ name: 'commonName', value: hostname }], {
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: hostname }] }],
  });
  const server = https.createServer({ key: certificate.private, cert: certificate.cert }, handle);
  // Loopback only: the service reaches the name through its pin, nobody else needs to.
  await new Promise<void>((resolve) => server.listen(Number(port || 443), '127.0.0.1', resolve));
  return () => (server.close(), server.closeAllConnections());
}

/**
 * Serves a platform's profile at /profile.json and its order webhooks at /webhooks/orders on
 * PLATFORM_ORIGIN (serveHttps). Answers the profile URL.
 */
export async function servePlatform(options: PlatformOptions): Promise<{ profileUrl: string; close: () => void }> {
  const profilePath = options.profilePath ?? '/profile.json';
  const profile = {
    ucp: {
      version: UCP_VERSION,
      services: { 'dev.ucp.shopping': [{ version: UCP_VERSION, spec: `https://ucp.dev/${UCP_VERSION}/specification/overview`, transport: 'rest', schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json` }] },
      capabilities: { ...options.capabilities, 'dev.ucp.shopping.order': [capability('dev.ucp.shopping.order', { webhook_url: `${PLATFORM_ORIGIN}/webhooks/orders` })] },
      payment_handlers: {},
    },
    ...(options.signingKeys && { signing_keys: options.signingKeys }),
  };
  const seen = new Set<string>(); // a real receiver keeps these in its database
  const close = await serveHttps(async (req, res) => {
    if (req.method === 'GET' && req.url === profilePath) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' }).end(JSON.stringify(profile));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/webhooks/orders') return void res.writeHead(404).end();
    const outcome = await verifyDelivery(req, await readBody(req));
    if ('refused' in outcome) {
      console.warn(`webhook refused: ${outcome.refused}`);
      return void res.writeHead(401).end(); // the service retries a failure later
    }
    const id = String(req.headers['webhook-id']);
    res.writeHead(200).end(); // acknowledge first: a slow receiver is a failed attempt (10 s)
    if (!seen.has(id)) {
      seen.add(id);
      options.onOrder(outcome.order);
    }
  });
  return { profileUrl: `${PLATFORM_ORIGIN}${profilePath}`, close };
}

/** One line per order: its id, what it holds and where it can be seen. */
export function describeOrder(order: Record<string, unknown>): string {
  const lines = (order.line_items as unknown[] | undefined)?.length ?? 0;
  return `order ${order.id}: ${lines} line(s), ${order.permalink_url}`;
}

// Run alone: serve the receiver until stopped (Ctrl-C); RECEIVE_ONE=1 stops after the first order.
if (import.meta.url === `file://${process.argv[1]}`) {
  const platform = await servePlatform({
    onOrder: (order) => {
      console.log(`verified webhook: ${describeOrder(order)}`);
      if (process.env.RECEIVE_ONE) platform.close();
    },
  });
  console.log(`receiving order webhooks for ${platform.profileUrl}`);
}
