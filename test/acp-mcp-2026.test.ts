/**
 * test/acp-mcp.test.ts again, through the v2 SDK's client pinned to MCP 2026-07-28: ACP's checkout
 * and its error model as a 2026 client sees them on the same URL.
 */
import { useMcpEra } from './support/mcp-client';

useMcpEra('2026-07-28');
// A query of its own makes it a module of its own: the worker may have run acp-mcp.test.ts already,
// and importing that module again would register no test.
const suite = './acp-mcp.test.ts?era=2026-07-28';
await import(suite);
