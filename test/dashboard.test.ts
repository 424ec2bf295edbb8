/**
 * The dashboard's view and forms (server/accounts/facade.ts), without Next, over the real server,
 * procedures and database, signed in by a real e-mailed link: the keys table, minting (the secret
 * once, idempotent per form), the 409 and 429 refusals as sentences saying when a slot or a mint
 * frees, revoking (the agent API then refuses the key), and a session that has ended.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkKeys, sessions, users } from '../server/db/schema';
import { accountsServer, type AccountsServer } from './support/accounts';
import { linkIn } from './support/smtp';

let s: AccountsServer;
let n = 0;

beforeAll(async () => {
  s = await accountsServer();
});
afterAll(() => s?.close());

/** A new account signed in through its e-mailed link; answers the session cookie's value. */
async function signIn(): Promise<{ session: string; email: string }> {
  const email = `dash-${++n}@example.com`;
  expect(await s.accounts.requestSignIn({ email, forwardedFor: `198.51.100.${n}`, cookies: {} })).toMatchObject({ ok: true });
  const link = new URL(linkIn(await s.smtp.nextMail(email)));
  const view = await s.accounts.confirmView(Object.fromEntries(link.searchParams), {});
  if (view.state !== 'ready') throw new Error('link not usable');
  const confirmed = await s.accounts.confirmSignIn(view.fields, {});
  return { session: confirmed.cookies.find((c) => c.name === s.accounts.sessionCookieName)!.value, email };
}

const search = (key: string) => s.http('/api/agent/search?q=mug&limit=1', { headers: { Authorization: `Bearer ${key}` } });
const form = (name: string, scopes: string[] = []) => ({ name, scopes, idempotencyKey: `test-form-${name}-${Math.random().toString(36).slice(2)}` });

describe('the dashboard', () => {
  it('is for signed-in developers only', async () => {
    expect(await s.accounts.dashboard(undefined)).toBeNull();
    expect(await s.accounts.dashboard('not-a-session')).toBeNull();
    const { session, email } = await signIn();
    const view = await s.accounts.dashboard(session);
    expect(view).toMatchObject({ email, keys: [] });
    expect(view!.scopes.map((c) => c.value)).toEqual(['buyer:write', 'dev.ucp.shopping.order:read', 'checkout:write', 'acp:platform']);
    expect(view!.idempotencyKey).toMatch(/^dashboard-/);
  });

  it('mints a key shown once, lists it, and the agent API takes it without UCP-Agent', async () => {
    const { session } = await signIn();
    const minted = await s.accounts.mintKey(session, form('shopping agent', ['buyer:write']));
    if (!minted.ok) throw new Error(minted.error);
    expect(minted.key.secret).toMatch(/^ak_live_[A-Za-z0-9_-]{43}$/);
    expect(minted.key.prefix).toBe(minted.key.secret.slice(0, 12));

    const view = await s.accounts.dashboard(session);
    expect(view!.keys).toEqual([
      expect.objectContaining({ name: 'shopping agent', prefix: minted.key.prefix, scopes: ['buyer:write'], lastUsed: null, revoked: null }),
    ]);
    expect(view!.keys[0].created.text).toMatch(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/);
    expect(JSON.stringify(view)).not.toContain(minted.key.secret);

    expect((await search(minted.key.secret)).status).toBe(200);
    const used = await s.accounts.dashboard(session);
    expect(used!.keys[0].lastUsed).not.toBeNull();
  });

  it('mints once per form: a second submit of the same form answers the same key', async () => {
    const { session } = await signIn();
    const once = form('double click');
    const [a, b] = [await s.accounts.mintKey(session, once), await s.accounts.mintKey(session, once)];
    expect(a.ok && b.ok && a.key.secret === b.key.secret).toBe(true);
    expect(a.nextIdempotencyKey).not.toBe(once.idempotencyKey);
    expect((await s.accounts.dashboard(session))!.keys).toHaveLength(1);
  });

  it('refuses a missing or long name with a sentence', async () => {
    const { session } = await signIn();
    expect(await s.accounts.mintKey(session, form(''))).toMatchObject({ ok: false, error: expect.stringMatching(/name/) });
    expect(await s.accounts.mintKey(session, form('x'.repeat(65)))).toMatchObject({ ok: false, error: expect.stringMatching(/64 characters/) });
  });

  it('says when the next mint is possible after 5 in an hour (429)', async () => {
    const { session } = await signIn();
    for (let i = 0; i < 5; i++) expect((await s.accounts.mintKey(session, form(`k${i}`))).ok).toBe(true);
    const held = await s.accounts.mintKey(session, form('sixth'));
    expect(held).toMatchObject({ ok: false, error: expect.stringMatching(/The next one can be minted in (59|60) minutes, at \d\d:\d\d UTC;/) });
  });

  it('says a slot frees by revoking one after 10 active keys (409)', async () => {
    const { session, email } = await signIn();
    const [account] = await s.app.services.db.select().from(users).where(eq(users.email, email));
    // Ten keys minted over the last days (the hourly mint limit would take hours to reach them).
    const old = new Date(Date.now() - 3 * 86400_000);
    await s.app.services.db.insert(networkKeys).values(
      Array.from({ length: 10 }, (_, i) => ({ id: `key_seed${email.length}${n}${i}`, accountId: account.id, name: `old ${i}`, prefix: 'ak_live_seed', secretHash: `${email}-${i}`, scopes: [], createdAt: old })),
    );
    const full = await s.accounts.mintKey(session, form('eleventh'));
    expect(full).toMatchObject({ ok: false, error: expect.stringMatching(/10 active keys, the most it may hold\. Revoke one you no longer use to free a slot/) });
  });

  it('revokes a key: the agent API refuses it within a second, and another account cannot revoke it', async () => {
    const owner = await signIn();
    const minted = await s.accounts.mintKey(owner.session, form('to revoke'));
    if (!minted.ok) throw new Error(minted.error);
    const [{ id }] = (await s.accounts.dashboard(owner.session))!.keys;

    const stranger = await signIn();
    expect(await s.accounts.revokeKey(stranger.session, id)).toEqual({ ok: false, error: expect.stringMatching(/does not exist or is not yours/) });
    expect((await search(minted.key.secret)).status).toBe(200);

    expect(await s.accounts.revokeKey(owner.session, id)).toEqual({ ok: true });
    const after = (await s.accounts.dashboard(owner.session))!.keys[0];
    expect(after.revoked?.text).toMatch(/UTC$/);
    // Within a second on every instance (answers about a key are cached at most that long).
    await expect.poll(async () => (await search(minted.key.secret)).status, { timeout: 3000, interval: 200 }).toBe(401);
    expect((await (await search(minted.key.secret)).json()).code).toBe('invalid_credential');
  });

  it('a session that has ended sends the person to sign in again', async () => {
    const { session, email } = await signIn();
    const [account] = await s.app.services.db.select().from(users).where(eq(users.email, email));
    await s.app.services.db.update(sessions).set({ expires: new Date(Date.now() - 1000) }).where(eq(sessions.userId, account.id));
    expect(await s.accounts.dashboard(session)).toBeNull();
    expect(await s.accounts.mintKey(session, form('late'))).toMatchObject({ ok: false, signedOut: true });
    expect(await s.accounts.revokeKey(session, 'key_x')).toMatchObject({ ok: false, signedOut: true });
  });
});
