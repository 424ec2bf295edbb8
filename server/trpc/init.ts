/**
 * tRPC root: one place that defines operation metadata and the procedure kinds every router uses.
 * Cross-cutting rules (identification, credentials, idempotency) are declared here as metadata and
 * enforced by the gateway and middlewares, never re-implemented per router.
 */
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ApiError, type ErrorCode } from '../errors/catalogue';
import type { RequestContext } from './context';

export type Access =
  /** No credential; needs UCP-Agent. */
  | 'open'
  /** Discovery documents fetched bare by crawlers and tool loaders; UCP-Agent optional (validated if sent). */
  | 'discovery'
  /** Needs an issued credential (`required` names it). */
  | 'credential'
  /** Operator API behind the ADMIN_TOKEN bearer. */
  | 'admin';

export interface OperationMeta {
  access: Access;
  /** Status of a successful answer (default 200). */
  successStatus?: number;
  /** Credential or scope a `credential` operation needs, e.g. `checkout:write`. */
  required?: string;
  /** Retired operations answer 410 for every method before any other check. */
  retired?: boolean;
  /** Content type of the success body when it is not plain JSON. */
  contentType?: string;
  /** Operation-specific error codes, published in the OpenAPI document. */
  errors?: ErrorCode[];
  /**
   * GET answers that depend only on path and query may be reused for this long by each instance
   * (see http/response-cache.ts).
   */
  cacheMs?: number;
}

export type AppMeta = OpenApiMeta<{ op?: OperationMeta }>;

const t = initTRPC.context<RequestContext>().meta<AppMeta>().create();

export const router = t.router;
export const middleware = t.middleware;

/** Defence in depth for transports other than the REST gateway (which checks first). */
const requireAgent = t.middleware(({ ctx, next }) => {
  if (!ctx.caller.agent) throw new ApiError('ucp_agent_required');
  return next();
});

export const publicProcedure = t.procedure;
export const openProcedure = t.procedure.use(requireAgent);
