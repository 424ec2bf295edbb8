/**
 * Assembles one service instance: database → services → gateway. Used by the server entry, the
 * tests (which call `fetch` with a Request and get a Response) and the benchmarks.
 */
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createGateway, MAX_BODY_BYTES, type ApiRequest, type Gateway } from './http/gateway';
import { buildOpenApiDocument } from './http/openapi';
import { appRouter } from './routers';
import { createServices, type Services } from './services';

export interface App {
  services: Services;
  gateway: Gateway;
  /** The agent API as a fetch handler: Request in, Response out (tests use this). */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export function createApp(config: Config, database: Database): App {
  const services = createServices(config, database);
  let openApi: string | undefined;
  const gateway = createGateway(services, appRouter, () => (openApi ??= JSON.stringify(buildOpenApiDocument(appRouter, services.routes.routes, config))));
  return {
    services,
    gateway,
    async fetch(request) {
      const url = new URL(request.url);
      const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
      const apiRequest: ApiRequest = {
        method: request.method,
        url: url.pathname + url.search,
        headers: request.headers,
        body: body && body.length > MAX_BODY_BYTES ? 'too_large' : body,
      };
      const res = await gateway(apiRequest);
      return new Response(res.body, { status: res.status, headers: res.headers });
    },
    close: () => database.close(),
  };
}

export async function startApp(config: Config): Promise<App> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  return createApp(config, database);
}
