/**
 * Turns anything a procedure threw into a catalogue error, for every transport: our own ApiErrors
 * pass through (tRPC wraps them as the cause of a TRPCError),
 * schema violations become invalid_request, an unreachable or overloaded database becomes a
 * retryable 503, and everything else is a 500 whose details stay in the server log (for-log.ts).
 */
import { TRPCError } from '@trpc/server';
import { ApiError } from './catalogue';
import { causes, forLog } from './for-log';
import { invalidRequest, requestIssues, type SchemaIssue } from './invalid-request';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // The request's database deadline passed (server/db/deadline.ts).
  'DATABASE_DEADLINE',
  // SQLSTATE: connection exceptions (08…, below), too many connections, shutdown, query cancelled
  // (statement timeout), lock not available (lock_timeout), database not accepting connections
  // (ALLOW_CONNECTIONS false), database does not exist (dropped or not yet created).
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '55P03',
  '55000',
  '3D000',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof Error && /PGlite is closed/i.test(e.message)) return true;
  }
  return false;
}

/** The issues of a schema violation (a ZodError), however deeply tRPC wrapped it. */
export function schemaIssuesIn(err: unknown): readonly SchemaIssue[] | undefined {
  for (const e of causes(err)) {
    const zod = zodIssuesOf(e);
    if (zod) return zod;
  }
  return undefined;
}

function zodIssuesOf(e: unknown): readonly SchemaIssue[] | undefined {
  return e instanceof Error && e.name === 'ZodError' ? ((e as unknown as { issues?: SchemaIssue[] }).issues ?? []) : undefined;
}

/** The ApiError a failure carries, however deeply tRPC wrapped it. */
export function apiErrorIn(err: unknown): ApiError | undefined {
  for (const e of causes(err)) if (e instanceof ApiError) return e;
  return undefined;
}

export function toApiError(err: unknown, requestId: string): ApiError {
  for (const e of causes(err)) {
    if (e instanceof ApiError) return e;
    const zod = zodIssuesOf(e);
    if (zod) return invalidRequest(requestIssues(zod));
  }
  if (isDatabaseUnavailable(err)) {
    return new ApiError('service_unavailable', { headers: { 'Retry-After': '5' }, cause: err });
  }
  if (err instanceof TRPCError && err.code === 'PAYLOAD_TOO_LARGE') return new ApiError('payload_too_large');
  console.error(`[${requestId}] unexpected error: ${forLog(err)}`);
  return new ApiError('internal_error', { cause: err });
}
