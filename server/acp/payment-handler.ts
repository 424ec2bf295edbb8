/**
 * The capabilities a checkout session answers (issue #47 §2, §3): the payment handlers this
 * service offers, each an instance of ACP's tokenized card (`dev.acp.tokenized.card`,
 * rfc.payment_handlers.md §7.1, §8.1, §10.4.1) told apart by its `psp`, and completed with
 * `{type: "card", credential: {type: "spt", token}}` (§10.3.1):
 *
 * - `card_tokenized`, always: the service is its own test PSP (§3 (a)); the platform delegates the
 *   card to `<base>/acp/agentic_commerce/delegate_payment` and completes with its `vt_…` token.
 * - `stripe_spt`, under STRIPE_SECRET_KEY (§3 (b)): `psp: "stripe"` tells the platform to have
 *   Stripe issue a shared payment token (`spt_…`); Stripe holds and checks its allowance.
 *
 * No intervention (3DS…) is supported, so none is ever required.
 */
import type { StripeConfig } from '../config';
import type { Capabilities } from './checkout-schemas';

export const HANDLER_ID = 'card_tokenized';
export const STRIPE_HANDLER_ID = 'stripe_spt';

/** Who pays a handler's token: this service's vault, or Stripe. */
export type HandlerPsp = 'vault' | 'stripe';

const ACP_SCHEMAS = 'https://acp.dev/schemas/handlers/tokenized.card';
const ACCEPTED_BRANDS = ['visa', 'mastercard', 'amex', 'discover'];

type PaymentHandler = Capabilities['payment']['handlers'][number];

/** One instance of dev.acp.tokenized.card, paid through `psp` for the merchant `merchantId` there. */
function tokenizedCard(id: string, psp: string, merchantId: string, environment: 'sandbox' | 'production'): PaymentHandler {
  return {
    id,
    name: 'dev.acp.tokenized.card',
    version: '2026-04-17',
    spec: 'https://acp.dev/handlers/tokenized.card',
    requires_delegate_payment: true,
    requires_pci_compliance: false,
    psp,
    config_schema: `${ACP_SCHEMAS}/config.json`,
    instrument_schemas: [`${ACP_SCHEMAS}/instrument.json`],
    config: { merchant_id: merchantId, psp, accepted_brands: ACCEPTED_BRANDS, environment },
  };
}

/**
 * The capabilities for a service whose ACP merchant id (and PSP name, the same host: it is its own
 * PSP) is `merchantId`, with Stripe's handler beside it when `stripe` is configured: in production
 * with a live key, else in Stripe's sandbox.
 */
export function sessionCapabilities(merchantId: string, stripe: StripeConfig | undefined): Capabilities {
  const handlers = [tokenizedCard(HANDLER_ID, merchantId, merchantId, 'sandbox')];
  if (stripe) handlers.push(tokenizedCard(STRIPE_HANDLER_ID, 'stripe', merchantId, stripe.secretKey.startsWith('sk_live_') ? 'production' : 'sandbox'));
  return {
    payment: { handlers },
    interventions: { supported: [], required: [], enforcement: 'conditional' },
  };
}

/** Which PSP pays a handler_id sent to complete; undefined for one this service does not offer now. */
export function handlerPsp(handlerId: string, stripe: StripeConfig | undefined): HandlerPsp | undefined {
  if (handlerId === HANDLER_ID) return 'vault';
  if (handlerId === STRIPE_HANDLER_ID && stripe) return 'stripe';
  return undefined;
}

/** The handler ids offered now, for a refusal to name. */
export function handlerIds(stripe: StripeConfig | undefined): string[] {
  return stripe ? [HANDLER_ID, STRIPE_HANDLER_ID] : [HANDLER_ID];
}
