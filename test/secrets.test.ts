/**
 * SECRETS_KEY (server/secrets/): every sealing, signing and MAC key derived from it and never
 * stored; where it comes from (the environment; on the embedded database a 0600 file beside
 * DATA_DIR; on Postgres nowhere else: start-up refuses); the upgrade from the keys stored before it
 * and a rotation, both without breaking a live payment link, a replay or a webhook kept for good;
 * and a copy of the database alone, read offline after every surface's journey, recovering nothing
 * that acts: no URL or token-shaped string in it opens a page of the live service or is taken as a
 * credential. On PGlite and, with DATABASE_URL, on Postgres.
 */
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../server/carts/links';
import { openDatabase, type Database } from '../server/db/client';
import { idempotencyRecords, orderWebhookDeliveries, paymentLinks, serviceSettings } from '../server/db/schema';
import { seal, unseal } from '../server/lib/secrets';
import { oauthKeys } from '../server/oauth/keys';
import { BINDING_CAPABILITIES } from '../server/negotiation/capabilities';
import { continueCheckout } from '../server/payments/continue';
import { payPage } from '../server/payments/pay-page';
import { createCaller } from '../server/routers';
import { startApp } from '../server/app';
import { deriveKey, KEY_PURPOSES, MissingSecretsKey, ServiceKeys } from '../server/secrets/keys';
import { secretsKeyFile, withSecretsKey, writeKeyFile } from '../server/secrets/secrets-key';
import { retireLegacySecrets } from '../server/secrets-upgrade';
import { createContext } from '../server/trpc/context';
import { openBody } from '../server/webhooks/sealed-bodies';
import { DeliveryWorker } from '../server/webhooks/worker';
import { payToAddress } from '../server/x402/pay-to';
import { ADDRESS, agentApi, OWNER, seedCart, variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { signedInDeveloper, type Developer } from './support/developer';
import { BASE, freshKey, TEST_SECRETS_KEY, testApp, testConfig, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { Browser, oauthServer, refreshTarget, signedInPerson, type OAuthServer } from './support/oauth';
import { authorizationRequest, discover, insecure, registerClient } from './support/oauth-client';
import { dumpDatabase, tokensIn, urlsIn, whatOpens } from './support/offline-copy';
import { payOnPage, placedOrder } from './support/orders';
import { platformCapability, platformProfile, serveProfile, UCP_DESTINATION, ucpAgentHeader } from './support/platform-profile';
import { profileServer } from './support/profile-server';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { checkoutAs, linkWallet, mintKey, paymentFor, verifiedBuyer, WALLETS } from './support/x402-agent';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const onPostgres = !!process.env.DATABASE_URL;
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

/** Runs a command's script as `npm run` does (through tsx), with `env` over this process's. */
async function cli(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, ...env }, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
  }
}

async function catalogWithKettle(t: TestApp): Promise<void> {
  await seedCatalog(t.app.services.db, [{ seller: seller(`kettles-${randomBytes(3).toString('hex')}`), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
}

/** A cart of the test agent in checkout: its id and the pay-page token of its live link. */
async function linkedCart(t: TestApp): Promise<{ cartId: string; token: string }> {
  const cartId = await seedCart(t.app.services.db, [['Enamel Kettle', 1]]);
  const res = await agentApi(t)('POST', '/api/agent/payment-link', { cart_id: cartId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { cartId, token: new URL(res.body.url as string).pathname.split('/').pop()! };
}

/** A network key minted from the dashboard with an Idempotency-Key: the secret, answered once and sealed for replays. */
async function mintWithKey(t: TestApp, dev: Developer, key: string): Promise<string> {
  const res = await t.call('POST', '/api/developer/network-keys', {
    headers: { Cookie: dev.cookie(BASE), Origin: BASE, 'Idempotency-Key': key },
    body: { name: 'agent', scopes: ['buyer:write', 'dev.ucp.shopping.order:read'] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).secret;
}

/** A describe block's own database for the commands: a fresh PGlite folder (`env.DATA_DIR`, in `dir`), or on Postgres a fresh database. */
interface CommandsDatabase {
  dir: string;
  pg?: TestDatabase;
  env: Record<string, string>;
}

function commandsDatabase(prefix: string): CommandsDatabase {
  const on: CommandsDatabase = { dir: '', env: {} };
  beforeAll(async () => {
    on.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    on.pg = onPostgres ? await testDatabase() : undefined;
    on.env = on.pg ? { DATABASE_URL: on.pg.url! } : { DATABASE_URL: '', DATA_DIR: path.join(on.dir, 'data') };
  });
  afterAll(async () => {
    await on.pg?.drop();
    fs.rmSync(on.dir, { recursive: true, force: true });
  });
  return on;
}

/** The service under `keys` on the commands' database (on PGlite closed again before the next command). */
async function onCommandsDatabase<T>(on: CommandsDatabase, keys: Record<string, string>, use: (t: TestApp) => Promise<T>): Promise<T> {
  const database = on.pg ? undefined : await openDatabase({ dataDir: on.env.DATA_DIR });
  try {
    return await use(await testApp(keys, on.pg ?? { database: database!, drop: () => database!.close() }));
  } finally {
    await database?.close();
  }
}

const deliveryOf = async (t: TestApp, orderId: string) => (await t.app.services.db.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.orderId, orderId)))[0];

/**
 * What `npm start` does with its keys before Next takes over (server/main.ts): the key from the
 * environment or the key file, the service started (every sealed key opened, sealed again where it
 * must be), the OAuth server's signing keys, the x402 payee. Next is left out: it needs the
 * production build, which a test does not make.
 */
async function startsWith(env: Record<string, string>): Promise<{ notice?: string; payTo: string; signingKeys: number }> {
  const { config, notice } = withSecretsKey(testConfig(env), 'npm start');
  const app = await startApp(config);
  try {
    return { notice, payTo: payToAddress(config.x402, app.services.keys), signingKeys: (await oauthKeys(app.services.db, app.services.keys)).signing.length };
  } finally {
    await app.close();
  }
}

const cartLink = async (t: TestApp, cartId: string) => (await agentApi(t)('GET', `/api/agent/cart/${cartId}`)).body.links.payment_link as string;
const b64 = (key: Buffer) => key.toString('base64');

describe('derived keys', () => {
  it('differ per purpose and follow SECRETS_KEY alone', () => {
    const key = randomBytes(32);
    const derived = KEY_PURPOSES.map((purpose) => deriveKey(key, purpose).toString('hex'));
    expect(new Set(derived).size).toBe(KEY_PURPOSES.length);
    expect(derived.every((d) => d.length === 64)).toBe(true);
    expect(deriveKey(Buffer.from(key), 'cursor')).toEqual(deriveKey(key, 'cursor'));
    expect(deriveKey(randomBytes(32), 'cursor')).not.toEqual(deriveKey(key, 'cursor'));
  });

  it('are the same in two apps on one database: a cursor and a payment link made by one hold in the other', async () => {
    const db = await testDatabase();
    try {
      const one = await testApp({}, db);
      const two = await testApp({}, db);
      for (const purpose of KEY_PURPOSES) expect(two.app.services.keys.key(purpose)).toEqual(one.app.services.keys.key(purpose));
      await catalogWithKettle(one);
      await catalogWithKettle(one);
      const page = await agentApi(one)('GET', '/api/agent/sellers?limit=1');
      expect(page.status).toBe(200);
      const cursor = page.body.nextCursor as string;
      expect(cursor).toBeTruthy();
      expect((await agentApi(two)('GET', `/api/agent/sellers?limit=1&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
      // An instance with another SECRETS_KEY does not start on this database: the webhook signing
      // key is sealed under this one. On a database of its own, a cursor signed under another
      // SECRETS_KEY is the usual invalid cursor.
      const otherKey = b64(randomBytes(32));
      await expect(testApp({ SECRETS_KEY: otherKey }, db)).rejects.toThrow(/sealed under another SECRETS_KEY/);
      const strangerDb = await testDatabase();
      try {
        const stranger = await testApp({ SECRETS_KEY: otherKey }, strangerDb);
        await catalogWithKettle(stranger);
        const refused = await agentApi(stranger)('GET', `/api/agent/sellers?limit=1&cursor=${encodeURIComponent(cursor)}`);
        expect([refused.status, refused.body.code]).toEqual([400, 'invalid_cursor']);
      } finally {
        await strangerDb.drop();
      }
      const { cartId, token } = await linkedCart(one);
      expect(await cartLink(two, cartId)).toBe(`${BASE}/pay/${token}`);
    } finally {
      await db.drop();
    }
    // Three apps on two databases.
  }, 90_000);

  it('refuses a SECRETS_KEY that is not 32 bytes of base64, saying how to make one', () => {
    for (const bad of ['short', b64(randomBytes(16)), b64(randomBytes(33)), '!'.repeat(44)]) {
      expect(() => testConfig({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY must be 32 random bytes in base64 \(make one with: openssl rand -base64 32\)/);
      expect(() => testConfig({ SECRETS_KEY_PREVIOUS: bad })).toThrow(/SECRETS_KEY_PREVIOUS must be 32 random bytes/);
    }
    const key = randomBytes(32);
    expect(testConfig({ SECRETS_KEY: b64(key) }).secretsKey).toEqual(key);
    expect(testConfig({ SECRETS_KEY: key.toString('base64url') }).secretsKey).toEqual(key);
  });
});

describe('where SECRETS_KEY comes from', () => {
  let dir: string;
  beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-secrets-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('on the embedded database: made once into a 0600 file beside DATA_DIR, never inside it, and reused', () => {
    const dataDir = path.join(dir, 'data');
    const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SECRETS_KEY: '' });
    const made = withSecretsKey(config, 'npm start');
    const file = secretsKeyFile(config.dataDir);
    expect(file).toBe(`${dataDir}.secrets-key`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(made.config.secretsKey).toEqual(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
    expect(made.notice).toMatch(/SECRETS_KEY is not set: using the key made now in .*data\.secrets-key.*Production must set SECRETS_KEY \(openssl rand -base64 32\)/);
    const again = withSecretsKey(config, 'npm start');
    expect(again.config.secretsKey).toEqual(made.config.secretsKey);
    expect(again.notice).toMatch(/using the key kept in/);
    // A set SECRETS_KEY wins, and no file is consulted.
    const key = randomBytes(32);
    expect(withSecretsKey(testConfig({ DATA_DIR: path.join(dir, 'other'), SECRETS_KEY: b64(key) }), 'npm start')).toEqual({ config: expect.objectContaining({ secretsKey: key }) });
    expect(fs.existsSync(`${path.join(dir, 'other')}.secrets-key`)).toBe(false);
  });

  it('on the embedded database after a rotation: the previous key the file keeps is used until its time, then not', () => {
    const dataDir = path.join(dir, 'rotated');
    const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '' });
    const [key, previous, until] = [randomBytes(32), randomBytes(32), new Date('2030-01-01T00:00:00Z')];
    writeKeyFile(secretsKeyFile(dataDir), { key, previous: { key: previous, until } });
    expect(fs.statSync(secretsKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    const during = withSecretsKey(config, 'npm start', new Date('2029-12-31T23:59:59Z'));
    expect(during.config).toMatchObject({ secretsKey: key, secretsKeyPrevious: previous, secretsKeyFile: secretsKeyFile(dataDir) });
    expect(during.notice).toContain(', and the key it replaced until 2030-01-01T00:00:00.000Z. Production must set SECRETS_KEY');
    const past = withSecretsKey(config, 'npm start', until);
    expect(past.config.secretsKey).toEqual(key);
    expect(past.config.secretsKeyPrevious).toBeUndefined();
    // A second line of anything else is refused, saying what it must be.
    fs.writeFileSync(secretsKeyFile(dataDir), `${b64(key)}\nprevious ${b64(previous)}\n`);
    expect(() => withSecretsKey(config, 'npm start')).toThrow(`The key file ${secretsKeyFile(dataDir)} has a second line that is not "previous <key> until <ISO time>"`);
  });

  it('on Postgres: none is made; the check is the server’s and the secrets commands’, not loadConfig’s', () => {
    const config = testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DATA_DIR: path.join(dir, 'pg'), SECRETS_KEY: '' });
    expect(config.secretsKey).toBeUndefined();
    expect(() => withSecretsKey(config, 'npm start')).toThrow(MissingSecretsKey);
    expect(() => withSecretsKey(config, 'npm start')).toThrow('SECRETS_KEY is not set. With DATABASE_URL, npm start needs it: 32 random bytes in base64, the same on every instance and never in the database. Make one with: openssl rand -base64 32');
    expect(fs.existsSync(`${path.join(dir, 'pg')}.secrets-key`)).toBe(false);
  });

  it.each([
    ['server/main.ts', 'npm start'],
    ['scripts/oauth-rotate-keys.ts', 'npm run oauth:rotate-keys'],
    ['scripts/secrets-rotate.ts', 'npm run secrets:rotate'],
  ])('%s exits 1 with DATABASE_URL and no SECRETS_KEY, naming the variable and how to make one', async (script, command) => {
    const res = await cli(script, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '', DATA_DIR: path.join(dir, 'refused') });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`SECRETS_KEY is not set. With DATABASE_URL, ${command} needs it: 32 random bytes in base64, the same on every instance and never in the database. Make one with: openssl rand -base64 32`);
  }, 60_000);
});

describe('npm run secrets:rotate and oauth:rotate-keys', () => {
  const on = commandsDatabase('acapi-rotate-');

  const withApp = <T>(key: string, use: (t: TestApp) => Promise<T>) => onCommandsDatabase(on, { SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: '' }, use);

  it('re-seal the OAuth keys and every order webhook body under the new key, say until when the previous one must stay, and refuse without a previous key', async () => {
    const { env, pg } = on;
    const [a, b] = [b64(randomBytes(32)), b64(randomBytes(32))];
    const first = await cli('scripts/oauth-rotate-keys.ts', { ...env, SECRETS_KEY: a, SECRETS_KEY_PREVIOUS: '' });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Rotated: signing with key \S+; 1 previous key kept to verify with/);
    // An order webhook made under a: kept for good, its body must still open once b alone is set.
    const webhook = await withApp(a, async (t) => {
      await catalogWithKettle(t);
      const order = await placedOrder(t.app.services, OWNER, [['Enamel Kettle', 1]], { platform: 'https://agents.test/platform.json' });
      return { orderId: order.id, body: await openBody(t.app.services.keys, (await deliveryOf(t, order.id)).body) };
    });
    expect(webhook.body).toContain('"permalink_url"');

    const lone = await cli('scripts/secrets-rotate.ts', { ...env, SECRETS_KEY: b, SECRETS_KEY_PREVIOUS: '' });
    expect(lone.code).toBe(1);
    expect(lone.stderr).toContain('SECRETS_KEY_PREVIOUS is not set');
    // Under b alone the keys sealed under a do not open.
    const stranger = await cli('scripts/oauth-rotate-keys.ts', { ...env, SECRETS_KEY: b, SECRETS_KEY_PREVIOUS: '' });
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr).toContain('The OAuth keys are sealed under another SECRETS_KEY');

    const rotated = await cli('scripts/secrets-rotate.ts', { ...env, SECRETS_KEY: b, SECRETS_KEY_PREVIOUS: a });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^OAuth keys sealed under the new SECRETS_KEY\. Keep SECRETS_KEY_PREVIOUS set until \d{4}-\d\d-\d\dT[\d:.]+Z, then remove it/);
    expect(rotated.stdout).toContain('Order webhook bodies sealed under the new SECRETS_KEY: 1.');
    const after = await cli('scripts/oauth-rotate-keys.ts', { ...env, SECRETS_KEY: b, SECRETS_KEY_PREVIOUS: '' });
    expect(after.code, after.stderr).toBe(0);
    // The same bytes, under b alone.
    expect(await withApp(b, async (t) => openBody(t.app.services.keys, (await deliveryOf(t, webhook.orderId)).body))).toBe(webhook.body);
  }, 240_000);
});

describe('a rotation in the order the docs give, then a plain npm start', () => {
  const on = commandsDatabase('acapi-restart-');

  /** The default x402 payee under `key` (X402_PAY_TO unset, base-sepolia). */
  const payTo = (key: Buffer) => payToAddress(testConfig().x402, { key: (purpose) => deriveKey(key, purpose) });
  /** What the server reads on PGlite with SECRETS_KEY unset: the key file's keys. */
  const fromKeyFile = (dataDir: string) => withSecretsKey(testConfig({ DATABASE_URL: '', DATA_DIR: dataDir, SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '' }), 'npm start').config;
  it('seals everything under the new key, says the new payee, and the next start with nothing more set serves what was made before', async () => {
    const { env, pg } = on;
    // Before: on PGlite the key file made by the first command (nothing set); on Postgres SECRETS_KEY.
    const postgresKey = pg ? randomBytes(32) : undefined;
    const plain = { SECRETS_KEY: postgresKey ? b64(postgresKey) : '', SECRETS_KEY_PREVIOUS: '' };
    const first = await cli('scripts/oauth-rotate-keys.ts', { ...env, ...plain });
    expect(first.code, first.stderr).toBe(0);
    const a = postgresKey ?? fromKeyFile(env.DATA_DIR).secretsKey!;
    // Made under it: an order webhook kept for good, and a live payment link.
    const made = await onCommandsDatabase(on, { SECRETS_KEY: b64(a), SECRETS_KEY_PREVIOUS: '' }, async (t) => {
      await catalogWithKettle(t);
      const order = await placedOrder(t.app.services, OWNER, [['Enamel Kettle', 1]], { platform: 'https://agents.test/platform.json' });
      return { orderId: order.id, body: await openBody(t.app.services.keys, (await deliveryOf(t, order.id)).body), token: (await linkedCart(t)).token };
    });

    let rotated: Awaited<ReturnType<typeof cli>>;
    let b: Buffer;
    if (pg) {
      // Every instance restarted with the new key and the previous one, then the command beside them.
      b = randomBytes(32);
      const both = { SECRETS_KEY: b64(b), SECRETS_KEY_PREVIOUS: b64(a) };
      expect((await startsWith({ ...env, ...both })).payTo).toBe(payTo(b));
      rotated = await cli('scripts/secrets-rotate.ts', { ...env, ...both });
    } else {
      // One process per folder: beside a running server (this process stands in for it, as in
      // cli.test.ts) the command says to stop it first; then, with nothing set, it makes the new key
      // and the key file follows.
      const pidFile = path.join(env.DATA_DIR, 'server.pid');
      fs.writeFileSync(pidFile, String(process.pid));
      const refused = await cli('scripts/secrets-rotate.ts', { ...env, ...plain });
      fs.rmSync(pidFile);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Stop the server first');
      rotated = await cli('scripts/secrets-rotate.ts', { ...env, ...plain });
      const read = fromKeyFile(env.DATA_DIR);
      b = read.secretsKey!;
      expect(read.secretsKeyPrevious).toEqual(a);
      expect(rotated.stdout).toContain(`which the key file ${secretsKeyFile(env.DATA_DIR)} now holds, with the previous one until `);
      // Run again while the file keeps the previous key, it finishes that rotation: no third key.
      const again = await cli('scripts/secrets-rotate.ts', { ...env, ...plain });
      expect(again.stdout).toContain('this run finished that rotation, made no new key');
      expect(fromKeyFile(env.DATA_DIR)).toMatchObject({ secretsKey: b, secretsKeyPrevious: a });
    }
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(b).not.toEqual(a);
    expect(rotated.stdout).toContain(`X402_PAY_TO is unset: ${payTo(a)} → ${payTo(b)} from the next start`);

    // The plain start: on PGlite nothing set, on Postgres the new key alone. It starts, paying to the new address.
    const after = pg ? { SECRETS_KEY: b64(b), SECRETS_KEY_PREVIOUS: '' } : plain;
    const started = await startsWith({ ...env, ...after });
    expect(started).toMatchObject({ payTo: payTo(b), signingKeys: 2 });
    if (!pg) expect(started.notice).toContain(`using the key kept in ${secretsKeyFile(env.DATA_DIR)} (0600, beside the data folder), and the key it replaced until `);
    // The webhook body opens under the new key alone; the link made before still opens while the previous key is kept.
    const kept = pg ? { SECRETS_KEY: b64(b), SECRETS_KEY_PREVIOUS: b64(a) } : { SECRETS_KEY: b64(b), SECRETS_KEY_PREVIOUS: b64(fromKeyFile(env.DATA_DIR).secretsKeyPrevious!) };
    await onCommandsDatabase(on, kept, async (t) => {
      expect(await openBody(new ServiceKeys(t.app.services.db, b, undefined), (await deliveryOf(t, made.orderId)).body)).toBe(made.body);
      expect((await payPage(t.app.services).view(made.token, {})).state).toBe('live');
    });

    // npm start with the key of before says what to do in one sentence, without a stack.
    const stale = await cli('server/main.ts', { ...env, SECRETS_KEY: b64(a), SECRETS_KEY_PREVIOUS: '' });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/^The OAuth keys are sealed under another SECRETS_KEY than the SECRETS_KEY set: start with the key used before, or, to move to this one, set the key used before as SECRETS_KEY_PREVIOUS and run npm run secrets:rotate with the server stopped \(docs\/operations\.md, "SECRETS_KEY and its rotation"\)\.$/m);
    expect(stale.stderr).not.toMatch(/^\s+at /m);
    if (!pg) {
      // The key file left holding the key of before (a rotation done with SECRETS_KEY set, before the file followed it).
      const file = secretsKeyFile(env.DATA_DIR);
      fs.writeFileSync(file, `${b64(a)}\n`);
      const left = await cli('server/main.ts', { ...env, ...plain });
      expect(left.code).toBe(1);
      expect(left.stderr).toContain(`than the one in the key file ${file}: put the key used before back in that file (or set it as SECRETS_KEY), or`);
      expect(left.stderr).not.toMatch(/^\s+at /m);
    }
  }, 240_000);

  it.skipIf(onPostgres)('on the embedded database with SECRETS_KEY set, a key file that held the previous key follows it', async () => {
    const dataDir = path.join(on.dir, 'set');
    const plain = { DATABASE_URL: '', DATA_DIR: dataDir, SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '' };
    expect((await cli('scripts/oauth-rotate-keys.ts', plain)).code).toBe(0);
    const a = fromKeyFile(dataDir).secretsKey!;
    const b = randomBytes(32);
    const rotated = await cli('scripts/secrets-rotate.ts', { ...plain, SECRETS_KEY: b64(b), SECRETS_KEY_PREVIOUS: b64(a) });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain(`The key file ${secretsKeyFile(dataDir)} held the previous key: it now holds the new one`);
    expect(fromKeyFile(dataDir)).toMatchObject({ secretsKey: b, secretsKeyPrevious: a });
    // What a plain start opens first: the OAuth keys, now under the file's key.
    const again = await cli('scripts/oauth-rotate-keys.ts', plain);
    expect(again.code, again.stderr).toBe(0);
  }, 120_000);
});

describe('the upgrade from keys stored in the database', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('seals the OAuth keys in place, keeps the old link and replay keys until what they made has expired, and drops the others at once', async () => {
    restore = setClock('2031-03-01T12:00:00Z');
    const db = await testDatabase();
    try {
      // What the service held before SECRETS_KEY: a live link and a replay record made under keys
      // stored in service_settings, and the OAuth keys in plain JSON.
      const before = await testApp({}, db);
      await catalogWithKettle(before);
      const dev = await signedInDeveloper(before.app.services.db);
      const idempotencyKey = freshKey();
      const minted = await mintWithKey(before, dev, idempotencyKey);
      const { cartId } = await linkedCart(before);
      const oldLinkKey = randomBytes(32);
      const oldSealKey = randomBytes(32);
      const raw = before.app.services.db;
      const [link] = await raw.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId));
      const oldToken = createHmac('sha256', oldLinkKey).update(link.id).digest('base64url');
      await raw.update(paymentLinks).set({ tokenHash: tokenHash(oldToken) }).where(eq(paymentLinks.id, link.id));
      // The record as it was then: plain JSON, its headers beside it, the secret sealed in its field.
      const [record] = await raw.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, idempotencyKey));
      const { headers: answerHeaders, ...outcome } = JSON.parse(unseal(record.responseBody!, before.app.services.keys.key('replay-seal')));
      const legacyBody = JSON.stringify({ ...outcome, data: { ...outcome.data, secret: { sealed: seal(outcome.data.secret, oldSealKey) } } });
      await raw.update(idempotencyRecords).set({ responseBody: legacyBody, responseHeaders: answerHeaders }).where(eq(idempotencyRecords.key, idempotencyKey));
      const jwk = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), kid: 'old-kid', alg: 'ES256', use: 'sig' };
      const oldCookie = randomBytes(32).toString('base64url');
      await raw.delete(serviceSettings);
      await raw.insert(serviceSettings).values([
        { key: 'payment_link', value: oldLinkKey.toString('base64url') },
        { key: 'idempotency-seal', value: oldSealKey.toString('base64url') },
        { key: 'cursor', value: randomBytes(32).toString('base64url') },
        { key: 'buyer-codes', value: randomBytes(32).toString('base64url') },
        { key: 'auth', value: randomBytes(32).toString('base64url') },
        { key: 'oauth.keys', value: JSON.stringify({ signing: [jwk], cookies: [oldCookie] }) },
      ]);

      // The first start with SECRETS_KEY, and a second one at the same time: the upgrade is idempotent.
      const [after] = await Promise.all([testApp({}, db), testApp({}, db)]);
      const stored = async () => Object.fromEntries((await raw.select().from(serviceSettings)).map((r) => [r.key, r.value]));
      const settings = await stored();
      expect(Object.keys(settings).sort()).toEqual(['idempotency-seal', 'oauth.keys', 'payment_link', 'secrets.upgrade']);
      expect(Object.keys(JSON.parse(settings['oauth.keys']))).toEqual(['sealed']);
      expect(settings['oauth.keys']).not.toContain(jwk.d);
      const keys = after.app.services.keys;
      const provider = await oauthKeys(raw, keys);
      expect(provider.signing).toEqual([jwk]);
      expect(provider.cookies).toEqual([keys.key('oauth-cookie').toString('base64url'), oldCookie]);

      // The plain record is sealed whole at the start, its old field seal opened under the kept key.
      const [upgraded] = await raw.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, idempotencyKey));
      expect([upgraded.responseBody, upgraded.responseHeaders]).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]+$/), null]);

      // The link made before still answers and pays; the replay still opens its secret.
      expect(await cartLink(after, cartId)).toBe(`${BASE}/pay/${oldToken}`);
      const page = payPage(after.app.services);
      const view = await page.view(oldToken, {});
      expect(view.state).toBe('live');
      const replay = await after.call('POST', '/api/developer/network-keys', {
        headers: { Cookie: dev.cookie(BASE), Origin: BASE, 'Idempotency-Key': idempotencyKey },
        body: { name: 'agent', scopes: ['buyer:write', 'dev.ucp.shopping.order:read'] },
      });
      expect(replay.status).toBe(201);
      expect((await replay.json()).secret).toBe(minted);

      // Nothing retires before its time; the link's expiry and the replay window retire both keys.
      expect(await retireLegacySecrets(raw, keys)).toEqual([]);
      restore();
      restore = setClock('2031-03-02T12:01:00Z');
      expect((await retireLegacySecrets(raw, keys)).sort()).toEqual(['payment-link', 'replay-seal']);
      expect(Object.keys(await stored()).sort()).toEqual(['oauth.keys', 'secrets.upgrade']);
      expect(await raw.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, idempotencyKey))).toEqual([]);
      // The provider's login cookie lasts 30 days: the old cookie key verifies until then.
      restore();
      restore = setClock('2031-04-01T12:01:00Z');
      expect(await retireLegacySecrets(raw, keys)).toEqual(['oauth-cookie']);
      expect((await oauthKeys(raw, keys)).cookies).toEqual([keys.key('oauth-cookie').toString('base64url')]);
      expect((await oauthKeys(raw, keys)).signing).toEqual([jwk]);
    } finally {
      await db.drop();
    }
  }, 60_000);
});

describe('a rotation (SECRETS_KEY_PREVIOUS)', () => {
  it('keeps what was made under the previous key working: link, pay form, replay; and re-seals the OAuth keys', async () => {
    const db = await testDatabase();
    try {
      const first = await testApp({}, db);
      await catalogWithKettle(first);
      const dev = await signedInDeveloper(first.app.services.db);
      const idempotencyKey = freshKey();
      const minted = await mintWithKey(first, dev, idempotencyKey);
      const { cartId, token } = await linkedCart(first);
      const formView = await payPage(first.app.services).view(token, {});
      if (formView.state !== 'live' || !('form' in formView.payment)) throw new Error(`not a live link: ${formView.state}`);
      const signing = (await oauthKeys(first.app.services.db, first.app.services.keys)).signing;

      const next = randomBytes(32);
      const second = await testApp({ SECRETS_KEY: b64(next), SECRETS_KEY_PREVIOUS: TEST_SECRETS_KEY }, db);
      expect(second.app.services.keys.key('payment-link')).not.toEqual(first.app.services.keys.key('payment-link'));
      expect(await cartLink(second, cartId)).toBe(`${BASE}/pay/${token}`);
      const replay = await second.call('POST', '/api/developer/network-keys', {
        headers: { Cookie: dev.cookie(BASE), Origin: BASE, 'Idempotency-Key': idempotencyKey },
        body: { name: 'agent', scopes: ['buyer:write', 'dev.ucp.shopping.order:read'] },
      });
      expect((await replay.json()).secret).toBe(minted);
      // The form rendered under the previous key posts: the card is taken and the cart completed.
      const outcome = await payPage(second.app.services).submit(token, { form_token: formView.payment.form.formToken, ...CARD }, { origin: BASE, referer: null });
      expect(outcome).not.toContain('refused');
      expect((await agentApi(second)('GET', `/api/agent/cart/${cartId}`)).body.status).toBe('completed');
      // Started with the new key, the OAuth keys are sealed under it: the new key alone opens them.
      expect((await oauthKeys(second.app.services.db, new ServiceKeys(second.app.services.db, next, undefined))).signing).toEqual(signing);
    } finally {
      await db.drop();
    }
  }, 60_000);
});

describe('what an older version stored in the clear', () => {
  it('an order webhook body is sealed at the next start, and opens to the same bytes', async () => {
    const db = await testDatabase();
    try {
      const first = await testApp({}, db);
      await catalogWithKettle(first);
      const order = await placedOrder(first.app.services, OWNER, [['Enamel Kettle', 1]], { platform: 'https://agents.test/platform.json' });
      const raw = first.app.services.db;
      const [row] = await raw.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.orderId, order.id));
      const body = await openBody(first.app.services.keys, row.body);
      await raw.update(orderWebhookDeliveries).set({ body }).where(eq(orderWebhookDeliveries.id, row.id));

      const second = await testApp({}, db);
      const [sealed] = await raw.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.id, row.id));
      expect(sealed.body).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(await openBody(second.app.services.keys, sealed.body)).toBe(body);
    } finally {
      await db.drop();
    }
  }, 60_000);
});

/**
 * The journeys of every surface, on `s` as the platform `platform` (its webhook `hooks` received):
 * the seed API on REST (a cart, its payment link paid on the page, a quick buy) and MCP (a quick
 * buy and a live link), UCP's checkout on REST (paid through its continue_url, then completed)
 * and MCP (left payable), an x402 settlement, and the order webhooks sent. Answers what a person
 * or agent would open afterwards: the pages' URLs and a buyer token, for the probe's control.
 */
async function everySurface(s: OAuthServer, smtp: SmtpSink, dev: Developer, platform: string, hooks: string[]): Promise<{ urls: string[]; tokens: string[] }> {
  const services = s.app.services;
  const kettle = await variantId(services.db, 'Enamel Kettle');
  const rest = async (method: string, path: string, body?: unknown) => {
    const res = await s.call(method, path, { headers: { 'UCP-Agent': ucpAgentHeader(platform), 'Idempotency-Key': freshKey() }, body });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return res.json();
  };
  const cart = await rest('POST', '/api/agent/cart', { items: [{ variant_id: kettle, quantity: 1 }], shipping_address: ADDRESS });
  const restLink = await rest('POST', '/api/agent/payment-link', { cart_id: cart.id });
  await payOnPage(services, restLink.url, s.url);
  await rest('POST', '/api/agent/quick-buy', { variant_id: kettle, quantity: 1, shipping_address: ADDRESS });

  const mcp = async (path: string, name: string, args: Record<string, unknown>) => {
    const client = new Client({ name: 'offline-copy', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}${path}`)));
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    await client.close();
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    return result.structuredContent as Record<string, any>;
  };
  const meta = { 'ucp-agent': { profile: platform } };
  const quick = await mcp('/api/mcp', 'quick_buy', { meta, idempotency_key: freshKey(), variant_id: kettle, quantity: 1, shipping_address: ADDRESS });
  const mcpLink = await mcp('/api/mcp', 'checkout', { meta, idempotency_key: freshKey(), cart_id: quick.id });

  const checkout = { line_items: [{ item: { id: kettle }, quantity: 1 }], buyer: { email: 'ada@example.com' }, fulfillment: { methods: [{ type: 'shipping', destinations: [UCP_DESTINATION] }] } };
  const session = await rest('POST', '/ucp/checkout-sessions', checkout);
  expect(session.status).toBe('requires_escalation');
  const opened = await continueCheckout(services, new URL(session.continue_url).pathname.split('/').pop()!);
  if (opened.kind !== 'pay') throw new Error(`continue_url: ${opened.kind}`);
  await payOnPage(services, opened.url, s.url);
  const completed = await rest('POST', `/ucp/checkout-sessions/${session.id}/complete`, {});
  expect(completed.order.permalink_url).toMatch(/\/pay\//);
  const mcpSession = await mcp('/ucp/mcp', 'create_checkout', { meta: { ...meta, 'idempotency-key': freshKey() }, checkout });
  expect(mcpSession.continue_url).toMatch(/\/checkout\//);

  const buyer = await verifiedBuyer(s, smtp, await mintKey(s, dev, ['buyer:write', 'checkout:write']));
  expect((await linkWallet(s, buyer.token, WALLETS.alice)).status).toBe(201);
  const buyerCart = await seedCart(services.db, [['Enamel Kettle', 1]], ADDRESS, `buyer:${buyer.id}`);
  const key = freshKey();
  const { headers } = await paymentFor(await checkoutAs(s, buyer.token, buyerCart, { key }), WALLETS.alice);
  expect((await checkoutAs(s, buyer.token, buyerCart, { key, headers })).status).toBe(200);

  const worker = new DeliveryWorker(services);
  for (let round = 0; round < 10 && hooks.length < 2; round++) await worker.runOnce();
  expect(hooks.length).toBeGreaterThanOrEqual(2);
  const permalinks = hooks.map((body) => JSON.parse(body).permalink_url as string);
  return { urls: [restLink.url, mcpLink.url, session.continue_url, completed.order.permalink_url, mcpSession.continue_url, ...permalinks], tokens: [buyer.token] };
}

describe('an offline copy of the database', () => {
  it('recovers no key, buyer token, code, pay-page token, session, OAuth token or private key, and holds no URL or token the live service accepts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-copy-'));
    const smtp = await startSmtpSink();
    const ps = await profileServer();
    const hooks: string[] = [];
    ps.routes.set('/hooks/orders', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hooks.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const ORDER = 'dev.ucp.shopping.order';
    const capabilities = Object.fromEntries(
      Object.keys(BINDING_CAPABILITIES).map((name) => [name, [platformCapability(name, name === ORDER ? { config: { webhook_url: `${ps.origin}/hooks/orders` } } : {})]]),
    );
    const platform = serveProfile(ps, '/platform.json', platformProfile({ capabilities }));
    let pg: TestDatabase | undefined;
    let database: Database | undefined;
    let live: TestApp | undefined;
    try {
      // PGlite on disk (what DATA_DIR holds), or a database of its own on the Postgres server.
      pg = onPostgres ? await testDatabase() : undefined;
      const dataDir = path.join(dir, 'data');
      if (!pg) database = await openDatabase({ dataDir });
      const existing: TestDatabase = pg ?? { database: database!, drop: () => database!.close() };
      const env = { SMTP_URL: smtp.url, ...ps.env };
      const s = await oauthServer(env, existing);
      const db = s.app.services.db;
      await catalogWithKettle(s);

      const dev = await signedInDeveloper(db);
      const caller = createCaller(createContext(s.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() }));
      const networkKey = (await caller.developer.mintNetworkKey({ name: 'agent', scopes: ['buyer:write', 'dev.ucp.shopping.order:read'] })).secret;
      const post = (p: string, body: unknown) => s.call('POST', p, { headers: { Authorization: `Bearer ${networkKey}`, 'Idempotency-Key': freshKey() }, body });
      const codeOf = async (buyerId: string, email: string) => {
        const mail = smtp.nextMail(email);
        expect((await post('/api/agent/buyer/otp', { buyer_id: buyerId })).status).toBe(202);
        return (await mail).text.match(/\b(\d{6})\b/)![1];
      };
      const verified = await (await post('/api/agent/buyer', { email: 'verified@example.org', name: 'Ada' })).json();
      const verify = await post('/api/agent/buyer/verify', { buyer_id: verified.buyer_id, code: await codeOf(verified.buyer_id, 'verified@example.org') });
      const buyerToken = (await verify.json()).buyer_token as string;
      expect(buyerToken).toMatch(/^bt_live_/);
      const pending = await (await post('/api/agent/buyer', { email: 'pending@example.org', name: 'Grace' })).json();
      const pendingCode = await codeOf(pending.buyer_id, 'pending@example.org');
      const { token: payToken } = await linkedCart(s);

      const person = await signedInPerson(s);
      const browser = new Browser(s.url);
      browser.signIn(s.sessionCookieName, person.session);
      const as = await discover(s.url);
      const client = await registerClient(as, 'http://127.0.0.1:9/callback');
      const started = await authorizationRequest(as, client, 'http://127.0.0.1:9/callback');
      let { url } = await browser.follow(started.url.href);
      const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)![1];
      const consent = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
      if (consent.state !== 'ready') throw new Error(`consent page: ${consent.state}`);
      ({ url } = await browser.follow(refreshTarget(await (await browser.decide(consent.action, 'allow')).text())!));
      const params = oauth.validateAuthResponse(as, client, new URL(url), started.state);
      const grant = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, 'http://127.0.0.1:9/callback', started.verifier, insecure),
      );
      const privateKey = (await oauthKeys(db, s.app.services.keys)).signing[0] as { d: string };
      const journeys = await everySurface(s, smtp, dev, platform, hooks);
      await s.close();

      // The copy: the DATA_DIR folder alone, opened elsewhere; on Postgres, every row as a dump reads it.
      if (!pg) {
        await database!.close();
        database = undefined;
      }
      const dump = await dumpDatabase(pg ? { url: pg.url! } : { dataDir, copyDir: path.join(dir, 'copy') });
      expect(Object.keys(dump)).toEqual(expect.arrayContaining(['public.network_keys', 'public.buyer_tokens', 'public.buyer_codes', 'public.payment_links', 'public.oauth_records', 'public.sessions', 'public.service_settings', 'public.idempotency_records']));
      const text = JSON.stringify(dump);

      for (const secret of [networkKey, buyerToken, payToken, dev.session, person.session, grant.access_token, grant.refresh_token!, privateKey.d]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/ak_live_[A-Za-z0-9_-]{43}/);
      expect(text).not.toMatch(/bt_live_[A-Za-z0-9_-]{43}/);
      expect(text).not.toMatch(/"d":"/);
      expect(text).not.toMatch(/\/(pay|checkout)\/[A-Za-z0-9_-]{20,}/);

      // Every URL and token-like string in the copy, tried against the service running again on
      // the database (with SECRETS_KEY): none opens a page or is taken as a credential. The
      // journeys' own URLs and a buyer token, tried the same way, do: the probe's control.
      if (!pg) database = await openDatabase({ dataDir });
      live = await testApp({ PUBLIC_BASE_URL: s.url, ...env }, pg ?? { database: database!, drop: () => database!.close() });
      const urls = urlsIn(text);
      const tokens = tokensIn(text);
      expect(tokens.length).toBeGreaterThan(20);
      expect(await whatOpens(live, urls, tokens)).toEqual([]);
      const controls = [...journeys.tokens, dev.session];
      expect(await whatOpens(live, journeys.urls, controls)).toHaveLength(journeys.urls.length + controls.length);

      // Every value service_settings holds, tried as a key: none makes a pay-page token or a code's
      // hash, opens a sealed value (a stored answer, a webhook body, the OAuth keys), or is a private key.
      const settings = dump['public.service_settings'] as { key: string; value: string }[];
      const candidates = settings.flatMap((r) => [Buffer.from(r.value, 'base64url'), Buffer.from(r.value)]).filter((k) => k.length === 32);
      const [link] = dump['public.payment_links'] as { id: string }[];
      const code = (dump['public.buyer_codes'] as { buyer_id: string; code_hash: string }[]).find((c) => c.buyer_id === pending.buyer_id)!;
      for (const key of [...candidates, Buffer.alloc(32)]) {
        expect(createHmac('sha256', key).update(link.id).digest('base64url')).not.toBe(payToken);
        expect(createHmac('sha256', key).update(`${pending.buyer_id}:${pendingCode}`).digest('base64url')).not.toBe(code.code_hash);
      }
      const sealedValues = text.match(/[A-Za-z0-9_-]{100,}/g) ?? [];
      expect(sealedValues.length).toBeGreaterThanOrEqual(10); // the stored answers, the webhook bodies, the OAuth and webhook signing keys
      for (const sealedValue of sealedValues) for (const key of [...candidates, Buffer.alloc(32)]) expect(() => unseal(sealedValue, key)).toThrow();
      const oauthRow = settings.find((r) => r.key === 'oauth.keys')!;
      expect(Object.keys(JSON.parse(oauthRow.value))).toEqual(['sealed']);
      // With SECRETS_KEY (and only with it) they open: the test's own control.
      expect(unseal(JSON.parse(oauthRow.value).sealed, deriveKey(Buffer.from(TEST_SECRETS_KEY, 'base64'), 'oauth-keys-seal'))).toContain(privateKey.d);
    } finally {
      await live?.close();
      if (!pg) await database?.close();
      await pg?.drop();
      await smtp.close();
      await ps.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
