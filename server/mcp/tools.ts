/**
 * The MCP tools, computed once from the operation catalogue: an operation with `tool` metadata is
 * a tool. Its input and output JSON Schemas come from the operation's own zod schemas (path
 * parameters renamed to snake_case arguments), plus the two arguments every transport-neutral
 * rule needs on MCP: `meta` (agent profile and buyer reference) and, for mutations,
 * `idempotency_key`. A tool may default some fields otherwise than the operation does
 * (ToolMeta.defaults): its schema advertises those defaults, and a call that leaves the fields out
 * gets them. The description is the agent's whole manual: what the tool does, then what
 * its policy requires, generated from that policy.
 */
import { z } from 'zod';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import type { Operation } from '../trpc/meta';

type JsonSchema = Record<string, unknown>;

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  operation: Operation;
  /** Tool argument name → the operation's input field, where they differ (`cart_id` → `id`). */
  fieldOf: Record<string, string>;
  /** The reverse: input field → tool argument name, for error issues (`id` → `cart_id`). */
  argumentOf: Record<string, string>;
  /** Input field → the value a call that leaves it out gets (ToolMeta.defaults). */
  defaults: Record<string, unknown>;
}

export const LIMITS_RESOURCE = 'service://platform/limits';

const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 16,
  maxLength: 64,
  pattern: '^[\\x20-\\x7e]{16,64}$',
  description:
    'A fresh key (16–64 printable ASCII characters, e.g. a UUID) per logical request. A retry must reuse the same key with the same arguments: it then returns the first outcome without acting twice. Keys are shared with the REST Idempotency-Key header in one namespace per caller.',
};

const PROFILE_SCHEMA = {
  description: 'Your agent profile URL (https): {"profile": "<url>"} or the UCP-Agent header’s string form.',
  anyOf: [
    { type: 'object', properties: { profile: { type: 'string', format: 'uri' } }, required: ['profile'] },
    { type: 'string', minLength: 1 },
  ],
};

const BUYER_SCHEMA = {
  description: 'Optional buyer reference, for attribution only: {ref: 8–64 of A-Z a-z 0-9 . _ : -, session: your conversation id}. Never an e-mail address or telephone number (dropped with an advisory).',
  anyOf: [
    { type: 'object', properties: { ref: { type: 'string' }, session: { type: 'string' } } },
    { type: 'string', minLength: 1 },
  ],
};

const META_SCHEMA = {
  type: 'object',
  description: 'Identification, when not sent as the UCP-Agent and Service-Buyer HTTP headers or in params._meta.',
  properties: { 'ucp-agent': PROFILE_SCHEMA, 'ai.service.buyer': BUYER_SCHEMA },
};

export function buildTools(operations: readonly Operation[]): Tool[] {
  return operations.flatMap((operation) => (operation.tool ? [toolOf(operation, operation.tool)] : []));
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
  return {
    name: meta.name,
    title: meta.title,
    description: manual(operation, meta.description),
    inputSchema: { ...input, type: 'object', properties, required },
    outputSchema: { ...jsonSchema(operation.output, 'output'), type: 'object' },
    annotations: {
      title: meta.title,
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

function manual(operation: Operation, what: string): string {
  const lines = [what, ''];
  if (operation.access.kind === 'open') {
    lines.push(
      'Identify your agent: the UCP-Agent HTTP header, params._meta["ucp-agent"] or the meta["ucp-agent"] argument, as {"profile": "https://…"} (without it the call fails with ucp_agent_required).',
    );
  }
  if (operation.idempotent) {
    lines.push('Changes data: pass a fresh idempotency_key; a retry must reuse the same key with the same arguments, and then never acts twice.');
  }
  for (const limit of operation.policy.limits ?? []) lines.push(`Checks the live limit ${limit}: read it from the resource ${LIMITS_RESOURCE} first.`);
  const codes = operation.policy.errors ?? [];
  if (codes.length) {
    lines.push(`Failures are isError results with {error, code}; this tool’s own codes: ${codes.map((c) => `${c} (${ERROR_CATALOGUE[c].status})`).join(', ')}.`);
  } else {
    lines.push('Failures are isError results with {error, code}.');
  }
  return lines.join('\n').trim();
}

/** JSON Schema of a zod schema, self-contained (no $ref) and without a $schema, for any client. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
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
