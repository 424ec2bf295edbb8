/**
 * UCP's platform profile (discovery/profile.json#/$defs/platform_profile at 2026-04-08) as
 * negotiation reads it: a zod definition mirroring the official schema member for member
 * (test/negotiation.test.ts holds the two to the same verdicts), and the view kept of a valid
 * document. A profile may carry members of its own at every level, as the schema allows.
 *
 * The version is read first: a profile at another version is refused as such, whatever shape that
 * version gives it, so that the platform hears that the version, not its document, is the trouble.
 */
import { z } from 'zod';
import { FetchRefused } from '../profiles/fetch';
import { BINDING_CAPABILITIES, UCP_VERSION } from './capabilities';
import { jwks } from '../signatures/keys';
import type { CapabilityConfig, NegotiationView, SigningKey } from './types';

/** shopping/types/reverse_domain_name.json */
const reverseDomainName = z.string().regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/);
/** ucp.json#/$defs/version */
const version = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const uri = z.url();
const object = z.record(z.string(), z.unknown());

/** ucp.json#/$defs/entity */
const entity = {
  version,
  spec: uri.optional(),
  schema: uri.optional(),
  id: z.string().optional(),
  config: object.optional(),
};

const registry = <T extends z.ZodType>(item: T) => z.record(reverseDomainName, z.array(item));

/** service.json#/$defs/platform_schema: spec always, schema for every transport but a2a. */
const service = z
  .looseObject({ ...entity, spec: uri, transport: z.enum(['rest', 'mcp', 'a2a', 'embedded']), endpoint: uri.optional() })
  .refine((s) => s.transport === 'a2a' || s.schema !== undefined, { message: 'schema is required for the rest, mcp and embedded transports', path: ['schema'] });

/** capability.json#/$defs/platform_schema */
const capability = z.looseObject({
  ...entity,
  spec: uri,
  schema: uri,
  extends: z.union([reverseDomainName, z.array(reverseDomainName).min(1)]).optional(),
});

/** payment_handler.json#/$defs/platform_schema, with shopping/types/available_payment_instrument.json */
const paymentHandler = z.looseObject({
  ...entity,
  id: z.string(),
  spec: uri,
  schema: uri,
  available_instruments: z
    .array(z.looseObject({ type: z.string(), constraints: object.refine((c) => Object.keys(c).length > 0, 'constraints must name at least one').optional() }))
    .min(1)
    .optional(),
});

/** discovery/profile.json#/$defs/signing_key's members (the business profiles publish theirs with them too). */
export const SIGNING_KEY_FIELDS = {
  kid: z.string(),
  kty: z.string(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
  use: z.enum(['sig', 'enc']).optional(),
  alg: z.string().optional(),
};

const signingKey = z.looseObject(SIGNING_KEY_FIELDS);

/** discovery/profile.json#/$defs/platform_profile, with ucp.json#/$defs/platform_schema as its `ucp`. */
export const platformProfile = z.looseObject({
  ucp: z.looseObject({
    version,
    status: z.enum(['success', 'error']).optional(),
    services: registry(service),
    capabilities: registry(capability).optional(),
    payment_handlers: registry(paymentHandler),
  }),
  signing_keys: z.array(signingKey).optional(),
});

const SHOWN_ISSUES = 3;
/** As long as a URL a client's metadata may carry (oauth/client-metadata-rules.ts). */
const MAX_WEBHOOK_URL_CHARS = 2048;

/**
 * The negotiation view of a fetched platform profile (a digest for profiles/index.ts `cache`), or
 * FetchRefused: `unsupported` for another `ucp.version`, `malformed` for anything that is not a
 * valid platform profile.
 */
export function negotiationView(document: Record<string, unknown>): NegotiationView {
  const ucp = document.ucp;
  const sent = typeof ucp === 'object' && ucp !== null ? (ucp as Record<string, unknown>).version : undefined;
  if (typeof sent === 'string' && sent !== UCP_VERSION) {
    throw new FetchRefused(`its ucp.version is ${JSON.stringify(sent.slice(0, 40))}, and this business supports ${UCP_VERSION} only`, 'unsupported');
  }
  const parsed = platformProfile.safeParse(document);
  if (!parsed.success) throw new FetchRefused(describe(parsed.error), 'malformed');
  const { ucp: profile, signing_keys: keys } = parsed.data;
  // Kept per URL for up to a day, bounded in bytes (profiles/cache.ts): only what is read, so that
  // a profile of 256 KiB costs what negotiation, the webhooks and checkout read of it, not its size.
  const view: NegotiationView = { version: profile.version, capabilities: offeredCapabilities(profile.capabilities ?? {}) };
  if (keys) view.signing_keys = jwks(keys) as SigningKey[];
  return view;
}

/**
 * The platform's entries the intersection can choose (intersect.ts): of each capability this
 * business offers, the entry at the version it offers (the last, as the intersection reads them),
 * with the members of its config that are read. The platform's `extends` is not kept: the
 * intersection takes the business's (its implementation is what extends).
 */
function offeredCapabilities(declared: Record<string, z.infer<typeof capability>[]>): NegotiationView['capabilities'] {
  const kept: NegotiationView['capabilities'] = {};
  for (const [name, offered] of Object.entries(BINDING_CAPABILITIES)) {
    const entry = Object.hasOwn(declared, name) ? declared[name].findLast((e) => e.version === offered.version) : undefined;
    if (!entry) continue;
    const config = entry.config && readConfig(name, entry.config);
    kept[name] = [{ version: entry.version, ...(config && { config }) }];
  }
  return kept;
}

/**
 * Of a capability's config, what the service reads, of the type it reads: `webhook_url` (the
 * order webhooks: webhooks/worker.ts) and `supports_multi_group` (checkout's fulfillment:
 * ucp/checkout.ts). A webhook URL longer than any the service would keep refuses the profile.
 */
function readConfig(name: string, config: Record<string, unknown>): CapabilityConfig | undefined {
  const kept: CapabilityConfig = {};
  const { webhook_url: url, supports_multi_group: multiGroup } = config;
  if (typeof url === 'string') {
    if (url.length > MAX_WEBHOOK_URL_CHARS) throw new FetchRefused(`${pathOf(['ucp', 'capabilities', name])}[…].config.webhook_url is longer than ${MAX_WEBHOOK_URL_CHARS} characters`, 'malformed');
    kept.webhook_url = url;
  }
  if (typeof multiGroup === 'boolean') kept.supports_multi_group = multiGroup;
  return Object.keys(kept).length ? kept : undefined;
}

/** The first few problems, each at its path (`ucp.payment_handlers`, `ucp.capabilities["x.y"][0].spec`). */
function describe(error: z.ZodError): string {
  const shown = error.issues.slice(0, SHOWN_ISSUES).map((issue) => `${pathOf(issue.path) || 'the document'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : typeof key === 'string' && /^[a-z_][a-z0-9_]*$/i.test(key) ? `${i ? '.' : ''}${key}` : `[${JSON.stringify(String(key).slice(0, 80))}]`))
    .join('');
}
