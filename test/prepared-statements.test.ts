/**
 * Statements built once (server/db/prepared.ts) run on the handle each call hands them: the
 * request's, or its transaction's (a rollback takes their row with it), on whichever driver that
 * handle drives — PGlite and Postgres in one process alike.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../server/db/client';
import { prepared } from '../server/db/prepared';
import { feedbackReports } from '../server/db/schema';
import { testDatabase, type TestDatabase } from './support/app';

const insertNote = prepared<{ id: string; message: string }, unknown>('test_feedback_note', (db) =>
  db.insert(feedbackReports).values({ id: sql.placeholder('id'), category: 'other', severity: 'friction', message: sql.placeholder('message'), caller: 'test' }),
);

const messageOf = async (db: Db, id: string) => (await db.select({ message: feedbackReports.message }).from(feedbackReports).where(eq(feedbackReports.id, id)))[0]?.message;

let embedded: Database;
let other: TestDatabase;

beforeAll(async () => {
  embedded = await openDatabase({ memory: true });
  // The suite's own database: Postgres when DATABASE_URL names one, else a second PGlite.
  other = await testDatabase();
});

afterAll(async () => {
  await embedded.close();
  await other.drop();
});

describe('a statement built once', () => {
  it('runs on each handle it is given, with the values of each call', async () => {
    await insertNote(embedded.db, { id: 'fb_prepared_1', message: 'first' });
    await insertNote(other.database.db, { id: 'fb_prepared_2', message: 'second' });
    await insertNote(embedded.db, { id: 'fb_prepared_3', message: 'third' });
    expect(await messageOf(embedded.db, 'fb_prepared_1')).toBe('first');
    expect(await messageOf(embedded.db, 'fb_prepared_3')).toBe('third');
    expect(await messageOf(embedded.db, 'fb_prepared_2')).toBeUndefined();
    expect(await messageOf(other.database.db, 'fb_prepared_2')).toBe('second');
  });

  it('runs inside the transaction it is handed: a rollback takes its row', async () => {
    for (const db of [embedded.db, other.database.db]) {
      await expect(
        db.transaction(async (tx) => {
          await insertNote(tx, { id: 'fb_prepared_rolled_back', message: 'gone' });
          expect(await messageOf(tx, 'fb_prepared_rolled_back')).toBe('gone');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await messageOf(db, 'fb_prepared_rolled_back')).toBeUndefined();
    }
  });

  it('runs on the scoped handle it is given: one whose deadline has passed waits for no turn (PGlite)', async () => {
    const expired = embedded.scoped({ deadline: performance.now() - 1 });
    await expect(insertNote(expired, { id: 'fb_prepared_late', message: 'late' })).rejects.toMatchObject({ cause: { code: 'DATABASE_DEADLINE' } });
    expect(await messageOf(embedded.db, 'fb_prepared_late')).toBeUndefined();
  });
});
