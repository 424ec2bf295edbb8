/**
 * ACP's binding (ACP 2026-04-17) at `<base>/acp`: checkout sessions, carts and delegate_payment, a mapping of ACP's
 * operations onto the domain functions the seed API and UCP's binding run, declared with the `acp`
 * procedure kind. Its REST paths are ACP's own (spec/2026-04-17/openapi); this service's
 * /api/openapi.json does not describe them.
 */
import { router } from '../../trpc/init';
import { acpCartRouter } from './cart';
import { acpCheckoutRouter } from './checkout';
import { acpDelegatePaymentRouter } from './delegate-payment';

export const acpRouter = router({
  checkout: acpCheckoutRouter,
  cart: acpCartRouter,
  delegatePayment: acpDelegatePaymentRouter,
});
