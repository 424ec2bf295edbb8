/** GET /api/agent/docs/mcp: the MCP tool server (text/mcp.yaml), and its tools from the catalogue. */
import type { Operation } from '../trpc/meta';
import { fill, readText } from './text';
import type { DocValues } from './values';

const TEXT = readText('mcp');

export function mcpPage(operations: readonly Operation[], values: DocValues) {
  return fill(
    TEXT.page,
    {
      ...values,
      buyer_tools: operations.flatMap(({ tool, access }) => (tool && access.kind === 'credential' ? [tool.name] : [])).join(', '),
      tools: operations.flatMap(({ tool, rest, idempotent }) => (tool ? [{ name: tool.name, title: tool.title, rest: rest && `${rest.method} ${rest.path}`, idempotent }] : [])),
    },
    'text/mcp.yaml',
  );
}
