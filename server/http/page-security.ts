/**
 * The security headers of every page a human opens (the pay page, the docs, the start page, the
 * 404; later the dashboard and consent screens). proxy.ts sets them on each request Next answers;
 * the agent API and MCP never reach Next and carry nosniff from the custom server instead.
 *
 * Scripts run only with the request's nonce ('strict-dynamic' lets those scripts load others, as
 * the docs page loads Scalar's bundle). Styles allow 'unsafe-inline': Scalar sets inline styles,
 * and a style cannot run code. No page may be framed: a pay page in someone else's frame could be
 * clicked through without the human seeing it.
 */
import { randomBytes } from 'node:crypto';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  return [
    "default-src 'self'",
    // `npm run dev`: React rebuilds server error stacks in the browser with eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The headers of a page's answer; `secretUrl` when the URL holds a token (a payment link). */
export function pageSecurityHeaders(csp: string, { secretUrl }: { secretUrl: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    // For browsers older than frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Same-origin keeps the Origin/Referer the pay form's check reads; nothing leaves the site.
    'Referrer-Policy': 'same-origin',
    ...(secretUrl ? { 'Cache-Control': 'no-store' } : {}),
  };
}

/**
 * Pages nothing of which may be stored by a browser or a proxy: those whose URL is a bearer secret
 * (payment links, sign-in links on /signin/confirm) and those that show a signed-in developer's
 * account (the dashboard, where a new key's secret is shown once; the OAuth consent page).
 */
export function isSecretUrl(pathname: string): boolean {
  return pathname.startsWith('/pay/') || /^\/(?:signin|signout|dashboard|oauth|checkout)(?:\/|$)/.test(pathname);
}
