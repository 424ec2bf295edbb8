/** One autocannon run, reduced to the figures the benchmarks print. */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before every request (e.g. a fresh Idempotency-Key); return the request to send. */
  setupRequest?: (req: autocannon.Request) => autocannon.Request;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Completed responses. */
  total: number;
  non2xx: number;
  /** Connection errors, including timeouts. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const request: autocannon.Request = {
    method: opts.method ?? 'GET',
    path: opts.path ?? '/',
    headers: opts.headers,
    body: opts.body,
  } as autocannon.Request;
  if (opts.setupRequest) (request as { setupRequest?: unknown }).setupRequest = opts.setupRequest;
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    requests: [request],
  });
  return summarize(result);
}

/** The figures the benchmarks print, from an autocannon result. */
export function summarize(result: autocannon.Result): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
