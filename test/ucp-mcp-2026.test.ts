/**
 * test/ucp-mcp.test.ts again, through the v2 SDK's client pinned to MCP 2026-07-28: UCP's binding
 * and its error model as a 2026 client sees them on the same URLs.
 */
import { useMcpEra } from './support/mcp-client';

useMcpEra('2026-07-28');
await import('./ucp-mcp.test');
