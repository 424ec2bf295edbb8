import { expect, test, type Page } from '@playwright/test';
import { expectPageHeaders, seriousViolations, snapshot } from './support/page-checks';

/**
 * What a person meets following the documentation in a browser: the API reference (/docs), the
 * JSON docs pages linked from the start page (no UCP-Agent header: they are discovery), and the
 * 404 page; each without an error in the console, a favicon included.
 */

/** Errors the page logs (console errors and uncaught exceptions) and requests it sends elsewhere. */
function watch(page: Page): { errors: string[]; outside: string[] } {
  const errors: string[] = [];
  const outside: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`${msg.text()} (${msg.location().url})`));
  void page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      outside.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return { errors, outside };
}

test('the API reference renders with Scalar’s AI chat, its upload buttons and its toolbar off, and nothing in the console', async ({ page }, testInfo) => {
  // Scalar renders every operation (all tags open): on a loaded 2-core machine that can take a while.
  test.setTimeout(120_000);
  const { errors, outside } = watch(page);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Agent Commerce API', level: 1 })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: /^Search or browse the network catalog \(JSON-LD\)/ }).first()).toBeVisible();
  const screenshot = testInfo.outputPath('api-reference.png');
  await page.screenshot({ path: screenshot });
  await testInfo.attach('API reference', { path: screenshot, contentType: 'image/png' });

  // Scalar's hosted AI chat ("Ask AI Agent", whose "Upload API" sends the document to Scalar), its
  // developer toolbar ("Deploy on Scalar") and later versions' "Generate MCP": none on the page.
  await expect(page.getByPlaceholder(/Ask AI/i)).toHaveCount(0);
  for (const name of [/Ask AI/i, /Upload/i, /Generate MCP/i, /Deploy/i, /Developer Tools/i]) {
    await expect(page.getByRole('button', { name }), String(name)).toHaveCount(0);
    await expect(page.getByRole('link', { name }), String(name)).toHaveCount(0);
  }
  await expect(page.locator('body')).not.toContainText(/Ask AI|Upload API|Generate MCP|Deploy on Scalar/);

  expect(outside, 'requests to other hosts').toEqual([]);
  expect(errors, 'errors in the console').toEqual([]);
});

test('the docs pages open from the start page’s links in a browser, without a UCP-Agent header', async ({ page }) => {
  const { errors, outside } = watch(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Docs for agents (JSON)' }).click();
  await expect(page).toHaveURL(/\/api\/agent\/docs\/overview$/);
  await expect(page.locator('body')).toContainText('"slug":"overview"');

  await page.goto('/');
  const [rest] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/agent/docs/rest')), page.getByRole('link', { name: 'rest', exact: true }).click()]);
  expect(rest.status()).toBe(200);
  const doc = JSON.parse(await page.locator('body').innerText());
  const addItem = doc.operations.find((o: { method: string; path: string }) => o.method === 'POST' && o.path === '/api/agent/cart/{id}/items');
  expect(addItem.request_body.properties.quantity).toBeDefined();
  expect(addItem.example.answer.status).toBe(201);

  // The links of the API reference's own bar open too.
  for (const path of ['/api/openapi.json', '/api/mcp/openrpc.json', '/.well-known/ucp']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
  }
  expect(outside, 'requests to other hosts').toEqual([]);
  expect(errors, 'errors in the console').toEqual([]);
});

test('an unknown page answers the 404 page, linking home and the API reference; an API client gets JSON', async ({ page, request }, testInfo) => {
  const { errors, outside } = watch(page);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  expectPageHeaders(res!.headers(), '/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await snapshot(page, testInfo, 'not-found');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'The API reference' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await page.goBack();
  await page.getByRole('link', { name: 'The start page' }).click();
  await expect(page.getByRole('heading', { name: 'Agent Commerce', level: 1 })).toBeVisible();

  // The one 404 logged is the page's own status, which is the point of the page.
  expect(errors.filter((e) => !e.includes('/no-such-page')), 'errors in the console').toEqual([]);
  expect(outside, 'requests to other hosts').toEqual([]);

  for (const [path, accept] of [['/no-such-page', 'application/json'], ['/oauth/register/nothing/here', 'text/html'], ['/api', 'text/html'], ['/store', 'text/html']]) {
    const json = await request.get(path, { headers: { Accept: accept } });
    expect(json.status(), path).toBe(404);
    expect(await json.json(), path).toMatchObject({ error: expect.any(String), code: 'not_found' });
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/x-icon');
});
