/**
 * The REST edge's own decoding of what the transport carries as text: query strings become the
 * typed values the shared zod schemas expect (so the schemas stay strict for MCP and in-process
 * callers), and bodies become JSON. Failures of the body are not raised here but handed to the
 * pipeline, which raises them after the idempotency-key check (the contract's order of checks).
 */
import type { z } from 'zod';
import { ApiError } from '../errors/catalogue';


type FieldKind = 'number' | 'boolean' | 'text';

/** How each top-level field of an input schema is read from a query string. */
export function queryFieldKinds(schema: z.ZodType): Map<string, FieldKind> {
  const shape = (schema as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def.shape ?? {};
  return new Map(Object.entries(shape).map(([name, field]) => [name, kindOf(field)]));
}

function kindOf(schema: z.ZodType): FieldKind {
  let def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  for (;;) {
    if (def.innerType) def = def.innerType._zod.def; // optional, default, nullable, …
    else if (def.type === 'pipe' && def.in) def = def.in._zod.def;
    else break;
  }
  return def.type === 'number' ? 'number' : def.type === 'boolean' ? 'boolean' : 'text';
}

interface ZodDef {
  type: string;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
}

// Plain decimal notation only: 0x10, 1e3, +5 and " 5" stay text, which the schema then refuses.
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function typed(kind: FieldKind | undefined, text: string): unknown {
  if (kind === 'number' && DECIMAL.test(text)) return Number(text);
  if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * The query as trpc-to-openapi takes it pre-parsed (`req.query`): every value in an array, which it
 * unwraps when there is one; a repeated parameter stays an array, which a scalar field refuses.
 */
export function readQuery(params: URLSearchParams, kinds: Map<string, FieldKind>): Record<string, unknown[]> {
  const query: Record<string, unknown[]> = Object.create(null);
  params.forEach((text, name) => {
    (query[name] ??= []).push(typed(kinds.get(name), text));
  });
  return query;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export type DecodedBody = { ok: true; value: unknown } | { ok: false; error: ApiError };

/** A JSON body of at most 1 MiB; an empty body needs no Content-Type. */
export function decodeBody(body: Uint8Array | null | 'too_large', contentType: string | null): DecodedBody {
  if (body === 'too_large') return { ok: false, error: new ApiError('payload_too_large') };
  if (!body || body.length === 0) return { ok: true, value: undefined };
  if (!contentType || !JSON_TYPE.test(contentType)) {
    const message = `Request bodies must be application/json${contentType ? `, not ${contentType.split(';')[0]}` : ''}.`;
    return { ok: false, error: new ApiError('unsupported_media_type', { message }) };
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.from(body).toString('utf8')) };
  } catch (err) {
    return { ok: false, error: new ApiError('invalid_json', { message: `The request body is not valid JSON: ${(err as Error).message}` }) };
  }
}

/** A query's parameters typed for `schema` as the REST edge types them (benchmarks replay the mix with it). */
export function queryInput(schema: z.ZodType, params: Record<string, string | number>): Record<string, unknown> {
  const kinds = queryFieldKinds(schema);
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typed(kinds.get(name), String(value))]));
}
