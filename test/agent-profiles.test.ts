/**
 * Agent profiles, the platform profiles an account speaks for on UCP's binding: listed, added and
 * removed through the real gateway with a developer's session (and its Origin), URLs refused and
 * normalised, the ceiling of 10 (twelve concurrent adds included, racing for real on Postgres),
 * other accounts' lists, `speaksFor` as the pipeline asks it, and the dashboard's section (its
 * facade, and the section rendered). On PGlite and, with DATABASE_URL, on Postgres.
 */
import { createElement, type ReactElement } from 'react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentProfiles } from '../app/dashboard/agent-profiles';
import { createAuth } from '../server/accounts/auth';
import { createAccounts, type Accounts } from '../server/accounts/facade';
import { accountAgentProfiles, users } from '../server/db/schema';
import { MAX_AGENT_PROFILES, MAX_PROFILE_URL_LENGTH, normalProfileUrl, speaksFor } from '../server/keys/agent-profiles';
import { BASE, freshKey, testApp, type TestApp } from './support/app';
import { signedInDeveloper, type Developer } from './support/developer';

let t: TestApp;
let accounts: Accounts;

/** React's server renderer; a specifier TypeScript does not resolve, since the project has no @types/react-dom. */
async function renderToStaticMarkup(element: ReactElement): Promise<string> {
  const server = (await import('react-dom/server' as string)) as { renderToStaticMarkup(element: ReactElement): string };
  return server.renderToStaticMarkup(element);
}

beforeAll(async () => {
  t = await testApp();
  accounts = createAccounts(t.app.services, createAuth(t.app.services));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.db;
const PATH = '/api/developer/agent-profiles';

/** Headers of a change made from the dashboard: the session cookie and the service's own Origin. */
function asDeveloper(dev: Developer, extra: Record<string, string> = {}): Record<string, string> {
  return { Cookie: dev.cookie(BASE), Origin: BASE, ...extra };
}

const list = (dev: Developer) => t.call('GET', PATH, { headers: asDeveloper(dev) });
const add = (dev: Developer, url: unknown, key = freshKey()) => t.call('POST', PATH, { headers: asDeveloper(dev, { 'Idempotency-Key': key }), body: { url } });
const remove = (dev: Developer, url: string) => t.call('DELETE', `${PATH}?${new URLSearchParams({ url })}`, { headers: asDeveloper(dev) });

async function listed(dev: Developer): Promise<string[]> {
  const res = await list(dev);
  expect(res.status).toBe(200);
  return (await res.json()).profiles.map((p: { url: string }) => p.url);
}

/** `n` profiles listed for `dev`, straight into the table. */
async function seeded(dev: Developer, n: number): Promise<string[]> {
  const urls = Array.from({ length: n }, (_, i) => `https://seeded-${i}.platform.dev/profile.json`);
  if (n) await db().insert(accountAgentProfiles).values(urls.map((url) => ({ accountId: dev.accountId, url })));
  return urls;
}

describe('the developer API', () => {
  it('adds a profile as WHATWG URL writes it, lists it, and removes it by any form of its URL', async () => {
    const dev = await signedInDeveloper(db());
    expect(await list(dev).then((r) => r.json())).toEqual({ profiles: [] });

    const created = await add(dev, 'https://Platform.Example.COM:443/ucp/../profile.json?v=1');
    expect(created.status).toBe(201);
    const profile = await created.json();
    expect(profile).toEqual({ url: 'https://platform.example.com/profile.json?v=1', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });

    // The same URL in another form: the same record, 200.
    const again = await add(dev, 'https://platform.example.com/profile.json?v=1');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(profile);
    expect(await listed(dev)).toEqual([profile.url]);
    expect(await speaksFor(db(), dev.accountId, profile.url)).toBe(true);

    const removed = await remove(dev, 'https://PLATFORM.example.com:443/profile.json?v=1');
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual(profile);
    expect(await listed(dev)).toEqual([]);
    expect(await speaksFor(db(), dev.accountId, profile.url)).toBe(false);

    const gone = await remove(dev, profile.url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).code).toBe('agent_profile_not_found');
  });

  it('lists oldest first', async () => {
    const dev = await signedInDeveloper(db());
    for (const host of ['b', 'a', 'c']) expect((await add(dev, `https://${host}.platform.dev/p`)).status).toBe(201);
    expect(await listed(dev)).toEqual(['https://b.platform.dev/p', 'https://a.platform.dev/p', 'https://c.platform.dev/p']);
  });

  it('replays an add with the same Idempotency-Key, and refuses the key for another URL', async () => {
    const dev = await signedInDeveloper(db());
    const key = freshKey();
    const first = await add(dev, 'https://replayed.platform.dev/p', key);
    const replay = await add(dev, 'https://replayed.platform.dev/p', key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(await first.text());
    const other = await add(dev, 'https://other.platform.dev/p', key);
    expect(other.status).toBe(409);
    expect((await other.json()).code).toBe('idempotency_key_reused');
    expect(await listed(dev)).toEqual(['https://replayed.platform.dev/p']);
  });

  it('needs the session, and an Origin of this service to change anything', async () => {
    const dev = await signedInDeveloper(db());
    const bare = await t.call('GET', PATH);
    expect(bare.status).toBe(401);
    expect((await bare.json()).code).toBe('credential_required');
    const elsewhere = await t.call('POST', PATH, { headers: { Cookie: dev.cookie(BASE), Origin: 'https://attacker.example', 'Idempotency-Key': freshKey() }, body: { url: 'https://x.platform.dev/p' } });
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).code).toBe('origin_refused');
    const removal = await t.call('DELETE', `${PATH}?url=https%3A%2F%2Fx.platform.dev%2Fp`, { headers: { Cookie: dev.cookie(BASE), Origin: 'https://attacker.example' } });
    expect(removal.status).toBe(403);
    expect(await listed(dev)).toEqual([]);
  });

  it('keeps accounts apart: another account neither sees nor removes a profile, and speaks for none of it', async () => {
    const owner = await signedInDeveloper(db());
    const stranger = await signedInDeveloper(db());
    expect((await add(owner, 'https://owned.platform.dev/p')).status).toBe(201);
    expect(await listed(stranger)).toEqual([]);
    expect((await remove(stranger, 'https://owned.platform.dev/p')).status).toBe(404);
    expect(await speaksFor(db(), stranger.accountId, 'https://owned.platform.dev/p')).toBe(false);
    expect(await listed(owner)).toEqual(['https://owned.platform.dev/p']);
  });
});

describe('profile URLs', () => {
  const refused: [string, string, RegExp][] = [
    ['relative', 'platform.example.com/profile.json', /absolute URL/],
    ['http', 'http://platform.example.com/profile.json', /https/],
    ['another scheme', 'ftp://platform.example.com/profile.json', /https/],
    ['a user name', 'https://agent@platform.example.com/profile.json', /user name or password/],
    ['a password', 'https://agent:secret@platform.example.com/profile.json', /user name or password/],
    ['a fragment', 'https://platform.example.com/profile.json#me', /fragment/],
    ['an empty fragment', 'https://platform.example.com/profile.json#', /fragment/],
    ['longer than 2048 once percent-encoded', `https://platform.example.com/${'é'.repeat(400)}`, /at most 2048 characters/],
    ['longer than 2048 as sent', `https://platform.example.com/${'a'.repeat(MAX_PROFILE_URL_LENGTH)}`, /2048/],
  ];

  it.each(refused)('refuses %s with invalid_request naming url', async (_, url, problem) => {
    const dev = await signedInDeveloper(db());
    const res = await add(dev, url);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('invalid_request');
    expect(body.details.issues).toEqual([{ path: 'url', message: expect.stringMatching(problem) }]);
    expect(await listed(dev)).toEqual([]);
  });

  it('refuses a body without a URL, or with another field', async () => {
    const dev = await signedInDeveloper(db());
    for (const body of [{}, { url: 'https://a.platform.dev/p', name: 'x' }, { url: 42 }]) {
      const res = await t.call('POST', PATH, { headers: asDeveloper(dev, { 'Idempotency-Key': freshKey() }), body });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('invalid_request');
    }
  });

  it('keeps the longest URL allowed, and normalises as the pipeline does (new URL(…).href)', () => {
    const longest = `https://platform.example.com/${'a'.repeat(MAX_PROFILE_URL_LENGTH - 'https://platform.example.com/'.length)}`;
    expect(normalProfileUrl(longest)).toEqual({ url: longest });
    for (const sent of ['https://platform.example.com', ' https://PLATFORM.example.com:443/ ', 'https://platform.example.com/a/..']) {
      expect(normalProfileUrl(sent)).toEqual({ url: new URL(sent).href });
    }
    expect(normalProfileUrl('https://bücher.example/p')).toEqual({ url: 'https://xn--bcher-kva.example/p' });
  });
});

describe('at most 10 per account', () => {
  it('answers the 11th 409 agent_profile_limit_reached; a listed URL still answers 200, and removing one frees a slot', async () => {
    const dev = await signedInDeveloper(db());
    const urls = await seeded(dev, MAX_AGENT_PROFILES - 1);
    expect((await add(dev, 'https://tenth.platform.dev/p')).status).toBe(201);

    const full = await add(dev, 'https://eleventh.platform.dev/p');
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'agent_profile_limit_reached', details: { max_agent_profiles: MAX_AGENT_PROFILES } });
    expect((await add(dev, urls[0])).status).toBe(200);

    expect((await remove(dev, urls[0])).status).toBe(200);
    expect((await add(dev, 'https://eleventh.platform.dev/p')).status).toBe(201);
    expect(await listed(dev)).toHaveLength(MAX_AGENT_PROFILES);

    // Another account's ceiling is its own.
    const other = await signedInDeveloper(db());
    expect((await add(other, 'https://eleventh.platform.dev/p')).status).toBe(201);
  });

  it('twelve concurrent adds onto 8 listed: exactly two succeed, the rest are 409, and 10 are listed', async () => {
    const dev = await signedInDeveloper(db());
    await seeded(dev, 8);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => add(dev, `https://race-${i}.platform.dev/p`)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, ...Array(10).fill(409)]);
    expect(await db().select().from(accountAgentProfiles).where(eq(accountAgentProfiles.accountId, dev.accountId))).toHaveLength(MAX_AGENT_PROFILES);
  });

  it('five concurrent adds of one URL list it once: one 201, the others 200 with the same record', async () => {
    const dev = await signedInDeveloper(db());
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(dev, 'https://same.platform.dev/p')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(await listed(dev)).toEqual(['https://same.platform.dev/p']);
  });
});

describe('speaksFor', () => {
  it('matches the normalised URL exactly: another path, query or trailing slash is another profile', async () => {
    const dev = await signedInDeveloper(db());
    expect((await add(dev, 'https://platform.example.com/profile.json')).status).toBe(201);
    expect(await speaksFor(db(), dev.accountId, 'https://platform.example.com/profile.json')).toBe(true);
    for (const other of ['https://platform.example.com/profile.json/', 'https://platform.example.com/profile.json?x=1', 'https://platform.example.com/other.json', 'https://evil.example.com/profile.json']) {
      expect(await speaksFor(db(), dev.accountId, other), other).toBe(false);
    }
  });

  it('forgets the profiles of a deleted account', async () => {
    const dev = await signedInDeveloper(db());
    expect((await add(dev, 'https://platform.example.com/profile.json')).status).toBe(201);
    await db().delete(users).where(eq(users.id, dev.accountId));
    expect(await speaksFor(db(), dev.accountId, 'https://platform.example.com/profile.json')).toBe(false);
    expect(await db().select().from(accountAgentProfiles).where(eq(accountAgentProfiles.accountId, dev.accountId))).toEqual([]);
  });
});

describe('the dashboard', () => {
  const form = (url: string) => ({ url, idempotencyKey: `test-form-${Math.random().toString(36).slice(2)}` });

  it('lists the profiles with the date each was added, and a form key of their own', async () => {
    const dev = await signedInDeveloper(db());
    const empty = await accounts.dashboard(dev.session);
    expect(empty).toMatchObject({ agentProfiles: [], profileIdempotencyKey: expect.stringMatching(/^dashboard-/) });
    expect(empty!.profileIdempotencyKey).not.toBe(empty!.idempotencyKey);

    expect(await accounts.addAgentProfile(dev.session, form('https://Platform.example.com/profile.json'))).toMatchObject({ ok: true, url: 'https://platform.example.com/profile.json' });
    const view = await accounts.dashboard(dev.session);
    expect(view!.agentProfiles).toEqual([{ url: 'https://platform.example.com/profile.json', added: { iso: expect.any(String), text: expect.stringMatching(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/) } }]);
  });

  it('adds once per form, says what is wrong with a URL, and when the list is full', async () => {
    const dev = await signedInDeveloper(db());
    const once = form('https://once.platform.dev/p');
    const [a, b] = [await accounts.addAgentProfile(dev.session, once), await accounts.addAgentProfile(dev.session, once)];
    expect(a.ok && b.ok).toBe(true);
    expect(a.nextIdempotencyKey).not.toBe(once.idempotencyKey);

    expect(await accounts.addAgentProfile(dev.session, form(''))).toMatchObject({ ok: false, error: expect.stringMatching(/^Enter the URL/) });
    expect(await accounts.addAgentProfile(dev.session, form('http://platform.example.com/p'))).toMatchObject({ ok: false, error: 'The profile URL must use https.' });
    expect(await accounts.addAgentProfile(dev.session, form('https://platform.example.com/p#x'))).toMatchObject({ ok: false, error: expect.stringMatching(/fragment/) });

    await seeded(dev, MAX_AGENT_PROFILES - 1);
    expect(await accounts.addAgentProfile(dev.session, form('https://one-too-many.platform.dev/p'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/already lists 10 agent profiles, the most it may\. Remove one/),
    });
    expect((await accounts.dashboard(dev.session))!.agentProfiles).toHaveLength(MAX_AGENT_PROFILES);
  });

  it('removes a profile; one not listed (or another account’s) is said so', async () => {
    const owner = await signedInDeveloper(db());
    const stranger = await signedInDeveloper(db());
    await accounts.addAgentProfile(owner.session, form('https://platform.example.com/p'));
    expect(await accounts.removeAgentProfile(stranger.session, 'https://platform.example.com/p')).toEqual({ ok: false, error: expect.stringMatching(/not listed for this account/) });
    expect(await accounts.removeAgentProfile(owner.session, 'x'.repeat(3000))).toEqual({ ok: false, error: expect.stringMatching(/not listed for this account/) });
    expect(await accounts.removeAgentProfile(owner.session, 'https://platform.example.com/p')).toEqual({ ok: true });
    expect((await accounts.dashboard(owner.session))!.agentProfiles).toEqual([]);
  });

  it('sends a person whose session ended to sign in again', async () => {
    expect(await accounts.addAgentProfile(undefined, form('https://platform.example.com/p'))).toMatchObject({ ok: false, signedOut: true });
    expect(await accounts.removeAgentProfile('not-a-session', 'https://platform.example.com/p')).toMatchObject({ ok: false, signedOut: true });
  });

  it('renders the section: what it is for, each profile with Remove, and the form that adds one', async () => {
    const dev = await signedInDeveloper(db());
    await accounts.addAgentProfile(dev.session, form('https://platform.example.com/profile.json'));
    const view = (await accounts.dashboard(dev.session))!;
    const html = await renderToStaticMarkup(createElement(AgentProfiles, { base: BASE, profiles: view.agentProfiles, idempotencyKey: view.profileIdempotencyKey }));
    expect(html).toContain('<h2 id="profiles-title">Agent profiles</h2>');
    expect(html).toContain(`A key acting on UCP’s binding (<code>${BASE}/ucp</code>) for a platform must have that platform’s profile listed here`);
    expect(html).toMatch(/<code id="profile-0">https:\/\/platform\.example\.com\/profile\.json<\/code>/);
    // A button of the one removal form, carrying the profile's URL (attributes in any order).
    expect(html).toMatch(/<button (?=[^>]*type="submit")(?=[^>]*name="url")(?=[^>]*value="https:\/\/platform\.example\.com\/profile\.json")[^>]*>Remove<\/button>/);
    expect(html).toMatch(/<input (?=[^>]*id="profile-url")(?=[^>]*name="url")[^>]*\/>/);
    expect(html).toContain(`name="idempotencyKey" value="${view.profileIdempotencyKey}"`);
    expect(html).toContain('<label for="profile-url">Profile URL</label>');
    expect(html).toMatch(/<button type="submit"[^>]*>Add profile<\/button>/);

    const none = await renderToStaticMarkup(createElement(AgentProfiles, { base: BASE, profiles: [], idempotencyKey: 'k' }));
    expect(none).toContain('No agent profiles yet');
  });
});
