/**
 * The checks every x402 payment passes before anything is written, in the order the refusal
 * reasons are given (a payment wrong in two ways is told the first): scheme, network and asset,
 * recipient, value, validity window (open now, and closing within the requirements'
 * maxTimeoutSeconds), resource, payer, signature, nonce. Reasons are @x402/evm's words where it
 * has them. Only the service's own configuration is trusted: the EIP-712 domain the signature is
 * checked under comes from it, never from the payment.
 */
import { getAddress } from 'viem';
import { authorizationDigest } from './authorization-digest';
import { signerOf } from '../lib/secp256k1';
import type { X402Network } from './networks';
import type { SentPayment } from './payment';

/** A payment must stay valid this long after it arrives: the facilitator needs the time to settle. */
export const SETTLE_MARGIN_SECONDS = 6n;
/**
 * How far the payer's clock may run ahead of ours. The stock client signs validBefore as its own
 * clock + maxTimeoutSeconds; one further out is no honest client's, and past year 9999 it is no
 * time a database column holds (the payment's record keeps it).
 */
export const CLOCK_SKEW_SECONDS = 60n;

export interface Expected {
  network: X402Network;
  payTo: `0x${string}`;
  amount: bigint;
  /** The checkout URL a v2 payment must name. */
  resource: string;
  /** Unix seconds. */
  now: bigint;
  /** The requirements' maxTimeoutSeconds: a validBefore further out than this (and the skew) is refused. */
  maxTimeoutSeconds: number;
}

export interface PaymentFacts {
  /** Whether `from` is a wallet of the buyer (or person) the checkout settles for. */
  payerRegistered: boolean;
  /** Whether (network, asset, from, nonce) was used by any payment or transfer already. */
  nonceUsed(): Promise<boolean>;
}

/** What the transfer would move, on which chain, to whom and how much: all a settle holds it to besides time. */
export function transferReason(p: SentPayment, expected: Pick<Expected, 'network' | 'payTo' | 'amount'>): string | undefined {
  if (p.scheme !== 'exact') return 'invalid_exact_evm_scheme';
  if (p.caip2 !== expected.network.caip2) return 'invalid_exact_evm_network_mismatch';
  if (p.version === 2 && p.asset?.toLowerCase() !== expected.network.asset.toLowerCase()) return 'invalid_exact_evm_network_mismatch';
  if (p.authorization.to.toLowerCase() !== expected.payTo.toLowerCase()) return 'invalid_exact_evm_recipient_mismatch';
  if (p.authorization.value !== expected.amount) return 'invalid_exact_evm_payload_authorization_value_mismatch';
  return undefined;
}

/** The terms of the payment itself: everything but who pays and whether its nonce is fresh. */
export function termsReason(p: SentPayment, expected: Expected): string | undefined {
  const transfer = transferReason(p, expected);
  if (transfer) return transfer;
  const { authorization: a } = p;
  if (a.validAfter > expected.now) return 'invalid_exact_evm_payload_authorization_valid_after';
  const latest = expected.now + BigInt(expected.maxTimeoutSeconds) + CLOCK_SKEW_SECONDS;
  if (a.validBefore < expected.now + SETTLE_MARGIN_SECONDS || a.validBefore > latest) return 'invalid_exact_evm_payload_authorization_valid_before';
  if (p.version === 2 && p.resourceUrl !== expected.resource) return 'resource_mismatch';
  return undefined;
}

/** Whether the EIP-3009 authorization was signed by `from`, under the asset's domain on our chain. */
export function signedByPayer(p: SentPayment, network: X402Network): boolean {
  return signerOf(authorizationDigest(network, p.authorization), p.signature) === getAddress(p.authorization.from);
}

/** The first reason to refuse the payment, or undefined when it may be settled. */
export async function refusalReason(p: SentPayment, expected: Expected, facts: PaymentFacts): Promise<string | undefined> {
  const terms = termsReason(p, expected);
  if (terms) return terms;
  if (!facts.payerRegistered) return 'payer_not_registered';
  if (!signedByPayer(p, expected.network)) return 'invalid_exact_evm_signature';
  if (await facts.nonceUsed()) return 'invalid_exact_evm_nonce_already_used';
  return undefined;
}
