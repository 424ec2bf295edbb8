/** What the browser tests check on the pages they visit: a screenshot kept, axe-core at two widths, the headers. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** A full-page screenshot (or of the screen only: `fullPage` false), kept as a test artifact (test-results/…) under `name`. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** axe-core's violations on the page as "id: help" lines: serious and critical, which fail a test, and moderate, which are reported. */
export async function axeViolations(page: Page): Promise<{ serious: string[]; moderate: string[] }> {
  // A form just submitted may still be navigating: axe on the document in between once reported
  // "Documents must have <title>". Every page has one, so its arrival marks the page as loaded.
  await page.waitForLoadState('load');
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const lines = (impacts: string[]) => violations.filter((v) => impacts.includes(v.impact ?? '')).map((v) => `${v.id}: ${v.help}`);
  return { serious: lines(['serious', 'critical']), moderate: lines(['moderate']) };
}

/** axe-core's serious and critical violations on the page, as "id: help" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).serious;
}

/**
 * The page at a phone's width (375 px) and a laptop's (1280 px): nothing wider than the screen, no
 * serious or critical axe-core violation at either, a screenshot of each kept under `name`. Answers
 * the moderate violations, each prefixed with the width; the viewport is left as it was.
 */
export async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  const before = page.viewportSize();
  const moderate: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await snapshot(page, testInfo, `${name}-${width}px`);
    const found = await axeViolations(page);
    expect(found.serious, `${name} at ${width} px`).toEqual([]);
    moderate.push(...found.moderate.map((line) => `${width} px ${line}`));
  }
  if (before) await page.setViewportSize(before);
  return moderate;
}

/** The hardening headers every page carries (server/http/page-security.ts), and no-store for pages with a secret or a session. */
export function expectPageHeaders(headers: Record<string, string>, path: string): void {
  expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('same-origin');
  expect(headers['cache-control'], path).toContain('no-store');
}
