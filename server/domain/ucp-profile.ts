/**
 * UCP 2026-04-08 business profiles: the network's at /.well-known/ucp and each seller's at
 * /store/{handle}/.well-known/ucp. This API is not UCP's shopping binding, so it is advertised
 * under the service's own namespace; `dev.ucp.*` names are reserved for what follows UCP's schemas.
 */
import type { Config } from '../config';
import { ADVISORY_CATALOGUE, type AdvisoryCode } from '../identity/advisories';

export const UCP_VERSION = '2026-04-08';
/** Version of this service's own capabilities (its API contract date). */
export const SERVICE_VERSION = '2026-11-21';

const REFUSAL_ADVISORIES: AdvisoryCode[] = ['reserved_profile_host', 'ip_profile_host'];

export interface SellerScope {
  handle: string;
  name: string;
  domains: string[];
}

export function businessProfile(config: Config, seller?: SellerScope): Record<string, unknown> {
  const base = config.publicBaseUrl;
  const ns = config.ucpNamespace;
  const scope = seller ? { seller_handle: seller.handle } : undefined;
  const q = seller ? `?seller_handle=${encodeURIComponent(seller.handle)}` : '';
  const sellerQ = seller ? `?handle=${encodeURIComponent(seller.handle)}` : '';

  const profile: Record<string, unknown> = {
    ucp: {
      version: UCP_VERSION,
      services: {
        [`${ns}.api`]: [
          {
            version: SERVICE_VERSION,
            transport: 'rest',
            endpoint: `${base}/api/agent`,
            schema: `${base}/api/openapi.json`,
            spec: `${base}/api/agent/docs/rest`,
            ...(scope && { config: scope }),
          },
          {
            version: SERVICE_VERSION,
            transport: 'mcp',
            endpoint: `${base}/api/mcp`,
            schema: `${base}/api/mcp/openrpc.json`,
            spec: `${base}/api/agent/docs/mcp`,
            ...(scope && { config: scope }),
          },
        ],
      },
      capabilities: {
        [`${ns}.catalog`]: [
          {
            version: SERVICE_VERSION,
            spec: `${base}/api/agent/docs/rest#catalog`,
            schema: `${base}/api/openapi.json`,
            config: {
              search: `${base}/api/agent/search${q}`,
              ...(seller
                ? { seller: `${base}/api/agent/seller${sellerQ}`, policies: `${base}/api/agent/policies${sellerQ}` }
                : { sellers: `${base}/api/agent/sellers` }),
            },
          },
        ],
      },
      payment_handlers: {
        [`${ns}.payment_link`]: [
          {
            id: 'payment_link',
            version: SERVICE_VERSION,
            spec: `${base}/api/agent/docs/rest#payment-link`,
            config: { confirmation: 'human', currencies: ['USD'] },
          },
        ],
      },
    },
    name: seller ? seller.name : 'Agent Commerce Network',
    advisories: REFUSAL_ADVISORIES.map((code) => ({
      code,
      message: ADVISORY_CATALOGUE[code],
      documentation: `${base}/api/agent/docs/overview#advisory-${code}`,
      refused_from: config.profileHostRefusedFrom,
    })),
  };
  if (seller) profile.seller = { handle: seller.handle, name: seller.name, domains: seller.domains };
  return profile;
}
