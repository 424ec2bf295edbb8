// npm run db:migrate — applies drizzle/ migrations to DATABASE_URL, or to the embedded PGlite folder.
import { migrateDatabase } from '../server/db/client';
import { openCliDatabase } from './lib/cli-database';

const { config, database } = await openCliDatabase('npm run db:migrate', { migrate: false });
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied to ${config.databaseUrl ? 'Postgres' : `PGlite (${config.dataDir})`}.`);
