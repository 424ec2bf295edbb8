/**
 * Auth.js (@auth/core) for developer accounts: e-mailed sign-in links (its Nodemailer provider),
 * database sessions stored hashed (adapter.ts), our own pages in place of Auth.js's.
 *
 * Everything follows PUBLIC_BASE_URL, never the Host header: the custom server hands Auth.js a
 * Request on that origin (http/server.ts), so links and the `Secure` cookie flag come from it, and
 * `trustHost` is safe. The e-mailed link opens /signin/confirm, not Auth.js's callback: that page's
 * "Sign in as …" button completes the sign-in, so a mail scanner that opens links cannot use the
 * single-use link up. Asking for a link and using one happen only in process, from the pages'
 * server actions (facade.ts): over HTTP Auth.js serves neither (`servedOverHttp`).
 */
import { sessionCookieName } from '../identity/session-cookie';
import { createHash, randomBytes } from 'node:crypto';
import { Auth, raw, skipCSRFCheck, type AuthConfig } from '@auth/core';
import { AuthError } from '@auth/core/errors';
import Nodemailer from '@auth/core/providers/nodemailer';
import type { ResponseInternal } from '@auth/core/types';
import { ApiError, errorBody } from '../errors/catalogue';
import type { Services } from '../trpc/context';
import { hashedSessionAdapter } from './adapter';

export const AUTH_BASE_PATH = '/api/auth';
/** A sign-in link works once, for 10 minutes (Auth.js's default is 24 hours). */
export const SIGN_IN_LINK_SECONDS = 600;

export const PAGES = { signIn: '/signin', verifyRequest: '/signin/check-email', error: '/signin', signOut: '/signout' } as const;

/** The sign-in e-mail could not be sent. */
export class SignInNotSent extends AuthError {
  constructor(readonly reason: unknown) {
    super('The sign-in e-mail was not sent', reason instanceof Error ? reason : undefined);
  }
}

export interface AuthService {
  /** Auth.js over HTTP (/api/auth/*), CSRF checks on; what it does not serve there answers 404. */
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

  // A set AUTH_SECRET (Auth.js's documented variable) wins; unset, one derived from SECRETS_KEY.
  const secretOf = () => config.authSecret ?? services.keys.key('auth').toString('base64url');
  const digest = (token: string, secret: string) => createHash('sha256').update(`${token}${secret}`).digest('hex');

  async function build(): Promise<{ auth: AuthConfig; secret: string }> {
    const secret = secretOf();
    const adapter = hashedSessionAdapter(db);
    // Auth.js writes the link's token while it sends the mail (both at once), and attaches its
    // handler to the send only once the write has started: a send that failed before then would be
    // an unhandled rejection, which ends a Node process. So a failed send waits for the write to
    // have started, found under the token's stored hash.
    const writes = new Map<string, () => void>();
    const createVerificationToken = adapter.createVerificationToken!;
    adapter.createVerificationToken = async (token) => {
      writes.get(token.token)?.();
      writes.delete(token.token);
      return createVerificationToken(token);
    };

    const provider = Nodemailer({
      // Unused (the mail goes through our mailer) but required: Nodemailer() throws without it.
      server: config.mail.smtpUrl ?? 'smtp://localhost:25',
      from: config.mail.from,
      maxAge: SIGN_IN_LINK_SECONDS,
      async sendVerificationRequest({ identifier, url, token }) {
        const written = new Promise<void>((resolve) => writes.set(digest(token, secret), resolve));
        try {
          await send(identifier, url);
        } catch (err) {
          await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
          throw err;
        }
      },
    });

    async function send(identifier: string, url: string): Promise<void> {
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
          if (error instanceof SignInNotSent) return; // answered on the page
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
      const url = new URL(request.url);
      if (!servedOverHttp(request.method, url.pathname)) {
        const body = errorBody(new ApiError('not_found', { message: `No endpoint at ${url.pathname}.` }), '');
        return Response.json(body, { status: 404 });
      }
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

/**
 * What Auth.js answers over HTTP: its CSRF token, the session, sign-out, and the redirects from its
 * own pages to ours. Not asking for a link (`signin/<provider>`): the sign-in page's server action
 * is the one way, which takes the limits and knows the browser. Not the link's callback: Auth.js
 * checks no CSRF there for e-mail and reads the token from the query for GET and POST alike, so any
 * page could sign its visitor's browser in to an account of its choosing; the confirm page's server
 * action calls it in process instead. The path is split as Auth.js splits it (empty segments
 * dropped), so no spelling of it slips through.
 */
const SERVED_OVER_HTTP: Record<string, readonly string[]> = {
  GET: ['csrf', 'session', 'signin', 'signout', 'error', 'verify-request'],
  POST: ['session', 'signout'],
};

function servedOverHttp(method: string, pathname: string): boolean {
  if (!pathname.startsWith(AUTH_BASE_PATH)) return false;
  const segments = pathname.slice(AUTH_BASE_PATH.length).split('/').filter(Boolean);
  return segments.length === 1 && (SERVED_OVER_HTTP[method]?.includes(segments[0]) ?? false);
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
