import { z } from 'zod';
import { businessProfile, ucpProfile } from '../domain/ucp-profile';
import { router } from '../trpc/init';
import { discovery } from '../trpc/procedures';

export const DISCOVERY_CACHE = 'public, max-age=300';

export const discoveryRouter = router({
  ucp: discovery
    .meta({
      openapi: { method: 'GET', path: '/.well-known/ucp', tags: ['discovery'], summary: 'UCP business profile of the network' },
    })
    .input(z.object({}))
    .output(ucpProfile)
    .query(({ ctx }) => {
      ctx.response.headers['Cache-Control'] = DISCOVERY_CACHE;
      return businessProfile(ctx.services.config);
    }),
});
