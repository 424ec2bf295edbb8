import { expect, test } from '@playwright/test';

test('the start page leads developers to the machine-readable documents', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Agent Commerce' })).toBeVisible();
  await expect(page.getByText('UCP-Agent: profile=')).toBeVisible();

  // Every link on the page answers (with a UCP-Agent header, which discovery documents validate).
  const links = await page.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  expect(links).toContain('/api/openapi.json');
  for (const href of links) {
    const res = await request.get(href, { headers: { 'UCP-Agent': 'https://agent.shopbot.dev/profile.json' } });
    expect(res.status(), href).toBe(200);
  }

  await page.getByRole('link', { name: 'UCP business profile' }).click();
  await expect(page.locator('body')).toContainText('"version":"2026-04-08"');
});

test('an unknown page answers a human 404 page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
