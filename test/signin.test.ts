/**
 * Signing in by e-mailed link, through the real server, Auth.js and database, with the mail going
 * over SMTP to a real server the test starts (test/support/smtp.ts): the link arrives, opens
 * /signin/confirm (which does not use it up), and its button (the page's server action, through the
 * facade) signs in once, within 10 minutes, back to a page of this origin only. Sessions are stored
 * as SHA-256. Over HTTP Auth.js serves neither asking for a link nor the link's callback (404), so
 * nothing but the button signs a browser in. Sign-in requests are limited per (address, client),
 * per client and per address, the last not holding a browser that signed in to the address before;
 * a held request sends and stores nothing; a mail server that refuses is said so.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASKED_FOR_LINK, browserCookie, KNOWN_BROWSER, type Cookie } from '../server/accounts/browser-cookies';
import type { Confirmed } from '../server/accounts/facade';
import { takeSignInRequest } from '../server/accounts/signin-limits';
import { hit, sweepRateLimitHits } from '../server/db/rate-limits';
import { rateLimitHits, sessions, users, verificationTokens } from '../server/db/schema';
import { clientIp } from '../server/lib/client-ip';
import { createMailer } from '../server/mail/mailer';
import { accountsServer, cookiesOf, type AccountsServer } from './support/accounts';
import { linkIn } from './support/smtp';

let s: AccountsServer;
const COOKIE = 'authjs.session-token';
let n = 0;
const address = (tag: string) => `dev-${tag}-${++n}@example.com`;

/** One browser's cookies, by name, as the pages hand them to the facade. */
type Jar = Record<string, string>;
const keep = (jar: Jar, cookies: Cookie[]) => Object.assign(jar, Object.fromEntries(cookies.map((c) => [c.name, c.value])));
const sessionIn = (confirmed: Confirmed) => confirmed.cookies.find((c) => c.name === COOKIE)?.value;

beforeAll(async () => {
  s = await accountsServer();
});
afterAll(() => s?.close());

/** Asks for a link through the page's facade, as the browser holding `jar`, and reads it from the mailbox. */
async function mailedLink(email: string, callbackUrl?: string, forwardedFor = '203.0.113.7', jar: Jar = {}): Promise<URL> {
  const result = await s.accounts.requestSignIn({ email, callbackUrl, forwardedFor, cookies: jar });
  if (!result.ok) throw new Error(result.error);
  keep(jar, [result.cookie]);
  return new URL(linkIn(await s.smtp.nextMail(email)));
}

/** What the confirm page's button does (its server action), in the browser holding `jar`. */
async function confirm(link: URL, jar: Jar = {}): Promise<Confirmed> {
  const view = await s.accounts.confirmView(Object.fromEntries(link.searchParams), jar);
  if (view.state !== 'ready') throw new Error('link not usable');
  const confirmed = await s.accounts.confirmSignIn(view.fields, jar);
  keep(jar, confirmed.cookies);
  return confirmed;
}

/** A request for a link whose answer is only looked at. */
const ask = (email: string, forwardedFor: string, cookies: Jar = {}) => s.accounts.requestSignIn({ email, forwardedFor, cookies });

describe('sign-in by e-mailed link', () => {
  it('mails a link to /signin/confirm on PUBLIC_BASE_URL that signs in once, back to the page that asked', async () => {
    const email = address('happy');
    const link = await mailedLink(email, '/dashboard');
    const mail = s.smtp.received.at(-1)!;
    expect(mail.from).toBe('signin@agent-commerce.test');
    expect(mail.subject).toBe('Sign in to Agent Commerce');
    expect(link.origin + link.pathname).toBe(`${s.url}/signin/confirm`);
    expect(link.searchParams.get('email')).toBe(email);

    // Opening the page (a mail scanner would) does not use the link up.
    const view = await s.accounts.confirmView(Object.fromEntries(link.searchParams), {});
    expect(view).toMatchObject({ state: 'ready', email, fields: { token: link.searchParams.get('token'), email } });
    expect(await s.accounts.confirmView(Object.fromEntries(link.searchParams), {})).toMatchObject({ state: 'ready' });

    const confirmed = await confirm(link);
    expect(confirmed.redirect).toBe('/dashboard');
    const cookie = confirmed.cookies.find((c) => c.name === COOKIE)!;
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', secure: false }); // http PUBLIC_BASE_URL
    // The browser is remembered as one that signed in to this address, for a year.
    const known = confirmed.cookies.find((c) => c.name === 'known-browser')!;
    expect(known.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/signin', secure: false, maxAge: 365 * 86_400 });
    expect(known.value).not.toContain(email);
    const token = cookie.value;

    // The database keeps the SHA-256 of the cookie, never the cookie.
    const [account] = await s.app.services.db.select().from(users).where(eq(users.email, email));
    expect(account.id).toMatch(/^acct_/);
    expect(account.emailVerified).toBeInstanceOf(Date);
    const stored = await s.app.services.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(stored.map((r) => r.sessionToken)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(await s.accounts.signedIn(token)).toEqual({ accountId: account.id, email });
    expect(await s.accounts.signedIn(stored[0].sessionToken)).toBeNull();

    // Auth.js's session endpoint reads the same cookie (its hashed look-up).
    const session = await s.http('/api/auth/session', { headers: { cookie: `${COOKIE}=${token}` } });
    expect((await session.json()).user.email).toBe(email);

    // Single use: the page now says so, and the button refuses it.
    expect(await s.accounts.confirmView(Object.fromEntries(link.searchParams), {})).toEqual({ state: 'invalid' });
    expect(await s.accounts.confirmSignIn(Object.fromEntries(link.searchParams), {})).toEqual({ redirect: '/signin?error=Verification', cookies: [] });
  });

  it('links last 10 minutes', async () => {
    const email = address('expiry');
    const before = Date.now();
    const link = await mailedLink(email);
    const [row] = await s.app.services.db.select().from(verificationTokens).where(eq(verificationTokens.identifier, email));
    expect(row.expires.getTime() - before).toBeGreaterThanOrEqual(600_000 - 1000);
    expect(row.expires.getTime() - before).toBeLessThanOrEqual(600_000 + 5000);
    // Eleven minutes on: the page and its button both refuse it.
    await s.app.services.db.update(verificationTokens).set({ expires: new Date(Date.now() - 60_000) }).where(eq(verificationTokens.identifier, email));
    expect(await s.accounts.confirmView(Object.fromEntries(link.searchParams), {})).toEqual({ state: 'invalid' });
    expect(await s.accounts.confirmSignIn(Object.fromEntries(link.searchParams), {})).toEqual({ redirect: '/signin?error=Verification', cookies: [] });
  });

  it('goes back only to pages of this origin', async () => {
    for (const foreign of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example']) {
      const email = address('origin');
      const confirmed = await confirm(await mailedLink(email, foreign));
      expect(confirmed.redirect, foreign).toBe('/dashboard');
    }
    const confirmed = await confirm(await mailedLink(address('origin'), `${s.url}/docs?x=1`));
    expect(confirmed.redirect).toBe('/docs?x=1');
  });

  it('refuses a malformed address with a sentence, sending nothing', async () => {
    const sent = s.smtp.received.length;
    for (const bad of ['', 'not-an-address', 'a@b@c.example', '"x"@example.com']) {
      const result = await ask(bad, '203.0.113.8');
      expect(result.ok, bad).toBe(false);
    }
    expect(s.smtp.received.length).toBe(sent);
  });

  it('signs out: the session row is gone and the cookie cleared', async () => {
    const token = sessionIn(await confirm(await mailedLink(address('signout'))))!;
    expect(await s.accounts.signedIn(token)).not.toBeNull();
    const cleared = await s.accounts.signOut(token);
    expect(cleared).toEqual([expect.objectContaining({ name: COOKIE, value: '' })]);
    expect(await s.accounts.signedIn(token)).toBeNull();
    const left = await s.app.services.db.select().from(sessions).where(eq(sessions.sessionToken, createHash('sha256').update(token).digest('hex')));
    expect(left).toEqual([]);
  });

  it('says so when the mail server refuses the message', async () => {
    s.smtp.refuse(true);
    try {
      const result = await ask(address('refused'), '203.0.113.9');
      expect(result).toEqual({ ok: false, error: expect.stringMatching(/could not send the e-mail/) });
    } finally {
      s.smtp.refuse(false);
    }
  });

  it('marks the browser that asked: the confirm page knows whether this browser asked for this link', async () => {
    const email = address('asked');
    const jar: Jar = {};
    const link = await mailedLink(email, undefined, '203.0.113.31', jar);
    const query = Object.fromEntries(link.searchParams);
    expect(Object.keys(jar)).toEqual(['signin-asked']);
    expect(jar['signin-asked']).not.toContain(email);
    expect(await s.accounts.confirmView(query, jar)).toMatchObject({ state: 'ready', askedHere: true });
    // Another device, or a link someone else asked for and sent: the page warns (and still serves).
    expect(await s.accounts.confirmView(query, {})).toMatchObject({ state: 'ready', askedHere: false });
    const elsewhere: Jar = {};
    await mailedLink(address('asked-other'), undefined, '203.0.113.31', elsewhere);
    expect(await s.accounts.confirmView(query, elsewhere)).toMatchObject({ state: 'ready', askedHere: false });
    const altered = { 'signin-asked': jar['signin-asked'].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) };
    expect(await s.accounts.confirmView(query, altered)).toMatchObject({ state: 'ready', askedHere: false });
    // A link opened elsewhere still signs in.
    expect(sessionIn(await confirm(link))).toBeDefined();
  });

  it('the button refuses fields that are no link, setting no cookie', async () => {
    for (const fields of [{}, { token: 'x', email: 'a@example.com' }, { token: 'a'.repeat(64) }, { token: 'a'.repeat(64), email: 'nobody@example.com' }]) {
      expect(await s.accounts.confirmSignIn(fields, {}), JSON.stringify(fields)).toEqual({ redirect: '/signin?error=Verification', cookies: [] });
    }
  });
});

describe('Auth.js over HTTP (/api/auth)', () => {
  it('does not serve asking for a link: POST /api/auth/signin/nodemailer answers 404, with or without its CSRF token, and mails nothing', async () => {
    const csrf = await s.http('/api/auth/csrf');
    const { csrfToken } = await csrf.json();
    const jar = Object.entries(cookiesOf(csrf)).map(([k, v]) => `${k}=${v}`).join('; ');
    const email = address('direct');
    for (const path of ['/api/auth/signin/nodemailer', '/api/auth//signin//nodemailer', '/api/auth/signin/nodemailer/', '/api/auth/signin']) {
      for (const headers of [{}, { cookie: jar }] as Record<string, string>[]) {
        const res = await s.http(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams({ email, csrfToken }) });
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ error: expect.any(String), code: 'not_found' });
        expect(res.headers.get('location')).toBeNull();
      }
    }
    expect((await s.http('/api/auth/signin/nodemailer')).status).toBe(404);
    await expect(s.smtp.nextMail(email, 500)).rejects.toThrow(/no mail/);
  });

  it('does not serve the link\'s callback: GET, POST (cross-site or not) and HEAD answer 404 and set no cookie; the link still works from the button', async () => {
    const email = address('callback');
    const link = await mailedLink(email, undefined, '203.0.113.32');
    const attempts: [string, RequestInit][] = [
      [`/api/auth/callback/nodemailer${link.search}`, {}],
      [`/api/auth/callback/nodemailer${link.search}`, { method: 'HEAD' }],
      [`/api/auth/callback/nodemailer${link.search}`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } }],
      ['/api/auth/callback/nodemailer', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: link.searchParams }],
      [`/api/auth//callback//nodemailer/${link.search}`, {}],
      [`/api/auth/callback/nodemailer${link.search}`, { method: 'PUT' }],
    ];
    for (const [path, init] of attempts) {
      const res = await s.http(path, init);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // The link was not used up: its owner's press of the button still signs in.
    const token = sessionIn(await confirm(link))!;
    expect(await s.accounts.signedIn(token)).toMatchObject({ email });
  });

  it('serves none of Auth.js\'s own pages: they redirect to ours', async () => {
    const signin = await s.http('/api/auth/signin');
    expect(signin.headers.get('location')).toMatch(/^\/signin\?callbackUrl=/);
    const signout = await s.http('/api/auth/signout');
    expect(signout.headers.get('location')).toBe('/signout');
    const error = await s.http('/api/auth/error?error=Verification');
    expect(error.headers.get('location')).toBe('/signin?error=Verification');
    const verify = await s.http('/api/auth/verify-request?provider=nodemailer&type=email');
    expect(verify.headers.get('location')).toBe('/signin/check-email?provider=nodemailer&type=email');
    const session = await s.http('/api/auth/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
  });

  it('keeps its CSRF check on sign-out: a cross-site POST ends no session', async () => {
    const token = sessionIn(await confirm(await mailedLink(address('signout-csrf'))))!;
    const forged = await s.http('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${COOKIE}=${token}`, origin: 'https://evil.example' },
      body: new URLSearchParams({ callbackUrl: '/' }),
    });
    expect(forged.headers.get('location')).toBe(`${s.url}/signin?error=MissingCSRF`);
    expect(await s.accounts.signedIn(token)).not.toBeNull();
  });

  it('refuses a body over 64 KiB before Auth.js reads it', async () => {
    const res = await s.http('/api/auth/signout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `callbackUrl=${'a'.repeat(70_000)}` });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });

  it('ignores a client-sent X-Forwarded-For without TRUST_PROXY: pages and Auth.js see the socket address', async () => {
    const page = await s.http('/signin', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(await page.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(clientIp('198.51.100.1, 10.0.0.2')).toBe('10.0.0.2');
  });

  it('keeps X-Forwarded-For behind a trusted proxy (TRUST_PROXY=1)', async () => {
    const proxied = await accountsServer({ TRUST_PROXY: '1' }, s.db);
    try {
      const page = await proxied.http('/signin', { headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.5' } });
      expect(await page.text()).toBe('198.51.100.1, 203.0.113.5');
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-in limits', () => {
  it('5 links per (address, client) in 15 minutes, then a retry time; a held request mails and stores nothing', async () => {
    const email = address('limit');
    for (let i = 0; i < 5; i++) await mailedLink(email, undefined, '198.51.100.10');
    const held = await ask(email, '198.51.100.10');
    expect(held).toEqual({ ok: false, error: expect.stringMatching(/Too many sign-in links.*You can ask again in 1[45] minutes, at \d\d:\d\d UTC\./) });
    await expect(s.smtp.nextMail(email, 500)).rejects.toThrow(/no mail/);
    const tokens = await s.app.services.db.select().from(verificationTokens).where(eq(verificationTokens.identifier, email));
    expect(tokens).toHaveLength(5);
    // From another client, the same address is served.
    await mailedLink(email, undefined, '198.51.100.11');
  });

  it('requests for someone\'s address from elsewhere, in any case or spacing, do not hold the owner\'s own', async () => {
    const victim = address('victim');
    const spellings = [victim.toUpperCase(), ` ${victim} `, victim, `${victim[0].toUpperCase()}${victim.slice(1)}`, victim.toUpperCase()];
    // The attacker's five count as one address (the normalised one: the mail goes there) from one client, then hold that client.
    for (const spelling of spellings) expect(await ask(spelling, '198.51.100.66'), spelling).toMatchObject({ ok: true });
    expect((await ask(victim, '198.51.100.66')).ok).toBe(false);
    expect((await ask(victim.toUpperCase(), '198.51.100.66')).ok).toBe(false);
    // An IPv6 client is its /64: another address inside it is the same client.
    for (let i = 1; i <= 5; i++) expect((await ask(victim.toUpperCase(), `2001:db8:66:1::${i}`)).ok).toBe(true);
    expect((await ask(victim, '2001:db8:66:1:ffff:ffff:ffff:ffff')).ok).toBe(false);
    // The owner, from their own address, is served.
    await mailedLink(victim, undefined, '203.0.113.70');
    expect(s.smtp.received.filter((m) => m.to.includes(victim)).length).toBeGreaterThanOrEqual(11);
  });

  it('30 per client in 15 minutes; an IPv6 client is its /64', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 30; i++) expect(await ask(address('ip'), ip)).toMatchObject({ ok: true });
    expect((await ask(address('ip'), ip)).ok).toBe(false);
    expect((await ask(address('ip'), '192.0.2.51')).ok).toBe(true);

    // Filled without mailing: the same count the facade takes.
    for (let i = 0; i < 30; i++) expect((await takeSignInRequest(s.app.services.db, address('ip6'), `2001:db8:30:1::${i.toString(16)}`, { knownBrowser: false })).allowed).toBe(true);
    expect((await ask(address('ip6'), '2001:db8:30:1:abcd::1')).ok).toBe(false);
    expect((await ask(address('ip6'), '2001:db8:30:2::1')).ok).toBe(true);
  });

  it('20 an hour per address from anywhere, except for a browser that signed in to that address before', async () => {
    const owner = address('ceiling');
    const browser: Jar = {};
    await confirm(await mailedLink(owner, undefined, '203.0.113.80', browser), browser);
    expect(Object.keys(browser).sort()).toEqual(['authjs.session-token', 'known-browser', 'signin-asked']);
    // Strangers, each from a client of their own, reach the ceiling (the owner's own first request counted).
    for (let i = 1; i <= 19; i++) expect(await ask(owner, `198.51.100.${100 + i}`), `stranger ${i}`).toMatchObject({ ok: true });
    const stranger = await ask(owner, '198.51.100.200');
    expect(stranger).toEqual({ ok: false, error: expect.stringMatching(/Too many sign-in links.*You can ask again in (59|60) minutes/) });
    expect((await ask(owner, '203.0.113.81')).ok).toBe(false); // the owner on a new device, too

    // The browser the owner signed in on is served, from anywhere.
    expect(await ask(owner, '203.0.113.80', browser)).toMatchObject({ ok: true });
    expect(await ask(owner.toUpperCase(), '198.51.100.201', { 'known-browser': browser['known-browser'] })).toMatchObject({ ok: true });
    // A cookie altered, forged, or made for another address is not honoured.
    const known = browser['known-browser'];
    const altered = known.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const forged = `${Math.floor(Date.now() / 1000).toString(36)}.${'A'.repeat(22)}`;
    const otherBrowser: Jar = {};
    await confirm(await mailedLink(address('ceiling-other'), undefined, '203.0.113.82', otherBrowser), otherBrowser);
    for (const value of [altered, forged, otherBrowser['known-browser'], `${known}.x`, 'é'.repeat(30), '~'.repeat(10)]) {
      expect((await ask(owner, '203.0.113.83', { 'known-browser': value })).ok, value).toBe(false);
    }
  });

  it('the known-browser cookie: one MAC per address, honoured for a year, several addresses kept', async () => {
    const cookie = browserCookie(KNOWN_BROWSER, s.app.services.keys, s.url);
    const t0 = new Date('2030-01-01T00:00:00Z');
    const at = (days: number) => new Date(t0.getTime() + days * 86_400_000);
    const first = await cookie.add(undefined, 'ada@example.com', t0);
    expect(first).toMatchObject({ name: 'known-browser', options: { maxAge: 365 * 86_400, path: '/signin', httpOnly: true } });
    expect(await cookie.holds(first.value, 'ada@example.com', at(364))).toBe(true);
    expect(await cookie.holds(first.value, 'ada@example.com', at(365))).toBe(false);
    expect(await cookie.holds(first.value, 'ada@example.com', at(-1))).toBe(false); // not issued yet
    expect(await cookie.holds(first.value, 'bob@example.com', t0)).toBe(false);

    // Signing in to another address keeps the first; signing in again renews rather than repeats.
    const both = await cookie.add(first.value, 'bob@example.com', at(200));
    expect(await cookie.holds(both.value, 'ada@example.com', at(300))).toBe(true);
    expect(await cookie.holds(both.value, 'bob@example.com', at(500))).toBe(true);
    const renewed = await cookie.add(both.value, 'ada@example.com', at(300));
    expect(renewed.value.split('~')).toHaveLength(2);
    expect(await cookie.holds(renewed.value, 'ada@example.com', at(600))).toBe(true);
    // At most five addresses, the newest kept.
    let value = renewed.value;
    for (let i = 0; i < 5; i++) value = (await cookie.add(value, `dev${i}@example.com`, at(301 + i))).value;
    expect(value.split('~')).toHaveLength(5);
    expect(await cookie.holds(value, 'dev4@example.com', at(310))).toBe(true);
    expect(await cookie.holds(value, 'bob@example.com', at(310))).toBe(false);

    // The "asked for a link" mark is a cookie of its own kind, under its own key, for as long as a link lasts.
    const asked = browserCookie(ASKED_FOR_LINK, s.app.services.keys, s.url);
    const mark = await asked.add(undefined, 'ada@example.com', t0);
    expect(mark).toMatchObject({ name: 'signin-asked', options: { maxAge: 600 } });
    expect(await asked.holds(mark.value, 'ada@example.com', at(0.006))).toBe(true);
    expect(await asked.holds(mark.value, 'ada@example.com', at(0.007))).toBe(false);
    expect(await cookie.holds(mark.value, 'ada@example.com', t0)).toBe(false);
    expect(await asked.holds(first.value, 'ada@example.com', t0)).toBe(false);
  });

  it('the rolling-window counter: concurrent takers of the last slots, the retry time, the sweep', async () => {
    const db = s.app.services.db;
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => hit(db, 'test:race', { limit: 3, windowSeconds: 60 })));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
    expect(Math.max(...verdicts.map((v) => v.retryAfterSeconds))).toBeLessThanOrEqual(60);
    const later = new Date(Date.now() + 61_000);
    expect((await hit(db, 'test:race', { limit: 3, windowSeconds: 60 }, later)).allowed).toBe(true);
    await sweepRateLimitHits(db, new Date(Date.now() + 25 * 3600_000));
    expect(await db.select().from(rateLimitHits).where(eq(rateLimitHits.bucket, 'test:race'))).toEqual([]);
  });
});

describe('https PUBLIC_BASE_URL', () => {
  it('sets every sign-in cookie __Secure- with Secure, whatever the request came in on', async () => {
    const secure = await accountsServer({ PUBLIC_BASE_URL: 'https://accounts.test.example' });
    try {
      expect(secure.accounts.sessionCookieName).toBe('__Secure-authjs.session-token');
      const email = address('secure');
      const asked = await secure.accounts.requestSignIn({ email, forwardedFor: '203.0.113.20', cookies: {} });
      expect(asked).toMatchObject({ ok: true, cookie: { name: '__Secure-signin-asked', options: { secure: true } } });
      const link = new URL(linkIn(await secure.smtp.nextMail(email)));
      expect(link.origin).toBe('https://accounts.test.example');
      const confirmed = await secure.accounts.confirmSignIn(Object.fromEntries(link.searchParams), {});
      expect(confirmed.redirect).toBe('/dashboard');
      expect(confirmed.cookies.map((c) => [c.name, c.options.secure])).toEqual([
        ['__Secure-authjs.session-token', true],
        ['__Secure-known-browser', true],
      ]);
    } finally {
      await secure.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('lets a newcomer sign in with the link printed in the terminal', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(String(line)));
    const local = await accountsServer({ SMTP_URL: '' });
    try {
      expect(local.accounts.mailLogsOnly).toBe(true);
      const email = address('newcomer');
      expect(await local.accounts.requestSignIn({ email, forwardedFor: '127.0.0.1', cookies: {} })).toMatchObject({ ok: true });
      const line = printed.find((l) => l.includes(email))!;
      expect(line).toMatch(/^\[mail\] not sent \(no SMTP_URL\): to dev-newcomer-\d+@example\.com, "Sign in to Agent Commerce": http:\/\/127\.0\.0\.1:\d+\/signin\/confirm\?/);
      const link = new URL(line.slice(line.indexOf('http')));
      const view = await local.accounts.confirmView(Object.fromEntries(link.searchParams), {});
      if (view.state !== 'ready') throw new Error('link not usable');
      expect(await local.accounts.signedIn(sessionIn(await local.accounts.confirmSignIn(view.fields, {})))).toMatchObject({ email });
      expect(local.smtp.received.filter((m) => m.to.includes(email))).toEqual([]);
    } finally {
      spy.mockRestore();
      await local.close();
    }
  });

  it('writes each message (recipient, subject, link) to the log, and says so', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@example.com' }, (line) => lines.push(line));
    expect(mailer.logsOnly).toBe(true);
    expect(mailer.describe()).toMatch(/SMTP_URL is not set/);
    await mailer.send({ to: 'ada@example.com', subject: 'Sign in', text: 'body', link: 'http://localhost:3000/signin/confirm?token=abc' });
    expect(lines).toEqual(['[mail] not sent (no SMTP_URL): to ada@example.com, "Sign in": http://localhost:3000/signin/confirm?token=abc']);
    expect(createMailer({ smtpUrl: 'smtp://user:secret@mail.example:587', from: 'x@example.com' }).describe()).not.toMatch(/secret/);
  });
});
