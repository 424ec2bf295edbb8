import { expect, test } from '@playwright/test';

test('the start page hands a developer a first request that runs as shown', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const firstRequest = page.getByRole('region', { name: 'Your first request' });
  const command = await firstRequest.locator('pre').innerText();
  expect(command).toContain(`curl -s '${baseURL}/api/agent/search?`);

  await firstRequest.getByRole('button', { name: 'Copy: search request' }).click();
  await expect(firstRequest.getByRole('button', { name: 'Copy: search request' })).toHaveText('Copied');
  await expect(firstRequest.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);

  // The command's URL and header, sent as written: served, with the advisory the page announces.
  const url = command.match(/curl -s '([^']+)'/)![1];
  const agent = command.match(/-H 'UCP-Agent: (.+)'/)![1];
  const res = await request.get(url, { headers: { 'UCP-Agent': agent } });
  expect(res.status()).toBe(200);
  expect(res.headers()['service-advisory']).toMatch(/^reserved_profile_host;/);
  await expect(firstRequest).toContainText('reserved_profile_host');
  expect((await res.json()).itemListElement.length).toBeGreaterThan(0);
});

test('the start page links the API reference and every discovery document', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  expect(hrefs).toEqual(expect.arrayContaining(['/docs', '/.well-known/ucp', '/api/openapi.json', '/api/mcp/openrpc.json']));
  // Each opens in a browser as it is, without a UCP-Agent header (the docs JSON pages too), and the
  // demo sellers the page names exist.
  for (const href of new Set(hrefs)) expect((await request.get(href)).status(), href).toBe(200);

  await page.getByRole('link', { name: 'API reference' }).first().click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { name: 'Agent Commerce API', level: 1 })).toBeVisible({ timeout: 20_000 });
});

test('the MCP example lists the tools as shown', async ({ page, request }) => {
  await page.goto('/');
  const command = await page.getByRole('region', { name: 'Over MCP' }).locator('pre').innerText();
  const url = command.match(/curl -s (\S+)/)![1];
  const body = command.match(/-d '(.+)'/)![1];
  const res = await request.post(url, {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    data: body,
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).result.tools.map((t: { name: string }) => t.name)).toContain('search_catalog');
});

test('the docs JSON links the API reference and explains the example profile', async ({ request, baseURL }) => {
  const res = await request.get('/api/agent/docs/overview', { headers: { 'UCP-Agent': 'https://agent.shopbot.dev/profile.json' } });
  const overview = await res.json();
  expect(overview.documents.api_reference).toBe(`${baseURL}/docs`);
  expect(overview.identification.example_profile).toContain('reserved_profile_host');
});
