/**
 * What a credential adds to the open surface, in four sentences an agent can act on: where a person
 * mints a network key, how a buyer token is had, how an agent acting for a person gets an OAuth
 * grant, and how a buyer's agent settles. One text for /llms.txt ("With a credential") and the
 * overview doc (`with_a_credential`), so the two cannot say different things; the REST targets
 * come from the operation catalogue, so they are the ones served. Paths are relative to the base URL
 * both documents state first: the section stays the same size whatever the deployment's host.
 */
import type { Operation } from '../trpc/meta';

export interface CredentialGuide {
  network_key: string;
  buyers: string;
  oauth: string;
  settlement: string;
}

export function credentialGuide(operations: readonly Operation[]): CredentialGuide {
  const call = (name: string) => {
    const rest = operations.find((o) => o.name === name)?.rest;
    if (!rest) throw new Error(`credential guide: ${name} has no REST path`);
    return `${rest.method} ${rest.path}`;
  };
  return {
    network_key: `A person signs in at /signin and mints a key on /dashboard; send Authorization: Bearer ak_live_… in place of UCP-Agent. Scopes: buyer:write, dev.ucp.shopping.order:read, checkout:write.`,
    buyers: `For a person's order history: ${call('buyer.register')} {email}, ${call('buyer.sendOtp')} mails them a 6-digit code, ${call('buyer.verify')} with the code they read back answers a buyer token (bt_live_…) for ${call('buyer.orders')}.`,
    oauth: `To act for a person: discover /.well-known/oauth-authorization-server, register at /oauth/register, send them to authorize (PKCE): they sign in and press Allow; the access token is your Bearer.`,
    settlement: `To pay without a person (x402): a buyer token with checkout:write links the buyer's wallet (${call('buyer.linkWallet')}) and pays with ${call('carts.settle')}; see /api/agent/docs/overview#settlement.`,
  };
}
