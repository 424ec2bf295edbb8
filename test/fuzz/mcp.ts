/**
 * The MCP endpoints in the fuzz suite: tools/call messages to the seed API's /api/mcp, UCP's
 * /ucp/mcp and a seller's /store/{handle}/ucp/mcp, their params often not tools/call's shape (a
 * name that is no string, arguments of any JSON type) and their arguments anything. Held to
 * JSON-RPC: never an internal error (-32603); params of the wrong shape are invalid params
 * (-32602) said in a sentence, never a schema library's issue list.
 */
import fc from 'fast-check';
import type { FuzzFixtures, FuzzRequest } from './requests';

type Json = Record<string, any>;

/** The endpoints, as the fuzz suite's operations name them (each taking POST). */
export const MCP_PATHS = ['/api/mcp', '/ucp/mcp', '/store/{handle}/ucp/mcp'] as const;

export const isMcp = (operation: { path: string }) => (MCP_PATHS as readonly string[]).includes(operation.path);

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** tools/call messages to the endpoint at `path`, naming its tools (`tools`) most of the time. */
export function toolCalls(path: string, tools: readonly string[], fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  const json = fc.jsonValue({ maxDepth: 3 });
  const binding = path !== '/api/mcp';
  const name = fc.oneof({ arbitrary: fc.constantFrom(...tools), weight: 6 }, json);
  // The binding's identification travels in `meta`; the seed API's in the header below.
  const meta = binding ? fc.constantFrom({ meta: { 'ucp-agent': { profile: profileUrl(fixtures.platformAgent) } } }, {}) : fc.constant({});
  const args = fc.oneof(
    { arbitrary: fc.tuple(meta, fc.dictionary(fc.string({ maxLength: 12 }), json, { maxKeys: 4 })).map(([m, a]) => ({ ...a, ...m })), weight: 4 },
    json,
  );
  const params = fc.record({ name, arguments: args }, { requiredKeys: [] });
  return fc.record({ params, handle: fc.constantFrom(...fixtures.sellerHandles) }).map(({ params: p, handle }) => ({
    operation: { method: 'POST', path },
    method: 'POST',
    url: path.replace('{handle}', handle),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'ucp-agent': binding ? fixtures.platformAgent : fixtures.agentProfile },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: p }),
  }));
}

/** What is wrong with an MCP endpoint's answer to a tools/call, or nothing. */
export function mcpViolations(req: FuzzRequest, status: number, body: any): string[] {
  if (body?.jsonrpc !== '2.0') return [`not a JSON-RPC answer: ${JSON.stringify(body).slice(0, 200)}`];
  const { params } = JSON.parse(req.body!) as { params: Json };
  const shapeProblem = typeof params.name !== 'string' || (params.arguments !== undefined && !isObject(params.arguments));
  const { error } = body;
  // A tool that needs a credential the request lacks is challenged at the HTTP level, before its call is read.
  if ((status === 401 || status === 403) && error?.code === -32000) return [];
  if (shapeProblem) {
    if (error?.code !== -32602) return [`params not tools/call's shape answered ${JSON.stringify(body).slice(0, 200)}, not -32602`];
    if (status !== 200) return [`params not tools/call's shape answered HTTP ${status}, not 200`];
    if (!/^tools\/call /.test(error.message) || /"code":|invalid_type/.test(error.message)) return [`-32602 without a sentence: ${error.message.slice(0, 200)}`];
    return [];
  }
  if (error?.code === -32603) return [`internal error: ${error.message.slice(0, 200)}`];
  return [];
}

/** The URL a `profile="…"` UCP-Agent names. */
function profileUrl(header: string): string {
  return /profile="([^"]+)"/.exec(header)![1];
}
