/**
 * Reading an x402 payment from a request: `X-PAYMENT` (x402 v1) or `PAYMENT-SIGNATURE` (v2), each
 * base64 JSON, into one shape the checks and the ledger read whatever version carried it. The
 * envelope is @x402/core's to judge (parsePaymentPayload: its own zod, never mixed with ours); the
 * `exact` scheme's `payload` is ours, since x402 types it `Any` and an unchecked `value` would
 * make `BigInt()` throw. Anything unreadable is 400 payment_invalid.
 */
import { decodePaymentSignatureHeader } from '@x402/core/http';
import { parsePaymentPayload } from '@x402/core/schemas';
import { getAddress } from 'viem';
import { z } from 'zod';
import { ApiError } from '../errors/catalogue';
import { caip2Of } from './networks';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address (0x and 40 hex digits)');
const UINT256_MAX = 2n ** 256n - 1n;
const uint256 = z
  .string()
  .regex(/^\d{1,78}$/, 'a decimal integer string')
  // zod runs a refinement even after the regex failed: BigInt() must only see digits.
  .refine((v) => !/^\d{1,78}$/.test(v) || BigInt(v) <= UINT256_MAX, 'at most 2^256 - 1');

/** The `exact` scheme's payload on EVM: an EIP-3009 transferWithAuthorization, signed. */
const exactEvmPayload = z.object({
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, '65 bytes of hex'),
  authorization: z.object({
    from: address,
    to: address,
    value: uint256,
    validAfter: uint256,
    validBefore: uint256,
    nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/, '32 bytes of hex'),
  }),
});

export interface Authorization {
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: `0x${string}`;
}

/** A payment as sent, in the one shape every check reads. */
export interface SentPayment {
  version: 1 | 2;
  scheme: string;
  /** As the payment names it: a v1 name (`base-sepolia`) or CAIP-2. */
  network: string;
  /** CAIP-2, or undefined for a network this service does not know. */
  caip2: string | undefined;
  /** v2 only: the asset of the requirements it accepted. */
  asset: string | undefined;
  /** v2 only: the resource it was made for (undefined when the payment names none). */
  resourceUrl: string | undefined;
  signature: `0x${string}`;
  authorization: Authorization;
  /** The payment as decoded, for the facilitator and the payment's record. */
  received: Record<string, unknown>;
}

export type PaymentRead = { kind: 'none' } | { kind: 'invalid'; error: ApiError } | { kind: 'sent'; payment: SentPayment };

const invalid = (message: string): PaymentRead => ({ kind: 'invalid', error: new ApiError('payment_invalid', { message }) });

/** The two payment headers as the request carried them (REST's envelope); MCP has none. */
export interface PaymentHeaders {
  xPayment: string | null;
  paymentSignature: string | null;
}

export function readPayment(headers: PaymentHeaders | undefined): PaymentRead {
  const v1 = headers?.xPayment ?? null;
  const v2 = headers?.paymentSignature ?? null;
  if (v1 === null && v2 === null) return { kind: 'none' };
  if (v1 !== null && v2 !== null) return invalid('Send the payment once: X-PAYMENT (x402 v1) or PAYMENT-SIGNATURE (v2), not both.');
  const header = v1 !== null ? 'X-PAYMENT' : 'PAYMENT-SIGNATURE';
  const expected = v1 !== null ? 1 : 2;
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader((v1 ?? v2)!);
  } catch {
    return invalid(`${header} is not base64-encoded JSON.`);
  }
  const read = parseSentPayment(decoded, expected);
  return typeof read === 'string' ? invalid(`${header} ${read}`) : { kind: 'sent', payment: read };
}

/**
 * A decoded payment in the one shape, or what is wrong with it (a phrase that follows the header's
 * name). Also how the local ledger reads the payment a settle hands it.
 */
export function parseSentPayment(decoded: unknown, expected: 1 | 2): SentPayment | string {
  const version = (decoded as { x402Version?: unknown } | null)?.x402Version;
  if (version !== expected) return `carries x402Version ${expected}; this one says ${JSON.stringify(version ?? null)}. Version 1 goes in X-PAYMENT, version 2 in PAYMENT-SIGNATURE.`;
  const parsed = parsePaymentPayload(decoded);
  if (!parsed.success) return `is not an x402 payment payload: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'payment'}: ${i.message}`).join('; ')}.`;
  const exact = exactEvmPayload.safeParse(parsed.data.payload);
  if (!exact.success) return `has a payload that is not an exact EVM authorization: ${exact.error.issues.map((i) => `payload.${i.path.join('.')}: ${i.message}`).join('; ')}.`;
  const { signature, authorization: a } = exact.data;
  const data = parsed.data;
  const network = data.x402Version === 1 ? data.network : data.accepted.network;
  return {
    version: expected,
    scheme: data.x402Version === 1 ? data.scheme : data.accepted.scheme,
    network,
    caip2: caip2Of(network),
    asset: data.x402Version === 2 ? data.accepted.asset : undefined,
    resourceUrl: data.x402Version === 2 ? data.resource?.url : undefined,
    signature: signature as `0x${string}`,
    authorization: {
      from: a.from as `0x${string}`,
      to: a.to as `0x${string}`,
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce.toLowerCase() as `0x${string}`,
    },
    received: decoded as Record<string, unknown>,
  };
}

/**
 * An authorization's identity, the same whichever x402 version carried it: one pays at most once
 * (x402_payments, the ledger's transfers). The asset is the one our requirements name (a v1
 * payment names none); the payer checksummed, the nonce lower case.
 */
export function authorizationKey(p: SentPayment, asset: string): { network: string; asset: string; payer: `0x${string}`; nonce: string } {
  return { network: p.caip2 ?? p.network, asset, payer: getAddress(p.authorization.from), nonce: p.authorization.nonce };
}
