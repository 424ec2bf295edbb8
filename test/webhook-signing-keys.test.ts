/**
 * The keys that sign order webhooks: published in every business profile as UCP's signing_keys,
 * made once however many instances start together, sealed so that a copy of the database signs
 * nothing, and rotated as UCP's Key Rotation asks (published before signing, a grace after).
 */
import { execFile } from 'node:child_process';
import { createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../server/db/client';
import { webhookSigningKeys } from '../server/db/schema';
import { businessProfile } from '../server/domain/ucp-profile';
import { unseal } from '../server/lib/secrets';
import { deriveKey, ServiceKeys } from '../server/secrets/keys';
import { GRACE_DAYS, PUBLISH_DELAY_SECONDS, resealSigningKeys, revokeSigningKey, rotateSigningKey, sweepSigningKeys } from '../server/webhooks/signing-key-rotation';
import { forgetSigningKeys, publishedSigningKeys, signingKey } from '../server/webhooks/signing-keys';
import { TEST_SECRETS_KEY, testApp, type TestApp } from './support/app';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { businessProfileValidator, ownProfileValidator, UCP_SCHEMAS_MISSING } from './support/ucp-schemas';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const body = Buffer.from('{"event":"order.updated"}');

let t: TestApp;
let db: Db;
let keys: ServiceKeys;
let realClock: (() => void) | undefined;
beforeAll(async () => {
  t = await testApp();
  db = t.app.services.db;
  keys = t.app.services.keys;
});
afterAll(() => t.close());
afterEach(() => {
  realClock?.();
  realClock = undefined;
});

async function clearKeys(): Promise<void> {
  await db.delete(webhookSigningKeys);
  forgetSigningKeys(db);
}

function signature(privateKey: KeyObject): Buffer {
  return sign('sha256', body, { key: privateKey, dsaEncoding: 'ieee-p1363' });
}

/** Whether `sig` verifies under the published key `kid`, as a platform holding the profile would check it. */
async function verifiesPublished(kid: string, sig: Buffer): Promise<boolean> {
  const jwk = (await publishedSigningKeys(db)).find((k) => k.kid === kid);
  return !!jwk && verify('sha256', body, { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, sig);
}

describe('signing_keys in the business profiles', () => {
  it('publishes public ES256 JWKs only, in the network’s and each seller’s profile', async () => {
    await seedCatalog(db, [{ seller: seller('kettle-co'), products: [{ title: 'Enamel Kettle', variants: [[3200, 5]] }] }]);
    const { kid, privateKey } = await signingKey(db, keys);
    const published = await publishedSigningKeys(db);
    expect(published).toEqual([{ kid, kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), use: 'sig', alg: 'ES256' }]);
    expect(JSON.stringify(published)).not.toMatch(/"d"/);
    expect(await verifiesPublished(kid, signature(privateKey))).toBe(true);

    for (const url of ['/.well-known/ucp', '/store/kettle-co/.well-known/ucp']) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(200);
      // The publish delay is what a platform may cache the profile for.
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${PUBLISH_DELAY_SECONDS}`);
      const profile = await res.json();
      expect(Object.keys(profile).slice(0, 2)).toEqual(['ucp', 'signing_keys']);
      expect(profile.signing_keys, url).toEqual(published);
    }
  });

  it('conforms to the official business_profile schema with its signing_keys, and to its own', async (ctx) => {
    const profile = businessProfile(t.config, await publishedSigningKeys(db));
    expect(profile.signing_keys).toHaveLength(1);
    const own = ownProfileValidator();
    expect(own(profile), JSON.stringify(own.errors)).toBe(true);
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    const validate = businessProfileValidator();
    expect(validate(profile), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('the first key', () => {
  it('is made once when two instances ask together', async () => {
    await clearKeys();
    // On Postgres a second instance: a pool of its own on the same database.
    const other = t.db.url ? await openDatabase({ databaseUrl: t.db.url, poolSize: 4 }) : undefined;
    try {
      const otherDb = other?.db ?? db;
      const otherKeys = new ServiceKeys(otherDb, Buffer.from(TEST_SECRETS_KEY, 'base64'), undefined);
      const [a, b, c] = await Promise.all([signingKey(db, keys), signingKey(otherDb, otherKeys), signingKey(db, keys)]);
      expect(new Set([a.kid, b.kid, c.kid]).size).toBe(1);
      expect(await db.select({ kid: webhookSigningKeys.kid }).from(webhookSigningKeys)).toEqual([{ kid: a.kid }]);
      expect(await publishedSigningKeys(otherDb)).toEqual(await publishedSigningKeys(db));
    } finally {
      await other?.close();
    }
  });

  it('is stored sealed: a copy of the database alone cannot sign, SECRETS_KEY opens it, secrets:rotate seals it again', async () => {
    await clearKeys();
    const { kid, privateKey } = await signingKey(db, keys);
    const [row] = await db.select().from(webhookSigningKeys);
    expect(row.privateKeySealed).not.toMatch(/PRIVATE KEY/);
    expect(JSON.stringify(row.publicJwk)).not.toContain(privateKey.export({ format: 'jwk' }).d!);
    expect(() => unseal(row.privateKeySealed, Buffer.alloc(32))).toThrow();
    const stranger = new ServiceKeys(db, randomBytes(32), undefined);
    await expect(signingKey(db, stranger)).rejects.toThrow(`The webhook signing key ${kid} is sealed under another SECRETS_KEY`);
    expect(unseal(row.privateKeySealed, deriveKey(Buffer.from(TEST_SECRETS_KEY, 'base64'), 'webhook-keys-seal'))).toBe(privateKey.export({ format: 'pem', type: 'pkcs8' }));

    // A SECRETS_KEY rotation: the same key, sealed under the new SECRETS_KEY.
    const next = randomBytes(32);
    expect(await resealSigningKeys(db, new ServiceKeys(db, next, Buffer.from(TEST_SECRETS_KEY, 'base64')))).toBe(1);
    const after = await signingKey(db, new ServiceKeys(db, next, undefined));
    expect(after.kid).toBe(kid);
    expect(await verifiesPublished(kid, signature(after.privateKey))).toBe(true);
    await expect(signingKey(db, keys)).rejects.toThrow('sealed under another SECRETS_KEY');
  });
});

describe('rotation', () => {
  it('publishes the new key at once, signs with it after the publish delay, and keeps the old one for its grace', async () => {
    await clearKeys();
    realClock = setClock(at(0));
    const old = await signingKey(db, keys);
    const oldSig = signature(old.privateKey);

    const rotated = await rotateSigningKey(db, keys);
    expect(rotated.signsFrom.getTime()).toBeGreaterThanOrEqual(T0 + PUBLISH_DELAY_SECONDS * 1000);
    expect(rotated.retiring).toEqual([{ kid: old.kid, retiresAt: new Date(rotated.signsFrom.getTime() + GRACE_DAYS * DAY) }]);
    expect((await publishedSigningKeys(db)).map((k) => k.kid)).toEqual([rotated.kid, old.kid]);
    expect((await signingKey(db, keys)).kid).toBe(old.kid);

    // Every profile a platform may still hold from before the rotation has expired only now.
    realClock = setClock(at(PUBLISH_DELAY_SECONDS * 1000 - 1000));
    expect((await signingKey(db, keys)).kid).toBe(old.kid);
    realClock = setClock(at(PUBLISH_DELAY_SECONDS * 1000 + 1000));
    const current = await signingKey(db, keys);
    expect(current.kid).toBe(rotated.kid);
    expect(await verifiesPublished(rotated.kid, signature(current.privateKey))).toBe(true);

    // What the old key signed verifies for 7 days after its last signature; then the sweep drops it.
    realClock = setClock(at(PUBLISH_DELAY_SECONDS * 1000 + GRACE_DAYS * DAY - 60_000));
    expect(await sweepSigningKeys(db)).toEqual([]);
    expect(await verifiesPublished(old.kid, oldSig)).toBe(true);
    realClock = setClock(at(PUBLISH_DELAY_SECONDS * 1000 + GRACE_DAYS * DAY + 1000));
    expect((await publishedSigningKeys(db)).map((k) => k.kid)).toEqual([rotated.kid]);
    expect(await sweepSigningKeys(db)).toEqual([old.kid]);
    expect(await db.select({ kid: webhookSigningKeys.kid }).from(webhookSigningKeys)).toEqual([{ kid: rotated.kid }]);
  });

  it('--revoke removes a key from the profile at once, and a new key signs at once', async () => {
    await clearKeys();
    realClock = setClock(at(0));
    const compromised = await signingKey(db, keys);
    const pending = await rotateSigningKey(db, keys);

    const revoked = (await revokeSigningKey(db, keys, compromised.kid))!;
    const published = (await publishedSigningKeys(db)).map((k) => k.kid);
    expect(published).toEqual([revoked.kid]);
    // The key the rotation had published never signed: it goes with the one it was to replace.
    expect(published).not.toContain(pending.kid);
    expect((await signingKey(db, keys)).kid).toBe(revoked.kid);
    expect(await revokeSigningKey(db, keys, 'no-such-kid')).toBeUndefined();
  });

  it('revoking a retiring key also ends the grace of the one that signed, which stops signing at once', async () => {
    await clearKeys();
    realClock = setClock(at(0));
    const first = await signingKey(db, keys);
    await rotateSigningKey(db, keys);
    realClock = setClock(at(PUBLISH_DELAY_SECONDS * 1000 + 1000));
    const second = await signingKey(db, keys);
    expect(second.kid).not.toBe(first.kid);

    const revoked = (await revokeSigningKey(db, keys, first.kid))!;
    expect(revoked.retiring.map((r) => r.kid)).toEqual([second.kid]);
    expect((await publishedSigningKeys(db)).map((k) => k.kid)).toEqual([revoked.kid, second.kid]);
    expect((await signingKey(db, keys)).kid).toBe(revoked.kid);
  });
});

describe('npm run webhooks:rotate-key', () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '..');
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-webhook-keys-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, SECRETS_KEY: TEST_SECRETS_KEY, SECRETS_KEY_PREVIOUS: '', ...(t.db.url ? { DATABASE_URL: t.db.url } : { DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') }) };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/webhooks-rotate-key.ts', ...args], { cwd: root, env, timeout: 90_000 });
      return { code: 0, stdout, stderr };
    } catch (err: any) {
      return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
    }
  }

  it('publishes the first key, revokes it by kid, and refuses an unknown kid', async () => {
    if (t.db.url) await clearKeys();
    const first = await cli([]);
    expect(first.code, first.stderr).toBe(0);
    // No key yet: the first one signs at once.
    const [, kid] = /^Published (\S+); it signs from \S+\.$/m.exec(first.stdout)!;
    const revoked = await cli(['--revoke', kid]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Revoked ${kid}: gone from the profiles\\. Signing with the new key \\S+ now\\.\\n$`));
    const unknown = await cli(['--revoke', kid]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No webhook signing key ${kid}: nothing revoked.`);
    // A thumbprint may start with '-' (one in 64): still the value of --revoke, not a flag.
    const dashed = await cli(['--revoke', `-${kid.slice(1)}`]);
    expect(dashed.code).toBe(1);
    expect(dashed.stderr).toContain(`No webhook signing key -${kid.slice(1)}: nothing revoked.`);
  }, 240_000);
});
