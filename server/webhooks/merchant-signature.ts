/**
 * The headers of an ACP order webhook (openapi.agentic_checkout_webhook.yaml): `Merchant-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, made afresh at each attempt
 * (the receiver refuses a `t` more than 300 s off), the HMAC key being the whole secret as UTF-8.
 */
import { createHmac } from 'node:crypto';

export function merchantSignature(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export function acpWebhookHeaders(secret: string, body: string, now: Date): Record<string, string> {
  return { 'content-type': 'application/json', 'merchant-signature': merchantSignature(secret, body, now) };
}
