/**
 * The x402 parts of /api/openapi.json: the checkout's payment request headers, its 402 body and
 * header, the payment response headers, and an example of each built for this deployment. Their
 * words are server/docs/text/x402.yaml's, beside the overview's settlement section.
 */
import { encodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { X402_NETWORKS, type Config } from '../../config';
import { errorBody, type ErrorCode } from '../../errors/catalogue';
import type { Operation } from '../../trpc/meta';
import { checkoutOffer, paymentRefusal, v2Requirement, type Offer } from '../../x402/requirements';
import { x402OpenApiWords, type X402OpenApiWords } from '../../docs/x402';
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
export function x402RequirementSchema(words: X402OpenApiWords['requirement']): Json {
  const properties: Json = {
    scheme: { type: 'string', const: 'exact', description: words.properties.scheme },
    network: { type: 'string', enum: [...X402_NETWORKS], description: words.properties.network },
    maxAmountRequired: { type: 'string', pattern: '^[0-9]+$', description: words.properties.maxAmountRequired },
    resource: { type: 'string', format: 'uri', description: words.properties.resource },
    description: { type: 'string', description: words.properties.description },
    mimeType: { type: 'string', const: 'application/json' },
    payTo: { type: 'string', pattern: ADDRESS_PATTERN, description: words.properties.payTo },
    maxTimeoutSeconds: { type: 'integer', minimum: 1, description: words.properties.maxTimeoutSeconds },
    asset: { type: 'string', pattern: ADDRESS_PATTERN, description: words.properties.asset },
    outputSchema: { type: 'null' },
    extra: {
      type: 'object',
      description: words.properties.extra,
      required: ['name', 'version'],
      properties: { name: { type: 'string' }, version: { type: 'string' } },
      additionalProperties: false,
    },
  };
  return {
    type: 'object',
    description: words.description,
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
const X402_EXAMPLE_TOTAL_CENTS = 7499;
const X402_EXAMPLE_PAYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** The examples' clock: 2026-01-01T00:00:00Z. */
const X402_EXAMPLE_NOW = 1767225600;

export interface X402Example {
  /** The checkout's words (server/docs/text/x402.yaml), for this chain and this example. */
  words: X402OpenApiWords;
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
    words: x402OpenApiWords(network, offer.maxTimeoutSeconds, X402_EXAMPLE_TOTAL_CENTS),
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
  const { payment } = x402.words;
  return [
    {
      name: 'X-PAYMENT',
      in: 'header',
      required: false,
      description: payment['X-PAYMENT'],
      schema: { type: 'string' },
      example: x402.headers['X-PAYMENT'],
    },
    {
      name: 'PAYMENT-SIGNATURE',
      in: 'header',
      required: false,
      description: payment['PAYMENT-SIGNATURE'],
      schema: { type: 'string' },
      ...urlBound('v2-payment', payment.example, x402.headers['PAYMENT-SIGNATURE']),
    },
  ];
}

export function x402Headers(x402: X402Example): Record<X402Header, Json> {
  const { answer } = x402.words;
  return {
    'PAYMENT-REQUIRED': {
      description: answer['PAYMENT-REQUIRED'],
      required: true,
      schema: { type: 'string' },
      ...urlBound('payment-required', answer['PAYMENT-REQUIRED-example'], x402.headers['PAYMENT-REQUIRED']),
    },
    'PAYMENT-RESPONSE': { description: answer['PAYMENT-RESPONSE'], schema: { type: 'string' }, example: x402.headers['PAYMENT-RESPONSE'] },
    'X-PAYMENT-RESPONSE': { description: answer['X-PAYMENT-RESPONSE'], schema: { type: 'string' }, example: x402.headers['X-PAYMENT-RESPONSE'] },
  };
}
