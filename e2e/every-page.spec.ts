/**
 * Every page a person opens, at a laptop's size (1280×800) and a phone's (390×844), against
 * `npm start` in Chromium: the start page, the API reference, the 404, sign-in and its e-mail, the
 * dashboard with a new key, the connected agents, the OAuth consent page, sign-out, the pay page
 * live and paid, and a checkout link that leads nowhere. On each: the site's bar with a way home,
 * no text that something else is drawn over, no link cut short, nothing wider than the screen, no
 * serious axe-core violation, and nothing in the console (errors, or warnings such as Scalar's
 * "document validation errors"). Screenshots of each kept as test artifacts.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { authorizationRequest, discover, registerClient } from '../test/support/oauth-client';
import { linkIn, startSmtpSink, type SmtpSink } from '../test/support/smtp';
import { seriousViolations, snapshot } from './support/page-checks';
import { coveredText, cutOffControls, overflowingElements } from './support/page-layout';
import { agentBuys, CARDS, payWith } from './support/purchase';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = PORT + 1;
// An agent's redirect URI; the test never follows it (the consent page is as far as it goes).
const REDIRECT = `http://127.0.0.1:${PORT + 2}/callback`;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(() => smtp?.close());

/** What the page logs: console errors and warnings, uncaught exceptions, CSP violations. */
function watchConsole(page: Page): string[] {
  const logged: string[] = [];
  void page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`)));
  page.on('pageerror', (err) => logged.push(`${page.url()}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    // A 404 page's own status, which is the point of the page.
    if (msg.text().includes('status of 404') && msg.location().url === page.url()) return;
    logged.push(`${page.url()}: ${msg.type()} ${msg.text()}`);
  });
  return logged;
}

/**
 * The page as it is now, at both sizes: the bar with a way home, nothing over text, no control cut
 * short, nothing wider than the screen, axe-core. `ours` limits all but the width to a part: below
 * its bar, the API reference is Scalar's own rendering, which this project does not lay out (its
 * edge fades and code-sample buttons are drawn over text by design).
 */
async function checkPage(page: Page, testInfo: TestInfo, name: string, { ours }: { ours?: string } = {}): Promise<void> {
  // A page reached by a form's redirect gets its title a moment after its heading.
  await expect(page, `${name}: a title`).toHaveTitle(/Agent Commerce/);
  const home = page.locator('header a[href="/"]');
  await expect.soft(home.first(), `${name}: a link home in the page's bar`).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${name} at ${size.width}×${size.height}`;
    // At the top of the page (a page may have scrolled to what it shows first, a new key).
    await page.evaluate(() => window.scrollTo(0, 0));
    if (await home.count()) await expect.soft(home.first(), `${at}: the link home`).toBeInViewport();
    // Soft: one run reports every problem of every page.
    expect.soft(await coveredText(page, { within: ours }), `${at}: text covered`).toEqual([]);
    expect.soft(await cutOffControls(page, { within: ours }), `${at}: links and buttons cut short`).toEqual([]);
    // Polled: a page just resized may be a pixel wider for a moment.
    await expect.poll(() => overflowingElements(page), { message: `${at}: wider than the screen` }).toEqual([]);
    // Scalar's page, every operation open, is some 100,000 px tall: the screen only.
    await snapshot(page, testInfo, `${name}-${size.width}px`, { fullPage: !ours });
    const serious = ours
      ? (await new AxeBuilder({ page }).include(ours).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)
      : await seriousViolations(page);
    expect.soft(serious, `${at}: axe-core`).toEqual([]);
  }
}

test('every page, at a laptop’s size and a phone’s: the bar home, nothing over text, nothing wider than the screen, nothing in the console', async ({ page, baseURL }, testInfo) => {
  // Twenty-odd axe-core runs and Scalar rendering every operation, on a small shared machine.
  test.setTimeout(300_000);
  const logged = watchConsole(page);

  await page.goto('/');
  await checkPage(page, testInfo, 'start');

  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Agent Commerce API', level: 1 })).toBeVisible({ timeout: 90_000 });
  await page.waitForLoadState('networkidle');
  await checkPage(page, testInfo, 'api-reference', { ours: '.docs-bar' });

  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await checkPage(page, testInfo, 'not-found');

  // A checkout link (a UCP checkout's continue_url) of no checkout: a plain page, not rendered by Next.
  expect((await page.goto(`/checkout/${'x'.repeat(43)}`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await checkPage(page, testInfo, 'checkout-unknown');

  const { link } = await agentBuys(baseURL!);
  await page.goto(link.url);
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await checkPage(page, testInfo, 'pay');
  await payWith(page, CARDS.success);
  await expect(page.getByText(/ord_[0-9a-z]{26}/)).toBeVisible();
  await checkPage(page, testInfo, 'pay-paid');

  // Sign-in, through the e-mailed link.
  const email = `pages-${Date.now()}@example.com`;
  await page.goto('/signin');
  await checkPage(page, testInfo, 'signin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await checkPage(page, testInfo, 'signin-check-email');
  await page.goto(linkIn(await smtp.nextMail(email)));
  const signIn = page.getByRole('button', { name: `Sign in as ${email}` });
  await expect(signIn).toBeVisible();
  await checkPage(page, testInfo, 'signin-confirm');
  await signIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard with a new key: its secret, and "Use your key" with the command to copy.
  await page.getByLabel('Name', { exact: true }).fill('pages agent');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('Your new key')).toHaveValue(/^ak_live_/);
  await expect(page.getByRole('heading', { name: 'Use your key' })).toBeVisible();
  await checkPage(page, testInfo, 'dashboard');

  await page.goto('/dashboard/agents');
  await checkPage(page, testInfo, 'dashboard-agents');

  // The consent page an agent sends a signed-in person to.
  const as = await discover(baseURL!);
  const client = await registerClient(as, REDIRECT, { client_name: 'Pages agent' });
  await page.goto((await authorizationRequest(as, client, REDIRECT)).url.href);
  await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
  await checkPage(page, testInfo, 'oauth-consent');

  await page.goto('/signout');
  await checkPage(page, testInfo, 'signout');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await checkPage(page, testInfo, 'signed-out');

  expect(logged, 'the console').toEqual([]);
});
