/**
 * Service configuration, read once from the environment. Everything that varies between
 * deployments lives here; nothing else reads process.env.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

export interface Config {
  port: number;
  /** Origin used in every published document (manifests, OpenAPI, docs). No trailing slash. */
  publicBaseUrl: string;
  /** Believe X-Forwarded-Host and X-Forwarded-Proto (TRUST_PROXY=1): only behind a proxy that sets them. */
  trustProxy: boolean;
  /** Real Postgres when set; otherwise embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * NEXT_DIST_DIR: the folder of the pages' production build, relative to the checkout (next.config.mjs
   * reads the same variable, as Next's distDir); the server marks the build it serves there.
   */
  pagesBuildDir: string;
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
  /** Signs Auth.js's cookies and hashes its sign-in tokens (AUTH_SECRET); unset: derived from the secrets key. */
  authSecret: string | undefined;
  /**
   * SECRETS_KEY: 32 bytes every sealing, signing and MAC key is derived from (server/secrets/),
   * never in the database. Unset here, the server refuses to start on Postgres and keeps one in a
   * file beside DATA_DIR on the embedded database (secrets/secrets-key.ts); other commands need none.
   */
  secretsKey: Buffer | undefined;
  /** SECRETS_KEY_PREVIOUS: the key being rotated away from; what was made under it still verifies. */
  secretsKeyPrevious: Buffer | undefined;
  /** The key file the secrets key was read from, on the embedded database without SECRETS_KEY (secrets/secrets-key.ts sets it). */
  secretsKeyFile?: string;
  /** Mail: sent through SMTP_URL (e.g. smtp://user:pass@host:587) when set; otherwise each message is written to the log. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Card payments through Stripe Checkout when set; the built-in provider otherwise. */
  stripe: StripeConfig | undefined;
  /**
   * The shared store of rate-limit budgets and signature nonces: Redis at this URL (REDIS_URL,
   * redis:// or rediss://) when set; the database otherwise.
   */
  redisUrl: string | undefined;
  /** The agent surface's rate limits (RATE_LIMIT_OPEN, _OPEN_ADDRESS, _SIGNED, _CREDENTIAL; RATE_LIMITS=off). */
  rateLimits: RateLimitsConfig;
  /** Fetching agent profiles and key directories to verify request signatures (server/profiles/). */
  profileFetch: ProfileFetchConfig;
  /** x402 settlement (server/x402/): the chain, who is paid, and which facilitator settles. */
  x402: X402Config;
  /**
   * WEBHOOK_RETRY_SCHEDULE: seconds between an order webhook's failed attempt and the next, one per
   * attempt, the last repeated until three days after the event (server/outbox/schedule.ts).
   */
  webhookRetrySchedule: readonly number[];
}

export const X402_NETWORKS = ['base-sepolia', 'base'] as const;

export interface X402Config {
  /** X402_NETWORK: the chain payments are made on, with its USDC (x402/networks.ts). */
  network: (typeof X402_NETWORKS)[number];
  /**
   * X402_FACILITATOR_URL: a remote facilitator (its /verify, /settle, /supported); unset, the
   * local ledger settles and no money moves (x402/ledger.ts).
   */
  facilitatorUrl: string | undefined;
  /** X402_FACILITATOR_TOKEN: sent to the remote facilitator as a bearer token. */
  facilitatorToken: string | undefined;
  /** X402_FACILITATOR_TIMEOUT_MS: how long a remote verify or settle may take (default 10 s). */
  facilitatorTimeoutMs: number;
  /** X402_PAY_TO: the address paid. Unset on base-sepolia: one derived from SECRETS_KEY (x402/pay-to.ts). */
  payTo: `0x${string}` | undefined;
  /** X402_MAX_TIMEOUT_SECONDS: how long a payment may take to settle, offered in the requirements (default 300). */
  maxTimeoutSeconds: number;
  /** X402_LOCAL_BALANCE: what an address the local ledger has not seen holds, in USDC's atomic units (default 1,000 USDC). */
  localBalance: number;
  /**
   * X402_RPC_URL: a JSON-RPC endpoint of the chain, asked whether a remote facilitator's settle of
   * unknown outcome moved the money once its validBefore has passed (x402/chain-outcome.ts); unset,
   * such a payment is left to an operator (npm run x402:reconcile).
   */
  rpcUrl: string | undefined;
}

/** A name pinned to a loopback address for one port (PROFILE_FETCH_RESOLVE, as curl's --resolve). */
export interface ProfileFetchPin {
  host: string;
  port: number;
  address: string;
  /**
   * PROFILE_FETCH_LOCAL's pins: whatever certificate the listener presents is accepted (a local
   * example's self-signed one), so no CA file has to be made before the service starts.
   */
  anyCertificate?: true;
}

export interface ProfileFetchConfig {
  /**
   * Names under .test or .localhost (RFC 6761: never in public DNS) fetched from loopback, per port:
   * PROFILE_FETCH_RESOLVE's, then PROFILE_FETCH_LOCAL's.
   */
  pins: readonly ProfileFetchPin[];
  /** PROFILE_FETCH_CA_FILE: certificates (PEM) trusted beside Node's bundled roots; unset, the default store applies. */
  ca: { file: string; pem: string } | undefined;
  /** PROFILE_CACHE_BYTES: what the digests of fetched documents may take together in one process (profiles/cache.ts). */
  cacheBytes: number;
}

export type RatePolicyName = 'open' | 'address' | 'signed' | 'credential';

/** At most `quota` calls per fixed window of `windowSeconds`, windows aligned to the epoch. */
export interface RatePolicy {
  name: RatePolicyName;
  quota: number;
  windowSeconds: number;
}

export interface RateLimitsConfig {
  /** False with RATE_LIMITS=off: nothing is counted and no RateLimit headers are sent. */
  enabled: boolean;
  /** Per agent profile URL (without query or fragment) and client address, for open calls. */
  open: RatePolicy;
  /** Per client address (an IPv6 /64), for open calls across every profile; taken before `open`. */
  address: RatePolicy;
  /** Per verified profile, for calls with a verified request signature. */
  signed: RatePolicy;
  /** Per caller namespace (a key, a buyer token, an OAuth grant's person, a developer's session). */
  credential: RatePolicy;
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

const PIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:test|localhost)$/;

/**
 * PROFILE_FETCH_RESOLVE=`host:port:address[,…]`. Only names RFC 6761 keeps out of public DNS, only
 * to loopback: a pin can point a test's or a developer's own profile at this machine, never a real
 * name anywhere. Anything else fails start-up, in production too.
 */
function profileFetchPins(value: string | undefined): ProfileFetchPin[] {
  if (!value?.trim()) return [];
  const pins: ProfileFetchPin[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    const m = /^([^:]+):(\d{1,5}):(\[[^\]]+\]|[^[\]]+)$/.exec(entry);
    const host = m?.[1].toLowerCase() ?? '';
    const port = Number(m?.[2]);
    const address = m?.[3].replace(/^\[(.*)\]$/, '$1') ?? '';
    if (!m || !PIN_HOST.test(host) || host.length > 253 || !(port >= 1 && port <= 65535) || !isLoopback(address)) {
      throw new Error(
        `PROFILE_FETCH_RESOLVE must be host:port:address[,…] with a host ending in .test or .localhost, a port and a loopback address (e.g. agents.test:8443:127.0.0.1); "${entry}" is not`,
      );
    }
    if (pins.some((p) => p.host === host && p.port === port)) throw new Error(`PROFILE_FETCH_RESOLVE pins ${host}:${port} twice`);
    pins.push({ host, port, address });
  }
  return pins;
}

const LOCAL_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+localhost$/;

/**
 * PROFILE_FETCH_LOCAL=`host:port[,…]`: the one setting a local example needs (a UCP platform
 * serving its profile and webhook receiver over HTTPS on this machine). Each is a pin as above,
 * only under .localhost (RFC 6761: loopback by definition), to 127.0.0.1, whose certificate is not
 * checked: the example makes a self-signed one each run. A development switch, so refused with
 * DATABASE_URL set (a deployment), where PROFILE_FETCH_RESOLVE and a CA file do the same, verified.
 */
function localPins(env: NodeJS.ProcessEnv, resolved: readonly ProfileFetchPin[]): ProfileFetchPin[] {
  const value = env.PROFILE_FETCH_LOCAL;
  if (!value?.trim()) return [];
  if (env.DATABASE_URL) {
    throw new Error('PROFILE_FETCH_LOCAL accepts any certificate from its hosts and is for development on the embedded database only: unset it with DATABASE_URL set (pin with PROFILE_FETCH_RESOLVE and trust the certificate with PROFILE_FETCH_CA_FILE instead)');
  }
  const pins: ProfileFetchPin[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    const m = /^([^:]+):(\d{1,5})$/.exec(entry);
    const host = m?.[1].toLowerCase() ?? '';
    const port = Number(m?.[2]);
    if (!m || !LOCAL_HOST.test(host) || host.length > 253 || !(port >= 1 && port <= 65535)) {
      throw new Error(`PROFILE_FETCH_LOCAL must be host:port[,…] with a host ending in .localhost and a port (e.g. platform.localhost:8443); "${entry}" is not`);
    }
    if ([...resolved, ...pins].some((p) => p.host === host && p.port === port)) throw new Error(`PROFILE_FETCH_LOCAL pins ${host}:${port} twice (or PROFILE_FETCH_RESOLVE pins it too)`);
    pins.push({ host, port, address: '127.0.0.1', anyCertificate: true });
  }
  return pins;
}

/** 127.0.0.0/8, ::1, or either IPv4-mapped: what a pin may name. */
function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}

function profileFetchCa(file: string | undefined): ProfileFetchConfig['ca'] {
  if (!file) return undefined;
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`PROFILE_FETCH_CA_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}): ${file}`);
  }
  const certificates = pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  try {
    if (!certificates.length) throw new Error('no certificate');
    for (const certificate of certificates) new X509Certificate(certificate);
  } catch {
    throw new Error(`PROFILE_FETCH_CA_FILE must hold PEM certificates (-----BEGIN CERTIFICATE-----): ${file}`);
  }
  return { file, pem };
}

/** The longest rate window: a day (a window is a fixed slice of the epoch's seconds). */
const LONGEST_RATE_WINDOW = 86_400;

/** `<quota>/<seconds>`, e.g. `600/60`: whole numbers, quota 1 … 10¹², window 1 s … a day. */
function ratePolicy(name: RatePolicyName, variable: string, value: string | undefined, fallback: string): RatePolicy {
  const text = value === undefined || value === '' ? fallback : value;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const quota = m ? Number(m[1]) : NaN;
  const windowSeconds = m ? Number(m[2]) : NaN;
  if (!(quota >= 1 && quota <= 1e12) || !(windowSeconds >= 1 && windowSeconds <= LONGEST_RATE_WINDOW)) {
    throw new Error(`${variable} must be <quota>/<seconds> (e.g. ${fallback}: at most ${fallback.split('/')[0]} calls a minute), quota 1–10^12, window 1–${LONGEST_RATE_WINDOW} s; got "${text}"`);
  }
  return { name, quota, windowSeconds };
}

function rateLimits(env: NodeJS.ProcessEnv): RateLimitsConfig {
  const switch_ = (env.RATE_LIMITS ?? '').trim().toLowerCase();
  if (!['', 'on', 'off'].includes(switch_)) throw new Error(`RATE_LIMITS must be "on" or "off" (unset: on), got "${env.RATE_LIMITS}"`);
  return {
    enabled: switch_ !== 'off',
    // Parsed even when off, so a malformed value never waits for the day limits are turned on.
    open: ratePolicy('open', 'RATE_LIMIT_OPEN', env.RATE_LIMIT_OPEN, '600/60'),
    address: ratePolicy('address', 'RATE_LIMIT_OPEN_ADDRESS', env.RATE_LIMIT_OPEN_ADDRESS, '1200/60'),
    signed: ratePolicy('signed', 'RATE_LIMIT_SIGNED', env.RATE_LIMIT_SIGNED, '3000/60'),
    credential: ratePolicy('credential', 'RATE_LIMIT_CREDENTIAL', env.RATE_LIMIT_CREDENTIAL, '6000/60'),
  };
}

/** How to make a secret this configuration asks for. */
export const MAKE_ONE = 'openssl rand -base64 32';

/** Characters an ADMIN_TOKEN needs where the service is deployed (MAKE_ONE makes 44). */
const ADMIN_TOKEN_MIN_LENGTH = 32;

/**
 * ADMIN_TOKEN. With DATABASE_URL set the service is a deployment, whose admin API anyone who
 * reaches it may try tokens at (a few a minute per address: limits/admin-tries.ts), so a short one
 * is refused, saying how to make one. Decided here rather than by NODE_ENV, which `npm start` sets
 * on the embedded database too.
 */
function adminToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.ADMIN_TOKEN || undefined;
  if (token !== undefined && env.DATABASE_URL && token.length < ADMIN_TOKEN_MIN_LENGTH) {
    throw new Error(`ADMIN_TOKEN must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters with DATABASE_URL set (it opens the admin API); got ${token.length}. Make one with: ${MAKE_ONE}`);
  }
  return token;
}

/** 32 random bytes, base64 (or base64url): anything else is refused, saying how to make one. */
export function parseSecretsKey(variable: string, value: string | undefined): Buffer | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || key.length !== 32) {
    throw new Error(`${variable} must be 32 random bytes in base64 (make one with: ${MAKE_ONE}); got ${key.length} bytes`);
  }
  return key;
}

function redisUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${value}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${url.protocol}//…"`);
  return value;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Decimal USDC (`1000`, `12.5`) in atomic units (6 decimals). */
function usdcUnits(variable: string, value: string | undefined, fallback: string): number {
  const text = value === undefined || value.trim() === '' ? fallback : value.trim();
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) throw new Error(`${variable} must be an amount of USDC with at most 6 decimals (e.g. ${fallback}), got "${text}"`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'));
}

function x402(env: NodeJS.ProcessEnv): X402Config {
  const network = (env.X402_NETWORK || 'base-sepolia') as X402Config['network'];
  if (!X402_NETWORKS.includes(network)) throw new Error(`X402_NETWORK must be one of ${X402_NETWORKS.join(', ')}, got "${env.X402_NETWORK}"`);
  const facilitatorUrl = env.X402_FACILITATOR_URL || undefined;
  if (facilitatorUrl !== undefined && !/^https?:\/\/[^/]/.test(facilitatorUrl)) throw new Error(`X402_FACILITATOR_URL must be an http(s) URL, got "${facilitatorUrl}"`);
  if (facilitatorUrl !== undefined && !URL.canParse(facilitatorUrl)) throw new Error(`X402_FACILITATOR_URL must be an http(s) URL, got "${facilitatorUrl}"`);
  const rpcUrl = env.X402_RPC_URL || undefined;
  if (rpcUrl !== undefined && !(/^https?:\/\/[^/]/.test(rpcUrl) && URL.canParse(rpcUrl))) throw new Error('X402_RPC_URL must be an http(s) URL');
  const payTo = env.X402_PAY_TO || undefined;
  if (payTo !== undefined && !ADDRESS.test(payTo)) throw new Error(`X402_PAY_TO must be an EVM address (0x and 40 hex digits), got "${payTo}"`);
  // The ledger never stands for real money: on mainnet a real facilitator settles, to an address someone holds.
  if (network === 'base' && (!facilitatorUrl || !payTo)) {
    throw new Error('X402_NETWORK=base moves real money: set X402_FACILITATOR_URL (a facilitator that settles on Base) and X402_PAY_TO (the address you are paid at)');
  }
  return {
    network,
    facilitatorUrl: facilitatorUrl?.replace(/\/+$/, ''),
    facilitatorToken: env.X402_FACILITATOR_TOKEN || undefined,
    facilitatorTimeoutMs: positive('X402_FACILITATOR_TIMEOUT_MS', env.X402_FACILITATOR_TIMEOUT_MS, 10_000),
    payTo: payTo as `0x${string}` | undefined,
    maxTimeoutSeconds: positive('X402_MAX_TIMEOUT_SECONDS', env.X402_MAX_TIMEOUT_SECONDS, 300),
    localBalance: usdcUnits('X402_LOCAL_BALANCE', env.X402_LOCAL_BALANCE, '1000'),
    rpcUrl,
  };
}

/** A variable loadConfig reads: its default and its meaning, in markdown as docs/configuration.md gives them (links relative to docs/). */
export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string;
}

/**
 * Every variable loadConfig reads, in the order docs/configuration.md lists them: its table is
 * generated from this list (npm run docs:tables), and test/doc-tables.test.ts checks that loadConfig
 * reads exactly these and that setting one to its documented default changes nothing.
 */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', meaning: 'listening port' },
  { name: 'PUBLIC_BASE_URL', default: '`http://localhost:$PORT`', meaning: 'origin used in every published document' },
  { name: 'TRUST_PROXY', default: 'unset', meaning: "`1` behind a reverse proxy that sets `X-Forwarded-Host` and `X-Forwarded-Proto`: pages are then checked against the host the browser asked for, and the client address is the last `X-Forwarded-For` entry (unset: the socket's, so behind a proxy every client shares the proxy's per-address limits; start-up warns when `PUBLIC_BASE_URL` looks proxied)" },
  { name: 'DATABASE_URL', default: 'unset → PGlite', meaning: 'Postgres connection string' },
  { name: 'DATA_DIR', default: '`.data`', meaning: 'PGlite data folder' },
  { name: 'NEXT_DIST_DIR', default: '`.next`', meaning: "the pages' production build, a folder in the checkout (Next's `distDir`): `npm start` builds it when its sources' content changed, never while a live server serves it, and serves it. The suite's smoke test uses `.next-test`, so `npm test` beside a running `npm start` leaves its pages alone (see [testing](testing.md#beside-a-running-server))" },
  { name: 'DATABASE_POOL_SIZE', default: '10', meaning: 'Postgres pool size per process' },
  { name: 'ADMIN_TOKEN', default: 'unset → admin API answers 403 `admin_disabled`', meaning: 'bearer for `/api/admin/*`; with `DATABASE_URL` set, at least 32 characters (`openssl rand -base64 32`), else start-up fails. Tries at it are throttled per client address (see [security](security.md#the-admin-token))' },
  { name: 'UCP_NAMESPACE', default: '`com.agentcommerce`', meaning: 'reverse-domain namespace of the service’s own API in UCP documents; set it to your own reversed domain, so that its spec URLs (on PUBLIC_BASE_URL) match it as UCP requires (UCP’s binding is `dev.ucp.*` whatever it is)' },
  { name: 'PROFILE_HOST_REFUSED_FROM', default: '`2027-03-01`', meaning: 'day from which reserved/IP agent-profile hosts are refused' },
  { name: 'PROFILE_FETCH_RESOLVE', default: 'unset', meaning: "`host:port:address[,…]` (curl's `--resolve`): fetch profiles, key directories and OAuth client documents of a name under `.test` or `.localhost` from a loopback address, for that port only (tests, development; production too); a pinned host is not advised as reserved. Anything else fails start-up, which logs each pin" },
  { name: 'PROFILE_FETCH_LOCAL', default: 'unset', meaning: "`host:port[,…]`, each a name under `.localhost`: the one setting the [examples](../examples/README.md) need. Fetch profiles, key directories and OAuth client documents of that name and port, and send order webhooks to it, from 127.0.0.1, accepting whatever certificate it presents (an example's self-signed one); the host is not advised as reserved. Development only: with `DATABASE_URL` set, or anything malformed, start-up fails; start-up logs each (see [security](security.md#request-signatures-and-profile-fetching))" },
  { name: 'PROFILE_FETCH_CA_FILE', default: "unset → Node's default store (`NODE_EXTRA_CA_CERTS` included)", meaning: "PEM certificates trusted beside Node's bundled roots for those fetches; unreadable or no certificate fails start-up" },
  { name: 'PROFILE_CACHE_BYTES', default: '33554432 (32 MiB)', meaning: "what each process keeps of fetched agent profiles, platform profiles, key directories and OAuth client documents, together: each digest is measured once when kept (about its heap size) and may take 128 KiB; past the total the least recently used is dropped (see [security](security.md#request-signatures-and-profile-fetching)). At least 1048576 (1 MiB)" },
  { name: 'CART_TTL_HOURS', default: '168', meaning: 'an open cart expires this long after its last change' },
  { name: 'PAYMENT_LINK_TTL_HOURS', default: '24', meaning: 'a payment link expires this long after it was issued; its cart is open again' },
  { name: 'SECRETS_KEY', default: 'unset → on PGlite, a key made once into `<DATA_DIR>.secrets-key` (0600, beside the folder, never inside it; start-up says production must set it); on Postgres, `npm start`, `oauth:rotate-keys`, `webhooks:rotate-key` and `secrets:rotate` refuse to run', meaning: '32 random bytes in base64 (`openssl rand -base64 32`), the same on every instance, never in the database: every sealing, signing and MAC key is derived from it (see [security](security.md#secrets)). Anything that is not 32 bytes fails start-up' },
  { name: 'SECRETS_KEY_PREVIOUS', default: 'unset → on PGlite without `SECRETS_KEY`, the previous key `npm run secrets:rotate` keeps in the key file, until the time written beside it', meaning: 'during a rotation, the key `SECRETS_KEY` replaces: what was made under it (payment links, replays, sealed OAuth keys, webhook bodies until `npm run secrets:rotate` seals them again, consent pages in progress) still verifies' },
  { name: 'AUTH_SECRET', default: 'unset → derived from `SECRETS_KEY`', meaning: "signs Auth.js's cookies and hashes sign-in tokens (changing it voids the sign-in links in flight, not the sessions)" },
  { name: 'SMTP_URL', default: 'unset → each e-mail is written to the log', meaning: 'where mail goes, e.g. `smtp://user:pass@smtp.example.com:587` (`smtps://` for TLS from the start)' },
  { name: 'MAIL_FROM', default: "`Agent Commerce <no-reply@` + `PUBLIC_BASE_URL`'s host `>`", meaning: 'sender of every e-mail' },
  { name: 'STRIPE_SECRET_KEY', default: 'unset → the built-in provider (test mode, no money moves)', meaning: '`sk_test_…` / `sk_live_…`; selects Stripe for new payment links' },
  { name: 'STRIPE_WEBHOOK_SECRET', default: 'unset → the webhook answers 503', meaning: 'signing secret (`whsec_…`) of the endpoint `/api/webhooks/stripe`; without it the webhook answers 503 and Stripe keeps redelivering' },
  { name: 'STRIPE_API_URL', default: "unset → Stripe's own", meaning: "another API origin for the SDK (the tests' local stand-in); Stripe's own when unset" },
  { name: 'REDIS_URL', default: 'unset → the database', meaning: 'the shared store of rate-limit budgets and signature nonces, `redis://…` or `rediss://…` (a database number in the path keeps two services apart); every instance of one service names the same one' },
  { name: 'RATE_LIMITS', default: '`on`', meaning: '`off`: no caller is counted or refused and no `RateLimit` headers are sent (start-up says so)' },
  { name: 'RATE_LIMIT_OPEN', default: '`600/60`', meaning: '`<quota>/<seconds>`: calls per fixed window per agent profile URL (without query or fragment) and client address (open calls)' },
  { name: 'RATE_LIMIT_OPEN_ADDRESS', default: '`1200/60`', meaning: 'the same per client address (IPv4, or the IPv6 /64) across every profile (open calls; taken first)' },
  { name: 'RATE_LIMIT_SIGNED', default: '`3000/60`', meaning: 'the same per verified profile (calls with a request signature that verified)' },
  { name: 'RATE_LIMIT_CREDENTIAL', default: '`6000/60`', meaning: 'the same per caller of a credential (each key, buyer token, person per OAuth client, developer session)' },
  { name: 'X402_NETWORK', default: '`base-sepolia`', meaning: 'the chain x402 checkouts are paid on, with its USDC: `base-sepolia` (chain 84532, test USDC) or `base` (8453, real USDC; needs `X402_FACILITATOR_URL` and `X402_PAY_TO`, else start-up fails)' },
  { name: 'X402_FACILITATOR_URL', default: 'unset → the local ledger (no money moves)', meaning: 'an x402 facilitator (its `/verify`, `/settle`, `/supported`) that verifies and settles on chain; start-up logs what it supports' },
  { name: 'X402_FACILITATOR_TOKEN', default: 'unset', meaning: 'sent to that facilitator as `Authorization: Bearer`' },
  { name: 'X402_FACILITATOR_TIMEOUT_MS', default: '10000', meaning: "how long a verify or settle may take; past it a settle's outcome is unknown (503, the order left pending)" },
  { name: 'X402_PAY_TO', default: 'on `base-sepolia`: an address derived from `SECRETS_KEY` (no private key stored; a rotation changes it, and `npm run secrets:rotate` says old → new); on `base`: required', meaning: 'the address x402 payments are made to' },
  { name: 'X402_MAX_TIMEOUT_SECONDS', default: '300', meaning: 'how long a payment may take to settle, offered as `maxTimeoutSeconds`' },
  { name: 'X402_RPC_URL', default: 'unset → such payments are marked for review', meaning: "a JSON-RPC endpoint of `X402_NETWORK`'s chain (it may hold a provider's key: only its host is logged). With `X402_FACILITATOR_URL`, a settle whose outcome stayed unknown is decided by the chain once `validBefore` has passed and the block after it is confirmed: paid to `X402_PAY_TO` → the order is placed, else it is voided; unset, the payment waits for an operator (`npm run x402:reconcile`, see [x402](x402.md#settlements-that-end))" },
  { name: 'X402_LOCAL_BALANCE', default: '1000', meaning: 'USDC an address holds on the local ledger until it is first seen (at most 6 decimals); `npm run x402:fund` tops one up' },
  { name: 'WEBHOOK_RETRY_SCHEDULE', default: '`30,120,600,3600,21600,43200`', meaning: 'seconds between an order webhook’s failed attempt and the next (each ±10 %), comma-separated; the last repeats until three days after the event, when the delivery is `failed` (see [webhooks](webhooks.md#retries))' },
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const refusedFrom = env.PROFILE_HOST_REFUSED_FROM ?? '2027-03-01';
  if (!DATE.test(refusedFrom)) throw new Error(`PROFILE_HOST_REFUSED_FROM must be YYYY-MM-DD, got "${refusedFrom}"`);
  const base = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  new URL(base); // fail fast on a malformed origin
  const resolved = profileFetchPins(env.PROFILE_FETCH_RESOLVE);
  return {
    port: Number(env.PORT ?? 3000),
    publicBaseUrl: base,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    databaseUrl: env.DATABASE_URL || undefined,
    // The start page (app/page.tsx) reads the config too; the comment keeps Next's build from
    // tracing the whole project for this path.
    dataDir: path.resolve(/* turbopackIgnore: true */ env.DATA_DIR ?? '.data'),
    pagesBuildDir: pagesBuildDir(env.NEXT_DIST_DIR),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    ucpNamespace: env.UCP_NAMESPACE ?? 'com.agentcommerce',
    profileHostRefusedFrom: refusedFrom,
    adminToken: adminToken(env),
    cartTtlHours: positive('CART_TTL_HOURS', env.CART_TTL_HOURS, 7 * 24),
    paymentLinkTtlHours: positive('PAYMENT_LINK_TTL_HOURS', env.PAYMENT_LINK_TTL_HOURS, 24),
    authSecret: env.AUTH_SECRET || undefined,
    secretsKey: parseSecretsKey('SECRETS_KEY', env.SECRETS_KEY),
    secretsKeyPrevious: parseSecretsKey('SECRETS_KEY_PREVIOUS', env.SECRETS_KEY_PREVIOUS),
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || `Agent Commerce <no-reply@${new URL(base).hostname}>` },
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined, apiUrl: env.STRIPE_API_URL || undefined }
      : undefined,
    redisUrl: redisUrl(env.REDIS_URL),
    rateLimits: rateLimits(env),
    profileFetch: { pins: [...resolved, ...localPins(env, resolved)], ca: profileFetchCa(env.PROFILE_FETCH_CA_FILE), cacheBytes: profileCacheBytes(env.PROFILE_CACHE_BYTES) },
    x402: x402(env),
    webhookRetrySchedule: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
  };
}

/** NEXT_DIST_DIR: a folder inside the checkout, as Next requires of distDir. */
function pagesBuildDir(value: string | undefined): string {
  const folder = value || '.next';
  if (path.isAbsolute(folder) || path.normalize(folder).split(path.sep).includes('..')) throw new Error(`NEXT_DIST_DIR must be a folder inside the checkout, relative to it (default .next); got "${folder}"`);
  return folder;
}

/** PROFILE_CACHE_BYTES: whole bytes, at least 1 MiB (eight digests of the largest size an entry may have). */
function profileCacheBytes(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 32 * 1024 * 1024;
  const bytes = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!(bytes >= 1024 * 1024 && Number.isSafeInteger(bytes))) throw new Error(`PROFILE_CACHE_BYTES must be a whole number of bytes, at least 1048576 (1 MiB; the default is 33554432, 32 MiB); got "${value}"`);
  return bytes;
}

/** WEBHOOK_RETRY_SCHEDULE: whole seconds, comma-separated, each 1 s … 3 days. */
function retrySchedule(value: string | undefined): number[] {
  const text = value === undefined || value.trim() === '' ? '30,120,600,3600,21600,43200' : value;
  const delays = text.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : NaN));
  if (!delays.every((d) => d >= 1 && d <= 259_200)) throw new Error(`WEBHOOK_RETRY_SCHEDULE must be seconds between retries, comma-separated, each 1–259200 (e.g. 30,120,600); got "${text}"`);
  return delays;
}
