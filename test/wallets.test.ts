/**
 * Wallets through the real node:http server and database: a buyer token (or an OAuth token with
 * buyer:write, for the person) links wallets that signed the WalletLink typed data with viem, as a
 * wallet would; stale, foreign and forged signatures, malformed input, the ceiling of 5 (raced on
 * Postgres), listing, removing, who may call, and the MCP tools through the SDK client. On PGlite
 * and, with DATABASE_URL, on Postgres.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import * as oauth from 'oauth4webapi';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { walletLinkTypedData, walletsOfCart } from '../server/buyers/wallets';
import { buyerOfNamespace, personOfNamespace } from '../server/identity/caller';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';
import { x402Network } from '../server/x402/networks';
import { freshKey } from './support/app';
import { signedInDeveloper, verifiedBuyer, type Developer } from './support/developer';
import { grantedToken, oauthServer, type OAuthServer, type Person } from './support/oauth';
import { discover } from './support/oauth-client';

const onPostgres = !!process.env.DATABASE_URL;

let s: OAuthServer;
let as: oauth.AuthorizationServer;
let dev: Developer;
/** A key with buyer:write: it verified the test buyers, and is itself refused the wallet operations. */
let key: { id: string; secret: string };
let chainId: number;
const clients: Client[] = [];

beforeAll(async () => {
  s = await oauthServer();
  as = await discover(s.url);
  chainId = x402Network(s.config.x402.network).chainId;
  dev = await signedInDeveloper(s.app.services.db);
  const caller = createCaller(createContext(s.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() }));
  key = await caller.developer.mintNetworkKey({ name: 'wallets', scopes: ['buyer:write'] });
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  for (const c of clients) await c.close();
  await s?.close();
});

/** Fixed wallets: private key n (1, 2, …), so every run signs alike. */
const wallet = (n: number): PrivateKeyAccount => privateKeyToAccount(`0x${n.toString(16).padStart(64, '0')}`);
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Link {
  address: string;
  issued_at: number;
  signature: string;
}

/** What a wallet sends to be linked to `buyer`; the overrides sign something else than the service checks. */
async function signedLink(signer: PrivateKeyAccount, buyer: string, o: { service?: string; chainId?: number; issuedAt?: number; address?: string } = {}): Promise<Link> {
  const issuedAt = o.issuedAt ?? nowSeconds();
  const typed = walletLinkTypedData({ service: o.service ?? s.url, buyer, wallet: signer.address, issuedAt, chainId: o.chainId ?? chainId });
  return { address: o.address ?? signer.address, issued_at: issuedAt, signature: await signer.signTypedData(typed) };
}

async function buyer(): Promise<{ id: string; token: string }> {
  const { buyerId, token } = await verifiedBuyer(s.app.services.db, dev.accountId, key.id);
  return { id: buyerId, token };
}

function call(method: string, path: string, token: string | null, body?: unknown, idempotencyKey = freshKey()): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${s.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const link = (token: string, body: unknown, idempotencyKey?: string) => call('POST', '/api/agent/buyer/wallets', token, body, idempotencyKey);
const list = async (token: string): Promise<{ id: string; address: string; created_at: string }[]> => {
  const res = await call('GET', '/api/agent/buyer/wallets', token);
  expect(res.status).toBe(200);
  return (await res.json()).wallets;
};

async function refusal(res: Response, status: number, code: string, details?: Record<string, unknown>): Promise<void> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(code);
  if (details) expect(body.details).toEqual(details);
}

describe('linking', () => {
  it('201 with the checksummed address, then 200 with the same record for the same address signed again; a replay is the first answer', async () => {
    const b = await buyer();
    const signer = wallet(1);
    const first = await signedLink(signer, b.id, { address: signer.address.toLowerCase() });
    const idempotencyKey = freshKey();
    const made = await link(b.token, first, idempotencyKey);
    expect(made.status).toBe(201);
    const record = await made.json();
    expect(record).toEqual({ id: expect.stringMatching(/^wal_[0-9a-z]{26}$/), address: signer.address, created_at: expect.any(String) });

    const again = await link(b.token, await signedLink(signer, b.id, { issuedAt: nowSeconds() - 5 }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(record);
    const replayed = await link(b.token, first, idempotencyKey);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(record);
    expect(await list(b.token)).toEqual([record]);
  });

  it('issued_at within 300 s either way is fresh; 301 s off either way is stale', async () => {
    const b = await buyer();
    // The service reads the same clock: held still, so the boundary is exact.
    const now = Math.floor(Date.now() / 1000) * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now });
    const at = now / 1000;
    for (const [n, issuedAt] of [[2, at - 300], [3, at + 300]]) expect((await link(b.token, await signedLink(wallet(n), b.id, { issuedAt }))).status).toBe(201);
    for (const issuedAt of [at - 301, at + 301]) {
      await refusal(await link(b.token, await signedLink(wallet(4), b.id, { issuedAt })), 400, 'wallet_signature_invalid', { reason: 'stale' });
    }
    // A stale signature is refused even for a wallet already linked.
    await refusal(await link(b.token, await signedLink(wallet(2), b.id, { issuedAt: at - 301 })), 400, 'wallet_signature_invalid', { reason: 'stale' });
  });

  it('a signature by another wallet, or for another buyer, service or chain, is signer_mismatch; so is a 65-byte value that is no signature', async () => {
    const b = await buyer();
    const other = await buyer();
    const me = wallet(5);
    const forged: Link[] = [
      await signedLink(wallet(6), b.id, { address: me.address }),
      await signedLink(me, other.id),
      await signedLink(me, b.id, { service: 'https://other.example' }),
      await signedLink(me, b.id, { chainId: 8453 }),
      { address: me.address, issued_at: nowSeconds(), signature: `0x${'ab'.repeat(64)}ff` },
      { address: me.address, issued_at: nowSeconds(), signature: `0x${'00'.repeat(65)}` },
    ];
    for (const body of forged) await refusal(await link(b.token, body), 400, 'wallet_signature_invalid', { reason: 'signer_mismatch' });
    expect(await list(b.token)).toEqual([]);
    // Signed for the other buyer, it is theirs to link.
    expect((await link(other.token, await signedLink(me, other.id))).status).toBe(201);
  });

  it('malformed input is 400 invalid_request', async () => {
    const b = await buyer();
    const good = await signedLink(wallet(7), b.id);
    const bad: unknown[] = [
      { ...good, address: good.address.slice(0, 41) },
      { ...good, address: `0x${'g'.repeat(40)}` },
      { ...good, signature: good.signature.slice(0, 130) },
      { ...good, signature: good.signature.slice(2) },
      { ...good, issued_at: String(good.issued_at) },
      { ...good, issued_at: good.issued_at + 0.5 },
      { ...good, issued_at: -1 },
      { address: good.address, signature: good.signature },
      { ...good, chain_id: 1 },
    ];
    for (const body of bad) await refusal(await link(b.token, body), 400, 'invalid_request');
    expect(await list(b.token)).toEqual([]);
  });

  it('a 6th wallet is 409 wallet_limit_reached; one of the 5 signed again is still 200; after a removal a 6th fits', async () => {
    const b = await buyer();
    const linked = [];
    for (let n = 10; n < 15; n++) {
      const res = await link(b.token, await signedLink(wallet(n), b.id));
      expect(res.status).toBe(201);
      linked.push(await res.json());
    }
    await refusal(await link(b.token, await signedLink(wallet(15), b.id)), 409, 'wallet_limit_reached', { max_wallets: 5 });
    expect((await link(b.token, await signedLink(wallet(12), b.id))).status).toBe(200);
    expect(await list(b.token)).toEqual(linked);
    expect((await call('DELETE', `/api/agent/buyer/wallets/${linked[0].id}`, b.token)).status).toBe(200);
    expect((await link(b.token, await signedLink(wallet(15), b.id))).status).toBe(201);
  });

  it.runIf(onPostgres)('8 links at once to a buyer holding none: exactly 5 are made', async () => {
    const b = await buyer();
    const bodies = await Promise.all(Array.from({ length: 8 }, (_, i) => signedLink(wallet(20 + i), b.id)));
    const answers = await Promise.all(bodies.map((body) => link(b.token, body)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    expect(await list(b.token)).toHaveLength(5);
  });
});

describe('listing and removing', () => {
  it('lists oldest first; DELETE answers the record, then 404; another buyer’s wallet is 404 and stays theirs', async () => {
    const b = await buyer();
    const other = await buyer();
    const records = [];
    for (const n of [30, 31]) records.push(await (await link(b.token, await signedLink(wallet(n), b.id))).json());
    const theirs = await (await link(other.token, await signedLink(wallet(30), other.id))).json();
    expect(theirs.id).not.toBe(records[0].id);
    expect(await list(b.token)).toEqual(records);

    const removed = await call('DELETE', `/api/agent/buyer/wallets/${records[0].id}`, b.token);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual(records[0]);
    await refusal(await call('DELETE', `/api/agent/buyer/wallets/${records[0].id}`, b.token), 404, 'wallet_not_found');
    await refusal(await call('DELETE', `/api/agent/buyer/wallets/${theirs.id}`, b.token), 404, 'wallet_not_found');
    expect(await list(b.token)).toEqual([records[1]]);
    expect(await list(other.token)).toEqual([theirs]);
  });

  it('the settlement’s question: the wallets whoever a cart pays for linked, checksummed', async () => {
    const b = await buyer();
    const db = s.app.services.db;
    const signer = wallet(32);
    const holder = holderOfCart(`buyer:${b.id}`);
    expect(await walletsOfCart(db, holder)).toEqual(new Set());
    await link(b.token, await signedLink(signer, b.id));
    expect(await walletsOfCart(db, holder)).toEqual(new Set([signer.address]));
    // A key's cart pays for nobody: no wallet is its.
    expect(await walletsOfCart(db, holderOfCart(`key:${key.id}`))).toEqual(new Set());
  });
});

describe('who may call', () => {
  it('a key, even with buyer:write, is 403 insufficient_scope naming buyer_token; no Authorization is 401 credential_required', async () => {
    const b = await buyer();
    const body = await signedLink(wallet(40), b.id);
    const cases: [string, string, unknown?][] = [
      ['POST', '/api/agent/buyer/wallets', body],
      ['GET', '/api/agent/buyer/wallets'],
      ['DELETE', '/api/agent/buyer/wallets/wal_01kt2j3m5v8x4q2w7e9r6t1y5e'],
    ];
    for (const [method, path, input] of cases) {
      await refusal(await call(method, path, key.secret, input), 403, 'insufficient_scope', { required: 'buyer_token' });
      const bare = await call(method, path, null, input);
      expect(bare.headers.get('www-authenticate'), `${method} ${path}`).toMatch(/^Bearer /);
      await refusal(bare, 401, 'credential_required', { required: 'buyer_token' });
    }
  });

  it('an OAuth token with buyer:write links the person’s wallets, signed for their acct_ id; another client of the person sees them, another person does not', async () => {
    const first = await issued('buyer:write');
    const me = await (await call('GET', '/api/agent/buyer/me', first.accessToken)).json();
    expect(me.id).toMatch(/^acct_/);
    const signer = wallet(50);
    await refusal(await link(first.accessToken, await signedLink(signer, 'buy_01kt2j3m5v8x4q2w7e9r6t1y3c')), 400, 'wallet_signature_invalid', { reason: 'signer_mismatch' });
    const made = await link(first.accessToken, await signedLink(signer, me.id));
    expect(made.status).toBe(201);
    const record = await made.json();

    const second = await issued('buyer:write', first.person);
    expect(await list(second.accessToken)).toEqual([record]);
    const stranger = await issued('buyer:write');
    expect(await list(stranger.accessToken)).toEqual([]);
    await refusal(await call('DELETE', `/api/agent/buyer/wallets/${record.id}`, stranger.accessToken), 404, 'wallet_not_found');
    // The cart of either client pays from the person's wallets.
    expect(await walletsOfCart(s.app.services.db, holderOfCart(`oauth:${second.clientId}:${me.id}`))).toEqual(new Set([signer.address]));

    const reader = await issued('dev.ucp.shopping.order:read');
    await refusal(await call('GET', '/api/agent/buyer/wallets', reader.accessToken), 403, 'insufficient_scope', { required: 'buyer:write' });
  });
});

describe('MCP tools', () => {
  it('register_wallet, list_wallets and remove_wallet with a buyer token, each answer valid against its output schema', async () => {
    const b = await buyer();
    const agent = new Client({ name: 'wallets-test', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${b.token}` } } }));
    clients.push(agent);
    const { tools } = await agent.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.register_wallet.description).toContain('WalletLink(string service,string buyer,address wallet,uint256 issuedAt)');
    expect(byName.remove_wallet.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.list_wallets.annotations).toMatchObject({ readOnlyHint: true });

    const signer = wallet(60);
    const made = await tool(agent, tools, 'register_wallet', { ...(await signedLink(signer, b.id)), idempotency_key: freshKey() });
    expect(made).toMatchObject({ address: signer.address });
    expect(await tool(agent, tools, 'list_wallets', {})).toEqual({ wallets: [made] });
    expect(await tool(agent, tools, 'remove_wallet', { wallet_id: made.id, idempotency_key: freshKey() })).toEqual(made);
    const gone = (await agent.callTool({ name: 'remove_wallet', arguments: { wallet_id: made.id, idempotency_key: freshKey() } })) as CallToolResult;
    expect(gone.isError).toBe(true);
    expect(JSON.parse((gone.content[0] as { text: string }).text).code).toBe('wallet_not_found');
    const stale = (await agent.callTool({ name: 'register_wallet', arguments: { ...(await signedLink(signer, b.id, { issuedAt: nowSeconds() - 600 })), idempotency_key: freshKey() } })) as CallToolResult;
    expect(JSON.parse((stale.content[0] as { text: string }).text)).toMatchObject({ code: 'wallet_signature_invalid', details: { reason: 'stale' } });
  });
});

/** Who a cart of this owner namespace pays for, as the settlement reads it. */
const holderOfCart = (owner: string) => ({ buyerId: buyerOfNamespace(owner), accountId: personOfNamespace(owner) });

const ajv = new Ajv2020({ strict: false, allErrors: true });

/** Calls a tool and checks its answer against the tool's output schema. */
async function tool(c: Client, tools: Tool[], name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
  expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return result.structuredContent as Record<string, any>;
}

/** A new client's access token for the base URL with `scope`, allowed by `person` (or a new one). */
const issued = (scope: string, person?: Person) => grantedToken(s, as, scope, person);
