/**
 * Pages that cannot be framed, and a policy that costs normal use nothing: a page on another
 * origin that frames a payment link sees nothing of it; the start page, the API reference, a pay
 * page and the 404 run under their Content-Security-Policy with no violation and no console error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { agentBuys } from './support/purchase';

/** Records every CSP violation and console error the page reports, from its first script on. */
async function watch(page: Page): Promise<{ violations: () => Promise<string[]>; errors: string[] }> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  return { violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), errors };
}

test('a page on another origin framing a payment link renders nothing of it', async ({ page, baseURL }) => {
  const { link } = await agentBuys(baseURL!);
  // Another origin on this machine (another port): Chromium would refuse a public page's frame of
  // a loopback address before our headers mattered.
  const attacker = http.createServer((_, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>Win a prize</title><iframe src="${link.url}" width="600" height="600"></iframe>`),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const framed = page.waitForResponse(link.url);
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const frame = page.frameLocator('iframe');
    // The frame holds the browser's refusal, never the page: no amount, no card form, nothing to click.
    await expect(frame.locator('body')).not.toContainText('Pay', { timeout: 2_000 });
    expect(await frame.locator('form, button, input').count()).toBe(0);
  } finally {
    attacker.close();
  }
});

test('no page reports a policy violation or a console error in normal use', async ({ page, baseURL }) => {
  const { link } = await agentBuys(baseURL!);
  const { violations, errors } = await watch(page);

  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  expect(await violations(), '/').toEqual([]);

  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Agent Commerce API', level: 1 })).toBeVisible({ timeout: 20_000 });
  expect(await violations(), '/docs').toEqual([]);

  await page.goto(link.url);
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  expect(await violations(), 'pay page').toEqual([]);

  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await violations(), '404').toEqual([]);

  // The 404 page's own status is the one error a browser logs for it.
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
