/**
 * The long-lived objects one process shares between requests: configuration, the database, the
 * route table and a short-lived answer cache whose source of truth is the database (so several
 * instances can share one Postgres).
 */
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { SettingsStore } from './domain/settings';
import { ResponseCache } from './http/response-cache';
import { buildRouteTable, type RouteTable } from './http/routes';
import { appRouter } from './routers';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  routes: RouteTable;
  /** Answers of `cacheMs` operations; cleared by writes that change them. */
  responses: ResponseCache;
  settings: SettingsStore;
}

export function createServices(config: Config, database: Database): Services {
  return {
    config,
    database,
    db: database.db,
    routes: buildRouteTable(appRouter),
    responses: new ResponseCache(),
    settings: new SettingsStore(database.db),
  };
}
