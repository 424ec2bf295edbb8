/**
 * The tools of UCP's shopping binding over MCP: every operation declared with the `binding` kind,
 * named and shaped as UCP's mcp.openrpc.json has them (its `meta.ucp.tool`). Their arguments are
 * `meta` (the platform profile, a change's idempotency key), each REST path parameter, and the
 * REST body under the argument the tool names (`catalog`), with schemas from the operation's
 * input as the seed API's tools have theirs (tools.ts). Their output is the operation's answer or,
 * for a business outcome (not_found, capabilities_incompatible), UCP's error_response: a client
 * validates a result's structuredContent against the output schema, so it names both.
 */
import { z } from 'zod';
import type { UcpErrorResponse } from '../errors/ucp';
import type { Operation } from '../trpc/meta';
import { jsonSchema, lean, restInput, share, type ListedTool } from './tools';

export interface BindingTool extends ListedTool {
  operation: Operation;
  /** The root capability the operation belongs to (its answers' `ucp.capabilities` are chosen by it). */
  capability: string;
  /** The argument that carries the REST body, when the operation takes one. */
  body?: string;
  /** The REST path's parameters (`{id}`), each an argument of its own. */
  pathParameters: string[];
  /** The arguments the tool takes (`meta`, the path parameters, the body) by name, for naming an unknown one's closest. */
  arguments: z.ZodObject;
}

/** mcp.openrpc.json's `meta`, which every call carries. */
const META_SCHEMA = {
  type: 'object',
  description: 'Request metadata: "ucp-agent" names your platform profile on every call; a change also takes an "idempotency-key" (a UUID its retries reuse).',
  required: ['ucp-agent'],
  properties: {
    'ucp-agent': { type: 'object', required: ['profile'], properties: { profile: { type: 'string', format: 'uri' } } },
    'idempotency-key': { type: 'string' },
  },
};

/** UCP's error_response (types/error_response.json) as errors/ucp.ts writes it; the type keeps the two alike. */
const errorResponse: z.ZodType<UcpErrorResponse> = z.object({
  ucp: z.object({
    version: z.string(),
    status: z.literal('error'),
    capabilities: z.record(z.string(), z.array(z.object({ version: z.string() }))).optional(),
  }),
  messages: z
    .array(
      z.object({
        type: z.literal('error'),
        code: z.string(),
        content: z.string(),
        severity: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable']),
        path: z.string().optional(),
      }),
    )
    .min(1),
  continue_url: z.string().optional(),
});

export function buildBindingTools(operations: readonly Operation[]): BindingTool[] {
  return operations.flatMap((operation) => (operation.access.kind === 'binding' ? [bindingTool(operation)] : []));
}

function bindingTool(operation: Operation): BindingTool {
  const ucp = operation.meta.ucp;
  if (!ucp) throw new Error(`${operation.name}: an operation of UCP's binding names its capability and MCP tool (meta.ucp)`);
  const { name, title, description, body } = ucp.tool;
  const rest = restInput(operation);
  if (body === undefined && rest.bodyFields.length) throw new Error(`${operation.name}: input fields outside the path (${rest.bodyFields.join(', ')}) need a body argument (meta.ucp.tool.body)`);

  const properties: Record<string, unknown> = { meta: META_SCHEMA, ...rest.parameters };
  if (body !== undefined) properties[body] = rest.body;
  const requiredArguments = ['meta', ...rest.requiredParameters, ...(body === undefined ? [] : [body])];
  // UCP's rule (rest.openapi.json): every change takes an Idempotency-Key, so the calls taking none are reads.
  const readOnly = operation.type === 'query' || !operation.acceptsKey;
  return {
    name,
    title,
    description,
    inputSchema: { type: 'object', properties, required: requiredArguments },
    outputSchema: { ...share({ anyOf: [lean(jsonSchema(operation.output, 'output'), 'output'), lean(jsonSchema(errorResponse, 'output'), 'output')] }), type: 'object' },
    annotations: {
      readOnlyHint: readOnly,
      // A read repeats alike; a change is replayed by its idempotency key.
      idempotentHint: true,
      // No finer word on a change yet: MCP's own default for a tool that is not read-only.
      destructiveHint: !readOnly,
      openWorldHint: false,
    },
    operation,
    capability: ucp.capability,
    ...(body !== undefined && { body }),
    pathParameters: rest.pathParameters,
    arguments: z.object(Object.fromEntries(Object.keys(properties).map((argument) => [argument, z.unknown()]))),
  };
}
