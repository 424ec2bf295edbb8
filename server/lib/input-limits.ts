/**
 * Limits on input, each closing a way input once failed a request with a 500 or changed it silently.
 * `inputIssue` is what no operation takes, whatever its schema, checked once in the pipeline for
 * every transport (REST query strings and bodies, MCP tool arguments, in-process calls) before
 * the schema runs:
 * - NUL: Postgres text and jsonb cannot hold U+0000, and the statement failed.
 * - Lone UTF-16 surrogates: not Unicode; the driver stored them as U+FFFD, silently changing the input.
 * - Nesting: the canonical JSON of an idempotency fingerprint (and any other recursive walk)
 *   overflowed the stack on a body of a few thousand nested arrays.
 * The rest are for the schemas, where they are published: single-line text fields and the word
 * count of a search query.
 */
import { z } from 'zod';

/** Deepest nesting of objects and arrays an input may have; the input itself is level 1. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Words (runs of letters or digits) a search query may hold. Typo correction splices each word
 * back into the query through concat(), whose arguments Postgres caps at 100: 49 words was the
 * most a query could hold before it failed.
 */
export const MAX_QUERY_WORDS = 32;

export interface InputIssue {
  path: string;
  message: string;
}

function textIssue(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  // Node ≥ 20 has String.prototype.isWellFormed; the ES2023 lib the project compiles against does not declare it.
  if (!(text as unknown as { isWellFormed(): boolean }).isWellFormed()) return 'must not contain unpaired UTF-16 surrogates (U+D800–U+DFFF)';
  return undefined;
}

/** The first thing in `value` (strings and object keys at any depth, and the depth) no operation takes. */
export function inputIssue(value: unknown): InputIssue | undefined {
  // Iterative, so an input nested far beyond the limit is refused without recursing into it.
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: node, path } = next;
    if (typeof node === 'string') {
      const message = textIssue(node);
      if (message) return { path: path.join('.'), message };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      return { path: path.join('.'), message: `must not nest objects and arrays more than ${MAX_INPUT_DEPTH} levels deep` };
    }
    const entries = Array.isArray(node) ? node.map((item, i) => [String(i), item] as const) : Object.entries(node);
    for (const [key, item] of entries) {
      const keyMessage = textIssue(key);
      if (keyMessage) return { path: path.join('.'), message: `a field name ${keyMessage}` };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** One line of text: no C0 control character (tab, line breaks, NUL…) and no DEL. */
const SINGLE_LINE = /^[^\x00-\x1f\x7f]*$/;

/** A short, single-line text field of at most `max` characters. */
export function singleLine(max: number) {
  return z.string().max(max).regex(SINGLE_LINE, 'must not contain control characters (U+0000–U+001F, U+007F)');
}

const WORD = /[\p{L}\p{N}]+/gu;

export function wordCount(text: string): number {
  return text.match(WORD)?.length ?? 0;
}
