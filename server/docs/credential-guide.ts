/**
 * What a credential adds to the open surface, in four sentences an agent can act on: where a person
 * mints a network key, how a buyer token is had, how an agent acting for a person gets an OAuth
 * grant, and how a buyer's agent settles. One text (text/credential-guide.yaml) for /llms.txt
 * ("With a credential") and the overview doc (`with_a_credential`), so the two cannot say different
 * things; the REST targets come from the operation catalogue, so they are the ones served.
 */
import type { Operation } from '../trpc/meta';
import { fill, readText } from './text';

export interface CredentialGuide {
  network_key: string;
  buyers: string;
  oauth: string;
  settlement: string;
}

const TEXT = readText('credential-guide');

export function credentialGuide(operations: readonly Operation[]): CredentialGuide {
  // {{call.buyer.register}}: the seed API's operations are named router.procedure, so they nest so.
  // A name the catalogue lacks, or without a REST path, leaves its placeholder unfilled: fill throws.
  const call: Record<string, Record<string, string>> = {};
  for (const { name, rest } of operations) {
    const [router, procedure, ...deeper] = name.split('.');
    if (rest && procedure && deeper.length === 0) (call[router] ??= {})[procedure] = `${rest.method} ${rest.path}`;
  }
  return fill<CredentialGuide>(TEXT, { call }, 'credential guide');
}
