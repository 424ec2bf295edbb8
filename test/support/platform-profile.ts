/**
 * A valid UCP platform profile (discovery/profile.json#/$defs/platform_profile at 2026-04-08), for
 * tests and benchmarks to serve from test/support/profile-server.ts: by default the shopping
 * service on REST and MCP, every capability the binding offers, and one payment handler; each part
 * replaceable. test/negotiation.test.ts holds the default, and one with every optional part, to the
 * official schema.
 */
import { BINDING_CAPABILITIES, SHOPPING_SERVICE, UCP_VERSION } from '../../server/negotiation/capabilities';
import type { ProfileServer } from './profile-server';

/** One capability entry as a platform declares it (capability.json#/$defs/platform_schema). */
export interface PlatformCapability {
  version: string;
  spec: string;
  schema: string;
  extends?: string | string[];
  config?: Record<string, unknown>;
  [member: string]: unknown;
}

export interface PlatformProfileOptions {
  /** `ucp.version` (default 2026-04-08); the entries keep theirs. */
  version?: string;
  /** Name → entries (default: every capability of the binding, at the version it offers). */
  capabilities?: Record<string, PlatformCapability[]>;
  /** Name → handlers (default: one card tokenizer). */
  payment_handlers?: Record<string, Record<string, unknown>[]>;
  /** Public keys (JWK); none by default. */
  signing_keys?: Record<string, unknown>[];
}

export type PlatformProfileDocument = { ucp: Record<string, unknown>; signing_keys?: Record<string, unknown>[] } & Record<string, unknown>;

/**
 * An entry for `name` with a spec and schema URL: UCP's own for a capability of the binding or a
 * dev.ucp name, else under the namespace's authority (com.example.loyalty → https://example.com/…).
 */
export function platformCapability(name: string, more: { version?: string; extends?: string | string[]; config?: Record<string, unknown> } = {}): PlatformCapability {
  const version = more.version ?? UCP_VERSION;
  const offered = BINDING_CAPABILITIES[name];
  const [tld, domain, ...rest] = name.split('.');
  const base = name.startsWith('dev.ucp.') ? `https://ucp.dev/${version}` : `https://${domain}.${tld}/ucp/${version}`;
  const leaf = rest.join('_');
  return {
    version,
    spec: offered && version === offered.version ? offered.spec : `${base}/specification/${leaf}`,
    schema: offered && version === offered.version ? offered.schema : `${base}/schemas/${leaf}.json`,
    ...(more.extends !== undefined && { extends: more.extends }),
    ...(more.config && { config: more.config }),
  };
}

export function platformProfile(options: PlatformProfileOptions = {}): PlatformProfileDocument {
  const capabilities = options.capabilities ?? Object.fromEntries(Object.keys(BINDING_CAPABILITIES).map((name) => [name, [platformCapability(name)]]));
  const services = {
    [SHOPPING_SERVICE.name]: (['rest', 'mcp'] as const).map((transport) => ({ version: UCP_VERSION, spec: SHOPPING_SERVICE.spec, transport, schema: SHOPPING_SERVICE.schemas[transport] })),
  };
  const payment_handlers = options.payment_handlers ?? {
    'com.example.processor_tokenizer': [
      {
        id: 'processor_tokenizer',
        version: UCP_VERSION,
        spec: 'https://example.com/specs/payments/processor_tokenizer',
        schema: 'https://example.com/schemas/payments/processor_tokenizer.json',
        available_instruments: [{ type: 'card', constraints: { brands: ['visa', 'mastercard'] } }],
      },
    ],
  };
  return {
    ucp: { version: options.version ?? UCP_VERSION, services, capabilities, payment_handlers },
    ...(options.signing_keys && { signing_keys: options.signing_keys }),
  };
}

/** UCP-Agent naming `url`, as the binding takes it. */
export function ucpAgentHeader(url: string): string {
  return `profile="${url}"`;
}

/** Serves `profile` at `path` with `Cache-Control: public, max-age=<maxAge>` (as UCP asks profiles to be served); answers its URL. */
export function serveProfile(ps: ProfileServer, path: string, profile: unknown = platformProfile(), maxAge = 300): string {
  ps.routes.set(path, { body: profile, headers: { 'cache-control': `public, max-age=${maxAge}` } });
  return `${ps.origin}${path}`;
}

/** A destination as UCP's shipping_destination.json has one (postal_address plus its id), in the US. */
export const UCP_DESTINATION = {
  id: 'home',
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_address: '12 Analytical Way',
  address_locality: 'Portland',
  address_region: 'OR',
  postal_code: '97201',
  address_country: 'US',
};
