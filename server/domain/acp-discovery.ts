/**
 * Where the ACP 2026-04-17 binding is served, and its discovery document `/.well-known/acp.json`
 * (rfcs/rfc.discovery.md §4): one static document, no authentication, cacheable for an hour.
 */

/** The one ACP version served: what `API-Version` must say, and all `supported_versions` lists. */
export const ACP_VERSION = '2026-04-17';

/** The REST binding's base path (`api_base_url` is the public base URL and this). */
export const ACP_PATH = '/acp';

/**
 * The MCP binding's endpoint. Discovery cannot name it: `transports` says only that MCP exists, and
 * per-transport URLs are deferred (rfc.discovery.md §11); /llms.txt and docs/acp.md say it.
 */
export const ACP_MCP_PATH = `${ACP_PATH}/mcp`;

export const ACP_DISCOVERY_PATH = '/.well-known/acp.json';

/** §4.1: at least an hour, and the document changes no more often. */
export const ACP_DISCOVERY_CACHE = 'public, max-age=3600';

/**
 * The `DiscoveryResponse` (schema.agentic_checkout.json). No merchant id, handler or key (§7.1):
 * payment handlers are negotiated per session.
 */
export function acpDiscoveryDocument(publicBaseUrl: string) {
  return {
    protocol: { name: 'acp' as const, version: ACP_VERSION, supported_versions: [ACP_VERSION] },
    api_base_url: `${publicBaseUrl}${ACP_PATH}`,
    transports: ['rest' as const, 'mcp' as const],
    capabilities: {
      // delegate_payment: this service is its own test PSP and serves it under api_base_url (issue
      // #47 §3 (a)). Where a platform delegates to a PSP instead (Stripe's shared payment tokens,
      // §3 (b), without the test PSP beside them) the service hosts no delegate_payment and must
      // not list it: the service's own endpoints are all this list names.
      services: ['checkout' as const, 'orders' as const, 'carts' as const, 'delegate_payment' as const],
    },
  };
}
