/**
 * Parity of the transports: every operation of the catalogue runs through REST and through a
 * server-side caller made with the same `createContext`, with the same inputs, and must give the
 * same outcome or the same error code — refusals included (no agent, bad agent, admin token
 * missing or wrong, credential missing or unknown, idempotency key missing, reused with other
 * input, replayed). A new operation fails this suite until it has an example input below.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products } from '../server/db/schema';
import { ofProtocolBinding } from '../server/trpc/operations';
import { createCaller } from '../server/routers';
import { createContext, type RequestEnvelope } from '../server/trpc/context';
import type { Operation } from '../server/trpc/meta';
import { AGENT, freshKey, testApp, type TestApp } from './support/app';
import { ADDRESS, seedCart, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { signedInDeveloper } from './support/developer';

const ADMIN_TOKEN = 'parity-admin-token-0123456789';
let t: TestApp;
/** A network key without scopes. */
let networkKey: string;

/** A valid input of each operation, by its name. */
type Input = Record<string, unknown>;

/** A cart of the test agent with one line (a fresh one per call: the two transports must not share one). */
async function cart(): Promise<{ id: string; itemId: string }> {
  const db = t.db.database.db;
  const id = await seedCart(db, [['Trail Backpack', 1]]);
  const [line] = await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.cartId, id));
  return { id, itemId: line.id };
}

const variant = (title: string) => variantId(t.db.database.db, title);

/**
 * Each operation's valid input; a function where the input needs state of its own, made anew for
 * every call. Cart operations answer the same cart on both transports once ids and times are
 * masked (see `stable`).
 */
const EXAMPLES: Record<string, Input | (() => Promise<Input>)> = {
  'carts.create': async () => ({ items: [{ variant_id: await variant('Trail Backpack'), quantity: 1 }], shipping_address: ADDRESS }),
  'carts.get': async () => ({ id: (await cart()).id }),
  'carts.cancel': async () => ({ id: (await cart()).id }),
  'carts.addItem': async () => ({ id: (await cart()).id, variant_id: await variant('Stoneware Mug'), quantity: 1 }),
  'carts.updateItem': async () => ({ ...(await cart()), quantity: 2 }),
  'carts.removeItem': async () => cart(),
  'carts.setShippingAddress': async () => ({ id: (await cart()).id, ...ADDRESS }),
  'carts.quickBuy': async () => ({ variant_id: await variant('Trail Backpack'), quantity: 1, shipping_address: ADDRESS }),
  'payments.paymentLink': async () => ({ cart_id: (await cart()).id }),
  'platform.limits': {},
  'platform.setLimits': { max_item_quantity: 20 },
  'adminOrders.recordFulfillmentEvent': { id: 'ord_0123', type: 'shipped', tracking_number: '1Z999AA10123456784' },
  'webhooks.failedDeliveries': { limit: 5 },
  'webhooks.retryDelivery': { id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  'adminX402.paymentsForReview': { limit: 5 },
  'adminX402.decidePayment': { id: 'xpay_01kt2j3m5v8x4q2w7e9r6t1y4d', outcome: 'release' },
  // A wallet of its own each call: both transports answer the same balance.
  'adminX402.fundLedger': async () => ({ address: `0x${randomBytes(20).toString('hex')}`, amount: '1000000' }),
  'platform.feedback': { category: 'other', severity: 'friction', message: 'parity', context: { endpoint: '/api/agent/search' } },
  'platform.retiredProducts': {},
  'catalog.search': { q: 'merino', limit: 2, in_stock: true, min_price_cents: 0 },
  'catalog.product': async () => ({ id: (await t.db.database.db.select({ id: products.id }).from(products).where(eq(products.title, 'Merino Trail Socks')))[0].id }),
  'catalog.sellers': { limit: 5, ships_to: 'US' },
  'catalog.seller': { handle: 'acme-outdoors' },
  'catalog.policies': { handle: 'kettle-and-co' },
  'catalog.manifest': { handle: 'acme-outdoors' },
  'docs.page': { slug: 'errors' },
  'discovery.ucp': {},
  'carts.settle': { id: 'cart_0123' },
  'buyer.register': {},
  'buyer.sendOtp': {},
  'buyer.verify': {},
  'buyer.me': {},
  'buyer.orders': {},
  'buyer.orderStatus': {},
  'buyer.linkWallet': {},
  'buyer.listWallets': {},
  'buyer.removeWallet': { id: 'wal_0123' },
  'developer.listNetworkKeys': {},
  'developer.mintNetworkKey': {},
  'developer.revokeNetworkKey': { id: 'key_0123' },
  'developer.listAgentProfiles': {},
  'developer.addAgentProfile': { url: 'https://platform.example.com/profile.json' },
  'developer.removeAgentProfile': { url: 'https://platform.example.com/profile.json' },
  'developer.getAcpPlatform': {},
  'developer.updateAcpPlatform': { webhook_url: 'https://platform.example.com/agentic_checkout/webhooks/order_events' },
  'developer.rotateAcpWebhookSecret': {},
};

type Outcome = { ok: true; data: unknown; replayed: boolean } | { ok: false; code: string };

interface Identity {
  agent?: string;
  authorization?: string;
  key?: string;
}

async function viaRest(op: Operation, input: Record<string, unknown>, who: Identity): Promise<Outcome> {
  const { method, path } = op.rest!;
  const rest = { ...input };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = {};
  if (who.agent) headers['UCP-Agent'] = who.agent;
  if (who.authorization) headers.Authorization = who.authorization;
  if (who.key) headers['Idempotency-Key'] = who.key;
  const bodyless = method === 'GET' || method === 'DELETE';
  const query = bodyless ? new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString() : '';
  const res = await t.call(method, url + (query ? `?${query}` : ''), { headers, ...(!bodyless && { body: rest }) });
  const body = await res.json();
  if (res.status >= 400) return { ok: false, code: body.code };
  expect(res.status).toBe(op.policy.successStatus ?? 200);
  delete body['service:advisories'];
  return { ok: true, data: body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

async function viaCaller(op: Operation, input: Record<string, unknown>, who: Identity): Promise<Outcome> {
  const envelope: RequestEnvelope = { transport: 'internal', ucpAgent: who.agent, authorization: who.authorization, idempotencyKey: who.key };
  const ctx = createContext(t.app.services, envelope);
  const procedure = op.name.split('.').reduce<any>((node, segment) => node[segment], createCaller(ctx));
  try {
    const data = await procedure(input);
    return { ok: true, data: JSON.parse(JSON.stringify(data)), replayed: ctx.response.replayed === true };
  } catch (err) {
    let cause: any = err;
    while (cause && !('code' in cause && typeof cause.status === 'number')) cause = cause.cause;
    if (!cause) {
      // An input the schema refused: tRPC's BAD_REQUEST around a ZodError is invalid_request on every transport.
      expect((err as { cause?: { name?: string } }).cause?.name).toBe('ZodError');
      return { ok: false, code: 'invalid_request' };
    }
    return { ok: false, code: cause.code };
  }
}

const example = async (op: Operation): Promise<Input> => {
  const input = EXAMPLES[op.name];
  return typeof input === 'function' ? input() : input;
};

/** The same operation with other input, for a key already used: an input field changed. */
function otherInput(input: Input): Input {
  if (typeof input.quantity === 'number') return { ...input, quantity: input.quantity + 1 };
  if (Array.isArray(input.items)) return { ...input, items: input.items.map((item) => otherInput(item as Input)) };
  if ('message' in input) return { ...input, message: 'other input' };
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, /^(id|itemId|cart_id)$/.test(k) ? `${v}x` : v]));
}

/** Ids, times and link tokens that differ between two runs of the same operation. */
function stable(outcome: Outcome): Outcome {
  if (!outcome.ok) return outcome;
  const text = JSON.stringify(outcome.data)
    .replace(/\b(fb|cart|item|plink)_[0-9a-z]{26}\b/g, '$1_…')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
    .replace(/\/pay\/[\w-]+/g, '/pay/…')
    .replace(/\b0x[0-9a-fA-F]{40}\b/g, '0x…');
  return { ...outcome, data: JSON.parse(text) };
}

function identityFor(op: Operation): Identity {
  if (op.access.kind === 'admin') return { authorization: `Bearer ${ADMIN_TOKEN}` };
  if (op.access.kind === 'credential') return {};
  return { agent: AGENT };
}

beforeAll(async () => {
  t = await testApp({ ADMIN_TOKEN });
  await seedSmallCatalog(t.db.database.db);
  const dev = await signedInDeveloper(t.db.database.db);
  const mint = createCaller(createContext(t.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() })).developer.mintNetworkKey;
  networkKey = (await mint({ name: 'parity', scopes: [] })).secret;
});
afterAll(() => t.close());

/**
 * The seed API's operations. UCP's binding negotiates with a profile it fetches, which this suite's
 * agent does not publish: test/ucp-mcp.test.ts holds its MCP answers to its REST ones; ACP's
 * answers in ACP's shapes, held to its REST ones by test/acp-mcp.test.ts.
 */
const seedOperations = () => t.app.services.operations.filter((o) => !ofProtocolBinding(o.access));

describe('parity of REST and the server-side caller', () => {
  it('has an example for every operation of the catalogue', () => {
    expect(seedOperations().map((o) => o.name).sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it('every operation gives the same outcome on both, valid input or refusal', async () => {
    for (const op of seedOperations()) {
      const base = identityFor(op);
      const cases: [string, Input, Identity][] = [['valid', {}, { ...base, key: op.idempotent ? freshKey() : undefined }]];
      const { kind } = op.access;
      if (kind === 'open') {
        cases.push(['no agent', {}, { ...base, agent: undefined, key: freshKey() }]);
        cases.push(['insecure agent', {}, { ...base, agent: 'http://agent.shopbot.dev/p.json', key: freshKey() }]);
        cases.push(['invalid agent', {}, { ...base, agent: 'profile=token', key: freshKey() }]);
        cases.push(['unknown credential', {}, { ...base, authorization: 'Bearer sk_nope', key: freshKey() }]);
        cases.push(['network key', {}, { authorization: `Bearer ${networkKey}`, key: freshKey() }]);
        cases.push(['network key and agent', {}, { ...base, authorization: `Bearer ${networkKey}`, key: freshKey() }]);
        cases.push(['unknown field', { colour: 'red' }, { ...base, key: freshKey() }]);
      }
      if (kind === 'discovery') {
        cases.push(['no agent', {}, {}]);
        cases.push(['insecure agent', {}, { agent: 'http://agent.shopbot.dev/p.json' }]);
      }
      if (kind === 'admin') {
        cases.push(['admin token missing', {}, {}]);
        cases.push(['admin token wrong', {}, { authorization: 'Bearer wrong' }]);
        cases.push(['invalid input', { max_item_quantity: '30' }, base]);
      }
      if (kind === 'credential') {
        cases.push(['unknown credential', {}, { authorization: 'Bearer sk_nope' }]);
        cases.push(['key without the scope', {}, { authorization: `Bearer ${networkKey}` }]);
      }
      if (op.idempotent && kind !== 'credential') cases.push(['key missing', {}, { ...base, key: undefined }]);

      for (const [label, extra, who] of cases) {
        const input = { ...(await example(op)), ...extra };
        const rest = await viaRest(op, input, who);
        const caller = await viaCaller(op, { ...(await example(op)), ...extra }, { ...who, key: who.key && `${who.key}-c` });
        expect(stable(caller), `${op.name}: ${label}`).toEqual(stable(rest));
      }
    }
  });

  it('a key used on one transport replays on the other, and refuses other input', async () => {
    const mutations = t.app.services.operations.filter((o) => o.idempotent && o.access.kind === 'open');
    expect(mutations.length).toBeGreaterThan(0);
    for (const op of mutations) {
      const input = await example(op);
      const key = freshKey();
      const first = await viaRest(op, input, { agent: AGENT, key });
      const replay = await viaCaller(op, input, { agent: AGENT, key });
      expect(replay, op.name).toEqual({ ...first, replayed: true });
      const other = otherInput(input);
      expect(await viaCaller(op, other, { agent: AGENT, key }), op.name).toEqual({ ok: false, code: 'idempotency_key_reused' });
      expect(await viaRest(op, other, { agent: AGENT, key }), op.name).toEqual({ ok: false, code: 'idempotency_key_reused' });

      const callerFirst = freshKey();
      const again = await example(op);
      const created = await viaCaller(op, again, { agent: AGENT, key: callerFirst });
      expect(await viaRest(op, again, { agent: AGENT, key: callerFirst }), op.name).toEqual({ ...created, replayed: true });
    }
  });

  it('a server-side caller of an admin operation is checked like REST', async () => {
    const setLimits = (authorization?: string) => createCaller(createContext(t.app.services, { transport: 'internal', authorization })).platform.setLimits({ max_item_quantity: 20 });
    await expect(setLimits()).rejects.toMatchObject({ cause: { code: 'credential_required' } });
    await expect(setLimits('Bearer wrong')).rejects.toMatchObject({ cause: { code: 'admin_token_invalid' } });
    await expect(setLimits(`Bearer ${ADMIN_TOKEN}`)).resolves.toMatchObject({ max_item_quantity: 20 });
  });
});
