/**
 * Operations that need an issued credential. They exist from the start so callers discover what
 * they need: without a credential the gateway answers 401 credential_required naming it. Each is
 * replaced by its real implementation in the issue that brings the credential.
 */
import { z } from 'zod';
import { ApiError } from '../errors/catalogue';
import { publicProcedure, router } from '../trpc/init';
import type { OpenApiMethod } from 'trpc-to-openapi';

function credentialOnly(method: OpenApiMethod, path: `/${string}`, required: string, summary: string, tags: string[]) {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const input = z.object(Object.fromEntries(params.map((p) => [p, z.string()])));
  const procedure = publicProcedure
    .meta({ op: { access: 'credential', required }, openapi: { method, path, summary, tags, protect: true } })
    .input(input)
    .output(z.object({}).passthrough());
  const refuse = (): never => {
    throw new ApiError('credential_required', {
      message: `This operation needs a credential with ${required}.`,
      details: { required },
    });
  };
  return method === 'GET' ? procedure.query(refuse) : procedure.mutation(refuse);
}

export const credentialedRouter = router({
  checkout: credentialOnly('POST', '/api/agent/cart/{id}/checkout', 'checkout:write', 'Autonomous settlement (x402)', ['checkout']),
  registerBuyer: credentialOnly('POST', '/api/agent/buyer', 'buyer:write', 'Register a buyer', ['buyer']),
  buyerOtp: credentialOnly('POST', '/api/agent/buyer/otp', 'buyer:write', 'Send a buyer a one-time code', ['buyer']),
  verifyBuyer: credentialOnly('POST', '/api/agent/buyer/verify', 'buyer:write', 'Verify a buyer’s one-time code', ['buyer']),
  buyerMe: credentialOnly('GET', '/api/agent/buyer/me', 'buyer token', 'The verified buyer', ['buyer']),
  buyerOrders: credentialOnly('GET', '/api/agent/buyer/orders', 'dev.ucp.shopping.order:read', 'The buyer’s order history', ['buyer']),
  orderStatus: credentialOnly('GET', '/api/agent/order-status', 'dev.ucp.shopping.order:read', 'Status of an order', ['buyer']),
  mintNetworkKey: credentialOnly('POST', '/api/developer/network-keys', 'developer account session', 'Mint a network API key', ['developer']),
  revokeNetworkKey: credentialOnly(
    'DELETE',
    '/api/developer/network-keys/{id}',
    'developer account session',
    'Revoke an unused network API key',
    ['developer'],
  ),
});
