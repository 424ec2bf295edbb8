/**
 * An ACP platform's order-events endpoint (`oas/agentic_checkout_webhook`) on the pinned HTTPS
 * `.test` server (./profile-server.ts): it verifies each delivery's `Merchant-Signature` as a
 * platform would, HMAC-SHA256 of `t + "." + raw body` with the secret it was shown and `t` within
 * 300 s, answering 401 otherwise, and records what it took.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProfileServer } from './profile-server';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered: 401 when the signature did not verify. */
  status: number;
}

/** A platform's check of a delivery: the HMAC, and `t` within 300 s of `now`. */
export function merchantSignatureVerifies(headers: Record<string, string>, body: string, secret: string, now = Date.now()): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['merchant-signature'] ?? '');
  if (!m) return false;
  if (Math.abs(now / 1000 - Number(m[1])) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}

/** Serves `path` on `ps`, verifying with the secret `secretOf` answers at each delivery, recording into `into`; answers the URL to register. */
export function acpReceiver(ps: ProfileServer, path: string, secretOf: () => string | undefined, into: ReceivedDelivery[]): string {
  ps.routes.set(path, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = req.headers as Record<string, string>;
      const body = Buffer.concat(chunks).toString('utf8');
      const status = merchantSignatureVerifies(headers, body, secretOf() ?? '') ? 200 : 401;
      into.push({ headers, body, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"received":true}' : '{"type":"invalid_request","code":"invalid_signature","message":"no"}');
    });
  });
  return `${ps.origin}${path}`;
}
