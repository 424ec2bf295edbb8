/**
 * The whole purchase as its two parties do it, against `npm start`: an agent that knows only the
 * base URL goes from /.well-known/ucp through search and quick-buy to a payment link in four calls,
 * and a person pays it in Chromium. Screenshots are kept as test artifacts (test-results/…).
 */
import { expect, test } from '@playwright/test';
import { seriousViolations, snapshot } from './support/page-checks';
import { AGENT, agentBuys, CARDS, payWith } from './support/purchase';


async function getCart(baseURL: string, id: string) {
  const res = await fetch(`${baseURL}/api/agent/cart/${id}`, { headers: AGENT });
  expect(res.status).toBe(200);
  return res.json();
}

test('an agent reaches a payment link in four calls, and a person pays it', async ({ page, baseURL }, testInfo) => {
  const purchase = await agentBuys(baseURL!);
  expect(purchase.calls).toBeLessThanOrEqual(4);
  expect(purchase.link.currency).toBe('USD');

  await page.goto(purchase.link.url);
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
  // Who asked, and how long the link lasts, in words (links last 24 hours by default).
  await expect(page.getByText('Requested by the assistant at agent.shopbot.dev.')).toBeVisible();
  const expiry = page.locator('time');
  await expect(expiry).toHaveText(/^expires in (24|23) hours$/);
  expect(Date.parse((await expiry.getAttribute('datetime'))!)).toBe(Date.parse(purchase.link.expires_at));
  await snapshot(page, testInfo, 'pay-page');
  expect(await seriousViolations(page)).toEqual([]);

  await payWith(page, CARDS.success);
  const confirmation = page.getByText(/ord_[0-9a-z]{26}/);
  await expect(confirmation).toBeVisible();
  await snapshot(page, testInfo, 'pay-confirmation');
  expect(await seriousViolations(page)).toEqual([]);

  const orderId = (await confirmation.innerText()).match(/ord_[0-9a-z]{26}/)![0];
  const cart = await getCart(baseURL!, purchase.cartId);
  expect(cart.status).toBe('completed');
  expect(cart.order_id).toBe(orderId);
});

test('a declined card shows why, and the cart stays payable', async ({ page, baseURL }, testInfo) => {
  const purchase = await agentBuys(baseURL!);
  await page.goto(purchase.link.url);

  await payWith(page, CARDS.declined);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/declined/i);
  await snapshot(page, testInfo, 'pay-declined');
  expect(await seriousViolations(page)).toEqual([]);

  const cart = await getCart(baseURL!, purchase.cartId);
  expect(cart.status).toBe('checkout');
  expect(cart.order_id).toBeNull();

  // Still payable: the same link, another card.
  await page.goto(purchase.link.url);
  await payWith(page, CARDS.success);
  await expect(page.getByText(/ord_[0-9a-z]{26}/)).toBeVisible();
  expect((await getCart(baseURL!, purchase.cartId)).status).toBe('completed');
});

test('the payment form works without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const purchase = await agentBuys(baseURL!);
  await page.goto(purchase.link.url);
  await payWith(page, CARDS.success);
  await expect(page.getByText(/ord_[0-9a-z]{26}/)).toBeVisible();
  await context.close();
});
