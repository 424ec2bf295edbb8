/**
 * The whole API: one router per resource, merged. REST paths and MCP tools come from each
 * procedure's metadata; `createCaller` runs a procedure in-process through the same pipeline
 * (scripts, tests and the MCP transport use it).
 */
import { router, t } from '../trpc/init';
import { adminOrdersRouter } from './admin-orders';
import { adminX402Router } from './admin-x402';
import { buyerRouter } from './buyer';
import { cartsRouter } from './carts';
import { catalogRouter } from './catalog';
import { developerRouter } from './developer';
import { discoveryRouter } from './discovery';
import { docsRouter } from './docs';
import { paymentsRouter } from './payments';
import { platformRouter } from './platform';
import { acpRouter } from './acp';
import { ucpRouter } from './ucp';
import { webhooksRouter } from './webhooks';

export const appRouter = router({
  platform: platformRouter,
  catalog: catalogRouter,
  docs: docsRouter,
  discovery: discoveryRouter,
  carts: cartsRouter,
  payments: paymentsRouter,
  buyer: buyerRouter,
  developer: developerRouter,
  ucp: ucpRouter,
  acp: acpRouter,
  adminOrders: adminOrdersRouter,
  adminX402: adminX402Router,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = t.createCallerFactory(appRouter);
