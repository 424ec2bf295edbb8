/**
 * A buyer's agent that pays a cart itself with x402, no person confirming each purchase: it
 * registers the person as a buyer and verifies them with the code mailed to them, links a wallet
 * the buyer holds, fills a cart, and pays it with the stock x402 client (@x402/fetch). On
 * `npm start` the x402 facilitator is a local ledger: no money moves, and any new address holds
 * 1,000 test USDC.
 *
 *   npm start                    # the service, in one terminal
 *   NETWORK_KEY=ak_live_… npm run example:x402-buyer
 *
 * NETWORK_KEY: a key with buyer:write and checkout:write, minted on /dashboard after signing in
 * (the mailed sign-in link, and later the buyer's code, are in the server's log unless SMTP_URL is set).
 * The example asks for the buyer's code on its standard input.
 * Other settings: BASE_URL (default http://localhost:3000), BUYER_EMAIL (who gets the code),
 * BUYER_WALLET_KEY (a 0x… private key; default: a new wallet each run), MAX_PER_PAYMENT ($250).
 */
import { randomUUID } from 'node:crypto';
import readline from 'node:readline/promises';
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

type Json = Record<string, any>;

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const NETWORK_KEY = process.env.NETWORK_KEY;
if (!NETWORK_KEY) {
  console.error(`Set NETWORK_KEY: sign in at ${BASE_URL}/dashboard and mint a key with buyer:write and checkout:write.`);
  process.exit(2);
}
const BUYER_EMAIL = process.env.BUYER_EMAIL ?? 'ada@example.org';

/**
 * Calls the agent API as `bearer`, answering the JSON body. Every change carries a fresh
 * Idempotency-Key (the same key would make a retry safe). A failure is {error, code}: code is
 * stable, error is for a person.
 */
async function api(bearer: string, method: string, path: string, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = { Authorization: `Bearer ${bearer}` };
  if (method !== 'GET') Object.assign(headers, { 'Idempotency-Key': randomUUID(), 'content-type': 'application/json' });
  const res = await fetch(new URL(path, BASE_URL), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.code}: ${json.error}`);
  return json;
}

// 1. The person, registered as a buyer by the key and verified by the 6-digit code mailed to them.
// A buyer token acts for that person alone and carries the key's scopes (checkout:write: settle).
const { buyer_id } = await api(NETWORK_KEY, 'POST', '/api/agent/buyer', { email: BUYER_EMAIL, name: 'Ada Lovelace' });
await api(NETWORK_KEY, 'POST', '/api/agent/buyer/otp', { buyer_id });
const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
const code = (await prompt.question(`the code mailed to ${BUYER_EMAIL} (without SMTP_URL the server's log shows it): `)).trim();
prompt.close();
const { buyer_token } = await api(NETWORK_KEY, 'POST', '/api/agent/buyer/verify', { buyer_id, code });
console.log(`buyer ${buyer_id} verified`);

// 2. A wallet the buyer holds, linked by signing the service's EIP-712 WalletLink with it. The
// served docs give the typed data's domain and types; `service` is the OpenAPI document's server.
const wallet = privateKeyToAccount((process.env.BUYER_WALLET_KEY as `0x${string}` | undefined) ?? generatePrivateKey());
const { settlement } = await api(NETWORK_KEY, 'GET', '/api/agent/docs/overview');
const service: string = (await api(NETWORK_KEY, 'GET', '/api/openapi.json')).servers[0].url;
const me = await api(buyer_token, 'GET', '/api/agent/buyer/me');
const issuedAt = Math.floor(Date.now() / 1000);
const { domain, primaryType, types } = settlement.wallets.typed_data;
const signature = await wallet.signTypedData({ domain, primaryType, types, message: { service, buyer: me.id, wallet: wallet.address, issuedAt: BigInt(issuedAt) } });
await api(buyer_token, 'POST', '/api/agent/buyer/wallets', { address: wallet.address, issued_at: issuedAt, signature });
console.log(`wallet ${wallet.address} linked`);

// 3. A cart of the buyer's: the first pair of socks in stock, delivered to Portland.
const found = await api(buyer_token, 'GET', '/api/agent/search?q=socks&in_stock=true&view=compact&limit=5');
const pick = found.itemListElement.find((product: Json) => product.offers.identifier);
if (!pick) throw new Error('nothing in stock matched "socks"');
const cart = await api(buyer_token, 'POST', '/api/agent/cart', {
  items: [{ variant_id: pick.offers.identifier, quantity: 1 }],
  shipping_address: { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' },
});
console.log(`cart ${cart.id}: ${pick.name}, total ${(cart.totals.total_cents / 100).toFixed(2)} ${cart.totals.currency}`);

// 4. Paid with the stock client: the checkout answers 402 with what to pay, wrapFetchWithPayment
// has the client sign a USDC authorization with the wallet and sends the request again with it.
// Spend controls: x402Client refuses any single payment over $1 unless told otherwise, before
// anything is signed or sent. Set the cap to what the agent may spend on one cart, no more.
const client = new x402Client().setSpendControls({ maxAmountPerPayment: process.env.MAX_PER_PAYMENT ?? '$250' });
registerExactEvmScheme(client, { signer: wallet });
const payingFetch = wrapFetchWithPayment(fetch, client);
const paid = await payingFetch(new URL(`/api/agent/cart/${cart.id}/checkout`, BASE_URL), {
  method: 'POST',
  headers: { Authorization: `Bearer ${buyer_token}`, 'Idempotency-Key': randomUUID() },
});
const order = await paid.json();
// A 503 means the facilitator has not said whether it settled: only the same payment sent again
// learns the outcome (docs/x402.md), which wrapFetchWithPayment does not keep. Here it just stops.
if (!paid.ok) throw new Error(`checkout: ${paid.status} ${order.code}: ${order.error}`);
console.log(`order ${order.order_id}: ${order.status}, ${order.payment.amount} units of ${order.payment.asset} from ${order.payment.payer}`);
console.log(`transaction ${order.payment.transaction} on ${order.payment.network}`);
