import type { Credential } from './credentials';
import type { BuyerReference } from './service-buyer';
import type { AgentProfile } from './ucp-agent';

/** Who is calling, as the procedure kind's identity step established it. */
export interface Caller {
  /** The agent profile; present on every open call made without a credential. */
  agent?: AgentProfile;
  /** The issued credential the call was made with: a network key, a buyer token, an OAuth token, or a developer's session. */
  credential?: Credential;
  buyer: BuyerReference;
  /**
   * A verified request signature (step 4a, open path only): the key, its regime, the profile (or
   * key directory) it was found in, and whether it covered a kept Service-Buyer.
   */
  signature?: { keyid: string; regime: 'default' | 'web-bot-auth'; profile: string; buyerAttested?: boolean };
  /**
   * On UCP's binding, the profile a key (or a buyer token registered with one) named in UCP-Agent
   * and its account lists among the agent profiles it speaks for (trpc/binding.ts): the platform
   * the key's carts are credited to.
   */
  listedProfile?: string;
}

/**
 * The namespace a caller's idempotency keys, carts and orders live in: each key is its own caller
 * (two keys of one account never share a cart), a buyer token acts as its buyer, an OAuth token as
 * the person for that client, a developer's session is the account.
 */
export function callerNamespace(caller: Caller): string {
  const { credential } = caller;
  if (credential?.kind === 'key') return `key:${credential.keyId}`;
  if (credential?.kind === 'buyer') return `${BUYER_NAMESPACE}${credential.buyerId}`;
  if (credential?.kind === 'oauth') return `${OAUTH_NAMESPACE}${credential.clientId}:${credential.accountId}`;
  if (credential?.kind === 'session') return `account:${credential.accountId}`;
  return caller.agent ? `${AGENT_NAMESPACE}${caller.agent.url}` : 'anonymous';
}

/**
 * The platform a call's carts are credited to (its orders' events go there): a linked call's, an
 * OAuth token (the person) sent with UCP-Agent (the platform's profile); or, on UCP's binding, the
 * profile a key or buyer token named that its account lists. Null for every other call: an open
 * call's platform is its namespace (the profile itself).
 */
export function linkedPlatform(caller: Caller): string | null {
  if (caller.credential?.kind === 'oauth' && caller.agent) return caller.agent.url;
  return caller.listedProfile ?? null;
}

const AGENT_NAMESPACE = 'agent:';
const BUYER_NAMESPACE = 'buyer:';
const OAUTH_NAMESPACE = 'oauth:';

/** The agent profile an open call's namespace is (`agent:<url>`), or null. */
export function agentOfNamespace(namespace: string): string | null {
  return namespace.startsWith(AGENT_NAMESPACE) ? namespace.slice(AGENT_NAMESPACE.length) : null;
}

/** The buyer a namespace acts for (`buyer:<id>`, a buyer token's), or null. */
export function buyerOfNamespace(namespace: string): string | null {
  return namespace.startsWith(BUYER_NAMESPACE) ? namespace.slice(BUYER_NAMESPACE.length) : null;
}

/** How every OAuth namespace of a person ends (`oauth:<client>:<account>`), whatever the client. */
export function personNamespaceSuffix(accountId: string): string {
  return `:${accountId}`;
}

/** The person an OAuth namespace acts for (`oauth:<client>:<account>`), or null. */
export function personOfNamespace(namespace: string): string | null {
  return namespace.startsWith(OAUTH_NAMESPACE) ? namespace.slice(namespace.lastIndexOf(':') + 1) : null;
}
