/** Buyer identity and order history: every operation needs an issued credential. */
import { router } from '../trpc/init';
import { credentialOnly } from './credential-only';

export const buyerRouter = router({
  register: credentialOnly('POST', '/api/agent/buyer', 'buyer:write', 'Register a buyer', ['buyer']),
  sendOtp: credentialOnly('POST', '/api/agent/buyer/otp', 'buyer:write', 'Send a buyer a one-time code', ['buyer']),
  verify: credentialOnly('POST', '/api/agent/buyer/verify', 'buyer:write', 'Verify a buyer’s one-time code', ['buyer']),
  me: credentialOnly('GET', '/api/agent/buyer/me', 'buyer_token', 'The verified buyer', ['buyer']),
  orders: credentialOnly('GET', '/api/agent/buyer/orders', 'dev.ucp.shopping.order:read', 'The buyer’s order history', ['buyer']),
  orderStatus: credentialOnly('GET', '/api/agent/order-status', 'dev.ucp.shopping.order:read', 'Status of an order', ['buyer']),
});
