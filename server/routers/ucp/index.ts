/**
 * UCP's shopping binding (UCP 2026-04-08) at `<base>/ucp` and each seller's `<base>/store/{handle}/ucp`:
 * a mapping of UCP's operations onto the domain functions the seed API runs, declared with the
 * `binding` procedure kind. Its REST paths and MCP tools are UCP's own (services/shopping/
 * rest.openapi.json, mcp.openrpc.json); this service's /api/openapi.json does not describe them.
 */
import { router } from '../../trpc/init';
import { ucpCartRouter } from './cart';
import { ucpCatalogRouter } from './catalog';
import { ucpCheckoutRouter } from './checkout';
import { ucpOrderRouter } from './order';

export const ucpRouter = router({
  catalog: ucpCatalogRouter,
  cart: ucpCartRouter,
  checkout: ucpCheckoutRouter,
  order: ucpOrderRouter,
});
