/** The whole API: one router per resource, merged. REST paths come from each procedure's meta. */
import { router } from '../trpc/init';
import { catalogRouter } from './catalog';
import { credentialedRouter } from './credentialed';
import { discoveryRouter } from './discovery';
import { docsRouter } from './docs';
import { platformRouter } from './platform';

export const appRouter = router({
  platform: platformRouter,
  catalog: catalogRouter,
  docs: docsRouter,
  discovery: discoveryRouter,
  credentialed: credentialedRouter,
});

export type AppRouter = typeof appRouter;
