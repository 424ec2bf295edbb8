/**
 * The x402 parts of /api/openapi.json: the checkout's payment request headers, its 402 body and
 * header, the payment response headers, and an example of each built for this deployment.
 */
import { encodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { X402_NETWORKS, type Config } from '../../config';
import { errorBody, type ErrorCode } from '../../errors/catalogue';
import type { Operation } from '../../trpc/meta';
import { SETTLE_MARGIN_SECONDS } from '../../x402/checks';
import type { X402Network } from '../../x402/networks';
import { checkoutOffer, paymentRefusal, v2Requirement, type Offer } from '../../x402/requirements';
import type { Json } from './components';

/**
 * An operation paid with x402 (the checkout): it reads the payment request headers, answers its
 * 402s with x402's payment-required body and header, and its success with the payment response.
 */
export const paysWithX402 = (operation: Operation) => operation.policy.errors?.includes('payment_required') === true;

/** The 402 codes whose body is x402 v1's payment-required answer (errorBody moves its fields to the top). */
export const X402_BODIES: readonly ErrorCode[] = ['payment_required', 'payment_rejected'];
export const X402_REQUIREMENT = 'X402PaymentRequirementsV1';
export type X402Header = 'PAYMENT-REQUIRED' | 'PAYMENT-RESPONSE' | 'X-PAYMENT-RESPONSE';

const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';

/** x402 v1's requirement as the 402 body's accepts lists it (x402/requirements.ts v1Requirement). */
export function x402RequirementSchema(network: X402Network, maxTimeoutSeconds: number): Json {
  const properties: Json = {
    scheme: { type: 'string', const: 'exact', description: 'EIP-3009: a transferWithAuthorization of the asset, signed by the paying wallet.' },
    network: { type: 'string', enum: [...X402_NETWORKS], description: `x402 v1’s name of the chain: ${network.name} here (chain id ${network.chainId}; v2 names it ${network.caip2}).` },
    maxAmountRequired: {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'The cart’s total in the asset’s atomic units (USDC has 6 decimals: total_cents × 10⁴). The authorization’s value must be exactly this.',
    },
    resource: { type: 'string', format: 'uri', description: 'This checkout’s URL; a v2 payment must name it as its resource.' },
    description: { type: 'string', description: 'The cart and its total, in words.' },
    mimeType: { type: 'string', const: 'application/json' },
    payTo: { type: 'string', pattern: ADDRESS_PATTERN, description: 'The address paid: the authorization’s to.' },
    maxTimeoutSeconds: { type: 'integer', minimum: 1, description: `How long settling may take (X402_MAX_TIMEOUT_SECONDS: ${maxTimeoutSeconds} here).` },
    asset: { type: 'string', pattern: ADDRESS_PATTERN, description: `The USDC contract (${network.asset} on ${network.name}): the authorization’s verifyingContract.` },
    outputSchema: { type: 'null' },
    extra: {
      type: 'object',
      description: `The token’s EIP-712 domain name and version (${network.extra.name}, ${network.extra.version} here), which with the chain id and the asset make the domain the authorization is signed under.`,
      required: ['name', 'version'],
      properties: { name: { type: 'string' }, version: { type: 'string' } },
      additionalProperties: false,
    },
  };
  return {
    type: 'object',
    description: `One way to pay the checkout, as x402 v1 states it: an authorization of maxAmountRequired of the asset to payTo, from a wallet linked to the buyer, valid from now (validAfter not in the future) until at least ${SETTLE_MARGIN_SECONDS} s after it arrives (validBefore).`,
    required: Object.keys(properties),
    properties,
    additionalProperties: false,
  };
}

/**
 * The example checkout: what this deployment asks for a cart of that total (the quick-buy
 * example's cart, on the demo catalog), and how the payment and its answer look.
 */
const X402_EXAMPLE_CART = 'cart_01kt2j4f6h8k0m2p4r6t8v0x2z';
export const X402_EXAMPLE_TOTAL_CENTS = 7499;
const X402_EXAMPLE_PAYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** The examples' clock: 2026-01-01T00:00:00Z. */
const X402_EXAMPLE_NOW = 1767225600;

export interface X402Example {
  network: X402Network;
  maxTimeoutSeconds: number;
  /** The 402 payment_required body, as errorBody writes it. */
  body: unknown;
  headers: Record<X402Header | 'X-PAYMENT' | 'PAYMENT-SIGNATURE', string>;
}

/**
 * Built with the functions a checkout answers with, for this deployment's chain and payee: the
 * example is what the service would answer for a cart of that total. The payment's signature is
 * a placeholder of the right form: a real one is the wallet's (an x402 client makes it).
 */
export function x402Example(config: Config, x402: Pick<Offer, 'network' | 'payTo' | 'maxTimeoutSeconds'>): X402Example {
  const { network } = x402;
  const offer = checkoutOffer(x402, config.publicBaseUrl, X402_EXAMPLE_CART, X402_EXAMPLE_TOTAL_CENTS);
  const refusal = paymentRefusal('payment_required', offer);
  const payload = {
    signature: `0x${'ab'.repeat(64)}1b`,
    authorization: {
      from: X402_EXAMPLE_PAYER,
      to: offer.payTo,
      value: String(offer.amount),
      validAfter: String(X402_EXAMPLE_NOW - 600),
      validBefore: String(X402_EXAMPLE_NOW + offer.maxTimeoutSeconds),
      nonce: `0x${'3c'.repeat(32)}`,
    },
  };
  const v1 = { x402Version: 1, scheme: 'exact', network: network.name, payload };
  const v2 = { x402Version: 2, resource: { url: offer.resource, description: offer.description, mimeType: 'application/json' }, accepted: v2Requirement(offer), payload };
  const settled = { success: true, transaction: `0x${'5e'.repeat(32)}`, payer: X402_EXAMPLE_PAYER } as const;
  return {
    network,
    maxTimeoutSeconds: offer.maxTimeoutSeconds,
    body: errorBody(refusal, 'req_example'),
    headers: {
      'PAYMENT-REQUIRED': refusal.headers['PAYMENT-REQUIRED'],
      'X-PAYMENT': Buffer.from(JSON.stringify(v1)).toString('base64'),
      'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(v2 as PaymentPayload),
      'X-PAYMENT-RESPONSE': encodePaymentResponseHeader({ ...settled, network: network.name as `${string}:${string}` }),
      'PAYMENT-RESPONSE': encodePaymentResponseHeader({ ...settled, network: network.caip2 }),
    },
  };
}

/**
 * A value that encodes this deployment's URL (a v2 payment, PAYMENT-REQUIRED) is given as a named
 * example, which generated clients leave out of their types: an `example` would put the base64 of
 * the URL in them, different for every origin the document is served at.
 */
const urlBound = (name: string, summary: string, value: string) => ({ examples: { [name]: { summary, value } } });

/** The payment a checkout request carries: one header of the two, in the version it names. */
export function x402Parameters(x402: X402Example): Json[] {
  const once =
    'Send one of X-PAYMENT and PAYMENT-SIGNATURE, not both (400 payment_invalid), each at most once (a repeat is 400 invalid_request); a value that is not such a payment is 400 payment_invalid. Without either the answer is 402 payment_required, saying what to pay.';
  return [
    {
      name: 'X-PAYMENT',
      in: 'header',
      required: false,
      description: `An x402 v1 payment, base64-encoded JSON as x402 clients make it from the 402 body’s accepts: {x402Version: 1, scheme: "exact", network: "${x402.network.name}", payload: {signature, authorization: {from, to, value, validAfter, validBefore, nonce}}}. ${once}`,
      schema: { type: 'string' },
      example: x402.headers['X-PAYMENT'],
    },
    {
      name: 'PAYMENT-SIGNATURE',
      in: 'header',
      required: false,
      description: `An x402 v2 payment, base64-encoded JSON as x402 clients make it from the PAYMENT-REQUIRED header: {x402Version: 2, resource: {url: this checkout’s URL, …}, accepted: the requirement chosen, payload: {signature, authorization}}. ${once}`,
      schema: { type: 'string' },
      ...urlBound('v2-payment', 'A v2 payment for the 402 example’s cart (its signature a placeholder)', x402.headers['PAYMENT-SIGNATURE']),
    },
  ];
}

export function x402Headers(x402: X402Example): Record<X402Header, Json> {
  const response = (version: string, where: string, network: string) =>
    `x402 ${version}’s settlement response, base64-encoded JSON {success: true, transaction, network: ${network}, payer}: sent when the payment came in ${where}; a replay of the answer carries it too.`;
  return {
    'PAYMENT-REQUIRED': {
      description: `x402 v2’s PaymentRequired, base64-encoded JSON: {x402Version: 2, error, resource: {url, description, mimeType}, accepts: [{scheme: "exact", network: "${x402.network.caip2}", amount, asset, payTo, maxTimeoutSeconds, extra}]}: the body’s requirement (x402 v1’s), for v2 clients.`,
      required: true,
      schema: { type: 'string' },
      ...urlBound('payment-required', 'What to pay for the 402 example’s cart', x402.headers['PAYMENT-REQUIRED']),
    },
    'PAYMENT-RESPONSE': { description: response('v2', 'PAYMENT-SIGNATURE', `"${x402.network.caip2}"`), schema: { type: 'string' }, example: x402.headers['PAYMENT-RESPONSE'] },
    'X-PAYMENT-RESPONSE': { description: response('v1', 'X-PAYMENT', `"${x402.network.name}"`), schema: { type: 'string' }, example: x402.headers['X-PAYMENT-RESPONSE'] },
  };
}

/** On a checkout a 503 may come after the payment was sent: what to do then. */
export const X402_UNKNOWN_OUTCOME =
  'After the payment was sent, a 503 means the facilitator has not said whether it settled: the order stays pending_payment and nothing is charged twice. Send the same request again (the same payment header and Idempotency-Key) after Retry-After: it answers the order once settled, or 402 payment_rejected if the payment failed.';
