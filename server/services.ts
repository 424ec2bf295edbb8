/**
 * The long-lived objects one process shares between requests: configuration, the database, the
 * route table and small caches whose source of truth is the database (so several instances can
 * share one Postgres).
 */
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { LimitsCache } from './domain/limits';
import { SettingsStore } from './domain/settings';
import { buildRouteTable, type RouteTable } from './http/routes';
import { appRouter } from './routers';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  routes: RouteTable['routes'];
  limits: LimitsCache;
  settings: SettingsStore;
}

export function createServices(config: Config, database: Database): Services {
  return {
    config,
    database,
    db: database.db,
    routes: buildRouteTable(appRouter).routes,
    limits: new LimitsCache(database.db),
    settings: new SettingsStore(database.db),
  };
}
