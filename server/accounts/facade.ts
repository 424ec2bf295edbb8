/**
 * Developer accounts as the pages see them (/signin, /signin/confirm, /signout, /dashboard): what
 * each shows and what each form does, in sentences for a person. Kept here, without Next, so it
 * runs in the server's own module instances (see runtime.ts) and is tested in vitest; pages only
 * lay it out and never import Auth.js, the database or the pipeline.
 *
 * Signing in and out call Auth.js in process (auth.ts, `internal`): asking for a link takes the
 * limits first (signin-limits.ts), and only the confirm page's button, a server action, uses a link
 * (Auth.js serves neither over HTTP). Both leave a cookie on the browser (browser-cookies.ts).
 * Keys are listed, minted and revoked, agent profiles listed, added and removed, and the ACP
 * platform registration read, changed and its secret rotated, by the same
 * procedures agents' scripts call over REST, through `createCaller` with an internal envelope
 * carrying the session, so the pipeline's checks, limits and idempotency apply alike. Next's own
 * Origin check on server actions stands in for the REST edge's `origin_refused`.
 */
import { randomBytes } from 'node:crypto';
import { AuthError } from '@auth/core/errors';
import { and, eq, gt } from 'drizzle-orm';
import { currentScope } from '../db/deadline';
import { verificationTokens } from '../db/schema';
import { apiErrorIn, isDatabaseUnavailable } from '../errors/from-unknown';
import { normalAcpWebhookUrl, publicSigningJwk } from '../keys/acp-platforms';
import { normalProfileUrl } from '../keys/agent-profiles';
import { createCaller } from '../routers';
import { createContext, type Services } from '../trpc/context';
import { AUTH_BASE_PATH, PAGES, SignInNotSent, type AuthService } from './auth';
import { ASKED_FOR_LINK, browserCookie, KNOWN_BROWSER, type Cookie } from './browser-cookies';
import { takeSignInRequest } from './signin-limits';

export type { Cookie };

/** The browser's cookies, by name, as the page's request carried them. */
export type CookieJar = Record<string, string | undefined>;

export interface SignedIn {
  accountId: string;
  email: string;
}

/** A form's answer: done, or a sentence saying why not (announced on the page). */
export type FormResult = { ok: true } | { ok: false; error: string };

/** Asking for a link: done, with the "asked for a link" cookie to set, or a sentence saying why not. */
export type SignInRequested = { ok: true; cookie: Cookie } | { ok: false; error: string };

export type ConfirmView =
  /** `askedHere`: this browser asked for a link to this address (else the page warns). */
  | { state: 'ready'; email: string; askedHere: boolean; fields: ConfirmFields }
  | { state: 'invalid' };

/** The confirm form's hidden fields: the link's own parameters. */
export type ConfirmFields = Record<'token' | 'email' | 'callbackUrl', string>;

/** The confirm button's answer: where to go (a path on this origin), and the cookies to set first. */
export interface Confirmed {
  redirect: string;
  cookies: Cookie[];
}

export interface ScopeChoice {
  value: string;
  sentence: string;
}

export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created: Moment;
  lastUsed: Moment | null;
  revoked: Moment | null;
}

/** A time as the page shows it: ISO for `<time dateTime>`, words for people (UTC). */
export interface Moment {
  iso: string;
  text: string;
}

/** A platform profile the account speaks for on UCP's binding. */
export interface AgentProfileView {
  url: string;
  added: Moment;
}

/** The account's registration as an ACP platform (keys/acp-platforms.ts). */
export interface AcpPlatformView {
  webhookUrl: string | null;
  /** The registered public key, as JSON for the page to show; null: none. */
  signingJwk: string | null;
  secretSet: boolean;
}

/** A change of the ACP registration: done (with the secret when one was made, shown once), or a sentence saying why not. */
export type AcpPlatformResult =
  | { ok: true; done: string; secret?: string; nextIdempotencyKey: string }
  | { ok: false; error: string; nextIdempotencyKey: string; signedOut?: boolean };

export interface DashboardView {
  email: string;
  keys: KeyView[];
  scopes: ScopeChoice[];
  /** The mint form's idempotency key: a double submit mints once. */
  idempotencyKey: string;
  /** Oldest first. */
  agentProfiles: AgentProfileView[];
  /** The add-profile form's own idempotency key (a key names one operation's request). */
  profileIdempotencyKey: string;
  acpPlatform: AcpPlatformView;
  /** The ACP registration forms' idempotency key. */
  acpIdempotencyKey: string;
}

export type MintResult =
  | { ok: true; key: { name: string; prefix: string; secret: string }; nextIdempotencyKey: string }
  | { ok: false; error: string; nextIdempotencyKey: string; signedOut?: boolean };

/** Adding an agent profile: the URL as listed, or a sentence saying why not. */
export type AddProfileResult =
  | { ok: true; url: string; nextIdempotencyKey: string }
  | { ok: false; error: string; nextIdempotencyKey: string; signedOut?: boolean };

export interface Accounts {
  /** The session cookie's name: pages read it and hand its value to the calls below. */
  sessionCookieName: string;
  /** Whether sign-in e-mails are written to the server's log instead of sent (no SMTP_URL). */
  mailLogsOnly: boolean;
  signedIn(session: string | undefined): Promise<SignedIn | null>;
  /** The sentence for Auth.js's `?error=` code on /signin (a used or expired link, mostly); null without one. */
  signInError(code: string | undefined): string | null;
  /**
   * Sends a sign-in link to `email`, coming back to `callbackUrl`; `forwardedFor` is the request's
   * X-Forwarded-For. A known-browser cookie for the address lifts the hourly ceiling.
   */
  requestSignIn(input: { email: string; callbackUrl?: string; forwardedFor: string | null; cookies: CookieJar }): Promise<SignInRequested>;
  /** The /signin/confirm page for the link's query: whether the link can still be used. */
  confirmView(query: Record<string, string | string[] | undefined>, cookies: CookieJar): Promise<ConfirmView>;
  /** The confirm page's button: uses the link (Auth.js's callback, in process) and signs this browser in. */
  confirmSignIn(fields: Partial<ConfirmFields>, cookies: CookieJar): Promise<Confirmed>;
  /** Ends the session; answers the cookies to set (the cleared session cookie). */
  signOut(session: string | undefined): Promise<Cookie[]>;
  /** The dashboard, or null when the session is unknown or has ended. */
  dashboard(session: string | undefined): Promise<DashboardView | null>;
  mintKey(session: string | undefined, input: { name: string; scopes: string[]; idempotencyKey: string }): Promise<MintResult>;
  revokeKey(session: string | undefined, id: string): Promise<FormResult & { signedOut?: boolean }>;
  addAgentProfile(session: string | undefined, input: { url: string; idempotencyKey: string }): Promise<AddProfileResult>;
  removeAgentProfile(session: string | undefined, url: string): Promise<FormResult & { signedOut?: boolean }>;
  /**
   * Changes the ACP registration: `webhookUrl` or `signingJwk` (JSON text) set, or cleared with
   * null; left out, unchanged. `rotate`: a new webhook secret instead.
   */
  changeAcpPlatform(
    session: string | undefined,
    input: { webhookUrl?: string | null; signingJwk?: string | null; rotate?: boolean; idempotencyKey: string },
  ): Promise<AcpPlatformResult>;
}

export const SCOPE_CHOICES: ScopeChoice[] = [
  { value: 'buyer:write', sentence: 'Register buyers and confirm their e-mail addresses with a one-time code.' },
  { value: 'dev.ucp.shopping.order:read', sentence: 'Read the status of orders placed from carts made with this key.' },
  { value: 'checkout:write', sentence: 'Pay for carts on its own (x402, with a buyer token), without a person confirming: choose it only if your agent settles payments itself.' },
  { value: 'acp:platform', sentence: 'Check out as an ACP platform (Agentic Commerce Protocol, under /acp): open checkout sessions and complete them with a payment token the buyer delegated in your app.' },
];

function signInErrorSentence(code: string | undefined): string | null {
  if (!code) return null;
  if (code === 'Verification') return 'That sign-in link has expired or was already used. Ask for a new one below.';
  if (code === 'AccessDenied') return 'Signing in was refused. Ask for a new link below.';
  if (code === 'MissingCSRF') return 'That form did not come from this site, so nothing was done. Use the form below.';
  if (code === 'Unavailable') return 'We could not reach our database, so you were not signed in. If your link is less than 10 minutes old, open it again in a moment.';
  return 'Signing in did not work. Ask for a new link below; if it keeps failing, try again in a few minutes.';
}

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+$/;
/** An address as it is counted, marked and stored: Auth.js's own normalisation (case, width, spaces). */
const normalAddress = (email: string) => email.normalize('NFKC').trim().toLowerCase();
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

const moment = (iso: string): Moment => ({ iso, text: `${DATE.format(new Date(iso))} UTC` });
const newIdempotencyKey = () => `dashboard-${randomBytes(18).toString('base64url')}`;

/** "in 14 minutes, at 09:12 UTC": when a held action is possible again. */
export function whenAgain(seconds: number, now = new Date()): string {
  const at = CLOCK.format(new Date(now.getTime() + seconds * 1000));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}, at ${at} UTC`;
}

const UNAVAILABLE = 'We could not reach our database, so nothing was done. Try again in a moment.';
const NOT_LISTED = 'That profile is not listed for this account: nothing was removed.';

/** The failure inside an error of signing in: our wrapper carries it as `reason`, Auth.js's AdapterError as `cause.err`. */
function failureInside(err: unknown): unknown {
  return err instanceof SignInNotSent ? err.reason : ((err as { cause?: { err?: unknown } })?.cause?.err ?? err);
}

export function createAccounts(services: Services, auth: AuthService): Accounts {
  const { db, config } = services;
  const base = config.publicBaseUrl;
  const knownBrowser = browserCookie(KNOWN_BROWSER, services.keys, base);
  const askedForLink = browserCookie(ASKED_FOR_LINK, services.keys, base);

  /** The procedures, as this session. */
  const caller = (session: string, idempotencyKey?: string) => {
    // A variable, not a literal: the envelope's fields are the pipeline's to declare.
    const envelope = { transport: 'internal' as const, session, idempotencyKey };
    // Inside a page's request: under that request's deadline.
    return createCaller(createContext(services, envelope, currentScope())).developer;
  };

  /**
   * The failure of a procedure as a sentence; `signedOut` when the session is gone. `invalid`: the
   * sentence for a refused input.
   */
  function failure(err: unknown, invalid = 'The key needs a name of 1 to 64 characters, and only the scopes listed.'): { error: string; signedOut?: boolean } {
    if (isDatabaseUnavailable(err)) return { error: UNAVAILABLE };
    const api = apiErrorIn(err);
    if (!api) throw err;
    switch (api.code) {
      case 'credential_required':
      case 'invalid_credential':
        return { error: 'Your session has ended: sign in again.', signedOut: true };
      case 'rate_limited': {
        const seconds = Number(api.headers['Retry-After']) || 60;
        return { error: `You have minted as many keys as an hour allows. The next one can be minted ${whenAgain(seconds)}; revoking a key that was never used also gives its mint back.` };
      }
      case 'key_limit_reached':
        return { error: `This account already has ${api.details?.max_active_keys ?? 10} active keys, the most it may hold. Revoke one you no longer use to free a slot, then create the new key.` };
      case 'key_not_found':
        return { error: 'That key does not exist or is not yours: nothing was revoked.' };
      case 'agent_profile_limit_reached':
        return { error: `This account already lists ${api.details?.max_agent_profiles ?? 10} agent profiles, the most it may. Remove one it no longer speaks for, then add the new one.` };
      case 'agent_profile_not_found':
        return { error: NOT_LISTED };
      case 'invalid_request':
        return { error: invalid };
      default:
        return { error: api.message };
    }
  }

  /** The session as the agent pipeline resolves it for the developer operations. */
  async function signedIn(session: string | undefined): Promise<SignedIn | null> {
    const found = session ? await services.credentials.session(session) : null;
    return found && { accountId: found.accountId, email: found.email };
  }

  return {
    signedIn,
    sessionCookieName: auth.sessionCookieName,
    mailLogsOnly: auth.mailLogsOnly,
    signInError: signInErrorSentence,

    async requestSignIn({ email, callbackUrl, forwardedFor, cookies }) {
      const address = normalAddress(email);
      if (!address) return { ok: false, error: 'Enter your e-mail address.' };
      if (address.length > 254 || !EMAIL.test(address)) return { ok: false, error: 'Enter an e-mail address like name@example.com.' };
      let verdict;
      try {
        // Counted before Auth.js runs, so a held request mails nothing and stores no token.
        const known = await knownBrowser.holds(cookies[knownBrowser.name], address);
        verdict = await takeSignInRequest(db, address, forwardedFor, { knownBrowser: known });
      } catch (err) {
        if (isDatabaseUnavailable(err)) return { ok: false, error: UNAVAILABLE };
        throw err;
      }
      if (!verdict.allowed) {
        return { ok: false, error: `Too many sign-in links were asked for this address or from your network. You can ask again ${whenAgain(verdict.retryAfterSeconds)}.` };
      }
      const request = new Request(`${base}${AUTH_BASE_PATH}/signin/nodemailer`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: address, callbackUrl: callbackUrl || '/dashboard' }),
      });
      try {
        const answer = await auth.internal(request);
        // Auth.js answers its own failures (other than ours, thrown) as a redirect to its error page.
        if (answer instanceof Response || !answer.redirect?.includes('/verify-request')) {
          return { ok: false, error: 'The sign-in link could not be made. Try again in a moment.' };
        }
        return { ok: true, cookie: await askedForLink.add(cookies[askedForLink.name], address) };
      } catch (err) {
        const inner = failureInside(err);
        if (isDatabaseUnavailable(inner)) return { ok: false, error: UNAVAILABLE };
        if (err instanceof SignInNotSent) {
          console.error(`[accounts] ${inner instanceof Error ? inner.message : String(inner)}`);
          return { ok: false, error: 'We could not send the e-mail: our mail server did not take it. Nothing was sent; try again in a few minutes.' };
        }
        throw err;
      }
    },

    async confirmView(query, cookies) {
      const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
      const token = one(query.token);
      const email = one(query.email);
      const callbackUrl = one(query.callbackUrl) || '/dashboard';
      if (!/^[0-9a-f]{64}$/.test(token) || !email) return { state: 'invalid' };
      // Looked at, not used: only the button (confirmSignIn) uses the link up.
      const [found] = await db
        .select({ expires: verificationTokens.expires })
        .from(verificationTokens)
        .where(and(eq(verificationTokens.identifier, email), eq(verificationTokens.token, await auth.tokenDigest(token)), gt(verificationTokens.expires, new Date())));
      if (!found) return { state: 'invalid' };
      const askedHere = await askedForLink.holds(cookies[askedForLink.name], normalAddress(email));
      return { state: 'ready', email, askedHere, fields: { token, email, callbackUrl } };
    },

    async confirmSignIn(fields, cookies) {
      const { token = '', email = '', callbackUrl = '' } = fields;
      const refused = (code: string): Confirmed => ({ redirect: `${PAGES.signIn}?error=${code}`, cookies: [] });
      if (!/^[0-9a-f]{64}$/.test(token) || !email) return refused('Verification');
      // Fresh, with no cookie of the browser's: the link alone says who signs in.
      const callback = new Request(`${base}${AUTH_BASE_PATH}/callback/nodemailer?${new URLSearchParams({ token, email, callbackUrl: callbackUrl || '/dashboard' })}`);
      let answer;
      try {
        answer = await auth.internal(callback);
      } catch (err) {
        if (isDatabaseUnavailable(failureInside(err))) return refused('Unavailable');
        // A used or expired link (Verification), mostly: the sign-in page says which.
        if (err instanceof AuthError) return refused(err.type);
        throw err;
      }
      const session = answer instanceof Response ? [] : (answer.cookies ?? []).filter((c) => c.name === auth.sessionCookieName);
      if (answer instanceof Response || !answer.redirect || !session.length) return refused('Callback');
      // Auth.js's redirect callback has kept it on this origin (auth.ts); the page redirects by path.
      const target = new URL(answer.redirect, base);
      // Auth.js checked that the link was made for `email`.
      const known = await knownBrowser.add(cookies[knownBrowser.name], normalAddress(email));
      return { redirect: `${target.pathname}${target.search}${target.hash}`, cookies: [...session, known] };
    },

    async signOut(session) {
      if (!session) return [];
      const request = new Request(`${base}${AUTH_BASE_PATH}/signout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${auth.sessionCookieName}=${session}` },
        body: new URLSearchParams({ callbackUrl: PAGES.signOut }),
      });
      const answer = await auth.internal(request);
      return answer instanceof Response ? [] : (answer.cookies ?? []).filter((c) => c.name === auth.sessionCookieName);
    },

    async dashboard(session) {
      const account = await signedIn(session);
      if (!account || !session) return null;
      let keys, profiles, acp;
      try {
        [{ keys }, { profiles }, acp] = await Promise.all([caller(session).listNetworkKeys({}), caller(session).listAgentProfiles({}), caller(session).getAcpPlatform({})]);
      } catch (err) {
        if (failure(err).signedOut) return null;
        throw err;
      }
      return {
        email: account.email,
        keys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          prefix: k.prefix,
          scopes: k.scopes,
          created: moment(k.created_at),
          lastUsed: k.last_used_at ? moment(k.last_used_at) : null,
          revoked: k.revoked_at ? moment(k.revoked_at) : null,
        })),
        scopes: SCOPE_CHOICES,
        idempotencyKey: newIdempotencyKey(),
        agentProfiles: profiles.map((p) => ({ url: p.url, added: moment(p.created_at) })),
        profileIdempotencyKey: newIdempotencyKey(),
        acpPlatform: { webhookUrl: acp.webhook_url, signingJwk: acp.signing_jwk && JSON.stringify(acp.signing_jwk), secretSet: acp.webhook_secret_set },
        acpIdempotencyKey: newIdempotencyKey(),
      };
    },

    async mintKey(session, { name, scopes, idempotencyKey }) {
      const nextIdempotencyKey = newIdempotencyKey();
      if (!session) return { ok: false, error: 'Your session has ended: sign in again.', signedOut: true, nextIdempotencyKey };
      if (!name.trim()) return { ok: false, error: 'Give the key a name, so you can tell it apart later.', nextIdempotencyKey };
      if (name.trim().length > 64) return { ok: false, error: 'The name can be at most 64 characters.', nextIdempotencyKey };
      try {
        const minted = await caller(session, idempotencyKey).mintNetworkKey({ name, scopes: scopes as never });
        return { ok: true, key: { name: minted.name, prefix: minted.prefix, secret: minted.secret }, nextIdempotencyKey };
      } catch (err) {
        return { ok: false, ...failure(err), nextIdempotencyKey };
      }
    },

    async revokeKey(session, id) {
      if (!session) return { ok: false, error: 'Your session has ended: sign in again.', signedOut: true };
      try {
        await caller(session).revokeNetworkKey({ id });
        return { ok: true };
      } catch (err) {
        return { ok: false, ...failure(err) };
      }
    },

    async addAgentProfile(session, { url, idempotencyKey }) {
      const nextIdempotencyKey = newIdempotencyKey();
      if (!session) return { ok: false, error: 'Your session has ended: sign in again.', signedOut: true, nextIdempotencyKey };
      if (!url.trim()) return { ok: false, error: 'Enter the URL of the platform’s profile, e.g. https://platform.example.com/profile.json.', nextIdempotencyKey };
      // The procedure's own rules, in a sentence (it would refuse the same URL with invalid_request).
      const normal = normalProfileUrl(url);
      if ('problem' in normal) return { ok: false, error: `The profile URL ${normal.problem}.`, nextIdempotencyKey };
      try {
        const added = await caller(session, idempotencyKey).addAgentProfile({ url: normal.url });
        return { ok: true, url: added.url, nextIdempotencyKey };
      } catch (err) {
        return { ok: false, ...failure(err), nextIdempotencyKey };
      }
    },

    async removeAgentProfile(session, url) {
      if (!session) return { ok: false, error: 'Your session has ended: sign in again.', signedOut: true };
      try {
        await caller(session).removeAgentProfile({ url });
        return { ok: true };
      } catch (err) {
        // A URL too long to be listed (a crafted form) is refused as input: it is not listed either.
        return { ok: false, ...failure(err, NOT_LISTED) };
      }
    },
    async changeAcpPlatform(session, { webhookUrl, signingJwk, rotate, idempotencyKey }) {
      const nextIdempotencyKey = newIdempotencyKey();
      if (!session) return { ok: false, error: 'Your session has ended: sign in again.', signedOut: true, nextIdempotencyKey };
      const developer = caller(session, idempotencyKey);
      try {
        if (rotate) {
          const rotated = await developer.rotateAcpWebhookSecret({});
          return { ok: true, done: 'A new webhook secret signs every delivery from now on; the old one signs nothing.', secret: rotated.webhook_secret, nextIdempotencyKey };
        }
        // The procedure's own rules, in a sentence (it would refuse the same input with invalid_request).
        let jwk: unknown = signingJwk;
        if (typeof signingJwk === 'string') {
          try {
            jwk = JSON.parse(signingJwk);
          } catch {
            return { ok: false, error: 'The signing key must be a JWK, as JSON: {"kty": "EC", "crv": "P-256", "x": "…", "y": "…"}.', nextIdempotencyKey };
          }
          const key = publicSigningJwk(jwk);
          if ('problem' in key) return { ok: false, error: `The signing key ${key.problem}.`, nextIdempotencyKey };
        }
        if (typeof webhookUrl === 'string') {
          const url = normalAcpWebhookUrl(webhookUrl);
          if ('problem' in url) return { ok: false, error: `The webhook URL ${url.problem}.`, nextIdempotencyKey };
        }
        const changed = await developer.updateAcpPlatform({
          ...(webhookUrl !== undefined && { webhook_url: webhookUrl }),
          ...(signingJwk !== undefined && { signing_jwk: jwk as Record<string, unknown> | null }),
        });
        const done =
          webhookUrl !== undefined
            ? changed.platform.webhook_url
              ? `Order webhooks go to ${changed.platform.webhook_url}.`
              : 'No order webhooks are sent any more.'
            : changed.platform.signing_jwk
              ? 'Requests that send a Signature must verify with this key.'
              : 'Request signatures are no longer checked.';
        return { ok: true, done, ...(changed.webhook_secret && { secret: changed.webhook_secret }), nextIdempotencyKey };
      } catch (err) {
        return { ok: false, ...failure(err, 'The webhook URL or the signing key was refused.'), nextIdempotencyKey };
      }
    },
  };
}
