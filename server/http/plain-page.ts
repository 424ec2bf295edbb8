/**
 * A short HTML page for answers no rendered page covers: a UCP checkout's continue_url that leads to
 * nothing to pay, a pay form that could not be read, a database out of reach while paying, an OAuth
 * decision's outcome, a form posted to the wrong host. One heading, one sentence, one link onward;
 * no script, so it needs nothing from the page's CSP. Each is a step of paying or of allowing an
 * agent, so it starts with the bar of those pages (app/_components/site-header.tsx, `homeOnly`):
 * the service's name, leading home. It looks like the rendered pages because it carries their
 * stylesheet, app/globals.css, inline (Next links it into the pages it renders; these it does not
 * render). Stateless: route handlers and the custom server import it directly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export interface PlainPage {
  title: string;
  message: string;
  link: { href: string; text: string };
  /** Where the page moves on to by itself (a meta refresh: no script, and not held to form-action); the link is the way without it. */
  refresh?: string;
}

let siteStyles: string | undefined;

/** The pages' stylesheet, read once; the service runs from the project's folder, as Next does. */
function styles(): string {
  siteStyles ??= readFileSync(path.join(process.cwd(), 'app', 'globals.css'), 'utf8');
  return siteStyles;
}

export function plainPageHtml({ title, message, link, refresh }: PlainPage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${refresh ? `<meta http-equiv="refresh" content="0;url=${escape(refresh)}">` : ''}
<title>${escape(title)} · Agent Commerce</title>
<style>${styles()}</style></head>
<body><header class="site-header"><a href="/" class="site-name">Agent Commerce</a></header>
<main class="page"><h1>${escape(title)}</h1><p role="alert">${escape(message)}</p><p><a href="${escape(link.href)}">${escape(link.text)}</a></p></main></body></html>
`;
}
