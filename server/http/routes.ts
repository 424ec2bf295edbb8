/**
 * The gateway's view of the router: every REST operation's method, path and metadata, read from
 * the same `meta.openapi` trpc-to-openapi routes by, so the two can never disagree.
 */
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { AppMeta } from '../trpc/init';

export interface Route {
  method: string;
  path: string;
  procedure: string;
  meta: AppMeta & { op: NonNullable<AppMeta['op']> };
}

export interface PathMatch {
  byMethod: Map<string, Route>;
  /** Set when the path is retired: it answers 410 whatever the method. */
  retired?: Route;
  allow: string;
}

export interface RouteTable {
  routes: Route[];
  match(pathname: string): PathMatch | undefined;
}

export function buildRouteTable(router: AnyRouter): RouteTable {
  const routes: Route[] = [];
  for (const [name, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const meta = procedure._def.meta as AppMeta | undefined;
    if (!meta?.openapi || !meta.op) continue;
    routes.push({ method: meta.openapi.method, path: meta.openapi.path, procedure: name, meta: meta as Route['meta'] });
  }

  const byPath = new Map<string, { pattern: RegExp; match: PathMatch }>();
  for (const route of routes) {
    let entry = byPath.get(route.path);
    if (!entry) {
      // Same path-template syntax as trpc-to-openapi: {name} matches one segment.
      const pattern = new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`);
      entry = { pattern, match: { byMethod: new Map(), allow: '' } };
      byPath.set(route.path, entry);
    }
    entry.match.byMethod.set(route.method, route);
    if (route.meta.op.retired) entry.match.retired = route;
    entry.match.allow = [...entry.match.byMethod.keys()].sort().join(', ');
  }
  // Static paths before templated ones, so /cart/{id}/items never shadows a literal route.
  const ordered = [...byPath.values()].sort((a, b) => templateCount(a.pattern) - templateCount(b.pattern));

  return {
    routes,
    match(pathname) {
      return ordered.find((e) => e.pattern.test(pathname))?.match;
    },
  };
}

function templateCount(pattern: RegExp): number {
  return pattern.source.split('[^/]+').length - 1;
}
