/**
 * Typo tolerance: misspelt query words are replaced by the closest word of the catalog's own
 * vocabulary (`search_words`, trigram-indexed) before the full-text query runs — ~0.1 ms, where
 * fuzzy-matching titles costs ~500 ms at 1M products.
 *
 * Only plain words are candidates: words inside "quoted phrases" (the caller asked for exactly
 * that text), excluded `-words` (correcting an exclusion would silently exclude something else)
 * and the `or` operator are kept as written, as are words the vocabulary never holds (shorter than
 * 3 characters, longer than 40, or all digits).
 *
 * Here too is the correction itself (typoCorrection): a part of the search statement, which
 * search-sql.ts places before its query when a first page has words to correct.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NEIGHBOURHOOD_MAX_LENGTH, wordNeighbourhood } from '../db/schema';
import { synonymsOf } from './synonyms';
import { SHARDS, textMatch } from './text-match';

/** A plain word of a query (lower-cased) and where it stands in the query. */
export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

/** Tokens as websearch_to_tsquery reads them: a quoted phrase (closed or not) or a run of non-space. */
const TOKEN = /"[^"]*"?|[^\s"]+/g;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Plain words of a query worth looking up, with their positions in it. The search statement
 * corrects them (search-sql.ts, queryCtes) and keeps everything else verbatim.
 */
export function correctableWords(q: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const token of q.matchAll(TOKEN)) {
    const text = token[0];
    if (text.startsWith('"') || text.startsWith('-') || text.toLowerCase() === 'or') continue;
    for (const w of text.matchAll(WORD)) {
      const word = w[0].toLowerCase();
      if (word.length < 3 || word.length > 40 || /^\p{N}+$/u.test(word)) continue;
      const start = token.index + w.index;
      spans.push({ word, start, end: start + w[0].length });
    }
  }
  return spans;
}

/** pg_trgm similarity a dictionary word needs to replace a long unknown query word (pg_trgm's own default; see typoCorrection). */
export const TYPO_MIN_SIMILARITY = 0.3;

/**
 * The values typoCorrection reads, by placeholder name: `words`, the words to correct, and
 * `synonyms`, those of them with synonyms. Words are letters and digits only (correctableWords),
 * so they travel as one space-separated text parameter: no array or JSON parameter, which drivers
 * serialise differently.
 */
export function typoCorrectionValues(correct: WordSpan[]): { words: string; synonyms: string } {
  const words = [...new Set(correct.map((span) => span.word))];
  return {
    words: words.join(' '),
    // Each word with synonyms, as `word synonym…` lines (synonyms are letters only, like words).
    synonyms: words
      .map((word) => [word, ...synonymsOf(word)])
      .filter((line) => line.length > 1)
      .map((line) => line.join(' '))
      .join('\n'),
  };
}

/**
 * Letters a one-edit variant of a misspelt word may gain (inserted or in place of another). Not
 * digits (a mistyped digit is rarely a typo of a word) nor accented letters: a word written without
 * its accents is found by folding them (ACCENTED).
 */
const EDIT_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/**
 * The letters and the positions (0–40: words are at most 40 long) as constant arrays: unnest of a
 * constant tells the planner how many rows it makes, where generate_series(0, length(word)) was
 * guessed at 1,000 and priced each check a thousand times over.
 */
const LETTERS = sql.raw(`'{${[...EDIT_LETTERS].join(',')}}'::text[]`);
const POSITIONS = sql.raw(`'{${Array.from({ length: 41 }, (_, i) => i).join(',')}}'::int[]`);
/** Accented letters and their plain forms, for a word written without its accents ("acai" → "açaí"). */
const ACCENTED = ['àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'aaaaaaceeeeiiiinoooooouuuuyy'] as const;
/**
 * A word this long or longer may also be corrected to a vocabulary word two or more edits away,
 * found by trigram similarity. Shorter words have too few trigrams for similarity to tell a typo
 * from another word ("couch" and "court" are 0.33 alike, "pda" and "pad" 0.14), so they are
 * corrected only within one edit, through the deletion neighbourhoods of the words up to this long
 * (db/schema.ts): a candidate one letter longer than such a word is indexed there.
 */
export const TYPO_TRIGRAM_MIN_LENGTH = NEIGHBOURHOOD_MAX_LENGTH;
/**
 * A word this long or longer may be corrected by replacing a letter. Shorter words are corrected
 * only by a letter deleted, inserted or swapped: one letter replaced turns most short English
 * words into others ("buds" → "beds", "cap" → "cup", "pen" → "pan"), where a missing or swapped
 * letter rarely does ("blub" → "bulb", "dsk" → "desk").
 */
export const TYPO_REPLACE_MIN_LENGTH = 5;

/**
 * Whether `b` is one edit from `a` (a letter deleted, inserted or replaced, or two neighbours
 * swapped), position by position: for the few trigram candidates of a long word, where generating
 * its ~600 variants would cost more than the trigram lookup itself.
 */
function oneEdit(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM unnest(${POSITIONS}) i WHERE i < greatest(length(${a}), length(${b})) AND (
      (length(${b}) = length(${a}) + 1 AND left(${b}, i) || substr(${b}, i + 2) = ${a})
      OR (length(${b}) = length(${a}) - 1 AND left(${a}, i) || substr(${a}, i + 2) = ${b})
      OR (length(${b}) = length(${a}) AND left(${a}, i) || substr(${b}, i + 1, 1) || substr(${a}, i + 2) = ${b})
      OR (length(${b}) = length(${a}) AND left(${a}, i) || substr(${a}, i + 2, 1) || substr(${a}, i + 1, 1) || substr(${a}, i + 3) = ${b})))`;
}

/**
 * Whether `b` is one of the one-edit variants of `a` a short word is corrected to: a letter
 * deleted, a letter of EDIT_LETTERS inserted or (from TYPO_REPLACE_MIN_LENGTH letters) put in place
 * of another, or two neighbours swapped. It sorts out the few dictionary words whose deletion
 * neighbourhood meets `a`'s, which also holds words two edits away ("xabc" and "abcx" share "abc").
 */
function oneEditVariant(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM unnest(${POSITIONS}) i WHERE CASE length(${b}) - length(${a})
      WHEN -1 THEN i < length(${a}) AND left(${a}, i) || substr(${a}, i + 2) = ${b}
      WHEN 1 THEN i <= length(${a}) AND left(${b}, i) || substr(${b}, i + 2) = ${a} AND substr(${b}, i + 1, 1) = ANY (${LETTERS})
      WHEN 0 THEN (i < length(${a}) - 1 AND left(${a}, i) || substr(${a}, i + 2, 1) || substr(${a}, i + 1, 1) || substr(${a}, i + 3) = ${b})
        OR (i < length(${a}) AND length(${a}) >= ${sql.raw(String(TYPO_REPLACE_MIN_LENGTH))} AND substr(${b}, i + 1, 1) = ANY (${LETTERS})
            AND left(${a}, i) || substr(${b}, i + 1, 1) || substr(${a}, i + 2) = ${b})
      ELSE false END)`;
}

/**
 * `(word, candidate, documents)`: for each `word` of `words` (a relation of words shorter than
 * TYPO_TRIGRAM_MIN_LENGTH), the dictionary words that are one of its one-edit variants, with the
 * number of products holding each. They are among the words whose deletion neighbourhood meets the
 * word's (db/schema.ts), found by the GIN index; oneEditVariant sorts them out.
 */
export function oneEditCandidates(words: SQL): SQL {
  return sql`SELECT u.word, k.word AS candidate, k.documents
      FROM ${words} u
      JOIN search_words k ON length(k.word) <= ${sql.raw(String(NEIGHBOURHOOD_MAX_LENGTH))}
       AND ${wordNeighbourhood(sql`k.word`)} && ${wordNeighbourhood(sql`u.word`)}
      WHERE ${oneEditVariant(sql`u.word`, sql`k.word`)}`;
}

/**
 * Typo correction, one query for all words. Answers `{word, correction}` for each word that
 * should be replaced: not in the dictionary, not an English stop word, found in no product at all,
 * and with a candidate that does not merely share its stem (`headphone` → `headphones` would
 * change nothing). The dictionary (`search_words`) holds every word of titles, brands, categories
 * and descriptions (catalog/writer.ts). Candidates, the nearest first:
 * 0. a synonym the dictionary holds (synonyms.ts: "couch" → "sofa"), or the same letters with
 *    accents ("acai" → "açaí");
 * 1. a dictionary word one edit away (a letter deleted, inserted or, from TYPO_REPLACE_MIN_LENGTH
 *    letters, replaced; or two swapped). For a word shorter than TYPO_TRIGRAM_MIN_LENGTH these are
 *    the dictionary words whose deletion neighbourhood meets the word's (db/schema.ts), which
 *    finds "bulb" for "blub" and "pad" for "pda" where trigrams cannot (looking each of its ~400
 *    variants up by key found the same words, ~15× slower); a longer word keeps enough trigrams
 *    through one edit to be found by them (2), and is checked for one edit there;
 * 2. for words of TYPO_TRIGRAM_MIN_LENGTH letters or more, a dictionary word at least
 *    TYPO_MIN_SIMILARITY alike (pg_trgm) that starts with the same letter and differs in length
 *    by at most two;
 * 3. for a person by what they do, the doing: "runner" → "running", "cyclist" → "cycling" (the
 *    gifts shoppers ask for: "gift for a cyclist").
 * Among candidates equally near, the word in more products wins. The threshold alone used to
 * decide (similarity ≥ 0.3, any length), which corrected real words to unrelated ones ("couch" →
 * "court", "cheap" → "chew", "mountian" → "mounted") and missed short typos ("blub", "pnats").
 * "Found in no product" asks the shards one by one (EXISTS stops at the first hit): an OR over
 * them would not use the indexes for a word that comes from the query's own rows.
 */
export function typoCorrection(): SQL {
  // `unknown` is materialised so the dictionary lookup runs first: left to the planner, the
  // costlier product check ran first, for every word, known or not. Everything after it reads
  // only the unknown words, so a query the dictionary knows costs nothing more.
  const [accented, plain] = ACCENTED;
  return sql`WITH unknown AS MATERIALIZED (
      SELECT t.word FROM unnest(string_to_array(${sql.placeholder('words')}::text, ' ')) AS t(word)
      WHERE to_tsvector('english', t.word) <> ''::tsvector
        AND NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = t.word)
    ),
    edits AS MATERIALIZED (${oneEditCandidates(sql`(SELECT * FROM unknown WHERE length(word) < ${sql.raw(String(TYPO_TRIGRAM_MIN_LENGTH))})`)}),
    -- Each candidate with the number of products holding it, looked up by key (LIMIT 1 keeps each
    -- lookup a probe: as a join, the planner hashed the whole dictionary for two candidates).
    candidates AS (
      SELECT s.word, w.word AS candidate, 0 AS distance, s.rank, w.documents
      FROM (SELECT split_part(l, ' ', 1) AS word, c.candidate, c.rank
            FROM unnest(string_to_array(${sql.placeholder('synonyms')}::text, E'\n')) l
            CROSS JOIN LATERAL unnest((string_to_array(l, ' '))[2:]) WITH ORDINALITY c(candidate, rank)) s
      CROSS JOIN LATERAL (SELECT k.word, k.documents FROM search_words k WHERE k.word = s.candidate LIMIT 1) w
      WHERE s.word IN (SELECT u.word FROM unknown u)
      UNION ALL
      SELECT u.word, w.word, 0, 0, w.documents FROM unknown u JOIN search_words w
        ON w.word >= left(u.word, 1) AND w.word < chr(ascii(left(u.word, 1)) + 1)
       AND length(w.word) = length(u.word) AND w.word <> u.word
       AND translate(w.word, ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)}) = u.word
      UNION ALL
      SELECT e.word, e.candidate, 1, 0, e.documents FROM edits e
      UNION ALL
      SELECT u.word, w.word, CASE WHEN ${oneEdit(sql`u.word`, sql`w.word`)} THEN 1 ELSE 2 END, 0, w.documents
      FROM unknown u JOIN search_words w ON w.word % u.word
      WHERE length(u.word) >= ${sql.raw(String(TYPO_TRIGRAM_MIN_LENGTH))} AND left(w.word, 1) = left(u.word, 1)
        AND abs(length(w.word) - length(u.word)) <= 2 AND similarity(w.word, u.word) >= ${TYPO_MIN_SIMILARITY}::float4
      UNION ALL
      SELECT u.word, w.word, 3, 0, w.documents FROM unknown u
      CROSS JOIN LATERAL (SELECT k.word, k.documents FROM search_words k WHERE k.word = regexp_replace(u.word, '(ers?|ists?)$', 'ing') LIMIT 1) w
      WHERE u.word ~ '^[[:alpha:]]{3,}(ers?|ists?)$'
    )
    SELECT q.word, c.word AS correction FROM unknown q
    CROSS JOIN LATERAL (
      SELECT c.candidate AS word FROM candidates c
      WHERE c.word = q.word
      ORDER BY c.distance, c.rank, c.documents DESC, similarity(c.candidate, q.word) DESC, c.candidate
      LIMIT 1
    ) c
    WHERE to_tsvector('english', c.word) <> to_tsvector('english', q.word)
      AND NOT EXISTS (${sql.join(
        SHARDS.map((shard) => sql`SELECT 1 FROM products p WHERE ${textMatch(sql`plainto_tsquery('english', q.word)`, { shard })}`),
        sql` UNION ALL `,
      )})`;
}
