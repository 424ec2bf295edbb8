/**
 * The close of a one-request MCP server (server/mcp/endpoint.ts, ToolServer._onclose): the SDK's
 * "Connection closed" error is built without a stack, and nothing else changes — a handler still
 * running when the exchange closes (its client went away) is aborted with that error, and
 * Error.stackTraceLimit, which the close lowers for that moment, is back as it was afterwards,
 * also when the close itself throws.
 */
import type { Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ToolServer } from '../server/mcp/endpoint';

/** A transport whose close runs the server's close hook, as the SDK's per-request transports do. */
function loopback(): Transport & { deliver(message: unknown): void } {
  const transport = {
    async start() {},
    async send() {},
    async close() {
      transport.onclose?.();
    },
    deliver(message: unknown) {
      transport.onmessage?.(message as never, undefined as never);
    },
  } as Transport & { deliver(message: unknown): void };
  return transport;
}

describe('closing a one-request MCP server', () => {
  it('aborts a handler still running with a stackless ConnectionClosed error, and restores the stack limit', async () => {
    const server = new ToolServer({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } });
    let aborted: unknown;
    const started = new Promise<void>((resolve) => {
      server.setRequestHandler('tools/list', (_request, ctx) => {
        resolve();
        return new Promise((_, reject) => ctx.mcpReq.signal.addEventListener('abort', () => reject((aborted = ctx.mcpReq.signal.reason))));
      });
    });
    const transport = loopback();
    await server.connect(transport);
    transport.deliver({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    await started;

    const limit = Error.stackTraceLimit;
    await server.close();
    expect(Error.stackTraceLimit).toBe(limit);
    expect(aborted).toBeInstanceOf(Error);
    expect((aborted as Error).message).toMatch(/Connection closed/);
    // No frame captured: the message line alone.
    expect((aborted as Error).stack?.split('\n')).toHaveLength(1);
  });

  it('restores the stack limit when the close throws', async () => {
    const server = new ToolServer({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } });
    const transport = loopback();
    await server.connect(transport);
    server.onclose = () => {
      throw new Error('boom');
    };
    const limit = Error.stackTraceLimit;
    await expect(server.close()).rejects.toThrow('boom');
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
