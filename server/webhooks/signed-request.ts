/**
 * The headers of one attempt (issue #35 §3; order.md § Order Event Webhook, signatures.md § REST
 * Request Signing): Standard Webhooks' Webhook-Id and Webhook-Timestamp (the event's time, the same
 * at every attempt), Content-Digest of the stored bytes, the business profile that signs as
 * UCP-Agent, the Webhook-Id again as Idempotency-Key, and an RFC 9421 signature over all of them.
 * The signature is made afresh at each attempt: `created` is when it was sent, which is how a
 * platform judges freshness. Its parameters are keyid, created and expires: signatures.md derives
 * the algorithm from the key's curve, so `alg` is not sent (the library adds it unless told).
 */
import type { KeyObject } from 'node:crypto';
import { createSigner, httpbis } from 'http-message-signatures';
import { contentDigest } from '../signatures/content-digest';

/** How long a signature stays valid after it was made. */
const SIGNATURE_LIFETIME_S = 300;

export interface SignedDelivery {
  id: string;
  occurredAt: Date;
  body: string;
}

export interface WebhookSigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** The components signed: `@query` only when the URL has one (signatures.md). */
export function signedComponents(url: URL): string[] {
  return ['@method', '@authority', '@path', ...(url.search ? ['@query'] : []), 'ucp-agent', 'content-digest', 'content-type', 'webhook-id', 'webhook-timestamp', 'idempotency-key'];
}

export async function signedHeaders(delivery: SignedDelivery, url: URL, signerProfile: string, key: WebhookSigningKey, now: Date): Promise<Record<string, string>> {
  const headers = {
    'content-type': 'application/json',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(delivery.occurredAt.getTime() / 1000)),
    'content-digest': contentDigest(delivery.body),
    'ucp-agent': `profile="${signerProfile}"`,
    'idempotency-key': delivery.id,
  };
  const created = Math.floor(now.getTime() / 1000);
  const signed = await httpbis.signMessage(
    {
      key: createSigner(key.privateKey, 'ecdsa-p256-sha256', key.kid),
      name: 'sig1',
      fields: signedComponents(url),
      params: ['keyid', 'created', 'expires'],
      paramValues: { created: new Date(created * 1000), expires: new Date((created + SIGNATURE_LIFETIME_S) * 1000) },
    },
    { method: 'POST', url: url.href, headers },
  );
  return signed.headers as Record<string, string>;
}
