/**
 * An OAuth client's side of the flow, with oauth4webapi as an agent would run it: registration and
 * the authorization request (PKCE S256, state). Shared by the vitest flows and the browser tests;
 * it talks HTTP only, so it needs nothing of the server's code.
 */
import * as oauth from 'oauth4webapi';

/** Tests talk to the service over http on loopback. */
export const insecure = { [oauth.allowInsecureRequests]: true };

export async function discover(base: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(base);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
}

/** A public client (no secret), as agents register themselves. */
export async function registerClient(as: oauth.AuthorizationServer, redirect: string, metadata: Record<string, unknown> = {}): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [redirect], client_name: 'Shopping helper', token_endpoint_auth_method: 'none', ...metadata }, insecure);
  return (await oauth.processDynamicClientRegistrationResponse(res)) as oauth.Client;
}

export interface Started {
  url: URL;
  verifier: string;
  state: string;
}

/** The authorization request for the buyer scopes, with a fresh verifier and state; `params` add or override. */
export async function authorizationRequest(as: oauth.AuthorizationServer, client: oauth.Client, redirect: string, params: Record<string, string> = {}): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    response_type: 'code',
    redirect_uri: redirect,
    scope: 'buyer:write dev.ucp.shopping.order:read',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  }).toString();
  return { url, verifier, state };
}
