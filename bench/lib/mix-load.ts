/**
 * One autocannon run over a fixed mix of GET paths, round-robin per request across all
 * connections (request n goes to paths[n % paths.length]), with latency and status codes kept per
 * group of paths as well as overall. (bench/lib/load.ts runs one request shape; this is its
 * multi-path sibling, used by bench:search.)
 */
import autocannon from 'autocannon';
import { summarize, type LoadResult } from './load';

export interface MixPath {
  path: string;
  /** Group the path's latencies are reported under (e.g. the query shape). */
  group: string;
}

export interface MixOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  paths: MixPath[];
}

export interface GroupStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
}

export interface MixResult extends LoadResult {
  groups: Record<string, GroupStats>;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function runMix(opts: MixOptions): Promise<MixResult> {
  let next = 0;
  const latencies = new Map<string, number[]>();
  const non2xx = new Map<string, number>();
  for (const p of opts.paths) {
    latencies.set(p.group, []);
    non2xx.set(p.group, 0);
  }
  const request = {
    method: 'GET',
    path: opts.paths[0].path,
    headers: opts.headers,
    // Called right before each request is written, with the connection's context for that request
    // (autocannon resets the context between requests when there is one request template).
    setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
      const p = opts.paths[next++ % opts.paths.length];
      context.group = p.group;
      return { ...req, path: p.path };
    },
  } as unknown as autocannon.Request;
  // Without a callback autocannon returns its instance, which is an EventEmitter and a promise of the result.
  const instance = autocannon({ url: opts.url, connections: opts.connections, duration: opts.duration, requests: [request] }) as unknown as
    Promise<autocannon.Result> & { on(event: 'response', fn: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void };
  // 'response' fires before the connection sets up its next request, so its context is still this one's.
  instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const group = (client as { requestIterator?: { context?: { group?: string } } }).requestIterator?.context?.group;
    if (group === undefined) return;
    latencies.get(group)?.push(responseTime);
    if (statusCode < 200 || statusCode > 299) non2xx.set(group, (non2xx.get(group) ?? 0) + 1);
  });
  const result = await instance;
  const groups: Record<string, GroupStats> = {};
  for (const [group, xs] of latencies) {
    xs.sort((a, b) => a - b);
    groups[group] = { count: xs.length, p50: percentile(xs, 50), p99: percentile(xs, 99), max: xs.at(-1) ?? NaN, non2xx: non2xx.get(group) ?? 0 };
  }
  return { ...summarize(result), groups };
}
