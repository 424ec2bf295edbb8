/**
 * invalid_request, the one shape of every refused input: `details.issues` lists each problem as
 * {path, message}. An unknown field gets an entry of its own, at its own path, naming the closest
 * valid name in `did_you_mean` when one is close (`seller` → `seller_handle`), so a caller fixes
 * a misspelt parameter without reading the schema.
 */
import type { z } from 'zod';
import { unwrappedDef } from '../lib/zod-def';
import { ApiError } from './catalogue';

export interface RequestIssue {
  path: string;
  message: string;
  did_you_mean?: string;
}

export function invalidRequest(issues: RequestIssue[]): ApiError {
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new ApiError('invalid_request', { message: `Invalid request: ${summary}`, details: { issues } });
}

/** An issue as zod reports it. */
export interface SchemaIssue {
  code?: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/** A schema's issues as request issues; given the schema, unknown fields come with suggestions. */
export function requestIssues(issues: readonly SchemaIssue[], schema?: z.ZodType): RequestIssue[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code !== 'unrecognized_keys' || !issue.keys) return [{ path: path.join('.'), message: issue.message }];
    const known = schema ? fieldNames(schema, path) : [];
    const listed = issue.keys.slice(0, UNKNOWN_LISTED).map((key) => unknownField([...path, key].join('.'), key, known));
    const more = issue.keys.length - listed.length;
    return more > 0 ? [...listed, { path: path.join('.'), message: `…and ${more} more unknown parameters.` }] : listed;
  });
}

/** Unknown fields listed one by one; a body of thousands of them is not answered with thousands of entries. */
const UNKNOWN_LISTED = 10;

export function unknownField(path: string, name: string, known: readonly string[]): RequestIssue {
  const guess = closestName(name, known);
  if (guess) return { path, message: `Unknown parameter '${name}'; did you mean '${guess}'?`, did_you_mean: guess };
  return { path, message: known.length ? `Unknown parameter '${name}'; the parameters are ${known.join(', ')}.` : `Unknown parameter '${name}'.` };
}

/** The field names of the object `schema` holds at `path` (through optional, default, pipe and arrays). */
function fieldNames(schema: z.ZodType, path: readonly string[]): string[] {
  let def = unwrappedDef(schema);
  for (const segment of path) {
    // Own fields only: a path segment may be any name a caller sent (`constructor`…).
    const inner = def.type === 'array' ? def.element : def.shape && Object.hasOwn(def.shape, segment) ? def.shape[segment] : undefined;
    if (!inner) return [];
    def = unwrappedDef(inner);
  }
  return Object.keys(def.shape ?? {});
}

/**
 * The valid name a caller most likely meant: the same name in another case or separator style
 * (`sellerHandle`, `Q`), a valid name it begins (`seller` → `seller_handle`, `max_price` →
 * `max_price_cents`), or one a typo or two away (`limt`, `mesage`). None when nothing is close.
 */
function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = normalized(name);
  let best: { name: string; score: number } | undefined;
  for (const candidate of known) {
    const score = closeness(wanted, normalized(candidate));
    if (score !== undefined && (!best || score < best.score)) best = { name: candidate, score };
  }
  return best?.name;
}

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function closeness(wanted: string, candidate: string): number | undefined {
  if (!wanted) return undefined;
  if (wanted === candidate) return 0;
  if (wanted.length >= 3 && (candidate.startsWith(wanted) || wanted.startsWith(candidate))) return 1;
  const distance = editDistance(wanted, candidate);
  return distance <= Math.max(1, Math.floor(wanted.length / 4)) ? 1 + distance : undefined;
}

/** Levenshtein distance; the names compared are short. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
