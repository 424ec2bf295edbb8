/**
 * Where UCP's shopping binding is served: the network's endpoint `<base>/ucp` and each seller's
 * `<base>/store/{handle}/ucp`, the same operations with a seller scope; MCP at `…/ucp/mcp`.
 */

export const BINDING_PATH = '/ucp';
export const BINDING_MCP_SUFFIX = '/mcp';

const SELLER_ENDPOINT = /^\/store\/([^/]+)(\/ucp(?:\/.*)?)$/;

export interface BindingTarget {
  /** The path as the network's endpoint has it: `/ucp/…`. */
  path: string;
  /** The seller whose endpoint it is, by handle. */
  seller?: string;
}

/** The binding path a request path names, or undefined when it is not the binding's. */
export function bindingTarget(pathname: string): BindingTarget | undefined {
  if (pathname === BINDING_PATH || pathname.startsWith(`${BINDING_PATH}/`)) return { path: pathname };
  const m = SELLER_ENDPOINT.exec(pathname);
  if (!m) return undefined;
  let seller: string;
  try {
    seller = decodeURIComponent(m[1]).toLowerCase();
  } catch {
    // Not UTF-8: no seller has it, but the path is still the binding's, answered in its shapes (404).
    seller = m[1].toLowerCase();
  }
  return { path: m[2], seller };
}

/** The endpoint's URL, as the profiles publish it (no trailing slash). */
export function bindingUrl(baseUrl: string, seller?: string): string {
  return seller === undefined ? `${baseUrl}${BINDING_PATH}` : `${baseUrl}/store/${encodeURIComponent(seller)}${BINDING_PATH}`;
}
