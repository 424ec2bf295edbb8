/**
 * The capabilities a checkout session answers (issue #47 §2, §3 (a)): the one payment handler this
 * service offers, ACP's tokenized card (rfc.payment_handlers.md §8.1, §10.4.1) with the service as
 * its own test PSP: a platform delegates the card to `<base>/acp/agentic_commerce/delegate_payment`
 * and completes with the token (`{type: "card", credential: {type: "spt", token: "vt_…"}}`). No
 * intervention (3DS…) is supported, so none is ever required.
 */
import type { Capabilities } from './checkout-schemas';

export const HANDLER_ID = 'card_tokenized';
const ACP_SCHEMAS = 'https://acp.dev/schemas/handlers/tokenized.card';

/**
 * The capabilities for a service whose ACP merchant id (and PSP name, the same host: it is its own
 * PSP) is `merchantId`.
 */
export function sessionCapabilities(merchantId: string): Capabilities {
  return {
    payment: {
      handlers: [
        {
          id: HANDLER_ID,
          name: 'dev.acp.tokenized.card',
          version: '2026-04-17',
          spec: 'https://acp.dev/handlers/tokenized.card',
          requires_delegate_payment: true,
          requires_pci_compliance: false,
          psp: merchantId,
          config_schema: `${ACP_SCHEMAS}/config.json`,
          instrument_schemas: [`${ACP_SCHEMAS}/instrument.json`],
          config: { merchant_id: merchantId, psp: merchantId, accepted_brands: ['visa', 'mastercard', 'amex', 'discover'], environment: 'sandbox' },
        },
      ],
    },
    interventions: { supported: [], required: [], enforcement: 'conditional' },
  };
}
