/**
 * A scripted agent for the browser tests: from the base URL alone (/.well-known/ucp) through
 * search and quick-buy to a payment link, as an agent that has read nothing else would.
 */
import { expect, type Page } from '@playwright/test';

export const AGENT = { 'UCP-Agent': 'profile="https://agent.shopbot.dev/profile.json"' };
export const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
export const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

/** The person fills the built-in /pay page's card form and presses Pay. */
export async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Pay' }).click();
}

let keys = 0;
const key = () => `e2e-${Date.now()}-${++keys}-${Math.random().toString(36).slice(2)}`;

export interface Purchase {
  calls: number;
  cartId: string;
  link: { url: string; amount_cents: number; currency: string; expires_at: string };
}

/** A scripted agent: the base URL is all it knows; every other URL comes from the answers. */
export async function agentBuys(baseURL: string): Promise<Purchase> {
  let calls = 0;
  const call = async (url: string, init: RequestInit = {}) => {
    calls++;
    const res = await fetch(url, { ...init, headers: { ...AGENT, ...(init.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': key() } : {}) } });
    const body = await res.json();
    expect(res.status, `${init.method ?? 'GET'} ${url}: ${JSON.stringify(body)}`).toBeLessThan(300);
    return body;
  };

  const profile = await call(`${baseURL}/.well-known/ucp`);
  const capabilities = profile.ucp.capabilities;
  // The service's own capabilities (beside UCP's dev.ucp.shopping.*) name their endpoints in config.
  const own = (suffix: string) => Object.entries(capabilities).find(([name]) => !name.startsWith('dev.ucp.') && name.endsWith(suffix))![1] as { config: Record<string, string> }[];
  const catalog = own('.catalog');
  const checkout = own('.checkout');

  // The compact view: a product of one variant has an Offer naming the variant id a cart takes
  // (one of several, an AggregateOffer, whose variants get_product lists).
  const results = await call(`${catalog[0].config.search}?q=wireless+headphones&in_stock=true&view=compact&facets=false&limit=10`);
  const offer = (results.itemListElement as { offers: { '@type': string; identifier?: string; availability: string } }[])
    .map((product) => product.offers)
    .find((o) => o['@type'] === 'Offer' && o.availability.endsWith('InStock'));
  expect(offer, 'an in-stock offer of a single-variant product').toBeDefined();

  const cart = await call(checkout[0].config.quick_buy, {
    method: 'POST',
    body: JSON.stringify({ variant_id: offer!.identifier, quantity: 1, shipping_address: ADDRESS }),
  });
  const link = await call(checkout[0].config.payment_link, { method: 'POST', body: JSON.stringify({ cart_id: cart.id }) });
  return { calls, cartId: cart.id, link };
}
