/**
 * Orders placed as people place them: a cart, its payment link, and the built-in /pay page's form
 * submitted as a browser posts it (the page's own domain functions, so the whole payment path
 * runs: authorize, place in one transaction, capture, the order's events and e-mail after).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { carts } from '../../server/db/schema';
import { issuePaymentLink } from '../../server/payments/checkout';
import { payPage } from '../../server/payments/pay-page';
import type { Services } from '../../server/trpc/context';
import { BASE, freshKey } from './app';
import { ADDRESS, seedCart } from './cart-fixtures';

export const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

/** The person pays the live built-in link at `linkUrl` (…/pay/{token}) with a card that succeeds. */
export async function payOnPage(services: Services, linkUrl: string, origin = new URL(BASE).origin): Promise<void> {
  const token = new URL(linkUrl).pathname.split('/').pop()!;
  const page = payPage(services);
  const view = await page.view(token, {});
  if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not a live built-in link: ${view.state}`);
  await page.submit(token, { form_token: view.payment.form.formToken, ...CARD }, { origin, referer: null });
}

/**
 * An order of `owner`'s new cart of `items` ([product title, quantity]), shipped to ADDRESS, with
 * `columns` of the cart set first (the endpoint scope that made it, the platform it is credited to,
 * the ACP platform whose key made it).
 */
export async function placedOrder(
  services: Services,
  owner: string,
  items: [string, number][],
  columns: { scope?: string | null; platform?: string | null; acpPlatform?: string | null } = {},
): Promise<{ id: string; cartId: string; payUrl: string }> {
  const db: Db = services.db;
  const cartId = await seedCart(db, items, ADDRESS, owner);
  if (Object.keys(columns).length) await db.update(carts).set(columns).where(eq(carts.id, cartId));
  const { link } = await db.transaction((tx) => issuePaymentLink(services, tx, { cartId, owner, idempotencyKey: freshKey() }));
  await payOnPage(services, link.url);
  const [cart] = await db.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId));
  if (!cart.orderId) throw new Error('the payment placed no order');
  return { id: cart.orderId, cartId, payUrl: link.url };
}
