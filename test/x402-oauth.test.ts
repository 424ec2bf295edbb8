/**
 * Settlement for a person: an OAuth access token with checkout:write pays the carts its client
 * made from a wallet the person linked (with any client), through oauth4webapi's real flow. On
 * PGlite and, with DATABASE_URL, on Postgres.
 */
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshKey } from './support/app';
import { variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { grantedToken, oauthServer, type OAuthServer } from './support/oauth';
import { discover } from './support/oauth-client';
import { checkoutAs, linkWallet, paymentFor, WALLETS } from './support/x402-agent';

let s: OAuthServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  s = await oauthServer();
  await seedSmallCatalog(s.db.database.db);
  as = await discover(s.url);
});
afterAll(async () => {
  await s?.close();
});

/** A cart of one backpack, made with `token` (so it is the person's, for that client). */
async function cartMadeWith(token: string): Promise<string> {
  const res = await s.call('POST', '/api/agent/quick-buy', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': freshKey() },
    body: { variant_id: await variantId(s.app.services.db, 'Trail Backpack'), quantity: 1, shipping_address: { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' } },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).id;
}

describe('an OAuth token with checkout:write', () => {
  it('pays its own cart from the person’s wallet, linked through another client; without the scope it is 403 insufficient_scope', async () => {
    const linker = await grantedToken(s, as, 'buyer:write');
    expect((await linkWallet(s, linker.accessToken, WALLETS.bob)).status).toBe(201);

    const payer = await grantedToken(s, as, 'checkout:write', linker.person);
    const cartId = await cartMadeWith(payer.accessToken);
    const key = freshKey();
    const required = await checkoutAs(s, payer.accessToken, cartId, { key });
    expect(required.status, await required.clone().text()).toBe(402);
    const { headers } = await paymentFor(required, WALLETS.bob);
    const paid = await checkoutAs(s, payer.accessToken, cartId, { key, headers });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await paid.json()).toMatchObject({ cart_id: cartId, status: 'placed', payment: { payer: WALLETS.bob.address } });

    // Alice is nobody's wallet here: the person never linked her.
    const other = await cartMadeWith(payer.accessToken);
    const alice = await paymentFor(await checkoutAs(s, payer.accessToken, other), WALLETS.alice);
    const refused = await checkoutAs(s, payer.accessToken, other, { headers: alice.headers });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: 'payment_rejected', details: { reason: 'payer_not_registered' } });

    const reader = await grantedToken(s, as, 'buyer:write', linker.person);
    const unscoped = await checkoutAs(s, reader.accessToken, await cartMadeWith(reader.accessToken));
    expect(unscoped.status).toBe(403);
    expect(await unscoped.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'checkout:write' } });
  });

  it('another person’s wallet does not pay: their links are theirs', async () => {
    const stranger = await grantedToken(s, as, 'buyer:write');
    expect((await linkWallet(s, stranger.accessToken, WALLETS.carol)).status).toBe(201);
    const payer = await grantedToken(s, as, 'checkout:write buyer:write');
    expect((await linkWallet(s, payer.accessToken, WALLETS.alice)).status).toBe(201);
    const cartId = await cartMadeWith(payer.accessToken);
    const carol = await paymentFor(await checkoutAs(s, payer.accessToken, cartId), WALLETS.carol);
    const res = await checkoutAs(s, payer.accessToken, cartId, { headers: carol.headers });
    expect(await res.json()).toMatchObject({ code: 'payment_rejected', details: { reason: 'payer_not_registered' } });
  });
});
