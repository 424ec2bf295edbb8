/**
 * The client's address from X-Forwarded-For. Without TRUST_PROXY the custom server has replaced
 * that header with the socket's address; behind a proxy (TRUST_PROXY=1) the proxy appends the
 * address it saw, so the last entry is the one no client can forge.
 */
export function clientIp(forwardedFor: string | null | undefined): string {
  const last = forwardedFor?.split(',').at(-1)?.trim();
  return last || 'unknown';
}
