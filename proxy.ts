/**
 * Next's request proxy: every page gets a fresh script nonce and the page security headers
 * (server/http/page-security.ts). Next reads the nonce from the request's CSP header and puts it
 * on the scripts it renders, which is why every page renders per request (app/layout.tsx).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, isSecretUrl, newNonce, pageSecurityHeaders } from './server/http/page-security';

export function proxy(request: NextRequest): NextResponse {
  const csp = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(pageSecurityHeaders(csp, { secretUrl: isSecretUrl(request.nextUrl.pathname) }))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build assets are immutable files, not pages; the agent surface never reaches Next.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
