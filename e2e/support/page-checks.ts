/** What the browser tests check on the pages they visit: a screenshot kept, axe-core, the headers. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** A full-page screenshot, kept as a test artifact (test-results/…) under `name`. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** axe-core's serious and critical violations on the page, as "id: help" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
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
