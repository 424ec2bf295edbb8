/**
 * A short HTML page for answers no rendered page covers: a pay form that could not be read, a
 * database out of reach while paying, a form posted to the wrong host. One heading, one sentence,
 * one link onward; no script, so it needs nothing from the page's CSP. Stateless: route handlers
 * and the custom server import it directly.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export interface PlainPage {
  title: string;
  message: string;
  link: { href: string; text: string };
  /** Where the page moves on to by itself (a meta refresh: no script, and not held to form-action); the link is the way without it. */
  refresh?: string;
}

export function plainPageHtml({ title, message, link, refresh }: PlainPage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${refresh ? `<meta http-equiv="refresh" content="0;url=${escape(refresh)}">` : ''}
<title>${escape(title)} · Agent Commerce</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color-scheme:light dark}</style></head>
<body><main><h1>${escape(title)}</h1><p role="alert">${escape(message)}</p><p><a href="${escape(link.href)}">${escape(link.text)}</a></p></main></body></html>
`;
}
