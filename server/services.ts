/**
 * The long-lived objects one process shares between requests: configuration, the database, the
 * operation catalogue and a short-lived answer cache whose source of truth is the database (so
 * several instances can share one Postgres).
 */
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { SettingsStore } from './domain/settings';
import { ResponseCache } from './http/response-cache';
import type { Operation } from './trpc/operations';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  /** Every operation's policy, read once from the router (trpc/operations.ts). */
  operations: readonly Operation[];
  /** Answers of `cacheMs` operations; cleared by writes that change them. */
  responses: ResponseCache;
  settings: SettingsStore;
}

export function createServices(config: Config, database: Database, operations: readonly Operation[]): Services {
  return {
    config,
    database,
    db: database.db,
    operations,
    responses: new ResponseCache(),
    settings: new SettingsStore(database.db),
  };
}
