/**
 * The composition root: the one place that builds the service's objects and wires them together,
 * database → operation catalogue → services → the two transports (the REST gateway and the MCP
 * server). Everything below it is given what it uses, and builds none of it. Used by the server
 * entry, the tests (which call `fetch` with a Request and get a Response) and the benchmarks.
 */
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createGateway, type ApiRequest, type Gateway, type ServedDocument } from './http/gateway';
import type { RawHandler } from './http/node-adapter';
import { buildOpenApiDocument } from './http/openapi/document';
import { LLMS_TXT_PATH, llmsTxtResponse, renderLlmsTxt } from './http/llms-txt';
import { SEARCH_CONTEXT_PATH, searchContextDocument } from './catalog/jsonld';
import { ACP_DISCOVERY_CACHE, ACP_DISCOVERY_PATH, acpDiscoveryDocument } from './domain/acp-discovery';
import { STRIPE_WEBHOOK_PATH, stripeWebhook } from './http/stripe-webhook';
import { CredentialResolver } from './identity/credentials';
import { MAX_BODY_BYTES } from './lib/request-limits';
import { ResponseCache } from './lib/response-cache';
import { RateLimiter } from './limits/limiter';
import { redisStore } from './limits/redis-store';
import { sqlStore } from './limits/sql-store';
import { createMailer } from './mail/mailer';
import { createMcpServer, type McpServer } from './mcp/server';
import { Negotiator } from './negotiation';
import { protectedResourceDocuments } from './oauth/metadata';
import { buildOpenRpcDocument } from './mcp/openrpc';
import { createProfileFetcher } from './profiles';
import { appRouter } from './routers';
import { compactSearchResult } from './routers/catalog';
import { ServiceKeys } from './secrets/keys';
import { SignatureVerifier } from './signatures/verify';
import type { Services } from './trpc/context';
import { prepareSecrets } from './secrets-upgrade';
import { describeOperations } from './trpc/operations';
import { createX402 } from './x402/facilitator';

export interface App {
  services: Services;
  gateway: Gateway;
  mcp: McpServer;
  /** Payment providers' webhooks by path, served by the node:http server with their raw bodies. */
  webhooks: Record<string, RawHandler>;
  /** /llms.txt, generated once: served as plain text beside the pages (http/llms-txt.ts). */
  llmsTxt(): string;
  /**
   * The agent API and the MCP server as a fetch handler: Request in, Response out (tests use this),
   * from the client address bucket `clientAddress` (none: not counted per address).
   */
  fetch(request: Request, clientAddress?: string): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The objects one process shares between requests (trpc/context.ts says what each is for), each
 * built once here from the configuration and the database.
 */
function createServices(config: Config, database: Database): Services {
  const { db } = database;
  const operations = describeOperations(appRouter);
  const profiles = createProfileFetcher(config.profileFetch);
  const shared = config.redisUrl ? redisStore(config.redisUrl) : sqlStore(database);
  const keys = new ServiceKeys(db, config.secretsKey, config.secretsKeyPrevious);
  const x402 = createX402(config, database, keys);
  let openapi: Record<string, unknown> | undefined;
  return {
    config,
    database,
    db,
    operations,
    responses: new ResponseCache(),
    keys,
    credentials: new CredentialResolver(db, config.publicBaseUrl),
    mailer: createMailer(config.mail),
    // Built once, at its first read (/api/openapi.json, or the rest docs page).
    openapi: () => (openapi ??= buildOpenApiDocument(appRouter, operations, config, x402)),
    profiles,
    signatures: new SignatureVerifier({ baseUrl: config.publicBaseUrl, fetcher: profiles }),
    shared,
    limits: new RateLimiter(shared, config.rateLimits),
    x402,
    negotiator: new Negotiator(profiles),
  };
}

export function createApp(config: Config, database: Database): App {
  const services = createServices(config, database);
  const { operations } = services;
  const mcp = createMcpServer(services);
  const once = (build: () => object, cacheControl?: string): ServedDocument => {
    let text: string | undefined;
    return { text: () => (text ??= JSON.stringify(build())), cacheControl };
  };
  const gateway = createGateway(services, appRouter, {
    '/api/openapi.json': once(services.openapi),
    '/api/mcp/openrpc.json': once(() => buildOpenRpcDocument(mcp.tools, config)),
    [SEARCH_CONTEXT_PATH]: once(() => searchContextDocument(Object.keys(compactSearchResult.shape))),
    ...Object.fromEntries(Object.entries(protectedResourceDocuments(config.publicBaseUrl)).map(([path, build]) => [path, once(build)])),
    [ACP_DISCOVERY_PATH]: once(() => acpDiscoveryDocument(config.publicBaseUrl), ACP_DISCOVERY_CACHE),
  });
  let llms: string | undefined;
  const llmsTxt = () => (llms ??= renderLlmsTxt(config, operations));
  return {
    services,
    gateway,
    mcp,
    webhooks: { [STRIPE_WEBHOOK_PATH]: stripeWebhook(services) },
    llmsTxt,
    async fetch(request, clientAddress) {
      const url = new URL(request.url);
      if (mcp.serves(url.pathname)) return mcp.handle(request, undefined, undefined, clientAddress);
      if (url.pathname === LLMS_TXT_PATH) return llmsTxtResponse(request.method, llmsTxt);
      const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
      const apiRequest: ApiRequest = {
        method: request.method,
        url: url.pathname + url.search,
        headers: request.headers,
        body: body && body.length > MAX_BODY_BYTES ? 'too_large' : body,
        clientAddress,
      };
      const res = await gateway(apiRequest);
      return new Response(res.body, { status: res.status, headers: res.headers });
    },
    async close() {
      await services.shared.close();
      await database.close();
    },
  };
}

export async function startApp(config: Config): Promise<App> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const app = createApp(config, database);
  await prepareSecrets(app.services);
  return app;
}
