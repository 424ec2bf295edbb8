/**
 * UCP 2026-04-08 business profiles: the network's at /.well-known/ucp and each seller's at
 * /store/{handle}/.well-known/ucp. Two services: UCP's own shopping binding (`dev.ucp.shopping`, at
 * `<base>/ucp` or the seller's `<base>/store/{handle}/ucp`) with its `dev.ucp.*` capabilities, whose
 * spec and schema URLs are UCP's (a URL's origin must match its namespace's authority); and the
 * seed API under the deployment's own namespace (UCP_NAMESPACE), whose URLs are this service's.
 */
import { z } from 'zod';
import type { Config } from '../config';
import { ADVISORY_CATALOGUE, type AdvisoryCode } from '../identity/advisories';
import { BINDING_CAPABILITIES, SHOPPING_SERVICE, UCP_VERSION } from '../negotiation/capabilities';
import { SIGNING_KEY_FIELDS } from '../negotiation/platform-profile';
import { bindingUrl, BINDING_MCP_SUFFIX } from './ucp-endpoints';

export { UCP_VERSION };
/** Version of this service's own capabilities (its API contract date). */
export const SERVICE_VERSION = '2026-11-21';
/** An agent's quick start as plain text (the llms.txt convention; http/llms-txt.ts), linked from every profile. */
export const LLMS_TXT_PATH = '/llms.txt';
/**
 * How long a platform may keep a profile (its Cache-Control max-age): a new webhook signing key
 * is published this long before it signs (webhooks/signing-key-rotation.ts).
 */
export const PROFILE_MAX_AGE_SECONDS = 300;

const REFUSAL_ADVISORIES: AdvisoryCode[] = ['reserved_profile_host', 'ip_profile_host'];

const url = z.string().url();
const reverseDomainName = z.string().regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/);
/** A public JWK (discovery/profile.json#/$defs/signing_key): never a private member. */
const signingKey = z.object(SIGNING_KEY_FIELDS).strict();
const scoped = z.object({ seller_handle: z.string() }).strict().optional();

/** UCP's identity linking: the user-authenticated scopes the business offers, each `{capability}:{scope}`. */
const identityLinkingConfig = z
  .object({
    scopes: z.record(
      z.string().regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+:[a-z][a-z0-9_]*$/),
      z.object({ description: z.object({ plain: z.string() }).strict() }).strict(),
    ),
  })
  .strict();

/**
 * The profile this service publishes: a business profile of UCP 2026-04-08 (its
 * discovery/profile.json#/$defs/business_profile), described exactly so that every manifest the
 * service serves is checked against it (as the procedure's output) without the protocol's schemas.
 */
export const ucpProfile = z
  .object({
    ucp: z
      .object({
        version: z.literal(UCP_VERSION),
        services: z.record(
          z.string(),
          z.array(z.object({ version: z.string(), transport: z.enum(['rest', 'mcp']), endpoint: url, schema: url, spec: url, config: scoped }).strict()),
        ),
        capabilities: z.record(
          z.string(),
          z.array(
            z
              .object({
                version: z.string(),
                spec: url,
                schema: url,
                extends: z.union([reverseDomainName, z.array(reverseDomainName).min(1)]).optional(),
                config: z.union([z.record(z.string(), url), identityLinkingConfig]).optional(),
              })
              .strict(),
          ),
        ),
        payment_handlers: z.record(
          z.string(),
          z.array(
            z
              .object({
                id: z.string(),
                version: z.string(),
                spec: url,
                config: z.object({ confirmation: z.literal('human'), currencies: z.array(z.string().length(3)) }).strict(),
              })
              .strict(),
          ),
        ),
      })
      .strict(),
    signing_keys: z.array(signingKey).optional().describe('Public keys (JWK) that verify what this business signs, e.g. order webhooks.'),
    name: z.string(),
    llms_txt: url.describe('An agent’s quick start as plain text (llms.txt): the four calls to a paid order, where OpenAPI and MCP live, the errors and what to do.'),
    advisories: z.array(
      z
        .object({
          code: z.enum(Object.keys(ADVISORY_CATALOGUE) as [AdvisoryCode, ...AdvisoryCode[]]),
          message: z.string(),
          documentation: url,
          refused_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        })
        .strict(),
    ),
    seller: z.object({ handle: z.string(), name: z.string(), domains: z.array(z.string()) }).strict().optional(),
  })
  .strict()
  .describe('UCP 2026-04-08 business profile (discovery/profile.json#/$defs/business_profile).')
  .meta({ id: 'UcpBusinessProfile' });

export type UcpProfile = z.infer<typeof ucpProfile>;

export interface SellerScope {
  handle: string;
  name: string;
  domains: string[];
}

/** `signingKeys`: the public JWKs that verify the order webhooks now (webhooks/signing-keys.ts, publishedSigningKeys). */
export function businessProfile(config: Config, signingKeys: Record<string, string>[], seller?: SellerScope): UcpProfile {
  const base = config.publicBaseUrl;
  const ns = config.ucpNamespace;
  const scope = seller ? { seller_handle: seller.handle } : undefined;
  const q = seller ? `?seller_handle=${encodeURIComponent(seller.handle)}` : '';
  const sellerQ = seller ? `?handle=${encodeURIComponent(seller.handle)}` : '';

  const endpoint = bindingUrl(base, seller?.handle);
  const profile: UcpProfile = {
    ucp: {
      version: UCP_VERSION,
      services: {
        [SHOPPING_SERVICE.name]: [
          { version: UCP_VERSION, spec: SHOPPING_SERVICE.spec, transport: 'rest', endpoint, schema: SHOPPING_SERVICE.schemas.rest },
          { version: UCP_VERSION, spec: SHOPPING_SERVICE.spec, transport: 'mcp', endpoint: `${endpoint}${BINDING_MCP_SUFFIX}`, schema: SHOPPING_SERVICE.schemas.mcp },
        ],
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
        ...Object.fromEntries(Object.entries(BINDING_CAPABILITIES).map(([name, { version, spec, schema, extends: parents }]) => [name, [{ version, spec, schema, ...(parents && { extends: parents }) }]])),
        [`${ns}.catalog`]: [
          {
            version: SERVICE_VERSION,
            spec: `${base}/api/agent/docs/rest#catalog`,
            schema: `${base}/api/openapi.json`,
            config: {
              search: `${base}/api/agent/search${q}`,
              product: `${base}/api/agent/product`,
              ...(seller
                ? { seller: `${base}/api/agent/seller${sellerQ}`, policies: `${base}/api/agent/policies${sellerQ}` }
                : { sellers: `${base}/api/agent/sellers` }),
            },
          },
        ],
        // Enough for an agent that knows only this document: search, quick-buy, payment link.
        [`${ns}.checkout`]: [
          {
            version: SERVICE_VERSION,
            spec: `${base}/api/agent/docs/rest#carts`,
            schema: `${base}/api/openapi.json`,
            config: {
              cart: `${base}/api/agent/cart`,
              quick_buy: `${base}/api/agent/quick-buy`,
              payment_link: `${base}/api/agent/payment-link`,
              limits: `${base}/api/agent/platform/limits`,
            },
          },
        ],
        // A platform links a person's account through the authorization server (RFC 8414
        // discovery on this origin) and then reads their orders; UCP's scope grammar admits
        // only this one of the API's scopes.
        'dev.ucp.common.identity_linking': [
          {
            version: UCP_VERSION,
            spec: 'https://ucp.dev/specification/identity-linking',
            schema: 'https://ucp.dev/schemas/common/identity_linking.json',
            config: {
              scopes: {
                'dev.ucp.shopping.order:read': {
                  description: {
                    plain: 'Read the orders a person placed through this network, from every platform they linked, and follow each order’s status.',
                  },
                },
              },
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
    signing_keys: signingKeys.map((jwk) => signingKey.parse(jwk)),
    name: seller ? seller.name : 'Agent Commerce Network',
    llms_txt: `${base}${LLMS_TXT_PATH}`,
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
