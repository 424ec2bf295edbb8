// npm run db:migrate — applies drizzle/ migrations to DATABASE_URL, or to the embedded PGlite folder.
import { openCommandDatabase } from './support/cli';

const database = await openCommandDatabase('npm run db:migrate', { migrate: false });
await database.migrate();
await database.close();
console.log(`Migrations applied to ${database.kind === 'postgres' ? 'Postgres' : 'the embedded PGlite folder'}.`);
