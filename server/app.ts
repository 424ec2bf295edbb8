/**
 * Assembles one service instance: database → operation catalogue → services → the two transports
 * (the REST gateway and the MCP server). Used by the server entry, the tests (which call `fetch`
 * with a Request and get a Response) and the benchmarks.
 */
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createGateway, type ApiRequest, type Gateway } from './http/gateway';
import type { RawHandler } from './http/node-adapter';
import { buildOpenApiDocument } from './http/openapi';
import { LLMS_TXT_PATH, llmsTxtResponse, renderLlmsTxt } from './http/llms-txt';
import { SEARCH_CONTEXT_PATH, searchContextDocument } from './catalog/jsonld';
import { STRIPE_WEBHOOK_PATH, stripeWebhook } from './http/stripe-webhook';
import { MAX_BODY_BYTES } from './lib/request-limits';
import { createMcpServer, type McpServer } from './mcp/server';
import { protectedResourceDocuments } from './oauth/metadata';
import { buildOpenRpcDocument } from './mcp/openrpc';
import { appRouter } from './routers';
import { compactSearchResult } from './routers/catalog';
import { createServices, type Services } from './trpc/context';
import { prepareSecrets } from './secrets-upgrade';
import { describeOperations } from './trpc/operations';

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

export function createApp(config: Config, database: Database): App {
  const operations = describeOperations(appRouter);
  let openapi: Record<string, unknown> | undefined;
  // Built at its first read, once the services (whose x402 payee it states) exist.
  const openapiDocument = () => (openapi ??= buildOpenApiDocument(appRouter, operations, config, services.x402));
  const services = createServices(config, database, operations, openapiDocument);
  const mcp = createMcpServer(services);
  const once = (build: () => object) => {
    let text: string | undefined;
    return () => (text ??= JSON.stringify(build()));
  };
  const gateway = createGateway(services, appRouter, {
    '/api/openapi.json': once(openapiDocument),
    '/api/mcp/openrpc.json': once(() => buildOpenRpcDocument(mcp.tools, config)),
    [SEARCH_CONTEXT_PATH]: once(() => searchContextDocument(Object.keys(compactSearchResult.shape))),
    ...Object.fromEntries(Object.entries(protectedResourceDocuments(config.publicBaseUrl)).map(([path, build]) => [path, once(build)])),
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
