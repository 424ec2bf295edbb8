/**
 * Signing in by e-mailed link, through the real server, Auth.js and database, with the mail going
 * over SMTP to a real server the test starts (test/support/smtp.ts): the link arrives, opens
 * /signin/confirm (which does not use it up), and its button's request signs in once, within
 * 10 minutes, back to a page of this origin only. Sessions are stored as SHA-256; Auth.js over
 * HTTP keeps its CSRF check; sign-in requests are limited per address and per client IP, and a
 * held request sends and stores nothing; a mail server that refuses is said so.
 */
import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientIp } from '../server/accounts/signin-limits';
import { hit, sweepRateLimitHits } from '../server/db/rate-limits';
import { rateLimitHits, sessions, users, verificationTokens } from '../server/db/schema';
import { createMailer } from '../server/mail/mailer';
import { accountsServer, cookiesOf, type AccountsServer } from './support/accounts';
import { linkIn } from './support/smtp';

let s: AccountsServer;
const COOKIE = 'authjs.session-token';
let n = 0;
const address = (tag: string) => `dev-${tag}-${++n}@example.com`;

beforeAll(async () => {
  s = await accountsServer();
});
afterAll(() => s?.close());

/** Asks for a link through the page's facade and reads it from the mailbox. */
async function mailedLink(email: string, callbackUrl?: string, forwardedFor = '203.0.113.7'): Promise<URL> {
  const result = await s.accounts.requestSignIn({ email, callbackUrl, forwardedFor });
  expect(result).toEqual({ ok: true });
  return new URL(linkIn(await s.smtp.nextMail(email)));
}

/** What the confirm page's button does: a GET of Auth.js's callback with the link's fields. */
async function confirm(link: URL): Promise<Response> {
  const view = await s.accounts.confirmView(Object.fromEntries(link.searchParams));
  if (view.state !== 'ready') throw new Error('link not usable');
  return s.http(`${view.action}?${new URLSearchParams(view.fields)}`);
}

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
    const view = await s.accounts.confirmView(Object.fromEntries(link.searchParams));
    expect(view).toMatchObject({ state: 'ready', email, action: '/api/auth/callback/nodemailer' });
    expect(await s.accounts.confirmView(Object.fromEntries(link.searchParams))).toMatchObject({ state: 'ready' });

    const res = await confirm(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${s.url}/dashboard`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/); // http PUBLIC_BASE_URL
    const token = cookiesOf(res)[COOKIE];

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

    // Single use: the page now says so, and the callback refuses it.
    expect(await s.accounts.confirmView(Object.fromEntries(link.searchParams))).toEqual({ state: 'invalid' });
    const again = await s.http(`/api/auth/callback/nodemailer${link.search}`);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(`${s.url}/signin?error=Verification`);
    expect(cookiesOf(again)[COOKIE]).toBeUndefined();
  });

  it('links last 10 minutes', async () => {
    const email = address('expiry');
    const before = Date.now();
    const link = await mailedLink(email);
    const [row] = await s.app.services.db.select().from(verificationTokens).where(eq(verificationTokens.identifier, email));
    expect(row.expires.getTime() - before).toBeGreaterThanOrEqual(600_000 - 1000);
    expect(row.expires.getTime() - before).toBeLessThanOrEqual(600_000 + 5000);
    // Eleven minutes on: the page and the callback both refuse it.
    await s.app.services.db.update(verificationTokens).set({ expires: new Date(Date.now() - 60_000) }).where(eq(verificationTokens.identifier, email));
    expect(await s.accounts.confirmView(Object.fromEntries(link.searchParams))).toEqual({ state: 'invalid' });
    const res = await s.http(`/api/auth/callback/nodemailer${link.search}`);
    expect(res.headers.get('location')).toBe(`${s.url}/signin?error=Verification`);
  });

  it('goes back only to pages of this origin', async () => {
    for (const foreign of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example']) {
      const email = address('origin');
      const res = await confirm(await mailedLink(email, foreign));
      expect(res.headers.get('location'), foreign).toBe(`${s.url}/dashboard`);
    }
    const res = await confirm(await mailedLink(address('origin'), `${s.url}/docs?x=1`));
    expect(res.headers.get('location')).toBe(`${s.url}/docs?x=1`);
  });

  it('refuses a malformed address with a sentence, sending nothing', async () => {
    const sent = s.smtp.received.length;
    for (const bad of ['', 'not-an-address', 'a@b@c.example', '"x"@example.com']) {
      const result = await s.accounts.requestSignIn({ email: bad, forwardedFor: '203.0.113.8' });
      expect(result.ok, bad).toBe(false);
    }
    expect(s.smtp.received.length).toBe(sent);
  });

  it('signs out: the session row is gone and the cookie cleared', async () => {
    const res = await confirm(await mailedLink(address('signout')));
    const token = cookiesOf(res)[COOKIE];
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
      const result = await s.accounts.requestSignIn({ email: address('refused'), forwardedFor: '203.0.113.9' });
      expect(result).toEqual({ ok: false, error: expect.stringMatching(/could not send the e-mail/) });
    } finally {
      s.smtp.refuse(false);
    }
  });
});

describe('Auth.js over HTTP (/api/auth)', () => {
  it('keeps its CSRF check: a sign-in posted without the CSRF token sends nothing', async () => {
    const email = address('csrf');
    const res = await s.http('/api/auth/signin/nodemailer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${s.url}/signin?error=MissingCSRF`);
    await expect(s.smtp.nextMail(email, 500)).rejects.toThrow(/no mail/);
  });

  it('signs in by a direct POST with its CSRF token, writing each Set-Cookie apart', async () => {
    const csrf = await s.http('/api/auth/csrf');
    const { csrfToken } = await csrf.json();
    const jar = Object.entries(cookiesOf(csrf)).map(([k, v]) => `${k}=${v}`).join('; ');
    const email = address('direct');
    const res = await s.http('/api/auth/signin/nodemailer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar },
      body: new URLSearchParams({ email, csrfToken, callbackUrl: '/dashboard' }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${s.url}/api/auth/verify-request?provider=nodemailer&type=email`);
    expect(res.headers.getSetCookie().length).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const link = new URL(linkIn(await s.smtp.nextMail(email)));
    expect(link.searchParams.get('callbackUrl')).toBe(`${s.url}/dashboard`);
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
    const res = await confirm(await mailedLink(address('signout-csrf')));
    const token = cookiesOf(res)[COOKIE];
    const forged = await s.http('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${COOKIE}=${token}`, origin: 'https://evil.example' },
      body: new URLSearchParams({ callbackUrl: '/' }),
    });
    expect(forged.headers.get('location')).toBe(`${s.url}/signin?error=MissingCSRF`);
    expect(await s.accounts.signedIn(token)).not.toBeNull();
  });

  it('refuses a body over 64 KiB before Auth.js reads it', async () => {
    const res = await s.http('/api/auth/signin/nodemailer', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${'a'.repeat(70_000)}` });
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
  it('5 links per address in 15 minutes, then a retry time; a held request mails and stores nothing', async () => {
    const email = address('limit');
    for (let i = 0; i < 5; i++) await mailedLink(email, undefined, `198.51.100.${i + 10}`);
    const held = await s.accounts.requestSignIn({ email, forwardedFor: '198.51.100.99' });
    expect(held).toEqual({ ok: false, error: expect.stringMatching(/Too many sign-in links.*You can ask again in 1[45] minutes, at \d\d:\d\d UTC\./) });
    await expect(s.smtp.nextMail(email, 500)).rejects.toThrow(/no mail/);
    const tokens = await s.app.services.db.select().from(verificationTokens).where(eq(verificationTokens.identifier, email));
    expect(tokens).toHaveLength(5);
  });

  it('30 per client IP in 15 minutes, a direct POST to Auth.js included', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 30; i++) expect(await s.accounts.requestSignIn({ email: address('ip'), forwardedFor: ip })).toEqual({ ok: true });
    expect((await s.accounts.requestSignIn({ email: address('ip'), forwardedFor: ip })).ok).toBe(false);
    expect((await s.accounts.requestSignIn({ email: address('ip'), forwardedFor: '192.0.2.51' })).ok).toBe(true);

    // Over HTTP the client is the socket's address, whatever X-Forwarded-For says.
    const hits = await s.app.services.db.select().from(rateLimitHits).where(like(rateLimitHits.bucket, 'signin-ip:%127.0.0.1'));
    const before = hits.length;
    const csrf = await s.http('/api/auth/csrf');
    const { csrfToken } = await csrf.json();
    const jar = Object.entries(cookiesOf(csrf)).map(([k, v]) => `${k}=${v}`).join('; ');
    await s.http('/api/auth/signin/nodemailer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar, 'x-forwarded-for': ip },
      body: new URLSearchParams({ email: address('ip'), csrfToken }),
    });
    const after = await s.app.services.db.select().from(rateLimitHits).where(like(rateLimitHits.bucket, 'signin-ip:%127.0.0.1'));
    expect(after.length).toBe(before + 1);
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
  it('sets the __Secure- session cookie with Secure, whatever the request came in on', async () => {
    const secure = await accountsServer({ PUBLIC_BASE_URL: 'https://accounts.test.example' });
    try {
      expect(secure.accounts.sessionCookieName).toBe('__Secure-authjs.session-token');
      const email = address('secure');
      expect(await secure.accounts.requestSignIn({ email, forwardedFor: '203.0.113.20' })).toEqual({ ok: true });
      const link = new URL(linkIn(await secure.smtp.nextMail(email)));
      expect(link.origin).toBe('https://accounts.test.example');
      const res = await secure.http(`/api/auth/callback/nodemailer${link.search}`);
      expect(res.headers.get('location')).toBe('https://accounts.test.example/dashboard');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-authjs.session-token='));
      expect(cookie).toMatch(/; Secure/);
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
      expect(await local.accounts.requestSignIn({ email, forwardedFor: '127.0.0.1' })).toEqual({ ok: true });
      const line = printed.find((l) => l.includes(email))!;
      expect(line).toMatch(/^\[mail\] not sent \(no SMTP_URL\): to dev-newcomer-\d+@example\.com, "Sign in to Agent Commerce": http:\/\/127\.0\.0\.1:\d+\/signin\/confirm\?/);
      const link = new URL(line.slice(line.indexOf('http')));
      const view = await local.accounts.confirmView(Object.fromEntries(link.searchParams));
      if (view.state !== 'ready') throw new Error('link not usable');
      const res = await local.http(`${view.action}?${new URLSearchParams(view.fields)}`);
      expect(await local.accounts.signedIn(cookiesOf(res)[COOKIE])).toMatchObject({ email });
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
