/**
 * A developer in the browser: signed in from the e-mailed link (mail over SMTP to the sink the spec
 * started, which the service's SMTP_URL points at: playwright.config.ts), keys minted on /dashboard, and
 * the account registered there as an ACP platform.
 */
import { expect, type Page } from '@playwright/test';
import { linkIn, type SmtpSink } from '../../test/support/smtp';

/** What the confirm page says when another browser asked for the link. */
export const NOT_ASKED_HERE = 'This browser did not ask for this link.';

/** Named steps of the sign-in path, where a spec may check the page (a screenshot, axe-core). */
export type SignInStep = 'signin' | 'signin-confirm';

/** From /dashboard (signed out) through the e-mailed link back to /dashboard, calling `atStep` on each page of the path. */
export async function signIn(page: Page, smtp: SmtpSink, email: string, atStep: (step: SignInStep) => Promise<void> = async () => {}): Promise<void> {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard$/);
  await atStep('signin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  await page.goto(linkIn(await smtp.nextMail(email)));
  const button = page.getByRole('button', { name: `Sign in as ${email}` });
  await expect(button).toBeVisible();
  // This browser asked for the link: no warning.
  await expect(page.getByText(NOT_ASKED_HERE)).toHaveCount(0);
  await atStep('signin-confirm');
  await button.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** Mints a key named `name` with `scopes` from the dashboard and reads it from "Your new key". */
export async function mint(page: Page, name: string, scopes: string[] = ['buyer:write']): Promise<string> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const scope of scopes) await page.getByRole('checkbox', { name: scope }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('Your new key');
  await expect(field).toHaveValue(/^ak_live_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  return field.inputValue();
}

/**
 * Saves `url` as the account's ACP webhook URL in the dashboard's "ACP platform" section and reads
 * the webhook secret the first URL makes, shown this once.
 */
export async function registerAcpWebhook(page: Page, url: string): Promise<string> {
  const section = page.getByRole('region', { name: 'ACP platform' });
  await section.getByLabel('Webhook URL', { exact: true }).fill(url);
  await section.getByRole('button', { name: 'Save webhook URL' }).click();
  const field = section.getByRole('textbox', { name: 'Your webhook secret' });
  await expect(field).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  return field.inputValue();
}
