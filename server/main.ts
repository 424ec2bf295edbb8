/**
 * The one process that serves everything: the agent REST surface goes straight to the gateway
 * (trpc-to-openapi), /api/mcp to the MCP server, every other request to Next (pages, assets). Keeping Next's router off the
 * agent hot path is worth ~4× throughput on this hardware (see docs/architecture.md).
 *
 *   npm start           production (scripts/ensure-build.ts builds the pages first when needed)
 *   npm run dev         the same server with Next in dev mode
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { startApp } from './app';
import { loadConfig } from './config';
import { createHttpServer } from './http/server';
import { purgeExpiredRecords } from './trpc/idempotency';
import { sweepExpired } from './carts/expiry';
import { StartupError } from './db/connect-retry';
import { forLog } from './errors/for-log';
import { inBackground } from './errors/background';
import { claimDataDir } from './db/data-dir-lock';
import { ensureDemoCatalog } from './catalog/demo';
import { pageUnavailable } from './http/page-outage';
import { payPage } from './payments/pay-page';
import { continueCheckout, plainHttpWarning } from './payments/continue';
import { registerRuntime } from './runtime';
import { createAuth } from './accounts/auth';
import { createAccounts } from './accounts/facade';
import { sweepAccounts } from './accounts/sweep';
import { createAuthorizationServer } from './oauth/authorization-server';
import { sweepOAuth } from './oauth/consents';
import { describeProfileFetch } from './profiles';
import { describeRateLimits } from './limits/limiter';
import { proxyWarning } from './http/client-address';
import { MissingSecretsKey, SealedUnderAnotherKey } from './secrets/keys';
import { withSecretsKey } from './secrets/secrets-key';
import { retireLegacySecrets } from './secrets-upgrade';
import { describeX402 } from './x402/facilitator';
import { sweepPayments } from './payments/x402-settlement';
import { DeliveryWorker } from './webhooks/worker';
import { ConfirmationMailWorker } from './payments/confirmation-mail';
import { nodeSupportWarning } from './lib/node-support';
import { sweepSigningKeys } from './webhooks/signing-key-rotation';
import { markServing } from './lib/pages-build';
import { restoreNativeDate } from './lib/native-date';
import nextConfig from '../next.config.mjs';

async function main(): Promise<void> {
  const started = performance.now();
  const outdated = nodeSupportWarning(process.version);
  if (outdated) console.warn(outdated);
  const dev = process.argv.includes('--dev');
  const { config, notice } = withSecretsKey(loadConfig(), dev ? 'npm run dev' : 'npm start');
  const root = fileURLToPath(new URL('..', import.meta.url));

  const releaseLock = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
  // From here on, no `npm start` beside this one (the suite's smoke test, a second server) builds
  // into the folder this one's pages load their chunks from.
  const releaseBuild = dev ? () => {} : markServing(path.join(root, config.pagesBuildDir));
  const app = await startApp(config).catch((err: unknown) => {
    // A key from another SECRETS_KEY is a setting to fix, said in one sentence rather than a stack.
    throw err instanceof SealedUnderAnotherKey ? new StartupError(err.whatToDo(config.secretsKeyFile)) : err;
  });
  const seeded = await ensureDemoCatalog(app.services.db);
  if (seeded) {
    // Statistics for the planner and the visibility map for index-only scans; PGlite has no
    // autovacuum to do it later.
    await app.services.database.maintain('VACUUM (ANALYZE) sellers, products, variants, search_words');
    console.log(`Seeded the demo catalog: ${seeded.sellers} sellers, ${seeded.products} products.`);
  }

  // Pages reach this running service through the registry, not through module copies of their own.
  if (notice) console.log(notice);
  console.log(app.services.mailer.describe());
  for (const line of describeProfileFetch(config.profileFetch)) console.log(line);
  console.log(describeRateLimits(config, app.services.shared.kind));
  // Asked in the background: a slow facilitator's /supported must not hold the start up.
  void describeX402(app.services.x402).then((lines) => lines.forEach((line) => console.log(line)));
  const proxied = proxyWarning(config);
  if (proxied) console.warn(proxied);
  const plainHttp = plainHttpWarning(config.publicBaseUrl);
  if (plainHttp) console.warn(plainHttp);
  const auth = createAuth(app.services);
  const accounts = createAccounts(app.services, auth);
  // The OAuth server's authorizations are for whoever is signed in to the pages (Auth.js's session).
  const oauth = await createAuthorizationServer({
    db: app.services.db,
    serviceKeys: app.services.keys,
    base: config.publicBaseUrl,
    trustProxy: config.trustProxy,
    sessionCookieName: accounts.sessionCookieName,
    signedIn: accounts.signedIn,
    clientDocuments: app.services.profiles.clients,
  });
  registerRuntime({
    services: app.services,
    payPage: payPage(app.services),
    continueCheckout: (token) => continueCheckout(app.services, token),
    accounts,
    oauth: oauth.pages,
    pageUnavailable,
  });
  // Next renders the target of a server action's redirect by fetching this server at
  // hostname:port (localhost by default). Served directly, that must be PUBLIC_BASE_URL's host,
  // or the page host check would send the fetch on to it with a 308, which drops the session
  // cookie. Behind a proxy (TRUST_PROXY), Next forwards the proxy's X-Forwarded-Host instead.
  const base = new URL(config.publicBaseUrl);
  const direct = Number(base.port || (base.protocol === 'https:' ? 443 : 80)) === config.port;
  const nextApp = next({ dev, dir: root, port: config.port, hostname: direct ? base.hostname : undefined });
  await nextApp.prepare();
  // Next's replacement of Date, made by prepare(), serves cacheComponents' prerenders only (lib/native-date.ts).
  if (!dev) restoreNativeDate(nextConfig);
  const handleNext = nextApp.getRequestHandler();

  const { server, drained } = createHttpServer({ base: config.publicBaseUrl, trustProxy: config.trustProxy, gateway: app.gateway, mcp: app.mcp, webhooks: app.webhooks, auth: auth.handle, oauth, llmsTxt: app.llmsTxt }, handleNext);

  // Idempotency records are kept at least 24 h; any instance may purge older ones.
  const purge = setInterval(() => void inBackground('idempotency purge', purgeExpiredRecords(app.services.db)), 60 * 60 * 1000);
  purge.unref();
  // Any instance sweeps expired carts and payment links; a cart read or changed before the sweep
  // applies its own expiry, so the minute only bounds how stale the stored status may be.
  // Ended sign-in links and sessions, old rate-limit events, and expired OAuth rows and the
  // consents of grants that are gone go the same way, and so do the agent surface's ended rate
  // windows and expired signature nonces (rate_counters; Redis expires its own), and the keys from
  // before SECRETS_KEY once nothing made under them is live (secrets-upgrade.ts), and the webhook
  // signing keys whose grace has ended. x402 payments left pending (a settle of unknown outcome, a
  // process gone) are settled again or voided.
  const sweep = setInterval(() => {
    void inBackground('carts and payment links sweep', sweepExpired(app.services.db));
    void inBackground('x402 payment sweep', sweepPayments(app.services));
    void inBackground('accounts sweep', sweepAccounts(app.services.db));
    void inBackground('OAuth sweep', sweepOAuth(app.services.db));
    void inBackground('legacy secrets retirement', retireLegacySecrets(app.services.db, app.services.keys));
    void inBackground('webhook signing keys sweep', sweepSigningKeys(app.services.db));
    void inBackground('rate windows and nonces sweep', app.services.shared.sweep());
  }, 60 * 1000);
  sweep.unref();
  // Every instance sends the outboxes of order webhooks and order confirmations: each due row is
  // claimed by one of them.
  const orderWebhooks = new DeliveryWorker(app.services);
  orderWebhooks.start();
  const confirmations = new ConfirmationMailWorker(app.services);
  confirmations.start();

  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const db = config.databaseUrl ? 'Postgres' : `PGlite (${config.dataDir})`;
  console.log(`Agent Commerce API on ${config.publicBaseUrl} (port ${config.port}, ${db}) ready in ${Math.round(performance.now() - started)} ms`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const stopStarted = performance.now();
    console.log(`${signal}: shutting down`);
    // A stuck close must not keep a stopped service alive; the process is gone after this, so the
    // folder is free either way.
    setTimeout(() => {
      console.error('shutdown timed out after 15 s');
      releaseLock();
      process.exit(1);
    }, 15_000).unref();
    clearInterval(purge);
    clearInterval(sweep);
    // Stop accepting, let running requests finish, then drop the keep-alive connections: waiting
    // for clients to close those themselves could take up to keepAliveTimeout.
    const closed = new Promise((resolve) => server.close(resolve));
    await drained();
    server.closeAllConnections();
    await closed;
    // A delivery or e-mail being sent finishes (or its lease lapses and another instance sends it).
    await Promise.all([orderWebhooks.stop(), confirmations.stop()]);
    await app.close();
    releaseLock();
    releaseBuild();
    console.log(`${signal}: stopped in ${Math.round(performance.now() - stopStarted)} ms`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err instanceof StartupError || err instanceof MissingSecretsKey ? err.message : forLog(err));
    process.exit(1);
  });
}
