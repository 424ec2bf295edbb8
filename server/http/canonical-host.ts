/**
 * Human pages live at one origin, PUBLIC_BASE_URL's. A page opened on another host — a loopback
 * alias (localhost for 127.0.0.1: the same machine, as server/mcp/origin.ts knows, but another
 * origin to a browser), a bare IP, an old name — is redirected there before it renders, so its
 * form posts from the origin the pay form's check expects and the link a person shares is the
 * canonical one. A POST cannot be redirected without losing or resending its body: it is answered
 * with a page linking to the right address. The agent API never redirects (clients would drop
 * their headers or method); the custom server calls this for pages only.
 *
 * The host is the request's Host header, or with TRUST_PROXY the first X-Forwarded-Host and
 * X-Forwarded-Proto, which only a reverse proxy that sets them may be trusted with. Without
 * TRUST_PROXY the scheme is not compared: behind a TLS-terminating proxy every request arrives as
 * http, and redirecting it to https would loop.
 */
import type http from 'node:http';

export type HostCheck = { canonical: true } | { canonical: false; location: string };

export function checkHost(req: http.IncomingMessage, publicBaseUrl: string, trustProxy: boolean): HostCheck {
  const own = new URL(publicBaseUrl);
  const host = (trustProxy && firstValue(req.headers['x-forwarded-host'])) || req.headers.host;
  // HTTP/1.0 without Host: nothing to compare.
  if (!host) return { canonical: true };
  const proto = trustProxy ? firstValue(req.headers['x-forwarded-proto']) : undefined;
  const sameScheme = !proto || `${proto.toLowerCase()}:` === own.protocol;
  if (host.toLowerCase() === own.host && sameScheme) return { canonical: true };
  return { canonical: false, location: canonicalUrl(req.url ?? '/', own) };
}

/** The same path and query on the canonical origin; never another origin (an absolute-form or `//` URL). */
function canonicalUrl(path: string, own: URL): string {
  const target = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/', own);
  return target.origin === own.origin ? target.href : `${own.origin}/`;
}

/** A proxy chain appends: `a, b` — the first is what the client asked for. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0].trim() || undefined;
}
