/**
 * An agent paying with x402 as real agents do: @x402/core's client with @x402/evm's exact scheme,
 * signing with a viem account. It reads the 402 in either version (v2's PAYMENT-REQUIRED header,
 * or v1's body) and answers the header to send the request again with.
 */
import { x402Client, x402HTTPClient } from '@x402/core/client';
import type { PaymentPayload } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { walletLinkTypedData } from '../../server/buyers/wallets';
import { createCaller } from '../../server/routers';
import { createContext } from '../../server/trpc/context';
import { x402Network } from '../../server/x402/networks';
import { freshKey, type TestApp } from './app';
import type { Developer } from './developer';
import type { SmtpSink } from './smtp';

/** Fixed wallets, so every run signs the same way. */
export const WALLETS = {
  alice: privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  bob: privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
  carol: privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'),
};

export function agentClient(account: PrivateKeyAccount): x402HTTPClient {
  // Carts cost more than the client's default $1 cap per payment.
  const client = new x402Client().setSpendControls({ maxAmountPerPayment: '$10000' });
  registerExactEvmScheme(client, { signer: account });
  return new x402HTTPClient(client);
}

/** The payment a 402 asks for, signed by `account`: v2 from the header, v1 from the body. */
export async function paymentFor(res: Response, account: PrivateKeyAccount, version: 1 | 2 = 2): Promise<{ headers: Record<string, string>; payload: PaymentPayload }> {
  const http = agentClient(account);
  const body = await res.clone().json();
  const required = http.getPaymentRequiredResponse((name) => (version === 2 ? res.headers.get(name) : null), body);
  const payload = await http.createPaymentPayload(required);
  return { headers: http.encodePaymentSignatureHeader(payload), payload };
}

/** Links `account` to the buyer (or person) `token` acts for, signed by it. */
export async function linkWallet(t: TestApp, token: string, account: PrivateKeyAccount): Promise<Response> {
  const me = await (await t.call('GET', '/api/agent/buyer/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  const issuedAt = Math.floor(Date.now() / 1000);
  const signature = await account.signTypedData(walletLinkTypedData({ service: t.config.publicBaseUrl, buyer: me.id, wallet: account.address, issuedAt, chainId: x402Network(t.config.x402.network).chainId }));
  return t.call('POST', '/api/agent/buyer/wallets', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': freshKey() },
    body: { address: account.address, issued_at: issuedAt, signature },
  });
}

/** Base64 JSON, as x402 headers carry it. */
export function encoded(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

/** A network key of the developer's, with `scopes`. */
export async function mintKey(t: TestApp, dev: Developer, scopes: string[]): Promise<string> {
  const caller = createCaller(createContext(t.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() }));
  return (await caller.developer.mintNetworkKey({ name: 'x402', scopes: scopes as never })).secret;
}

/** A buyer registered and verified with `key` (the code read from the mail), and its token. */
export async function verifiedBuyer(t: TestApp, smtp: SmtpSink, key: string): Promise<{ id: string; token: string }> {
  const email = `buyer-${freshKey()}@example.org`;
  const post = (path: string, body: unknown) => t.call('POST', path, { headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': freshKey() }, body });
  const { buyer_id } = await (await post('/api/agent/buyer', { email })).json();
  const mail = smtp.nextMail(email);
  if ((await post('/api/agent/buyer/otp', { buyer_id })).status !== 202) throw new Error('no code sent');
  const code = (await mail).text.match(/\b(\d{6})\b/)![1];
  const verified = await (await post('/api/agent/buyer/verify', { buyer_id, code })).json();
  return { id: buyer_id, token: verified.buyer_token };
}

/** POST /api/agent/cart/{id}/checkout as `token`, with a fresh Idempotency-Key unless `key` is given. */
export function checkoutAs(t: Pick<TestApp, 'call'>, token: string | null, cartId: string, opts: { key?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Idempotency-Key': opts.key ?? freshKey(), ...opts.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  return t.call('POST', `/api/agent/cart/${cartId}/checkout`, { headers });
}

/** The same signature with s replaced by n − s and the recovery bit flipped: the curve accepts it, EIP-2 (and USDC's ECRecover) does not. */
export function highSTwin(signature: `0x${string}`): `0x${string}` {
  const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  return `0x${signature.slice(2, 66)}${(order - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
}

/** The same signature with v written as the bare recovery id (0/1), as some signers write it: the curve accepts it, USDC's ECRecover does not. */
export function bareRecoveryId(signature: `0x${string}`): `0x${string}` {
  return `0x${signature.slice(2, 130)}0${Number.parseInt(signature.slice(130), 16) - 27}`;
}
