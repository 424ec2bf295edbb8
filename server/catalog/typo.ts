/**
 * Typo tolerance: misspelt query words are replaced by the closest word of the catalog's own
 * vocabulary (`search_words`, trigram-indexed) before the full-text query runs — ~0.1 ms, where
 * fuzzy-matching titles costs ~500 ms at 1M products.
 *
 * Only plain words are candidates: words inside "quoted phrases" (the caller asked for exactly
 * that text), excluded `-words` (correcting an exclusion would silently exclude something else)
 * and the `or` operator are kept as written, as are words the vocabulary never holds (shorter than
 * 3 characters, longer than 40, or all digits).
 */

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
