/**
 * A copy of the database read as someone holding only the copy would: every row of every table
 * (whatever the tables are called), as text; the strings in it that look like something the
 * service accepts, found by their shape alone; and each of them tried against the live service.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, rows } from '../../server/db/client';
import { SESSION_COOKIE } from '../../server/identity/session-cookie';
import { continueCheckout } from '../../server/payments/continue';
import { payPage } from '../../server/payments/pay-page';
import type { TestApp } from './app';

const TABLES = `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
const selectAll = (name: string) => `SELECT * FROM ${name.split('.').map((p) => `"${p}"`).join('.')}`;

/**
 * Every row of every table: on Postgres as a dump reads them (`url`), on PGlite from a copy of the
 * data folder (`dataDir`, closed first) opened elsewhere under `copyDir`.
 */
export async function dumpDatabase(source: { url: string } | { dataDir: string; copyDir: string }): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  if ('url' in source) {
    const reader = postgres(source.url, { max: 1, onnotice: () => {} });
    for (const { name } of await reader.unsafe<{ name: string }[]>(TABLES)) {
      dump[name] = await reader.unsafe(selectAll(name));
    }
    await reader.end();
    return dump;
  }
  fs.cpSync(source.dataDir, source.copyDir, { recursive: true });
  const opened = await openDatabase({ dataDir: source.copyDir, migrate: false });
  for (const { name } of await rows<{ name: string }>(opened.db, sql.raw(TABLES))) dump[name] = await rows(opened.db, sql.raw(selectAll(name)));
  await opened.close();
  return dump;
}

/** Absolute http(s) URLs, wherever they stand (in JSON text, escaped or not). */
export function urlsIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'\\<>]+/g) ?? [])];
}

/**
 * What could be a token, a key or a secret path segment: a run of 20 to 64 base64url characters
 * with a letter and a digit (the service's tokens are 43; digests 64 hex), standing alone or as a
 * path segment. Longer runs are sealed values (tried by the test's control, not here).
 */
export function tokensIn(text: string): string[] {
  const runs = text.match(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,64}(?![A-Za-z0-9_-])/g) ?? [];
  return [...new Set(runs.filter((run) => /[A-Za-z]/.test(run) && /\d/.test(run)))];
}

/** The paths of the service's pages a token opens: the pay page and a checkout's continue_url. */
const PAGE = /^\/(pay|checkout)\/([^/?#]+)$/;

/**
 * Each URL and token tried against the live service `live`: a URL on its origin opened (a page
 * through the page's own function, anything else as a GET without credentials), each token as a
 * bearer credential, a developer's session cookie, a pay-page token and a continue_url token.
 * Answers what was let in.
 */
export async function whatOpens(live: TestApp, urls: string[], tokens: string[]): Promise<string[]> {
  const opened: string[] = [];
  const pages = payPage(live.app.services);
  const origin = new URL(live.config.publicBaseUrl).origin;
  const cookie = `${origin.startsWith('https:') ? '__Secure-' : ''}${SESSION_COOKIE}`;
  const tryPage = async (kind: string, token: string, what: string) => {
    if (kind === 'pay') {
      const view = await pages.view(token, {});
      if (view.state !== 'not_found') opened.push(`${what}: the pay page, ${view.state}`);
    } else {
      const answer = await continueCheckout(live.app.services, token);
      if (answer.kind !== 'unknown') opened.push(`${what}: a checkout page, ${answer.kind}`);
    }
  };
  for (const url of urls) {
    const parsed = new URL(url);
    if (parsed.origin !== origin) continue;
    const page = PAGE.exec(parsed.pathname);
    if (page) await tryPage(page[1], page[2], url);
    else {
      const res = await live.call('GET', parsed.pathname + parsed.search);
      if (res.status < 400) opened.push(`${url}: ${res.status}`);
    }
  }
  for (const token of tokens) {
    const res = await live.call('GET', '/api/agent/search?q=kettle', { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 401) opened.push(`${token} as a bearer credential: ${res.status}`);
    const session = await live.call('GET', '/api/developer/network-keys', { headers: { Cookie: `${cookie}=${token}` } });
    if (session.status < 400) opened.push(`${token} as a session cookie: ${session.status}`);
    await tryPage('pay', token, token);
    await tryPage('checkout', token, token);
  }
  return opened;
}
