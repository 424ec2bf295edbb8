/**
 * Service configuration, read once from the environment. Everything that varies between
 * deployments lives here; nothing else reads process.env.
 */
import path from 'node:path';

export interface Config {
  port: number;
  /** Origin used in every published document (manifests, OpenAPI, docs). No trailing slash. */
  publicBaseUrl: string;
  /** Real Postgres when set; otherwise embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Pool size for Postgres (PGlite is a single connection). */
  databasePoolSize: number;
  /** Reverse-domain namespace under which the service advertises itself in UCP documents. */
  ucpNamespace: string;
  /** Day from which reserved or IP profile hosts are refused (YYYY-MM-DD). */
  profileHostRefusedFrom: string;
  /** Bearer token for /api/admin; unset disables the admin API. */
  adminToken: string | undefined;
  production: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const refusedFrom = env.PROFILE_HOST_REFUSED_FROM ?? '2027-03-01';
  if (!DATE.test(refusedFrom)) throw new Error(`PROFILE_HOST_REFUSED_FROM must be YYYY-MM-DD, got "${refusedFrom}"`);
  const base = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  new URL(base); // fail fast on a malformed origin
  return {
    port: Number(env.PORT ?? 3000),
    publicBaseUrl: base,
    databaseUrl: env.DATABASE_URL || undefined,
    // The start page (app/page.tsx) reads the config too; the comment keeps Next's build from
    // tracing the whole project for this path.
    dataDir: path.resolve(/* turbopackIgnore: true */ env.DATA_DIR ?? '.data'),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    ucpNamespace: env.UCP_NAMESPACE ?? 'com.agentcommerce',
    profileHostRefusedFrom: refusedFrom,
    adminToken: env.ADMIN_TOKEN || undefined,
    production: env.NODE_ENV === 'production',
  };
}
