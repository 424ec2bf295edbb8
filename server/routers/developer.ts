/** Developer accounts: network API keys, minted and revoked from a signed-in developer session. */
import { router } from '../trpc/init';
import { credentialOnly } from './credential-only';

export const developerRouter = router({
  mintNetworkKey: credentialOnly('POST', '/api/developer/network-keys', 'developer_session', 'Mint a network API key', ['developer']),
  revokeNetworkKey: credentialOnly('DELETE', '/api/developer/network-keys/{id}', 'developer_session', 'Revoke an unused network API key', ['developer']),
});
