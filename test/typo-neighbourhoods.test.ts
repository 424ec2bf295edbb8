/**
 * Typo correction finds a short word's one-edit candidates through deletion neighbourhoods
 * (db/schema.ts, wordNeighbourhood; catalog/typo.ts, oneEditCandidates). They must be exactly the
 * dictionary words among the word's one-edit variants as the correction defines them: a letter
 * deleted, a letter a–z inserted or (from five letters) put in place of another, two neighbours
 * swapped. Checked against those variants generated one by one, over dictionaries dense with near
 * neighbours: a small alphabet with an accented letter and a digit, which no variant gains.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneEditCandidates, TYPO_REPLACE_MIN_LENGTH, TYPO_TRIGRAM_MIN_LENGTH } from '../server/catalog/typo';
import { rows, type Db } from '../server/db/client';
import { testDatabase, type TestDatabase } from './support/app';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every one-edit variant of `word` a short misspelt word may be corrected to. */
function variants(word: string): Set<string> {
  const out = new Set<string>();
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
  for (let i = 0; i + 1 < chars.length; i++) out.add([...chars.slice(0, i), chars[i + 1], chars[i], ...chars.slice(i + 2)].join(''));
  for (let i = 0; i <= chars.length; i++) for (const c of LETTERS) out.add([...chars.slice(0, i), c, ...chars.slice(i)].join(''));
  if (chars.length >= TYPO_REPLACE_MIN_LENGTH) {
    for (let i = 0; i < chars.length; i++) for (const c of LETTERS) out.add([...chars.slice(0, i), c, ...chars.slice(i + 1)].join(''));
  }
  return out;
}

const word = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

let database: TestDatabase;
let db: Db;
let dictionary: string[];

beforeAll(async () => {
  database = await testDatabase();
  db = database.database.db;
  // Up to two letters longer than any word looked up, so the index's length bound is crossed too.
  dictionary = [...new Set(fc.sample(word('abcé1', 2, TYPO_TRIGRAM_MIN_LENGTH + 1), { numRuns: 1500, seed: 48 }))];
  await db.execute(sql`INSERT INTO search_words (word, documents)
      SELECT w, 1 FROM unnest(${`{${dictionary.join(',')}}`}::text[]) w ON CONFLICT DO NOTHING`);
});
afterAll(() => database.drop());

async function candidates(words: string[]): Promise<Map<string, Set<string>>> {
  const found = await rows<{ word: string; candidate: string }>(
    db,
    oneEditCandidates(sql`(SELECT unnest(${`{${words.join(',')}}`}::text[]) AS word)`),
  );
  const byWord = new Map(words.map((w) => [w, new Set<string>()]));
  for (const r of found) byWord.get(r.word)!.add(r.candidate);
  return byWord;
}

describe('one-edit candidates through deletion neighbourhoods', () => {
  it('are exactly the dictionary words among the variants of each word', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(word('abcéx1', 3, TYPO_TRIGRAM_MIN_LENGTH - 1), { minLength: 1, maxLength: 8 }), async (words) => {
        const found = await candidates(words);
        for (const w of words) {
          const expected = new Set([...variants(w)].filter((v) => dictionary.includes(v)));
          expect([...found.get(w)!].sort(), w).toEqual([...expected].sort());
        }
      }),
      { numRuns: 150, seed: 48 },
    );
  });

  it('leave out a word two edits away that shares a deletion, and a letter no variant gains', async () => {
    // "xabcq" and "abcxq" share "abcq" (the x moved: two edits); "abcd1" is "abcde" with a digit in place of its e.
    await db.execute(sql`INSERT INTO search_words (word, documents) VALUES ('abcxq', 1), ('abcd1', 1), ('abcdf', 1) ON CONFLICT DO NOTHING`);
    const found = await candidates(['xabcq', 'abcde']);
    expect(found.get('xabcq')!.has('abcxq')).toBe(false);
    expect(found.get('abcde')!.has('abcd1')).toBe(false);
    expect(found.get('abcde')!.has('abcdf')).toBe(true);
  });
});
