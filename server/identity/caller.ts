import type { Credential } from './credentials';
import type { BuyerReference } from './service-buyer';
import type { AgentProfile } from './ucp-agent';

/** Who is calling, as the procedure kind's identity step established it. */
export interface Caller {
  /** The agent profile; present on every open call made without a credential. */
  agent?: AgentProfile;
  /** The issued credential the call was made with: a network key, or a developer's session. */
  credential?: Credential;
  buyer: BuyerReference;
}

/**
 * The namespace a caller's idempotency keys, carts and orders live in: each key is its own caller
 * (two keys of one account never share a cart), a developer's session is the account.
 */
export function callerNamespace(caller: Caller): string {
  const { credential } = caller;
  if (credential) return credential.kind === 'key' ? `key:${credential.keyId}` : `account:${credential.accountId}`;
  return caller.agent ? `agent:${caller.agent.url}` : 'anonymous';
}
