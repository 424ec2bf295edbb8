/**
 * Auth.js (@auth/core) for developer accounts: e-mailed sign-in links (its Nodemailer provider),
 * database sessions stored hashed (adapter.ts), our own pages in place of Auth.js's.
 *
 * Everything follows PUBLIC_BASE_URL, never the Host header: the custom server hands Auth.js a
 * Request on that origin (http/server.ts), so links and the `Secure` cookie flag come from it, and
 * `trustHost` is safe. The e-mailed link opens /signin/confirm, not Auth.js's callback: that page's
 * "Sign in as …" button completes the sign-in, so a mail scanner that opens links cannot use the
 * single-use link up. Sign-in requests are limited per address and per client IP in
 * `sendVerificationRequest` (signin-limits.ts), which a direct POST to Auth.js reaches too.
 */
import { sessionCookieName } from '../identity/session-cookie';
import { createHash, randomBytes } from 'node:crypto';
import { Auth, raw, skipCSRFCheck, type AuthConfig } from '@auth/core';
import { AuthError } from '@auth/core/errors';
import Nodemailer from '@auth/core/providers/nodemailer';
import type { ResponseInternal } from '@auth/core/types';
import type { RateVerdict } from '../db/rate-limits';
import type { Services } from '../trpc/context';
import { hashedSessionAdapter } from './adapter';
import { takeSignInRequest } from './signin-limits';

export const AUTH_BASE_PATH = '/api/auth';
/** A sign-in link works once, for 10 minutes (Auth.js's default is 24 hours). */
export const SIGN_IN_LINK_SECONDS = 600;
/** The service_settings entry holding the secret when AUTH_SECRET is not set. */
const AUTH_SECRET_SETTING = 'auth';

export const PAGES = { signIn: '/signin', verifyRequest: '/signin/check-email', error: '/signin', signOut: '/signout' } as const;

/** Too many sign-in links asked for: by this address or from this client. */
export class SignInHeld extends AuthError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Sign-in requests held for ${retryAfterSeconds} s`);
  }
}

/** The sign-in e-mail could not be sent (or its request could not be counted). */
export class SignInNotSent extends AuthError {
  constructor(readonly reason: unknown) {
    super('The sign-in e-mail was not sent', reason instanceof Error ? reason : undefined);
  }
}

export interface AuthService {
  /** Auth.js over HTTP (/api/auth/*), CSRF checks on. */
  handle(request: Request): Promise<Response>;
  /**
   * Auth.js called in process by the pages' facade: no CSRF check (a server-rendered page cannot
   * set Auth.js's CSRF cookie; Next's Origin check guards the server action instead), and the
   * internal response, whose cookies the caller sets itself. Auth.js errors are thrown.
   */
  internal(request: Request): Promise<ResponseInternal | Response>;
  /** The session cookie's name (`__Secure-` prefixed on https). */
  sessionCookieName: string;
  /** The hash under which Auth.js stores a sign-in token (SHA-256 of token and secret). */
  tokenDigest(token: string): Promise<string>;
  /** Whether e-mails are only logged (no SMTP_URL). */
  mailLogsOnly: boolean;
}

export function createAuth(services: Services): AuthService {
  const { mailer } = services;
  const { config, db } = services;
  const base = config.publicBaseUrl;
  const secure = base.startsWith('https:');
  let built: Promise<{ auth: AuthConfig; secret: string }> | undefined;

  const secretOf = async () => config.authSecret ?? (await services.settings.secret(AUTH_SECRET_SETTING)).toString('base64url');
  const digest = (token: string, secret: string) => createHash('sha256').update(`${token}${secret}`).digest('hex');

  async function build(): Promise<{ auth: AuthConfig; secret: string }> {
    const secret = await secretOf();
    const adapter = hashedSessionAdapter(db);
    // Auth.js writes the link's token while it sends the mail (both at once). A request held by
    // the rate limits must write nothing: the token's write waits for the limits' verdict, found
    // under the token's stored hash. And Auth.js attaches its handler to the send only once the
    // write has started: a send that failed before then would be an unhandled rejection, which
    // ends a Node process. So a failed send waits for the write to have started.
    const requests = new Map<string, { verdict: Promise<boolean>; writing: () => void }>();
    const createVerificationToken = adapter.createVerificationToken!;
    adapter.createVerificationToken = async (token) => {
      const request = requests.get(token.token);
      requests.delete(token.token);
      request?.writing();
      if (request && !(await request.verdict)) return null;
      return createVerificationToken(token);
    };

    const provider = Nodemailer({
      // Unused (the mail goes through our mailer) but required: Nodemailer() throws without it.
      server: config.mail.smtpUrl ?? 'smtp://localhost:25',
      from: config.mail.from,
      maxAge: SIGN_IN_LINK_SECONDS,
      async sendVerificationRequest({ identifier, url, token, request }) {
        const taken = takeSignInRequest(db, identifier, request.headers.get('x-forwarded-for'));
        let writing!: () => void;
        const written = new Promise<void>((resolve) => (writing = resolve));
        requests.set(digest(token, secret), { verdict: taken.then((v) => v.allowed, () => false), writing });
        try {
          await send(identifier, url, taken);
        } catch (err) {
          await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
          throw err;
        }
      },
    });

    async function send(identifier: string, url: string, taken: Promise<RateVerdict>): Promise<void> {
      let verdict;
      try {
        verdict = await taken;
      } catch (err) {
        throw new SignInNotSent(err);
      }
      if (!verdict.allowed) throw new SignInHeld(verdict.retryAfterSeconds);
      // The same parameters as Auth.js's callback link, on the page that asks before using it.
      const link = `${base}${PAGES.signIn}/confirm${new URL(url).search}`;
      try {
        await mailer.send({
          to: identifier,
          subject: `Sign in to Agent Commerce`,
          text: `Open this link to sign in to Agent Commerce (${new URL(base).host}) as ${identifier}:\n\n${link}\n\nIt works once, within ${SIGN_IN_LINK_SECONDS / 60} minutes. If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.\n`,
          link,
        });
      } catch (err) {
        throw new SignInNotSent(err);
      }
    }

    const auth: AuthConfig = {
      basePath: AUTH_BASE_PATH,
      trustHost: true,
      secret,
      useSecureCookies: secure,
      adapter,
      session: { strategy: 'database', generateSessionToken: () => randomBytes(32).toString('base64url') },
      providers: [provider],
      pages: PAGES,
      callbacks: {
        // Back to the page that asked, on this origin only; anything else goes to the dashboard.
        redirect: ({ url }) => sameOriginOr(url, base, `${base}/dashboard`),
      },
      logger: {
        error(error) {
          if (error instanceof SignInHeld || error instanceof SignInNotSent) return; // answered on the page
          console.error(`[auth] ${error.name}: ${error.message.replace(/(\. )?Read more at .*$/, '') || 'no details'}`);
        },
        warn: (code) => console.warn(`[auth] warning: ${code}`),
        debug: () => {},
      },
    };
    return { auth, secret };
  }

  const ready = () => {
    built ??= build();
    built.catch(() => (built = undefined));
    return built;
  };

  return {
    async handle(request) {
      return Auth(request, (await ready()).auth);
    },
    async internal(request) {
      return Auth(request, { ...(await ready()).auth, skipCSRFCheck, raw });
    },
    sessionCookieName: sessionCookieName(base),
    async tokenDigest(token) {
      return digest(token, (await ready()).secret);
    },
    mailLogsOnly: mailer.logsOnly,
  };
}

/** `url` if it is a path or a URL on `base`'s origin (never `//host`), else `fallback`. */
export function sameOriginOr(url: string, base: string, fallback: string): string {
  try {
    const target = new URL(url, base);
    return target.origin === new URL(base).origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}
