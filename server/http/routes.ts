/**
 * The REST routing table: each operation's method and path (its `meta.openapi`, which
 * trpc-to-openapi serves too, so the two can never disagree) and how its query string is typed.
 */
import type { Operation } from '../trpc/meta';
import { queryFieldKinds } from './rest-input';

export interface Route {
  method: string;
  path: string;
  operation: Operation;
  /** Methods whose input comes from the query string and path, not a body (as trpc-to-openapi has it). */
  bodyless: boolean;
  queryKinds: ReturnType<typeof queryFieldKinds>;
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

export function buildRouteTable(operations: readonly Operation[]): RouteTable {
  const routes: Route[] = operations.flatMap((operation) => {
    if (!operation.rest) return [];
    const { method, path } = operation.rest;
    return [{ method, path, operation, bodyless: method === 'GET' || method === 'DELETE', queryKinds: queryFieldKinds(operation.input) }];
  });

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
    if (route.operation.policy.retired) entry.match.retired = route;
    entry.match.allow = [...entry.match.byMethod.keys()].sort().join(', ');
  }
  // Static paths before templated ones, so /cart/{id}/items never shadows a literal route.
  const ordered = [...byPath.values()].sort((a, b) => templateCount(a.pattern) - templateCount(b.pattern));
  // A path without a template is found by its text (with or without the trailing slash its
  // pattern allows): most calls name one, and the scan tested up to every pattern before it.
  const literal = new Map<string, PathMatch>();
  for (const [path, entry] of byPath) {
    if (templateCount(entry.pattern) === 0) literal.set(path, entry.match).set(`${path}/`, entry.match);
  }

  return {
    routes,
    match(pathname) {
      return literal.get(pathname) ?? ordered.find((e) => e.pattern.test(pathname))?.match;
    },
  };
}

function templateCount(pattern: RegExp): number {
  return pattern.source.split('[^/]+').length - 1;
}
