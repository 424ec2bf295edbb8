/**
 * What an OAuth client may ask for: the API's scopes, which resource offers which, and how each
 * scope reads to the person asked to allow it. One table, read by the provider's configuration, the
 * metadata documents and the consent page alike.
 */

export const API_SCOPES = ['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** oidc-provider's own scopes: who the person is (an ID token) and refresh tokens. */
export const OIDC_SCOPES = ['openid', 'offline_access'] as const;

/** The path of the MCP resource under the base URL. */
export const MCP_RESOURCE_PATH = '/api/mcp';

/**
 * The two resources a token can be for. The MCP server never settles a payment, and MCP clients ask
 * for every scope a resource lists, so the MCP resource lists only what its tools use.
 */
export function resourceScopes(base: string): Record<string, readonly ApiScope[]> {
  return {
    [base]: API_SCOPES,
    [`${base}${MCP_RESOURCE_PATH}`]: ['buyer:write', 'dev.ucp.shopping.order:read'],
  };
}

/** The resource an indicator names (a trailing slash or not), or undefined for any other. */
export function resolveResource(base: string, indicator: string): string | undefined {
  const trimmed = indicator.endsWith('/') ? indicator.slice(0, -1) : indicator;
  return trimmed in resourceScopes(base) ? trimmed : undefined;
}

export interface ScopeWords {
  scope: string;
  sentence: string;
  /** Said with a warning on the consent page. */
  warning?: string;
}

const WORDS: Record<string, Omit<ScopeWords, 'scope'>> = {
  openid: { sentence: 'Know which account of ours you are (an identifier, not your e-mail address).' },
  offline_access: { sentence: 'Stay connected when you are not here, until you disconnect it.' },
  'buyer:write': { sentence: 'Register buyers and confirm their e-mail addresses with a one-time code, and see your own e-mail address.' },
  'dev.ucp.shopping.order:read': { sentence: 'Read your orders and their status, from every agent you connected, and see your e-mail address.' },
  'checkout:write': {
    sentence: 'Pay for carts on its own, without you confirming each purchase.',
    warning: 'This agent could spend money without asking you first. Allow it only if you trust it to settle payments for you.',
  },
};

/** The scopes of a request in plain words, in a stable order; unknown ones are left out (the provider refuses them). */
export function describeScopes(scopes: Iterable<string>): ScopeWords[] {
  const asked = new Set(scopes);
  return Object.keys(WORDS)
    .filter((scope) => asked.has(scope))
    .map((scope) => ({ scope, ...WORDS[scope] }));
}
