/**
 * tRPC root. Procedures are declared only through the kinds in `procedures.ts`; the metadata they
 * carry is described in `meta.ts`.
 */
import { initTRPC } from '@trpc/server';
import type { RequestContext } from './context';
import type { AppMeta } from './meta';

export const t = initTRPC.context<RequestContext>().meta<AppMeta>().create();

export const router = t.router;
