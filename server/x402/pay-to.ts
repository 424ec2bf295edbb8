/**
 * The address x402 payments go to: X402_PAY_TO, or on the test network, when it is unset, an
 * address of the service's own, so a fresh install can take test payments with nothing to set.
 * Its private key is derived from SECRETS_KEY (label `x402-pay-to`) each time it is needed and
 * stored nowhere; the same SECRETS_KEY gives the same address on every instance and every start.
 */
import { bytesToHex, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { X402Config } from '../config';
import type { ServiceKeys } from '../secrets/keys';

export function payToAddress(config: Pick<X402Config, 'network' | 'payTo'>, keys: Pick<ServiceKeys, 'key'>): `0x${string}` {
  if (config.payTo) return getAddress(config.payTo);
  // config.ts refuses X402_NETWORK=base without X402_PAY_TO: real money goes to an address someone holds.
  if (config.network !== 'base-sepolia') throw new Error(`X402_PAY_TO must be set on ${config.network}`);
  return privateKeyToAccount(bytesToHex(keys.key('x402-pay-to'))).address;
}
