/**
 * A developer's whole path against `npm start`, in Chromium, with mail going over SMTP to a real
 * server this file starts (the service's SMTP_URL points at it, playwright.config.ts): sign in from
 * the e-mailed link, mint a key, read it once, call the agent API with it (no UCP-Agent), revoke it
 * in the page, and the same call is refused. Again with JavaScript off. axe-core on every page of
 * the path; screenshots (also at 375 px) kept as test artifacts.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
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

/** From /dashboard (signed out) through the e-mailed link back to /dashboard. */
async function signIn(page: Page, testInfo: TestInfo, email: string, { checkPages }: { checkPages: boolean }) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard$/);
  if (checkPages) {
    await snapshot(page, testInfo, 'signin');
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = linkIn(await smtp.nextMail(email));
  await page.goto(link);
  const button = page.getByRole('button', { name: `Sign in as ${email}` });
  await expect(button).toBeVisible();
  if (checkPages) {
    await snapshot(page, testInfo, 'signin-confirm');
    expect(await seriousViolations(page)).toEqual([]);
  }
  await button.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** Mints a key from the dashboard and reads it from "Your new key". */
async function mint(page: Page, name: string): Promise<string> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('checkbox', { name: 'buyer:write' }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('Your new key');
  await expect(field).toHaveValue(/^ak_live_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  return field.inputValue();
}

test('a developer signs in from the e-mail, mints a key, calls the API with it and revokes it', async ({ page, baseURL }, testInfo) => {
  // No CSP violation and no console error anywhere on the path.
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`)));
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));

  const email = newAddress();
  await signIn(page, testInfo, email, { checkPages: true });
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
  await signIn(page, testInfo, newAddress(), { checkPages: false });
  const key = await mint(page, 'no-js agent');
  await snapshot(page, testInfo, 'dashboard-new-key-no-js');
  expect((await search(baseURL!, key)).status).toBe(200);

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
