/**
 * The HTTP request as received, which a request signature (RFC 9421) covers: the REST gateway
 * hands over its own request, MCP the POST to /api/mcp. Nothing is copied to build it; it is read
 * only when the request carries `Signature-Input`.
 */
export interface HttpMessage {
  method: string;
  /** The path and query exactly as on the request line (never normalised: @path and @query cover them raw). */
  url: string;
  headers: { get(name: string): string | null };
  /** The body's bytes; null without one; `too_large` past the body limit (reading stopped there). */
  body: Uint8Array | null | 'too_large';
}
