/**
 * ACP order webhooks (issue #47 §4) and the platform's registration (§1, decisions 4 and 7): an
 * order whose cart an ACP platform's key made (carts.acp_platform, set here directly: the binding's
 * sessions set it) goes, through the same outbox and worker as UCP's, to the URL the platform's
 * account registered, as `{type, data}` with ACP's full Order, signed `Merchant-Signature` with the
 * account's secret, on a pinned HTTPS `.test` receiver (test/support/profile-server.ts) that
 * verifies it as a platform would (401 outside 300 s). Placed → order_create confirmed; voided →
 * canceled; shipped (all lines) → shipped; delivered → completed. No registration, no row; a
 * rotation signs with the new secret only; the secret is sealed. The registration's developer API
 * and dashboard section (its facade, and the section rendered), and the request-signature check
 * the binding calls (RFC 8785 body, 300 s).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createElement, type ReactElement } from 'react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcpPlatform } from '../app/dashboard/acp-platform';
import { createAuth } from '../server/accounts/auth';
import { createAccounts, type Accounts } from '../server/accounts/facade';
import type { Db } from '../server/db/client';
import { acpPlatforms, orderWebhookDeliveries } from '../server/db/schema';
import { ApiError } from '../server/errors/catalogue';
import { checkAcpRequestSignature, publicSigningJwk, updateAcpPlatform } from '../server/keys/acp-platforms';
import { canonicalJson } from '../server/lib/canonical-json';
import { unseal } from '../server/lib/secrets';
import { voidOrder } from '../server/orders/place';
import { enqueueOrderWebhook } from '../server/orders/webhook';
import { deriveKey } from '../server/secrets/keys';
import { openBody } from '../server/webhooks/sealed-bodies';
import { DeliveryWorker } from '../server/webhooks/worker';
import { BASE, freshKey, TEST_SECRETS_KEY, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { signedInDeveloper, type Developer } from './support/developer';
import { placedOrder } from './support/orders';
import { profileServer, type ProfileServer } from './support/profile-server';
import { acpReceiver, merchantSignatureVerifies, type ReceivedDelivery } from './support/acp-receiver';
import { ACP_SCHEMAS_MISSING, acpValidator } from './support/acp-schemas';

type Json = Record<string, any>;

const ADMIN = 'acp-webhooks-admin-token-0123456789';
const REGISTRATION = '/api/developer/acp-platform';

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
let accounts: Accounts;
/** The secret each receiving path verifies with (what the platform was shown). */
const secrets = new Map<string, string>();
const received = new Map<string, ReceivedDelivery[]>();

const verifies = merchantSignatureVerifies;

/** A webhook path of the test platform, verifying with the secret it was shown (401 otherwise). */
function receiver(path: string): string {
  received.set(path, []);
  return acpReceiver(ps, path, () => secrets.get(path), received.get(path)!);
}

beforeAll(async () => {
  ps = await profileServer();
  database = await testDatabase();
  t = await testApp({ ...ps.env, ADMIN_TOKEN: ADMIN, WEBHOOK_RETRY_SCHEDULE: '5,10,20' }, database);
  db = t.app.services.db;
  accounts = createAccounts(t.app.services, createAuth(t.app.services));
  await seedCatalog(db, [
    { seller: seller('kettle-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }, { title: 'Copper Whisk', variants: [[899, 50]] }] },
  ]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ps?.close();
});

const asDeveloper = (dev: Developer, extra: Record<string, string> = {}) => ({ Cookie: dev.cookie(BASE), Origin: BASE, ...extra });

/** PUT the registration through the developer API, as a script with the session would. */
async function register(dev: Developer, body: Json): Promise<{ status: number; body: Json }> {
  const res = await t.call('PUT', REGISTRATION, { headers: asDeveloper(dev, { 'Idempotency-Key': freshKey() }), body });
  return { status: res.status, body: (await res.json()) as Json };
}

/** An ACP platform's account with its webhook registered at a new receiver path; answers the account and the path. */
async function platform(name: string): Promise<{ dev: Developer; path: string }> {
  const dev = await signedInDeveloper(db);
  const path = `/acp/${name}/agentic_checkout/webhooks/order_events`;
  const registered = await register(dev, { webhook_url: receiver(path) });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  secrets.set(path, registered.body.webhook_secret);
  return { dev, path };
}

/** An order of a cart the platform's key made, paid as a person pays (the normal path: link, /pay form, completePayment). */
async function acpOrder(dev: Developer, items: [string, number][] = [['Enamel Kettle', 1], ['Copper Whisk', 2]]) {
  return placedOrder(t.app.services, `key:key_acp_${dev.accountId}`, items, { acpPlatform: dev.accountId });
}

const worker = () => new DeliveryWorker(t.app.services);

async function rowsOf(orderId: string) {
  return db.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.orderId, orderId)).orderBy(orderWebhookDeliveries.occurredAt);
}

/** Sends what is due, then answers the bodies the receiver took (verified) since `from`. */
async function deliveredTo(path: string, from = 0): Promise<Json[]> {
  while ((await worker().runOnce()) > 0);
  return received.get(path)!.slice(from).map((r) => {
    expect(r.status, 'the receiver verified the Merchant-Signature').toBe(200);
    return JSON.parse(r.body) as Json;
  });
}

async function fulfil(orderId: string, type: 'shipped' | 'delivered', lineItems?: { id: string; quantity: number }[]) {
  const res = await t.call('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/fulfillment-events`, {
    headers: { authorization: `Bearer ${ADMIN}`, 'Idempotency-Key': freshKey() },
    body: { type, carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', ...(lineItems && { line_items: lineItems }) },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The event as ACP's webhook spec has it: `{type, data}`, data a full Order with EventDataOrder's required members. */
function conforms(event: Json, ctx: { skip(note: string): void }): void {
  expect(Object.keys(event).sort()).toEqual(['data', 'type']);
  for (const member of ['type', 'id', 'checkout_session_id', 'permalink_url', 'status']) expect(event.data, member).toHaveProperty(member);
  if (ACP_SCHEMAS_MISSING) return ctx.skip(ACP_SCHEMAS_MISSING);
  const validate = acpValidator('agentic_checkout', 'Order');
  expect(validate(event.data), JSON.stringify(validate.errors, null, 2)).toBe(true);
}

describe('an ACP platform hears of its orders', () => {
  it('a paid order is order_create, confirmed, with the full Order, signed with the registered secret', async (ctx) => {
    const { dev, path } = await platform('placed');
    const order = await acpOrder(dev);
    const rows = await rowsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: 'acp', acpAccountId: dev.accountId, profileUrl: null, event: 'order_placed', state: 'pending' });
    expect(received.get(path)).toEqual([]);

    const [event] = await deliveredTo(path);
    conforms(event, ctx);
    expect(event.type).toBe('order_create');
    expect(event.data).toMatchObject({ type: 'order', id: order.id, checkout_session_id: order.cartId, permalink_url: order.payUrl, status: 'confirmed' });
    expect(event.data.line_items).toEqual([
      expect.objectContaining({ title: 'Enamel Kettle', quantity: { ordered: 1, current: 1, fulfilled: 0 }, status: 'processing' }),
      expect.objectContaining({ title: 'Copper Whisk', quantity: { ordered: 2, current: 2, fulfilled: 0 }, status: 'processing' }),
    ]);
    expect(event.data.totals.map((x: Json) => x.type)).toEqual(['subtotal', 'fulfillment', 'total']);
    expect(event.data.totals.every((x: Json) => typeof x.display_text === 'string' && Number.isInteger(x.amount))).toBe(true);
    const [request] = received.get(path)!;
    expect(request.headers['content-type']).toBe('application/json');
    // The platform refuses a t more than 300 s off: a replay later does not pass.
    const signedAt = Number(/^t=(\d+),/.exec(request.headers['merchant-signature'])![1]) * 1000;
    expect(verifies(request.headers, request.body, secrets.get(path)!, signedAt + 300_000)).toBe(true);
    expect(verifies(request.headers, request.body, secrets.get(path)!, signedAt + 301_000)).toBe(false);
    expect(verifies(request.headers, request.body, secrets.get(path)!, signedAt - 301_000)).toBe(false);
    expect(verifies(request.headers, `${request.body} `, secrets.get(path)!)).toBe(false);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: 'delivered', lastStatus: 200, lastUrl: `${ps.origin}${path}` });
  });

  it('shipping some lines is processing, every line shipped, delivered all: completed; each an order_update in order', async (ctx) => {
    const { dev, path } = await platform('shipping');
    const order = await acpOrder(dev);
    await fulfil(order.id, 'shipped', [{ id: (await lineIds(order.id))[0], quantity: 1 }]);
    await fulfil(order.id, 'shipped');
    await fulfil(order.id, 'delivered');
    // One order's events reach its platform in the order they happened: one a round.
    expect(await worker().runOnce()).toBe(1);
    const events = await deliveredTo(path);
    for (const event of events) conforms(event, ctx);
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['order_create', 'confirmed'],
      ['order_update', 'processing'],
      ['order_update', 'shipped'],
      ['order_update', 'completed'],
    ]);
    expect(events[2].data.line_items.map((l: Json) => [l.quantity.fulfilled, l.status])).toEqual([
      [1, 'fulfilled'],
      [2, 'fulfilled'],
    ]);
  });

  it('a voided order is an order_update, canceled, nothing left of its lines', async (ctx) => {
    const { dev, path } = await platform('voided');
    const order = await acpOrder(dev, [['Enamel Kettle', 1]]);
    // As completePayment's voidPayment does when a capture is refused for good: one transaction.
    await db.transaction(async (tx) => {
      await voidOrder(tx, order.id);
      await enqueueOrderWebhook(t.app.services, tx, order.id, 'order_voided');
    });
    const [created, voided] = await deliveredTo(path);
    expect(created.type).toBe('order_create');
    conforms(voided, ctx);
    expect(voided.type).toBe('order_update');
    expect(voided.data.status).toBe('canceled');
    expect(voided.data.line_items[0]).toMatchObject({ quantity: { ordered: 1, current: 0, fulfilled: 0 }, status: 'removed' });
  });

  it('without a webhook URL registered when the order is placed, no ACP delivery is made; a URL cleared later skips what is pending', async () => {
    const unregistered = await signedInDeveloper(db);
    const none = await acpOrder(unregistered);
    expect(await rowsOf(none.id)).toEqual([]);

    const { dev, path } = await platform('cleared');
    const order = await acpOrder(dev);
    expect((await register(dev, { webhook_url: null })).body.platform).toMatchObject({ webhook_url: null, webhook_secret_set: true });
    await worker().runOnce();
    expect(received.get(path)).toEqual([]);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: 'skipped', lastError: expect.stringMatching(/no webhook URL registered/) });
  });

  it('an order both a UCP platform and an ACP platform hear of gets a delivery for each', async () => {
    const { dev } = await platform('both');
    const order = await placedOrder(t.app.services, 'agent:https://agents.test/both-profile.json', [['Enamel Kettle', 1]], { acpPlatform: dev.accountId });
    expect((await rowsOf(order.id)).map((r) => [r.target, r.profileUrl, r.acpAccountId]).sort()).toEqual([
      ['acp', null, dev.accountId],
      ['ucp', 'https://agents.test/both-profile.json', null],
    ]);
  });

  it('a rotated secret signs every attempt from then on, a retry of an earlier event included; the old one nothing', async () => {
    const { dev, path } = await platform('rotated');
    const old = secrets.get(path)!;
    const order = await acpOrder(dev, [['Enamel Kettle', 1]]);
    const rotated = await t.call('POST', `${REGISTRATION}/webhook-secret`, { headers: asDeveloper(dev, { 'Idempotency-Key': freshKey() }), body: {} });
    const { webhook_secret: fresh, platform: registration } = (await rotated.json()) as Json;
    expect(rotated.status).toBe(200);
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect(registration).toMatchObject({ webhook_secret_set: true, webhook_url: `${ps.origin}${path}` });

    // The platform still verifies with the old secret: the attempt is refused, and retried.
    await worker().runOnce();
    const [refused] = received.get(path)!;
    expect(refused.status).toBe(401);
    expect(verifies(refused.headers, refused.body, fresh)).toBe(true);
    expect(verifies(refused.headers, refused.body, old)).toBe(false);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: 'pending', lastStatus: 401 });

    secrets.set(path, fresh);
    await db.update(orderWebhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(orderWebhookDeliveries.orderId, order.id));
    const [event] = await deliveredTo(path, 1);
    expect(event.type).toBe('order_create');
  });

  it('keeps the secret sealed: the database alone does not hold it, SECRETS_KEY opens it', async () => {
    const { dev, path } = await platform('sealed');
    const [row] = await db.select().from(acpPlatforms).where(eq(acpPlatforms.accountId, dev.accountId));
    const secret = secrets.get(path)!;
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(unseal(row.webhookSecretSealed!, deriveKey(Buffer.from(TEST_SECRETS_KEY, 'base64'), 'acp-webhook-secret-seal'))).toBe(secret);
    // Read back, the registration says only that a secret exists.
    const read = await t.call('GET', REGISTRATION, { headers: asDeveloper(dev) });
    const body = (await read.json()) as Json;
    expect(body).toEqual({ webhook_url: `${ps.origin}${path}`, signing_jwk: null, webhook_secret_set: true, updated_at: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain(secret);
  });
});

async function lineIds(orderId: string): Promise<string[]> {
  const [row] = await rowsOf(orderId);
  return (JSON.parse(await openBody(t.app.services.keys, row.body)) as Json).data.line_items.map((l: Json) => l.id);
}

describe('the registration (developer API)', () => {
  it('makes the secret once, with the first webhook URL; keeps it when the URL changes; a replay answers the same secret', async () => {
    const dev = await signedInDeveloper(db);
    expect(await (await t.call('GET', REGISTRATION, { headers: asDeveloper(dev) })).json()).toEqual({ webhook_url: null, signing_jwk: null, webhook_secret_set: false, updated_at: null });
    const key = freshKey();
    const put = () => t.call('PUT', REGISTRATION, { headers: asDeveloper(dev, { 'Idempotency-Key': key }), body: { webhook_url: 'https://Platform.example.com:443/hooks' } });
    const first = (await (await put()).json()) as Json;
    expect(first).toMatchObject({ platform: { webhook_url: 'https://platform.example.com/hooks', webhook_secret_set: true }, webhook_secret: expect.stringMatching(/^whsec_/) });
    expect(((await (await put()).json()) as Json).webhook_secret).toBe(first.webhook_secret);
    const moved = await register(dev, { webhook_url: 'https://platform.example.com/other' });
    expect(moved.body).toEqual({ platform: expect.objectContaining({ webhook_url: 'https://platform.example.com/other' }) });
  });

  it('refuses URLs the webhook rules refuse and keys that are not EC P-256 or Ed25519 public keys (400)', async () => {
    const dev = await signedInDeveloper(db);
    for (const webhook_url of ['http://platform.example.com/h', 'https://user:pw@platform.example.com/h', 'https://203.0.113.7/h', 'https://[2001:db8::1]/h', 'https://platform.example.com/h#x', 'not a url']) {
      const refused = await register(dev, { webhook_url });
      expect(refused.status, webhook_url).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request', details: { issues: [expect.objectContaining({ path: 'webhook_url' })] } });
    }
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    const priv = ec.privateKey.export({ format: 'jwk' });
    const offCurve = { ...ec.publicKey.export({ format: 'jwk' }), y: ec.publicKey.export({ format: 'jwk' }).x };
    for (const signing_jwk of [priv, p384, rsa, offCurve, { kty: 'OKP', crv: 'Ed25519' }]) {
      const refused = await register(dev, { signing_jwk });
      expect(refused.status, JSON.stringify(signing_jwk)).toBe(400);
      expect(refused.body.details.issues[0].path).toBe('signing_jwk');
    }
    expect(publicSigningJwk(priv)).toEqual({ problem: 'must be a public key: remove d' });
    const ok = await register(dev, { signing_jwk: { ...ec.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' } });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body.platform.signing_jwk).sort()).toEqual(['crv', 'kid', 'kty', 'x', 'y']);
    // A key alone makes no secret: that comes with a webhook URL.
    expect(ok.body).not.toHaveProperty('webhook_secret');
    expect((await register(dev, { signing_jwk: null })).body.platform.signing_jwk).toBeNull();
  });

  it('needs the developer session and, for changes, an Origin of this service', async () => {
    expect((await t.call('GET', REGISTRATION)).status).toBe(401);
    const dev = await signedInDeveloper(db);
    const foreign = await t.call('PUT', REGISTRATION, { headers: { Cookie: dev.cookie(BASE), Origin: 'https://evil.example', 'Idempotency-Key': freshKey() }, body: { webhook_url: 'https://p.example.com/h' } });
    expect(foreign.status).toBe(403);
  });
});

describe('checkAcpRequestSignature (decision 4)', () => {
  const body = { line_items: [{ id: 'var_1', quantity: 2 }], currency: 'usd', capabilities: { payment: {} } };
  const now = new Date();
  const ts = (offsetS = 0) => new Date(now.getTime() + offsetS * 1000).toISOString();

  async function withKey(jwkOf: () => { publicKey: KeyObject; privateKey: KeyObject }, alg: 'ES256' | 'EdDSA') {
    const dev = await signedInDeveloper(db);
    const pair = jwkOf();
    await updateAcpPlatform(db, t.app.services.keys, dev.accountId, { signing_jwk: pair.publicKey.export({ format: 'jwk' }) });
    /** The platform's signature over `<timestamp>.<RFC 8785 body>`. */
    const signOf = (value: unknown, timestamp: string) => {
      const bytes = Buffer.from(`${timestamp}.${value === undefined ? '' : canonicalJson(value)}`);
      return (alg === 'ES256' ? sign('sha256', bytes, { key: pair.privateKey, dsaEncoding: 'ieee-p1363' }) : sign(null, bytes, pair.privateKey)).toString('base64url');
    };
    return { accountId: dev.accountId, signOf, privateKey: pair.privateKey };
  }

  const refused = async (promise: Promise<void>) => {
    const err = await promise.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('acp_signature_invalid');
    expect((err as ApiError).status).toBe(401);
  };

  it('checks nothing without a registered key, and nothing when no Signature is sent', async () => {
    const dev = await signedInDeveloper(db);
    await checkAcpRequestSignature(db, dev.accountId, { signature: 'garbage', body }, now);
    const { accountId } = await withKey(() => generateKeyPairSync('ec', { namedCurve: 'P-256' }), 'ES256');
    await checkAcpRequestSignature(db, accountId, { body }, now);
  });

  it('accepts ES256 and Ed25519 over the RFC 8785 form, whatever order the members were sent in, within 300 s', async () => {
    const es = await withKey(() => generateKeyPairSync('ec', { namedCurve: 'P-256' }), 'ES256');
    const reordered = { capabilities: { payment: {} }, currency: 'usd', line_items: [{ quantity: 2, id: 'var_1' }] };
    await checkAcpRequestSignature(db, es.accountId, { signature: es.signOf(body, ts(-299)), timestamp: ts(-299), body: reordered }, now);
    await checkAcpRequestSignature(db, es.accountId, { signature: es.signOf(undefined, ts(299)), timestamp: ts(299), body: undefined }, now);
    const ed = await withKey(() => generateKeyPairSync('ed25519'), 'EdDSA');
    await checkAcpRequestSignature(db, ed.accountId, { signature: ed.signOf(body, ts()), timestamp: ts(), body }, now);
  });

  it('refuses a signature over another body, a stale, missing or malformed Timestamp, and a malformed Signature (401)', async () => {
    const { accountId, signOf } = await withKey(() => generateKeyPairSync('ec', { namedCurve: 'P-256' }), 'ES256');
    await refused(checkAcpRequestSignature(db, accountId, { signature: signOf(body, ts()), timestamp: ts(), body: { ...body, currency: 'eur' } }, now));
    await refused(checkAcpRequestSignature(db, accountId, { signature: signOf(body, ts(-301)), timestamp: ts(-301), body }, now));
    await refused(checkAcpRequestSignature(db, accountId, { signature: signOf(body, ts(301)), timestamp: ts(301), body }, now));
    await refused(checkAcpRequestSignature(db, accountId, { signature: signOf(body, ts()), body }, now));
    const unix = String(Math.floor(now.getTime() / 1000));
    await refused(checkAcpRequestSignature(db, accountId, { signature: signOf(body, unix), timestamp: unix, body }, now));
    await refused(checkAcpRequestSignature(db, accountId, { signature: 'not base64url!', timestamp: ts(), body }, now));
    await refused(checkAcpRequestSignature(db, accountId, { signature: '', timestamp: ts(), body }, now));
  });

  it('covers the Timestamp: a captured request replayed later with a fresh Timestamp does not verify (401)', async () => {
    const { accountId, signOf, privateKey } = await withKey(() => generateKeyPairSync('ec', { namedCurve: 'P-256' }), 'ES256');
    const captured = signOf(body, ts(-600));
    await refused(checkAcpRequestSignature(db, accountId, { signature: captured, timestamp: ts(), body }, now));
    // Nor does a signature over the body alone.
    const bodyOnly = sign('sha256', Buffer.from(canonicalJson(body)), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    await refused(checkAcpRequestSignature(db, accountId, { signature: bodyOnly, timestamp: ts(), body }, now));
  });

  it('canonicalises as RFC 8785 does (its §3.2.2 example)', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });
});

/** React's server renderer; a specifier TypeScript does not resolve, since the project has no @types/react-dom. */
async function renderToStaticMarkup(element: ReactElement): Promise<string> {
  const server = (await import('react-dom/server' as string)) as { renderToStaticMarkup(element: ReactElement): string };
  return server.renderToStaticMarkup(element);
}

describe('the dashboard’s ACP platform section', () => {
  const key = () => `test-form-${Math.random().toString(36).slice(2)}`;

  it('registers a URL (the secret once), rotates it, sets and clears a key, in sentences', async () => {
    const dev = await signedInDeveloper(db);
    const empty = (await accounts.dashboard(dev.session))!;
    expect(empty.acpPlatform).toEqual({ webhookUrl: null, signingJwk: null, secretSet: false });
    expect(empty.acpIdempotencyKey).toMatch(/^dashboard-/);

    expect(await accounts.changeAcpPlatform(dev.session, { webhookUrl: 'http://p.example.com/h', idempotencyKey: key() })).toMatchObject({ ok: false, error: 'The webhook URL must use https.' });
    expect(await accounts.changeAcpPlatform(dev.session, { webhookUrl: 'https://192.0.2.1/h', idempotencyKey: key() })).toMatchObject({ ok: false, error: expect.stringMatching(/not an IP address/) });
    const saved = await accounts.changeAcpPlatform(dev.session, { webhookUrl: 'https://platform.example.com/hooks', idempotencyKey: key() });
    expect(saved).toMatchObject({ ok: true, done: 'Order webhooks go to https://platform.example.com/hooks.', secret: expect.stringMatching(/^whsec_/) });
    const rotated = await accounts.changeAcpPlatform(dev.session, { rotate: true, idempotencyKey: key() });
    expect(rotated).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.ok && saved.ok && rotated.secret !== saved.secret).toBe(true);

    expect(await accounts.changeAcpPlatform(dev.session, { signingJwk: '{not json', idempotencyKey: key() })).toMatchObject({ ok: false, error: expect.stringMatching(/must be a JWK/) });
    const jwk = JSON.stringify(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }));
    expect(await accounts.changeAcpPlatform(dev.session, { signingJwk: jwk, idempotencyKey: key() })).toMatchObject({ ok: true, done: expect.stringMatching(/must verify/) });
    const view = (await accounts.dashboard(dev.session))!;
    expect(view.acpPlatform).toEqual({ webhookUrl: 'https://platform.example.com/hooks', signingJwk: expect.stringContaining('"Ed25519"'), secretSet: true });
    expect(JSON.stringify(view)).not.toContain(rotated.ok ? rotated.secret : 'x');
    expect(await accounts.changeAcpPlatform(dev.session, { signingJwk: null, idempotencyKey: key() })).toMatchObject({ ok: true });
    expect(await accounts.changeAcpPlatform(undefined, { rotate: true, idempotencyKey: key() })).toMatchObject({ ok: false, signedOut: true });
  });

  it('renders the section: what it is for, the URL, the secret’s state with Rotate, the key, each change a button of one form', async () => {
    const html = await renderToStaticMarkup(
      createElement(AcpPlatform, { base: BASE, platform: { webhookUrl: 'https://platform.example.com/hooks', signingJwk: '{"kty":"OKP"}', secretSet: true }, idempotencyKey: 'k1' }),
    );
    expect(html).toContain('<h2 id="acp-title">ACP platform</h2>');
    expect(html).toContain(`<code>${BASE}/acp</code>`);
    expect(html).toMatch(/<input[^>]*name="webhookUrl"[^>]*value="https:\/\/platform.example.com\/hooks"/);
    for (const intent of ['url', 'clear-url', 'rotate', 'jwk', 'clear-jwk']) expect(html).toMatch(new RegExp(`<button type="submit" value="${intent}"[^>]*name="intent"`));
    expect(html).toContain('name="idempotencyKey" value="k1"');
    // No inline style (the page's CSP): classes of the accounts stylesheet only.
    expect(html).not.toContain('style=');

    const none = await renderToStaticMarkup(createElement(AcpPlatform, { base: BASE, platform: { webhookUrl: null, signingJwk: null, secretSet: false }, idempotencyKey: 'k' }));
    expect(none).toContain('made, and shown once, when you first save a URL');
    for (const intent of ['clear-url', 'rotate', 'clear-jwk']) expect(none).not.toContain(`value="${intent}"`);
  });
});
