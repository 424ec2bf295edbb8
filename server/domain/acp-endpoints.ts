/**
 * Where ACP's binding (ACP 2026-04-17) is served: `<base>/acp`, its REST endpoints under it
 * (checkout_sessions, carts, agentic_commerce/delegate_payment). Every answer there is ACP's shape.
 */

export const ACP_PATH = '/acp';

/** Whether a request path is the ACP binding's. */
export function isAcpPath(pathname: string): boolean {
  return pathname === ACP_PATH || pathname.startsWith(`${ACP_PATH}/`);
}

/** Where a platform delegates a card (this service as its own test PSP): its errors are delegate_payment's. */
export const DELEGATE_PAYMENT_PATH = `${ACP_PATH}/agentic_commerce/delegate_payment`;
