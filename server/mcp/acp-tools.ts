/**
 * The tools of ACP's checkout over MCP (ACP 2026-04-17: docs/mcp-binding.md, "MCPB", and
 * openrpc.agentic_checkout.json): every operation of the `acp` kind that names its tool
 * (`meta.acp.tool`). A tool's arguments are MCPB's three: `meta` (the protocol headers, § Header
 * Mapping), the REST path's `id`, and the REST body as `payload`, whose schema is the operation's
 * input outside the path. So one zod definition is both REST's body and MCP's payload, and what
 * tools/list serves is self-contained (MCPB: no `$ref` left to ACP's files). The output is the REST
 * answer: failures are JSON-RPC errors (acp.ts), never results.
 */
import { ACP_VERSION } from '../errors/acp';
import type { Operation } from '../trpc/meta';
import { jsonSchema, lean, restInput, share, type ListedTool } from './tools';

export interface AcpTool extends ListedTool {
  operation: Operation;
  /** The REST path's parameters (`{id}`), each an argument of its own. */
  pathParameters: string[];
  /** Whether the call sends the REST body as `payload`: it must, it may (cancel's), or it has none (get's). */
  payload: 'required' | 'optional' | 'none';
}

/** openrpc.agentic_checkout.json's `meta`: open to fields a later ACP adds, which are ignored. */
const META_SCHEMA = {
  type: 'object',
  description: 'The protocol headers: api_version is the API-Version header, and so on.',
  required: ['api_version'],
  additionalProperties: true,
  properties: {
    api_version: { type: 'string', description: `"${ACP_VERSION}", the one version served.` },
    idempotency_key: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Optional: a retry with the same key and payload is answered as the first call was, never acted on twice (shared with REST’s Idempotency-Key on the same path).',
    },
    request_id: { type: 'string' },
    user_agent: { type: 'string' },
    accept_language: { type: 'string' },
    signature: { type: 'string' },
    timestamp: { type: 'string', format: 'date-time' },
  },
};

export function buildAcpTools(operations: readonly Operation[]): AcpTool[] {
  return operations.flatMap((operation) => (operation.access.kind === 'acp' && operation.meta.acp ? [acpTool(operation, operation.meta.acp.tool)] : []));
}

function acpTool(operation: Operation, tool: NonNullable<Operation['meta']['acp']>['tool']): AcpTool {
  const rest = restInput(operation);
  const payload = !rest.bodyFields.length ? 'none' : tool.optionalPayload ? 'optional' : 'required';
  if (tool.optionalPayload && payload === 'none') throw new Error(`${operation.name}: an optional payload needs input fields outside the path`);
  const properties: Record<string, unknown> = { meta: META_SCHEMA, ...rest.parameters };
  if (payload !== 'none') properties.payload = rest.body;
  const readOnly = operation.type === 'query';
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object', properties, required: ['meta', ...rest.requiredParameters, ...(payload === 'required' ? ['payload'] : [])] },
    outputSchema: { ...share(lean(jsonSchema(operation.output, 'output'), 'output') as Record<string, unknown>), type: 'object' },
    annotations: {
      readOnlyHint: readOnly,
      // A change repeats only as a replay of its optional idempotency key.
      idempotentHint: readOnly,
      destructiveHint: !readOnly && tool.destructive === true,
      openWorldHint: false,
    },
    operation,
    pathParameters: rest.pathParameters,
    payload,
  };
}
