/**
 * The MCP tools, computed once from the operation catalogue: an operation with `tool` metadata is
 * a tool. Its input and output JSON Schemas come from the operation's own zod schemas (path
 * parameters renamed to snake_case arguments), plus the two arguments every transport-neutral
 * rule needs on MCP: `meta` (agent profile and buyer reference) and, for mutations,
 * `idempotency_key`. A tool may default some fields otherwise than the operation does
 * (ToolMeta.defaults): its schema advertises those defaults, and a call that leaves the fields out
 * gets them.
 *
 * An agent pays for tools/list in tokens on every session, so each thing is said once: what every
 * tool shares (identification, idempotency, failures) is in the server's instructions; a tool's
 * description says what it does, the live limits it checks and its own error codes. Output schemas
 * are the answer's structure without prose or checks only the server makes, and an answer shape
 * several tools share (the cart) is given in full by one of them, the others naming that tool.
 */
import { z } from 'zod';
import type { Operation } from '../trpc/meta';

export type JsonSchema = Record<string, unknown>;

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  /** MCP's hints (the title is the tool's own `title`: annotations.title is its older place). */
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  operation: Operation;
  /** Tool argument name → the operation's input field, where they differ (`cart_id` → `id`). */
  fieldOf: Record<string, string>;
  /** The reverse: input field → tool argument name, for error issues (`id` → `cart_id`). */
  argumentOf: Record<string, string>;
  /** Input field → the value a call that leaves it out gets (ToolMeta.defaults). */
  defaults: Record<string, unknown>;
}

export const LIMITS_RESOURCE = 'service://platform/limits';

/** 16–64 printable ASCII characters; the server says so if not (idempotency_key_invalid). */
const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 16,
  maxLength: 64,
  description: 'Fresh per logical request (a UUID); a retry reuses it with the same arguments.',
};

/** The instructions say the rest (the header and params._meta, the buyer reference). */
const META_SCHEMA = {
  type: 'object',
  description: '{"ucp-agent": {"profile": "<your agent profile URL>"}}, unless sent as a header.',
};

/** A tool as tools/list gives it. */
export type ListedTool = Pick<Tool, 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'>;

/**
 * The tools as tools/list gives them: an argument described alike in several tools (cart_id,
 * meta, idempotency_key, the address fields…) keeps its description in the first only, since an
 * agent reads the list whole. The tools themselves (and OpenRPC, read method by method) keep every
 * description.
 */
export function listedTools(tools: readonly ListedTool[]): ListedTool[] {
  const said = new Set<string>();
  const once = (properties: Record<string, JsonSchema>): Record<string, JsonSchema> =>
    Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => {
        const { description, ...rest } = schema;
        const out: JsonSchema = rest;
        if (rest.properties) out.properties = once(rest.properties as Record<string, JsonSchema>);
        const items = rest.items as JsonSchema | undefined;
        if (items?.properties) out.items = { ...items, properties: once(items.properties as Record<string, JsonSchema>) };
        if (typeof description === 'string') {
          const key = `${name}\u0000${description}`;
          if (!said.has(key)) out.description = description;
          said.add(key);
        }
        return [name, out];
      }),
    );
  return tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
    name,
    title,
    description,
    inputSchema: { ...inputSchema, properties: once((inputSchema.properties ?? {}) as Record<string, JsonSchema>) },
    outputSchema,
    annotations,
  }));
}

export function buildTools(operations: readonly Operation[]): Tool[] {
  const tools = operations.flatMap((operation) => (operation.tool ? [toolOf(operation, operation.tool)] : []));
  return outlineShared(tools);
}

function toolOf(operation: Operation, meta: NonNullable<Operation['tool']>): Tool {
  const input = jsonSchema(operation.input, 'input');
  // Only the operation's own fields are renamed (routers share one rename table across tools).
  const fields = new Set(Object.keys(input.properties ?? {}));
  const rename = Object.fromEntries(Object.entries(meta.rename ?? {}).filter(([field]) => fields.has(field)));
  const fieldOf = Object.fromEntries(Object.entries(rename).map(([field, argument]) => [argument, field]));
  const properties: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries((input.properties ?? {}) as Record<string, unknown>)) properties[rename[field] ?? field] = schema;
  const required = ((input.required ?? []) as string[]).map((field) => rename[field] ?? field);
  const defaults = meta.defaults ?? {};
  for (const [field, value] of Object.entries(defaults)) {
    const argument = rename[field] ?? field;
    const fieldSchema = operation.input instanceof z.ZodObject ? (operation.input.shape as Record<string, z.ZodType>)[field] : undefined;
    if (!fieldSchema?.safeParse(value).success) throw new Error(`${meta.name}: default ${field}=${JSON.stringify(value)} is not a valid value of an input field`);
    properties[argument] = { ...(properties[argument] as JsonSchema), default: value };
  }
  properties.meta = META_SCHEMA;
  if (operation.idempotent) {
    properties.idempotency_key = IDEMPOTENCY_KEY_SCHEMA;
    required.push('idempotency_key');
  }
  const readOnly = operation.type === 'query';
  const { properties: _, required: __, ...top } = lean(input, 'input') as JsonSchema;
  return {
    name: meta.name,
    title: meta.title,
    description: manual(operation, meta.description),
    inputSchema: { ...top, type: 'object', properties: lean(properties, 'input', true) as JsonSchema, ...(required.length && { required }) },
    outputSchema: { ...share(lean(jsonSchema(operation.output, 'output'), 'output') as JsonSchema), type: 'object' },
    annotations: {
      readOnlyHint: readOnly,
      idempotentHint: readOnly || operation.idempotent,
      destructiveHint: !readOnly && meta.destructive === true,
      openWorldHint: false,
    },
    operation,
    fieldOf,
    argumentOf: rename,
    defaults,
  };
}

/** The tool's own words, then the live limits it checks and its own error codes (the rest is in the instructions). */
function manual(operation: Operation, what: string): string {
  const lines = [what];
  const limits = operation.policy.limits ?? [];
  if (limits.length) lines.push(`Checks the live ${limits.join(' and ')} (resource ${LIMITS_RESOURCE}).`);
  const codes = operation.policy.errors ?? [];
  if (codes.length) lines.push(`Its errors: ${codes.join(', ')}.`);
  return lines.join('\n');
}

/**
 * An answer shape several tools share (by its schema's id, e.g. Cart) is given in full by one of
 * them (the first that only reads, else the first); the others name it and that tool.
 */
function outlineShared(tools: Tool[]): Tool[] {
  const byShape = new Map<string, Tool[]>();
  for (const tool of tools) {
    const id = shapeId(tool.operation.output);
    if (id) byShape.set(id, [...(byShape.get(id) ?? []), tool]);
  }
  for (const [id, sharing] of byShape) {
    if (sharing.length < 2) continue;
    const full = sharing.find((t) => t.operation.type === 'query') ?? sharing[0];
    for (const tool of sharing) {
      if (tool !== full) tool.outputSchema = { type: 'object', description: `A ${id}, as ${full.name}'s outputSchema gives it.` };
    }
  }
  return tools;
}

function shapeId(schema: z.ZodType): string | undefined {
  const id = z.globalRegistry.get(schema)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** An operation's input as its REST call carries it: the path's parameters, and the body (the fields outside the path). */
export interface RestInput {
  /** The REST path's parameters (`{id}`), in the path's order. */
  pathParameters: string[];
  /** Each path parameter's schema, by name. */
  parameters: Record<string, JsonSchema>;
  /** The path parameters the input requires. */
  requiredParameters: string[];
  /** The input fields the body carries. */
  bodyFields: string[];
  /** The body's schema: the input's own when no field is in the path. */
  body: JsonSchema;
}

/** The input split as REST carries it, for the protocol bindings' tools (a body argument, each path parameter an argument). */
export function restInput(operation: Operation): RestInput {
  const input = lean(jsonSchema(operation.input, 'input'), 'input') as JsonSchema;
  const fields = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = (input.required ?? []) as string[];
  const pathParameters = [...(operation.rest?.path.matchAll(/\{(\w+)\}/g) ?? [])].map((m) => m[1]);
  for (const parameter of pathParameters) if (!fields[parameter]) throw new Error(`${operation.name}: the path parameter ${parameter} is no input field`);
  const bodyFields = Object.keys(fields).filter((field) => !pathParameters.includes(field));
  const { properties: _, required: __, ...top } = input;
  const bodyRequired = required.filter((field) => !pathParameters.includes(field));
  return {
    pathParameters,
    parameters: Object.fromEntries(pathParameters.map((parameter) => [parameter, fields[parameter]])),
    requiredParameters: pathParameters.filter((parameter) => required.includes(parameter)),
    bodyFields,
    body: pathParameters.length ? { ...top, properties: Object.fromEntries(bodyFields.map((field) => [field, fields[field]])), ...(bodyRequired.length && { required: bodyRequired }) } : input,
  };
}

/** The largest integers zod writes as bounds of an unbounded .int(): no bound at all. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * A JSON Schema without what costs an agent tokens and tells it nothing: the safe-integer bounds
 * zod gives every unbounded integer, and patterns (the server checks them and names the field in
 * invalid_request; a `format` says what an e-mail or date-time pattern would). An output schema
 * also loses its prose and bounds, and stays open to new fields (additive changes come without
 * notice).
 * `properties` maps names to schemas, so its keys are never taken for keywords.
 */
export function lean(node: unknown, io: 'input' | 'output', isProperties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => lean(n, io));
  if (!node || typeof node !== 'object') return node;
  if (isProperties) return Object.fromEntries(Object.entries(node).map(([name, schema]) => [name, lean(schema, io)]));
  const schema = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === SAFE_INTEGER) continue;
    if (key === 'pattern') continue;
    if (io === 'output' && OUTPUT_ONLY_SERVER.has(key)) continue;
    if (io === 'output' && key === 'additionalProperties' && value === false) continue;
    // A const or an enum says the type too.
    if (io === 'output' && key === 'type' && ('const' in schema || 'enum' in schema)) continue;
    out[key] = lean(value, io, key === 'properties' || key === '$defs');
  }
  return io === 'output' ? tersely(byNames(out)) : out;
}

/** What an output schema leaves out: prose (the tool's description says what matters, once) and the server's own checks. */
const OUTPUT_ONLY_SERVER = new Set(['description', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems']);

const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/** A field that is a string, number or boolean (or null), nothing more: its name says the rest. */
function isPlainField(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const { type, format, ...rest } = schema as JsonSchema;
  const types = Array.isArray(type) ? type : [type];
  return Object.keys(rest).length === 0 && types.every((t) => typeof t === 'string' && PRIMITIVES.has(t)) && (format === undefined || typeof format === 'string');
}

/**
 * An output object by its fields' names: a plain field it always has is named in `required` only,
 * one it may leave out is listed with the empty schema, and a field with more to say (an enum, a
 * constant, an object, a list) is listed with its schema, and so named once. What it says: which
 * fields an answer has and how they nest, in about a third of the bytes of a schema typing every
 * field, and less than a typical answer.
 */
function byNames(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return schema;
  const required = new Set((schema.required ?? []) as string[]);
  const kept = Object.fromEntries(
    Object.entries(properties).flatMap(([name, field]) => (!isPlainField(field) ? [[name, field]] : required.has(name) ? [] : [[name, {}]])),
  );
  const plainRequired = [...required].filter((name) => !(name in kept));
  const { properties: _, required: __, ...rest } = schema;
  return { ...rest, ...(plainRequired.length && { required: plainRequired }), ...(Object.keys(kept).length && { properties: kept }) };
}

/**
 * `X or null` as X with null among its types (zod writes anyOf [X, {type: null}]), and no
 * `type` where the schema's own keywords say it (an object's fields, an array's items).
 */
function tersely(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null' && Object.keys(s).length === 1)) {
    const other = anyOf.find((s) => s.type !== 'null')!;
    // An object or list whose keywords say so lost its `type` on the way up (below).
    const type = other.type ?? ('required' in other || 'properties' in other ? 'object' : 'items' in other ? 'array' : undefined);
    if (typeof type === 'string' && !('$ref' in other)) {
      const { anyOf: _, ...rest } = schema;
      return { ...rest, ...other, type: [type, 'null'] };
    }
  }
  if ((schema.type === 'object' && ('required' in schema || 'properties' in schema)) || (schema.type === 'array' && 'items' in schema)) {
    const { type: _, ...rest } = schema;
    return rest;
  }
  return schema;
}

/** JSON Schema of a zod schema, self-contained (no $ref) and without a $schema, for any client. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return inline(root, ($defs ?? {}) as Record<string, JsonSchema>) as JsonSchema;
}

function inline(node: unknown, defs: Record<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, defs));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as { $ref?: string };
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v, defs)]));
  if (typeof $ref === 'string' && $ref.startsWith('#/$defs/')) return { ...(inline(defs[$ref.slice(8)], defs) as object), ...out };
  return out;
}

/**
 * The schema with each part it repeats (the same facet list in both views of a search, say) given
 * once under $defs and referred to where it recurs, while that makes it smaller. Parts are named
 * after the first property that holds them.
 */
export function share(root: JsonSchema): JsonSchema {
  let schema = root;
  const defs: Record<string, JsonSchema> = {};
  for (;;) {
    const seen = new Map<string, { node: JsonSchema; name: string; count: number }>();
    const visit = (node: unknown, name: string, top: boolean) => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, name, false));
      if (!node || typeof node !== 'object') return;
      if (!top) {
        const key = JSON.stringify(node);
        const entry = seen.get(key);
        if (entry) entry.count++;
        else seen.set(key, { node: node as JsonSchema, name, count: 1 });
      }
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties') for (const [p, s] of Object.entries(v as object)) visit(s, p, false);
        else visit(v, name, false);
      }
    };
    visit(schema, 'part', true);
    for (const def of Object.values(defs)) visit(def, 'part', true);
    // The repeat that saves the most: each occurrence but one becomes a $ref of ~25 bytes.
    let best: { key: string; name: string; node: JsonSchema; gain: number } | undefined;
    for (const [key, { node, name, count }] of seen) {
      const gain = (count - 1) * key.length - count * 25 - 10;
      if (count > 1 && gain > 0 && (!best || gain > best.gain)) best = { key, name, node, gain };
    }
    if (!best) break;
    let name = best.name.replace(/[^A-Za-z0-9_]/g, '_');
    for (let i = 2; name in defs; i++) name = `${best.name}_${i}`;
    defs[name] = best.node;
    const ref = { $ref: `#/$defs/${name}` };
    const replace = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(replace);
      if (!node || typeof node !== 'object') return node;
      if (JSON.stringify(node) === best.key) return ref;
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v)]));
    };
    schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, replace(v)])) as JsonSchema;
    for (const [n, d] of Object.entries(defs)) if (d !== best.node) defs[n] = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, replace(v)])) as JsonSchema;
  }
  return Object.keys(defs).length ? { ...schema, $defs: defs } : schema;
}
