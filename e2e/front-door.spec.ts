/**
 * The way in for a person, against `npm start` in Chromium: from the start page to a network key by
 * the pages' own links and forms (the sign-in form, the confirm button, the mint form), JavaScript on
 * and off; the one address not clicked on a page is the e-mailed link (a real SMTP server this file
 * starts), opened as a mail client would. Signed in, the dashboard is one click from every page but
 * the pay page and the consent screen, whose bar links home only. axe-core at 375 and 1280 px on
 * every page people use: a serious or critical violation fails; moderate ones are printed at the end.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { authorizationRequest, discover, registerClient } from '../test/support/oauth-client';
import { linkIn, startSmtpSink, type SmtpSink } from '../test/support/smtp';
import { checkAtBothWidths } from './support/page-checks';
import { agentBuys } from './support/purchase';

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
// axe-core at two widths on a dozen pages takes a minute or two on a small shared machine.
test.describe.configure({ timeout: 240_000 });

let smtp: SmtpSink;
/** The OAuth client's redirect URI: where Allow sends the browser. */
let agent: http.Server;
let redirect: string;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
  agent = http.createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the agent'));
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  redirect = `http://127.0.0.1:${(agent.address() as AddressInfo).port}/callback`;
});

test.afterAll(async () => {
  await smtp?.close();
  await new Promise((resolve) => agent?.close(resolve));
});

/** The page at both widths; its moderate axe-core violations are printed and attached, for the notes. */
async function check(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const moderate = await checkAtBothWidths(page, testInfo, name);
  console.log(`axe-core, ${name}: ${moderate.length ? `moderate: ${moderate.join('; ')}` : 'no moderate violation'}`);
  if (moderate.length) await testInfo.attach(`${name}: moderate axe-core violations`, { body: moderate.join('\n'), contentType: 'text/plain' });
}

let n = 0;
const newAddress = () => `front-door-${Date.now()}-${++n}@example.com`;

const search = (baseURL: string, key: string) => fetch(`${baseURL}/api/agent/search?q=mug&limit=1`, { headers: { Authorization: `Bearer ${key}` } });

/** From `/` to a minted key, each step a link or a form of the page in front of the person; `onPage` looks at each page on the way. */
async function walkToKey(page: Page, email: string, onPage: (name: string) => Promise<void>): Promise<string> {
  await page.goto('/');
  await onPage('start');
  await page.getByRole('link', { name: 'Sign in to get a key' }).click();
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard$/);
  await onPage('signin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await onPage('signin-check-email');
  await page.goto(linkIn(await smtp.nextMail(email)));
  await onPage('signin-confirm');
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await onPage('dashboard-empty');
  await page.getByLabel('Name', { exact: true }).fill('front door');
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('Your new key');
  await expect(field).toHaveValue(/^ak_live_[A-Za-z0-9_-]{43}$/);
  await onPage('dashboard-new-key');
  return field.inputValue();
}

/** The pages people use that show the site's whole bar, as a signed-in person opens them. */
const PAGES_WITH_THE_BAR = ['/', '/signin', '/signin/check-email', '/signin/confirm?token=used&email=a%40example.com', '/signout', '/dashboard/agents', '/no-such-page', '/docs'];

/** From each of those pages one click, on "Dashboard", reaches the dashboard. */
async function dashboardOneClickAway(page: Page): Promise<void> {
  for (const path of PAGES_WITH_THE_BAR) {
    await page.goto(path);
    const link = page.getByRole('link', { name: 'Dashboard', exact: true });
    await expect(link, path).toHaveCount(1);
    await link.click();
    await expect(page, path).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 }), path).toBeVisible();
  }
}

/** The bar of a page that asks a person to decide: the site's name, home, and no other link. */
async function expectHomeOnly(page: Page, what: string): Promise<void> {
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link'), what).toHaveCount(1);
  await expect(bar.getByRole('link', { name: 'Agent Commerce' }), what).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true }), what).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test(`from the start page to a key by links and forms only, and the dashboard one click from every page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    // axe-core runs as a script in the page: with JavaScript on only (the pages are the same HTML either way).
    const key = await walkToKey(page, newAddress(), async (name) => (javaScriptEnabled ? check(page, testInfo, name) : undefined));
    expect((await search(baseURL!, key)).status).toBe(200);
    await expect(page.getByRole('region', { name: 'Use your key' })).toContainText(`curl -s '${baseURL}/api/agent/search?`);
    await dashboardOneClickAway(page);
    await context.close();
  });
}

test('the pay page and the consent screen link home only; the signed-in pages pass axe-core; the dashboard lists the connected agent', async ({ page, baseURL }, testInfo) => {
  await walkToKey(page, newAddress(), async () => undefined);

  // An agent asks to act for this person: the consent screen, straight away (signed in).
  const as = await discover(baseURL!);
  const client = await registerClient(as, redirect, { client_name: 'Front door agent' });
  await page.goto((await authorizationRequest(as, client, redirect)).url.href);
  await expect(page.getByRole('heading', { name: 'Allow “Front door agent” to use your account?' })).toBeVisible();
  await expectHomeOnly(page, 'consent');
  await check(page, testInfo, 'consent');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.href.startsWith(redirect));

  const purchase = await agentBuys(baseURL!);
  await page.goto(purchase.link.url);
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expectHomeOnly(page, 'pay page');
  await check(page, testInfo, 'pay');

  await page.getByRole('link', { name: 'Agent Commerce' }).click();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const agents = page.getByRole('region', { name: 'Connected agents' });
  await expect(agents).toContainText('Front door agent');
  await expect(page.getByRole('row', { name: /front door/ })).toContainText('Active');
  await check(page, testInfo, 'dashboard-key-and-agent');
  await agents.getByRole('link', { name: 'Manage connected agents' }).click();
  await expect(page.getByRole('heading', { name: 'Front door agent' })).toBeVisible();
  await check(page, testInfo, 'connected-agents');

  for (const [path, name] of [
    ['/signin', 'signin-signed-in'],
    ['/signout', 'signout'],
    ['/no-such-page', 'not-found'],
  ]) {
    await page.goto(path);
    await check(page, testInfo, name);
  }
});
