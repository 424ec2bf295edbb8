/**
 * /api/mcp/openrpc.json: the tool protocol's method contract as OpenRPC 1.3.2, one method per
 * tool, generated from the same tool definitions tools/list serves.
 */
import type { Config } from '../config';
import { SERVICE_VERSION } from '../domain/ucp-profile';
import { MCP_PATH } from './server';
import type { Tool } from './tools';

export function buildOpenRpcDocument(tools: readonly Tool[], config: Config): Record<string, unknown> {
  return {
    openrpc: '1.3.2',
    info: {
      title: 'Agent Commerce MCP tools',
      version: SERVICE_VERSION,
      description: `The tools of the MCP server at ${config.publicBaseUrl}${MCP_PATH} (Streamable HTTP, stateless), called with tools/call. Docs: ${config.publicBaseUrl}/api/agent/docs/mcp`,
    },
    servers: [{ name: 'mcp', url: `${config.publicBaseUrl}${MCP_PATH}` }],
    methods: tools.map((tool) => {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((tool.inputSchema.required ?? []) as string[]);
      return {
        name: tool.name,
        summary: tool.title,
        description: tool.description,
        paramStructure: 'by-name',
        params: Object.entries(properties).map(([name, schema]) => ({
          name,
          required: required.has(name),
          ...(typeof schema.description === 'string' && { description: schema.description }),
          schema,
        })),
        result: { name: `${tool.name}_result`, schema: tool.outputSchema },
      };
    }),
  };
}
