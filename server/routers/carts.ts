/** Carts. Today: the credential-only autonomous settlement (x402), which is never an MCP tool. */
import { router } from '../trpc/init';
import { credentialOnly } from './credential-only';

export const cartsRouter = router({
  settle: credentialOnly('POST', '/api/agent/cart/{id}/checkout', 'checkout:write', 'Autonomous settlement (x402)', ['checkout']),
});
