/**
 * Service configuration, read once from the environment. Everything that varies between
 * deployments lives here; nothing else reads process.env.
 */
import path from 'node:path';

export interface Config {
  port: number;
  /** Origin used in every published document (manifests, OpenAPI, docs). No trailing slash. */
  publicBaseUrl: string;
  /** Believe X-Forwarded-Host and X-Forwarded-Proto (TRUST_PROXY=1): only behind a proxy that sets them. */
  trustProxy: boolean;
  /** Real Postgres when set; otherwise embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Pool size for Postgres (PGlite is a single connection). */
  databasePoolSize: number;
  /** Reverse-domain namespace under which the service advertises itself in UCP documents. */
  ucpNamespace: string;
  /** Day from which reserved or IP profile hosts are refused (YYYY-MM-DD). */
  profileHostRefusedFrom: string;
  /** Bearer token for /api/admin; unset disables the admin API. */
  adminToken: string | undefined;
  /** An open cart expires this long after its last change (CART_TTL_HOURS, default 7 days). */
  cartTtlHours: number;
  /** A payment link expires this long after it was issued (PAYMENT_LINK_TTL_HOURS, default 24). */
  paymentLinkTtlHours: number;
  /** Signs Auth.js's cookies and hashes its sign-in tokens (AUTH_SECRET); unset: one made once in service_settings. */
  authSecret: string | undefined;
  /** Mail: sent through SMTP_URL (e.g. smtp://user:pass@host:587) when set; otherwise each message is written to the log. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Card payments through Stripe Checkout when set; the built-in provider otherwise. */
  stripe: StripeConfig | undefined;
  production: boolean;
}

export interface StripeConfig {
  secretKey: string;
  /** Signing secret of the /api/webhooks/stripe endpoint (whsec_…). */
  webhookSecret: string | undefined;
  /** Another API origin for the SDK (STRIPE_API_URL, e.g. a local stand-in in tests); Stripe's own when unset. */
  apiUrl: string | undefined;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const refusedFrom = env.PROFILE_HOST_REFUSED_FROM ?? '2027-03-01';
  if (!DATE.test(refusedFrom)) throw new Error(`PROFILE_HOST_REFUSED_FROM must be YYYY-MM-DD, got "${refusedFrom}"`);
  const base = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  new URL(base); // fail fast on a malformed origin
  return {
    port: Number(env.PORT ?? 3000),
    publicBaseUrl: base,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    databaseUrl: env.DATABASE_URL || undefined,
    // The start page (app/page.tsx) reads the config too; the comment keeps Next's build from
    // tracing the whole project for this path.
    dataDir: path.resolve(/* turbopackIgnore: true */ env.DATA_DIR ?? '.data'),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    ucpNamespace: env.UCP_NAMESPACE ?? 'com.agentcommerce',
    profileHostRefusedFrom: refusedFrom,
    adminToken: env.ADMIN_TOKEN || undefined,
    cartTtlHours: positive('CART_TTL_HOURS', env.CART_TTL_HOURS, 7 * 24),
    paymentLinkTtlHours: positive('PAYMENT_LINK_TTL_HOURS', env.PAYMENT_LINK_TTL_HOURS, 24),
    authSecret: env.AUTH_SECRET || undefined,
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || `Agent Commerce <no-reply@${new URL(base).hostname}>` },
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined, apiUrl: env.STRIPE_API_URL || undefined }
      : undefined,
    production: env.NODE_ENV === 'production',
  };
}
