/**
 * UCP's shopping binding in the fuzz suite. /api/openapi.json does not describe it (UCP's own
 * rest.openapi.json does, and the repository reads nothing outside itself), so its operations
 * come from the operation catalogue: each one's input schema laid out as the OpenAPI document
 * requests.ts generates from, at the network's endpoint and at a seller's; and its answers are
 * held to UCP's shapes (server/errors/ucp.ts) and to each operation's output schema.
 */
import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorSpec } from '../../server/errors/catalogue';
import type { Operation } from '../../server/trpc/meta';
import type { OpenApiDocument } from './schemas';

type Json = Record<string, any>;

export interface BindingSurface {
  /** The binding's operations as an OpenAPI document's paths, both endpoints of each. */
  doc: OpenApiDocument;
  /** `METHOD path` → the schema a success answer must parse with. */
  outputs: Map<string, z.ZodType>;
  /** `METHOD path` → the status of its success (201 for UCP's creates; a business outcome is 200). */
  successStatuses: Map<string, number>;
}

/** A seller's endpoint of a binding path (server/domain/ucp-endpoints.ts). */
const sellerPath = (path: string) => `/store/{handle}${path}`;

export function bindingSurface(operations: readonly Operation[]): BindingSurface {
  const paths: Json = {};
  const schemas: Json = {};
  const outputs = new Map<string, z.ZodType>();
  const successStatuses = new Map<string, number>();
  for (const op of operations) {
    if (op.access.kind !== 'binding' || !op.rest) continue;
    const { $defs, ...top } = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as Json;
    for (const [name, schema] of Object.entries($defs ?? {})) schemas[`${op.name}.${name}`] = componentRefs(schema, op.name);
    // An input with an id of its own is a reference to its definition.
    const input: Json = top.$ref ? $defs[top.$ref.slice('#/$defs/'.length)] : top;
    // A path parameter ({id}) is one of the input's fields; the rest is the body, which a GET has none of.
    const inPath = [...op.rest.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const pathParameters = inPath.map((name) => ({ name, in: 'path', required: true, schema: componentRefs(input.properties[name], op.name) }));
    const bodyFields = Object.keys(input.properties ?? {}).filter((field) => !inPath.includes(field));
    const bodySchema = { ...input, properties: Object.fromEntries(bodyFields.map((f) => [f, input.properties[f]])), required: (input.required ?? []).filter((f: string) => !inPath.includes(f)) };
    const body = op.rest.method === 'GET' ? undefined : { content: { 'application/json': { schema: componentRefs(bodySchema, op.name) } } };
    const method = op.rest.method.toLowerCase();
    const handle = { name: 'handle', in: 'path', required: true, schema: { type: 'string' } };
    for (const [path, parameters] of [[op.rest.path, pathParameters], [sellerPath(op.rest.path), [handle, ...pathParameters]]] as const) {
      (paths[path] ??= {})[method] = { parameters, ...(body && { requestBody: body }) };
      outputs.set(`${op.rest.method} ${path}`, op.output);
      successStatuses.set(`${op.rest.method} ${path}`, op.policy.successStatus ?? 200);
    }
  }
  return { doc: { paths, components: { schemas } }, outputs, successStatuses };
}

/** `#/$defs/X` of one operation's schema as the document's `#/components/schemas/<operation>.X`. */
function componentRefs(value: unknown, operation: string): any {
  if (Array.isArray(value)) return value.map((v) => componentRefs(v, operation));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/') ? `#/components/schemas/${operation}.${inner.slice('#/$defs/'.length)}` : componentRefs(inner, operation),
    ]),
  );
}

// ---------------------------------------------------------------- the oracle

const SEVERITIES = new Set(['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable']);

/** Each code a non-2xx binding answer may carry (the catalogue's, or UCP's name for it) → the statuses it comes with. */
const TRANSPORT_CODES = new Map<string, Set<number>>();
/**
 * The codes of business outcomes, answered 200 as UCP's error_response: the catalogue's, and the
 * freeform codes of a create that could take none of the items sent (ucp/session.ts refusedItems).
 */
const OUTCOME_CODES = new Set<string>(['item_unavailable', 'quantity_exceeds_limit']);
for (const [code, spec] of Object.entries(ERROR_CATALOGUE) as [string, ErrorSpec][]) {
  const rendered = spec.ucp?.code ?? code;
  if (spec.ucp?.outcome) OUTCOME_CODES.add(rendered);
  else {
    const statuses = TRANSPORT_CODES.get(rendered) ?? new Set<number>();
    TRANSPORT_CODES.set(rendered, statuses.add(spec.ucp?.status ?? spec.status));
  }
}

/** What is wrong with a binding answer's JSON body, or nothing. */
export function bindingViolations(surface: BindingSurface, operation: { method: string; path: string }, status: number, contentType: string, body: any): string[] {
  if (contentType.split(';')[0].trim().toLowerCase() !== 'application/json') return [`answered ${contentType || 'no content type'}, not application/json`];
  if (status >= 300) return transportViolations(status, body);
  if (body?.ucp?.status === 'error') return status === 200 ? errorResponseViolations(body) : [`answered ${status} with an error_response: a business outcome is 200`];
  const success = surface.successStatuses.get(`${operation.method} ${operation.path}`);
  if (status !== success) return [`answered ${status}: this operation’s success is ${success}`];
  const parsed = surface.outputs.get(`${operation.method} ${operation.path}`)!.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `success body: /${i.path.join('/')} ${i.message}`);
}

/** UCP's transport shape, which keeps the service's `{error, code}`: `{code, content, error, messages}`. */
function transportViolations(status: number, body: any): string[] {
  const problems: string[] = [];
  if (typeof body?.code !== 'string' || typeof body.content !== 'string' || typeof body.error !== 'string') {
    return [`not {code, content, error, messages}: ${JSON.stringify(body).slice(0, 200)}`];
  }
  const statuses = TRANSPORT_CODES.get(body.code);
  if (!statuses) problems.push(`code ${body.code} is neither in the catalogue nor UCP's name for an entry of it`);
  else if (!statuses.has(status)) problems.push(`code ${body.code} answered ${status}, the catalogue says ${[...statuses].join(' or ')}`);
  if (body.error !== body.content) problems.push('error is not the same prose as content');
  problems.push(...messagesViolations(body.messages, (code) => TRANSPORT_CODES.has(code)));
  if (Array.isArray(body.messages) && body.messages[0]?.code !== body.code) problems.push(`messages/0 has code ${body.messages[0]?.code}, the answer ${body.code}`);
  return problems;
}

/** UCP's error_response (types/error_response.json), which allows nothing else at its top level. */
function errorResponseViolations(body: Json): string[] {
  const problems: string[] = [];
  const extra = Object.keys(body).filter((k) => !['ucp', 'messages', 'continue_url'].includes(k));
  if (extra.length) problems.push(`error_response carries ${extra.join(', ')}`);
  if (typeof body.ucp.version !== 'string') problems.push('error_response: ucp.version is not a string');
  if (body.continue_url !== undefined && typeof body.continue_url !== 'string') problems.push('error_response: continue_url is not a string');
  problems.push(...messagesViolations(body.messages, (code) => OUTCOME_CODES.has(code)).map((p) => `error_response: ${p}`));
  return problems;
}

function messagesViolations(messages: unknown, known: (code: string) => boolean): string[] {
  if (!Array.isArray(messages) || messages.length === 0) return ['messages is not a non-empty array'];
  return messages.flatMap((m: any, i) => {
    if (m?.type !== 'error' || typeof m.code !== 'string' || typeof m.content !== 'string' || !SEVERITIES.has(m.severity)) {
      return [`messages/${i} is not {type: 'error', code, content, severity}: ${JSON.stringify(m).slice(0, 200)}`];
    }
    return known(m.code) ? [] : [`messages/${i}: code ${m.code} is not one this answer can carry`];
  });
}
