/**
 * Statements built once. drizzle turns a query builder into SQL text on every call, and its
 * entity checks walk every column and value to do it: about a quarter of the Node CPU of an
 * idempotent POST (feedback: the claim, the insert, the stored outcome; measured with --cpu-prof).
 * A hot statement is described once with `sql.placeholder`s; each call fills in its values and
 * runs the same text on the handle it is given — the request's, under its deadline, or its
 * transaction's — so it keeps every rule a statement built in place keeps.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}

/**
 * `build` describes the statement against any handle; it is built once per driver (a test run may
 * use both), on the first call's handle. Both drivers' prepared queries run on the `client` they
 * hold, which a handle's session carries: each call runs the template on the caller's.
 */
export function prepared<V extends object, R>(name: string, build: (db: Db) => Preparable<R>): (db: Db, values: V) => Promise<R> {
  const templates = new Map<unknown, Prepared<R>>();
  return (db, values) => {
    const { session } = db as unknown as { session: { client: unknown } };
    let template = templates.get(session.constructor);
    if (!template) {
      template = build(db).prepare(name);
      // Never run on the handle it was built with: that client may be long closed.
      (template as { client?: unknown }).client = undefined;
      templates.set(session.constructor, template);
    }
    const query = Object.create(template) as Prepared<R> & { client: unknown };
    query.client = session.client;
    return query.execute(values as Record<string, unknown>);
  };
}

interface Internals {
  dialect: { sqlToQuery(statement: SQL): unknown };
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): Prepared<unknown> };
}

/**
 * A raw statement built once (`sql` with `sql.placeholder`s): its rows on either driver (PGlite
 * answers `{rows}`, postgres-js an array), as `rows()` in db/client.ts answers them.
 */
export function preparedRows<V extends object, T>(name: string, statement: SQL): (db: Db, values: V) => Promise<T[]> {
  const run = prepared<V, unknown>(name, (db) => {
    const { dialect, session } = db as unknown as Internals;
    return { prepare: (as) => session.prepareQuery(dialect.sqlToQuery(statement), undefined, as, false) };
  });
  return async (db, values) => rowsOf<T>(await run(db, values));
}

/** A placeholder of the same name for each field: the values of an insert built once. */
export function placeholders<K extends string>(...names: K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<K, Placeholder<K>>;
}

/**
 * A placeholder where drizzle's types want a value: `.set()` takes one at run time (the column
 * still encodes the value it is filled with), though its types do not say so.
 */
export function placeholderFor<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
