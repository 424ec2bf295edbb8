/**
 * RFC 9728 protected-resource metadata: how an agent holding only the API's URL (or the MCP
 * server's) finds the authorization server and the scopes to ask for. The MCP SDK reads
 * `/.well-known/oauth-protected-resource/api/mcp` for `<base>/api/mcp` and asks for every scope
 * listed there, so that document lists only what the MCP tools use.
 */
import { MCP_RESOURCE_PATH, resourceScopes } from './scopes';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** Path → document, for the gateway's documents map (server/app.ts). */
export function protectedResourceDocuments(base: string): Record<string, () => object> {
  const scopes = resourceScopes(base);
  const document = (resource: string, name: string, documentation: string) => () => ({
    resource,
    authorization_servers: [base],
    scopes_supported: [...scopes[resource]],
    bearer_methods_supported: ['header'],
    resource_name: name,
    resource_documentation: documentation,
  });
  return {
    [PROTECTED_RESOURCE_PATH]: document(base, 'Agent Commerce API', `${base}/api/agent/docs/overview`),
    [`${PROTECTED_RESOURCE_PATH}${MCP_RESOURCE_PATH}`]: document(`${base}${MCP_RESOURCE_PATH}`, 'Agent Commerce MCP server', `${base}/api/agent/docs/mcp`),
  };
}
