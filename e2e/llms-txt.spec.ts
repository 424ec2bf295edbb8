import { expect, test, type Page } from '@playwright/test';

/**
 * /llms.txt in a browser: opened from the start page's link (and the UCP profile's llms_txt),
 * shown as plain text, with nothing in the console.
 */

/** Errors the page logs (console errors and uncaught exceptions). */
function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`${msg.text()} (${msg.location().url})`));
  return errors;
}

test('/llms.txt opens from the start page as plain text, without errors in the console', async ({ page, request }) => {
  const errors = watch(page);
  await page.goto('/');
  const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/llms.txt')), page.getByRole('link', { name: 'llms.txt', exact: true }).click()]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/plain; charset=utf-8');
  await expect(page).toHaveURL(/\/llms\.txt$/);
  const text = await page.locator('body').innerText();
  expect(text.startsWith('# Agent Commerce')).toBe(true);
  expect(text).toContain('GET /api/agent/search?');
  expect(text).toContain('## Errors you may meet, and what to do');
  expect(Buffer.byteLength(await answer.text())).toBeLessThanOrEqual(8_000);

  // The UCP profile names the same document.
  const profile = await (await request.get('/.well-known/ucp')).json();
  expect(new URL(profile.llms_txt).pathname).toBe('/llms.txt');
  expect(errors, 'errors in the console').toEqual([]);
});
