/**
 * x402 settlement in words (text/x402.yaml): the overview's settlement section, from 402 to order
 * as an agent goes through it (server/payments/x402-settlement.ts), and the checkout's words in
 * /api/openapi.json (server/http/openapi/x402.ts), so the two are read from one file.
 */
import type { Config } from '../config';
import { SETTLE_MARGIN_SECONDS } from '../x402/checks';
import type { X402Network } from '../x402/networks';
import { fill, readText } from './text';
import type { DocValues } from './values';

const TEXT = readText('x402');
const FACILITATOR = TEXT.facilitator as { remote: string; local: string };

export function settlementSection(config: Config, values: DocValues) {
  const facilitator = fill<string>(config.x402.facilitatorUrl ? FACILITATOR.remote : FACILITATOR.local, values, 'text/x402.yaml');
  return fill(TEXT.settlement, { ...values, facilitator }, 'text/x402.yaml');
}

export interface X402OpenApiWords {
  requirement: { description: string; properties: Record<string, string> };
  payment: { 'X-PAYMENT': string; 'PAYMENT-SIGNATURE': string; example: string };
  answer: Record<'PAYMENT-REQUIRED' | 'PAYMENT-REQUIRED-example' | 'PAYMENT-RESPONSE' | 'X-PAYMENT-RESPONSE' | 'payment-required-example' | 'unknown_outcome', string>;
}

/** The checkout's words in /api/openapi.json, for the chain it is paid on and the 402 example's total. */
export function x402OpenApiWords(network: X402Network, maxTimeoutSeconds: number, exampleTotalCents: number): X402OpenApiWords {
  const openapi = TEXT.openapi as { payment: { once: string } };
  const values = {
    network,
    x402: { settle_margin_seconds: SETTLE_MARGIN_SECONDS, max_timeout_seconds: maxTimeoutSeconds },
    once: openapi.payment.once,
    total_usd: (exampleTotalCents / 100).toFixed(2),
  };
  return fill<X402OpenApiWords>(openapi, values, 'text/x402.yaml');
}
