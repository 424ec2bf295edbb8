/**
 * DNS-rebinding guard for the MCP endpoint: a browser's `Origin` must be the service's own
 * (PUBLIC_BASE_URL). When that origin is on loopback, its loopback aliases count as the same, so a
 * local server answers http://localhost:3000 and http://127.0.0.1:3000 alike. Requests with no
 * Origin (agents, CLIs) are not from a browser page and are served.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function allowedOrigin(origin: string | null, publicBaseUrl: string): boolean {
  if (origin === null) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false; // "null" (an opaque origin) or garbage
  }
  const own = new URL(publicBaseUrl);
  if (from.origin === own.origin) return true;
  return LOOPBACK.has(own.hostname) && LOOPBACK.has(from.hostname) && from.protocol === own.protocol && from.port === own.port;
}
