/**
 * Step 3 of bench:cart: carts of a verified buyer, signed for before the run by the buyer's linked
 * wallet (EIP-3009, x402 v1), then settled over HTTP by the service with its local ledger.
 */
import { randomBytes } from 'node:crypto';
import { authorizationTypes } from '@x402/evm';
import { privateKeyToAccount } from 'viem/accounts';
import { walletLinkTypedData } from '../../server/buyers/wallets';
import { x402Network } from '../../server/x402/networks';
import { verifiedBuyer } from '../../test/support/developer';
import { cpuStopwatch, groupPids } from '../lib/cpu';
import { databaseUrl, withDatabase } from '../lib/database';
import type { Child } from '../lib/processes';
import { ADDRESS, dbName, failures, freshKey, inParallel, mintKey, orderCount, running, runTag, serviceInProcess, startServer, timed, WARM_ORDERS, type PlaceResult } from './common';

/** The paying wallet: a fixed key, so every run signs alike. */
const WALLET = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

interface Settlement {
  cartId: string;
  /** The X-PAYMENT header, signed before the run. */
  payment: string;
}

/**
 * A verified buyer whose key carries checkout:write, with the bench wallet linked (signed by it),
 * made in-process on the service's database; answers its buyer token.
 */
async function payingBuyer(url: string, service: string): Promise<string> {
  const { config, app } = await serviceInProcess(url, 2, { PUBLIC_BASE_URL: service });
  try {
    const { developer, key } = await mintKey(app, ['buyer:write', 'checkout:write']);
    const { buyerId, token } = await verifiedBuyer(app.services.db, developer.accountId, key.id, `bench-${runTag}@example.org`, ['checkout:write']);
    const issuedAt = Math.floor(Date.now() / 1000);
    const signature = await WALLET.signTypedData(walletLinkTypedData({ service, buyer: buyerId, wallet: WALLET.address, issuedAt, chainId: x402Network(config.x402.network).chainId }));
    const linked = await fetch(`${service}/api/agent/buyer/wallets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': freshKey(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: WALLET.address, issued_at: issuedAt, signature }),
    });
    if (linked.status !== 201) throw new Error(`linking the wallet answered ${linked.status} ${(await linked.text()).slice(0, 300)}`);
    // Every cart of the run, on the local ledger (an unseen address holds only X402_LOCAL_BALANCE).
    await app.services.x402.ledger!.fund(WALLET.address, 1_000_000n * 1_000_000n);
    return token;
  } finally {
    await app.close();
  }
}

/** One cart per variant, made with the buyer token, and the wallet's signed payment for its total (the 402's requirement). */
async function signedSettlements(service: string, token: string, variants: string[]): Promise<Settlement[]> {
  const settlements: Settlement[] = [];
  await inParallel(variants, 20, async (variant) => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const cart = await fetch(`${service}/api/agent/quick-buy`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': freshKey() }, body: JSON.stringify({ variant_id: variant, quantity: 1, shipping_address: ADDRESS }) });
    const { id } = await cart.json();
    const required = await fetch(`${service}/api/agent/cart/${id}/checkout`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': freshKey() } });
    if (required.status !== 402) throw new Error(`checkout without a payment answered ${required.status} ${(await required.text()).slice(0, 300)}`);
    const [offer] = (await required.json()).accepts;
    // Valid as long as the 402 allows, as the stock client signs: a validBefore further out is refused.
    const now = Math.floor(Date.now() / 1000);
    const authorization = { from: WALLET.address, to: offer.payTo, value: offer.maxAmountRequired, validAfter: String(now - 60), validBefore: String(now + offer.maxTimeoutSeconds), nonce: `0x${randomBytes(32).toString('hex')}` };
    const signature = await WALLET.signTypedData({
      domain: { name: offer.extra.name, version: offer.extra.version, chainId: x402Network(offer.network).chainId, verifyingContract: offer.asset },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: { ...authorization, value: BigInt(authorization.value), validAfter: BigInt(authorization.validAfter), validBefore: BigInt(authorization.validBefore), nonce: authorization.nonce as `0x${string}` },
    });
    const payload = { x402Version: 1, scheme: 'exact', network: offer.network, payload: { signature, authorization } };
    settlements.push({ cartId: id, payment: Buffer.from(JSON.stringify(payload)).toString('base64') });
  });
  return settlements;
}

/** Settles every cart over HTTP, `connections` at a time; the service's Node CPU per settlement. */
async function settleAll(server: { child: Child; url: string }, token: string, settlements: Settlement[]): Promise<PlaceResult & { nodeCpu: number }> {
  const cpu = cpuStopwatch(() => groupPids(server.child.pid));
  await cpu.start();
  const result = await timed(settlements, async ({ cartId, payment }) => {
    const res = await fetch(`${server.url}/api/agent/cart/${cartId}/checkout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': freshKey(), 'X-PAYMENT': payment },
    });
    if (res.status !== 200) {
      const body = await res.json();
      failures.push(`settle ${cartId}: ${res.status} ${body.code} ${body.details?.reason ?? body.error}`);
    }
    return res.status === 200;
  });
  return { ...result, nodeCpu: cpu.stop() / settlements.length };
}

/**
 * Step 3 on a service of its own started with `env`: a paying buyer, a cart signed for per
 * variant, the warm-up's settled untimed, then the rest timed; every settlement must place its order.
 */
export async function measureSettlements(env: Record<string, string | undefined>, settleVariants: string[]): Promise<PlaceResult & { nodeCpu: number }> {
  const settling = await startServer('service', env);
  const token = await payingBuyer(databaseUrl(dbName), settling.url);
  process.stderr.write(`  x402: ${orderCount} carts signed for… `);
  const settlements = await signedSettlements(settling.url, token, settleVariants);
  process.stderr.write('settling… ');
  await settleAll(settling, token, settlements.splice(orderCount));
  const settled = await settleAll(settling, token, settlements);
  process.stderr.write(`${Math.round(settled.ordersPerSecond)}/s\n`);
  await settling.child.stop();
  running.child = undefined;
  const [{ paid }] = await withDatabase(dbName, (sql) => sql`select count(*)::int as paid from x402_payments p join orders o on o.id = p.order_id where p.status = 'settled' and o.status = 'placed'`);
  if (paid !== orderCount + WARM_ORDERS || settled.placed !== orderCount) {
    failures.push(`x402: ${settled.placed} of ${orderCount} answered 200, ${paid} payments settled with their order placed, of ${orderCount + WARM_ORDERS} (the warm-up's included)`);
  }
  return settled;
}
