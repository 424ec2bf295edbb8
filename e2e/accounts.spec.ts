/**
 * A developer's whole path against `npm start`, in Chromium, with mail going over SMTP to a real
 * server this file starts (the service's SMTP_URL points at it, playwright.config.ts): sign in from
 * the e-mailed link through the confirm page's button, mint a key, read it once, call the agent API
 * with it (no UCP-Agent), revoke it in the page, and the same call is refused. Again with JavaScript
 * off. A link opened in a browser that did not ask for it is warned about; a page on another origin
 * cannot sign a browser in with a link (neither by Auth.js's callback nor by the confirm form).
 * Agent profiles are listed and removed, with JavaScript and without.
 * axe-core on every page of the path; screenshots (also at 375 px) kept as test artifacts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mint, NOT_ASKED_HERE, signIn } from './support/developer';
import { expectPageHeaders, seriousViolations, snapshot } from './support/page-checks';
import { linkIn, startSmtpSink, type SmtpSink } from '../test/support/smtp';

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(() => smtp?.close());

const search = (baseURL: string, key: string) => fetch(`${baseURL}/api/agent/search?q=mug&limit=1`, { headers: { Authorization: `Bearer ${key}` } });

let n = 0;
const newAddress = () => `dev-${Date.now()}-${++n}@example.com`;

/** Asks for a link to `email` from /signin in a browser of its own (JavaScript off), and answers the link. */
async function linkAskedElsewhere(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await context.close();
  return linkIn(await smtp.nextMail(email));
}

/** Whether the browser holds a session: /dashboard shows it, or sends to /signin. */
async function signedIn(context: BrowserContext): Promise<boolean> {
  const page = await context.newPage();
  await page.goto('/dashboard');
  const yes = !page.url().includes('/signin');
  await page.close();
  return yes;
}

/** A page on another origin (another port of this machine) whose body is `html`; answers its URL and a closer. */
async function attackerPage(html: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>Win a prize</title>${html}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/**
 * Agent profiles: a profile URL that is not https is refused with a sentence at the field; an
 * https one is listed, then removed (what UCP's binding then lets the account's keys name).
 */
async function listAndRemoveProfile(page: Page, { checkAxe }: { checkAxe: boolean }) {
  const profile = `https://platform.example/profiles/${n}.json`;
  const field = page.getByLabel('Profile URL');
  await field.fill('http://platform.example/profile.json');
  await page.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'https' })).toBeVisible();
  await page.getByLabel('Profile URL').fill(profile);
  await page.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is listed' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: profile });
  await expect(item).toBeVisible();
  if (checkAxe) expect(await seriousViolations(page)).toEqual([]);
  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was removed' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: profile })).toHaveCount(0);
}

test('a developer signs in from the e-mail, mints a key, calls the API with it and revokes it', async ({ page, baseURL }, testInfo) => {
  // Six axe-core runs, on a dashboard that also shows how to call and the connected agents: over 30 s on a small shared machine.
  test.slow();
  // No CSP violation and no console error anywhere on the path.
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`)));
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));

  const email = newAddress();
  await signIn(page, smtp, email, async (step) => {
    await snapshot(page, testInfo, step);
    expect(await seriousViolations(page)).toEqual([]);
  });
  expectPageHeaders((await page.reload())!.headers(), '/dashboard');
  await snapshot(page, testInfo, 'dashboard-empty');
  expect(await seriousViolations(page)).toEqual([]);

  const key = await mint(page, 'e2e agent');
  await snapshot(page, testInfo, 'dashboard-new-key');
  expect(await seriousViolations(page)).toEqual([]);
  // The secret is nowhere but in the page: not in the URL, not in a cookie.
  expect(page.url()).not.toContain(key);
  expect((await page.context().cookies()).some((c) => c.value.includes(key))).toBe(false);

  const row = page.getByRole('row', { name: /e2e agent/ });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Active');

  await listAndRemoveProfile(page, { checkAxe: true });

  // An agent calls with the key, without UCP-Agent.
  const ok = await search(baseURL!, key);
  expect(ok.status, await ok.clone().text()).toBe(200);

  // Revoking asks first; Cancel leaves the key alone.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('button', { name: 'Revoke key' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Revoke key' })).toHaveCount(0);
  expect((await search(baseURL!, key)).status).toBe(200);

  await page.getByRole('row', { name: /e2e agent/ }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The key “e2e agent” was revoked' })).toBeVisible();
  await expect(page.getByRole('row', { name: /e2e agent/ })).toContainText('Revoked');
  await snapshot(page, testInfo, 'dashboard-revoked');

  // Refused within a second (answers about a key are cached at most that long).
  await expect.poll(async () => (await search(baseURL!, key)).status, { timeout: 3000 }).toBe(401);
  expect((await (await search(baseURL!, key)).json()).code).toBe('invalid_credential');

  // At phone width the page is still whole.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snapshot(page, testInfo, 'dashboard-375px');
  expect(await seriousViolations(page)).toEqual([]);

  // Signing out ends the session: the dashboard sends to /signin again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard$/);
  expect(errors).toEqual([]);
});

test('the sign-in pages carry the page headers and store nothing', async ({ request }) => {
  for (const path of ['/signin', '/signin/check-email', '/signin/confirm?token=x&email=a%40b.example', '/signout']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expectPageHeaders(res.headers(), path);
  }
});

test('sign-in, minting and revoking work without JavaScript', async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, smtp, newAddress());
  const key = await mint(page, 'no-js agent');
  await snapshot(page, testInfo, 'dashboard-new-key-no-js');
  expect((await search(baseURL!, key)).status).toBe(200);
  await listAndRemoveProfile(page, { checkAxe: false });

  await page.getByRole('row', { name: /no-js agent/ }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /no-js agent/ })).toContainText('Revoked');
  await expect.poll(async () => (await search(baseURL!, key)).status, { timeout: 3000 }).toBe(401);
  await context.close();
});

test('a used sign-in link is refused with a sentence', async ({ page }) => {
  const email = newAddress();
  await page.goto('/signin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const link = linkIn(await smtp.nextMail(email));
  await page.goto(link);
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('expired');
});

test('a link opened in a browser that did not ask for it: a warning, and the button still signs in (JavaScript on and off)', async ({ browser }, testInfo) => {
  for (const javaScriptEnabled of [true, false]) {
    const email = newAddress();
    const link = await linkAskedElsewhere(browser, email);
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const res = await page.goto(link);
    expectPageHeaders(res!.headers(), '/signin/confirm');
    await expect(page.getByText(NOT_ASKED_HERE)).toBeVisible();
    await expect(page.getByText('That is normal if you asked for it on another device or in another browser.')).toBeVisible();
    if (javaScriptEnabled) {
      await snapshot(page, testInfo, 'signin-confirm-not-asked-here');
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByRole('button', { name: `Sign in as ${email}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    // Signed in here: this browser is now known for that address (a signed cookie for the sign-in pages only).
    const known = (await context.cookies()).find((c) => c.name === 'known-browser')!;
    expect(known).toMatchObject({ path: '/signin', httpOnly: true, sameSite: 'Lax' });
    expect(known.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    await context.close();
  }
});

test('a page on another origin cannot sign a browser in with a link: not by Auth.js\'s callback, not by the confirm form', async ({ browser, baseURL }) => {
  // The attacker asks for a link to their own account and reads the confirm form as served to them.
  const email = newAddress();
  const link = await linkAskedElsewhere(browser, email);
  const query = new URL(link).search;
  const own = await browser.newContext({ javaScriptEnabled: false });
  const ownPage = await own.newPage();
  await ownPage.goto(link);
  const confirmForm = await ownPage.locator('form.account-form').evaluate((form: HTMLFormElement, action) => {
    form.setAttribute('action', action);
    return form.outerHTML;
  }, `${baseURL}/signin/confirm${query}`);
  await own.close();

  const victim = await browser.newContext();
  const forms = [
    `<form method="post" action="${baseURL}/api/auth/callback/nodemailer${query}"></form>`,
    `<form method="get" action="${baseURL}/api/auth/callback/nodemailer">${[...new URLSearchParams(query)].map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`).join('')}</form>`,
    confirmForm,
  ];
  for (const form of forms) {
    const attacker = await attackerPage(`${form}<script>document.forms[0].submit()</script>`);
    try {
      const page = await victim.newPage();
      const answered = page.waitForResponse((r) => r.url().startsWith(baseURL!) && r.request().isNavigationRequest());
      await page.goto(attacker.url);
      const answer = await answered;
      expect(answer.status(), form.slice(0, 60)).not.toBe(303);
      if (answer.url().includes('/api/auth/')) expect(answer.status()).toBe(404);
      expect(await answer.headerValue('set-cookie')).toBeNull();
      await page.close();
    } finally {
      attacker.close();
    }
    expect((await victim.cookies()).map((c) => c.name)).not.toContain('authjs.session-token');
    expect(await signedIn(victim)).toBe(false);
  }
  await victim.close();

  // The link was not used up: its owner's own press of the button still signs in.
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await owner.close();
});
