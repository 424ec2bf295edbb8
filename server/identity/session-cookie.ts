/**
 * The cookie that carries a developer's session: Auth.js's name, with the `__Secure-` prefix when
 * the service is served over https (Auth.js sets Secure cookies then, following PUBLIC_BASE_URL).
 */
export const SESSION_COOKIE = 'authjs.session-token';

export function sessionCookieName(publicBaseUrl: string): string {
  return publicBaseUrl.startsWith('https:') ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}
