/**
 * `.use(secretLoaded(name))`: a service secret an operation reads is loaded before its idempotent
 * transaction opens. The first instance to need a secret creates it with a statement of its own,
 * which PGlite's one connection could not serve while the transaction holds it.
 */
import { t } from './init';

export const secretLoaded = (name: string) =>
  t.middleware(async ({ ctx, next }) => {
    await ctx.services.settings.secret(name);
    return next();
  });
