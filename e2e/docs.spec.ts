import { expect, test, type Page } from '@playwright/test';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** Refuses, and records, every request the page makes to a host other than this server. */
async function recordOutsideRequests(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route(
    (url) => !LOCAL_HOSTS.has(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return outside;
}

test('the API reference renders the OpenAPI document without any outside request', async ({ page }, testInfo) => {
  const outside = await recordOutsideRequests(page);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));

  // Scalar renders every operation (all tags open): on a loaded 2-core machine that can take a while.
  test.setTimeout(120_000);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Agent Commerce API', level: 1 })).toBeVisible({ timeout: 90_000 });

  // The search operation, reached through the reference's own sidebar.
  const summary = 'Search or browse the network catalog (JSON-LD)';
  // Scalar 1.46's sidebar entries are buttons named by the summary and the method.
  await page.getByRole('button', { name: new RegExp(`^${summary.replace(/[()]/g, '\\$&')}`) }).first().click();
  const operation = page.getByRole('region', { name: summary });
  await expect(operation.getByRole('heading', { name: summary })).toBeInViewport();
  await expect(operation.getByText('/api/agent/search', { exact: true }).first()).toBeVisible();
  await expect(operation.getByRole('list', { name: 'Headers' }).first()).toContainText('UCP-Agent');
  await expect(page).toHaveURL(/#tag\/catalog\/GET\/api\/agent\/search$/);

  const screenshot = testInfo.outputPath('api-reference-search.png');
  await page.screenshot({ path: screenshot });
  await testInfo.attach('API reference: GET /api/agent/search', { path: screenshot, contentType: 'image/png' });

  expect(outside, 'requests to other hosts').toEqual([]);
  expect(errors, 'errors in the console').toEqual([]);
});

test('the bundle is served by the project, cacheable for a year', async ({ page, request }) => {
  await page.goto('/docs');
  const src = await page.locator('script[src*="/docs/api-reference.js"]').getAttribute('src');
  expect(src).toMatch(/^\/docs\/api-reference\.js\?v=\d+\.\d+\.\d+$/);
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await res.body()).length).toBeGreaterThan(1_000_000);
});
