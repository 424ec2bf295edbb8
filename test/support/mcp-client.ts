/**
 * The MCP client the MCP suites speak through: the v1 SDK's (MCP 2025-11-25, initialize, what
 * agents run today) unless the file running a suite chose the v2 SDK's pinned to 2026-07-28 (a
 * `_meta` envelope per request, server/discover; test/mcp-2026.test.ts runs test/mcp.test.ts so).
 * Both clients answer the suites' calls alike; where the eras differ a suite asks `mcpEra()`.
 */
import { Client as ModernClient, ProtocolError, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, expect } from 'vitest';

export type McpEra = '2025-11-25' | '2026-07-28';

let era: McpEra = '2025-11-25';

/**
 * Runs the suites imported after it with the client of `chosen`, until the calling file ends: a
 * worker runs several files in one module graph (vitest.config.ts: isolate false), and the next
 * file's suites speak 2025 again.
 */
export function useMcpEra(chosen: McpEra): void {
  era = chosen;
  afterAll(() => {
    era = '2025-11-25';
  });
}

export function mcpEra(): McpEra {
  return era;
}

/** The class of a JSON-RPC error the current client rejects with. */
export function rpcErrorClass(): abstract new (...args: never[]) => Error {
  return era === '2026-07-28' ? ProtocolError : McpError;
}

/** How the current client's connect rejects on an HTTP refusal of `status` (v1: the status as code; v2: SdkHttpError's data). */
export function httpRefusal(status: number): Record<string, unknown> {
  return era === '2026-07-28' ? { data: expect.objectContaining({ status }) } : { code: status };
}

/**
 * A connected client of the current era. The v2 client is typed as the v1 one: the suites call
 * only what both have (tools, resources, the server's name, capabilities and instructions).
 */
export async function mcpClient(url: URL, headers: Record<string, string> = {}, name = 'mcp-test'): Promise<Client> {
  if (era === '2025-11-25') {
    const c = new Client({ name, version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    return c;
  }
  return (await modernClient(url, headers, { pin: '2026-07-28' }, name)) as unknown as Client;
}

/** A v2 client connected at `mode` ('auto' probes with server/discover, falling back to initialize). */
export async function modernClient(url: URL, headers: Record<string, string>, mode: 'auto' | { pin: string }, name = 'mcp-test'): Promise<ModernClient> {
  const c = new ModernClient({ name, version: '1.0.0' }, { versionNegotiation: { mode } });
  await c.connect(new ModernTransport(url, { requestInit: { headers } }));
  return c;
}
