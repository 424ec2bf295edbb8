/**
 * response_mode=form_post: oidc-provider answers a page whose script posts the response to the
 * client's redirect URI. Every answer of the provider carries the page CSP (http/page-security.ts),
 * whose `form-action 'self'` would block that form: this answer's lets it post to that origin too.
 */

/** `csp` with `origin` added to form-action. Directives may be separated by ';' alone (oidc-provider rewrites the header so when it adds its script's hash). */
export function allowFormAction(csp: string, origin: string): string {
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .map((directive) => (directive.split(/\s+/)[0] === 'form-action' ? `${directive} ${origin}` : directive))
    .join('; ');
}
