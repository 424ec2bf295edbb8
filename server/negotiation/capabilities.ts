/**
 * The capabilities UCP's shopping binding offers, as the business profiles publish them and as
 * negotiation intersects them with a platform's: the catalog, carts, checkout sessions (with the
 * fulfillment extension) and orders.
 */
import type { CapabilityVersion } from './types';

export const UCP_VERSION = '2026-04-08';
const UCP_DEV = `https://ucp.dev/${UCP_VERSION}`;

export interface BindingCapability extends CapabilityVersion {
  spec: string;
  schema: string;
}

/** Name → the one version offered, with UCP's own spec and schema URLs (overview.md § Spec URL Binding). */
export const BINDING_CAPABILITIES: Record<string, BindingCapability> = {
  'dev.ucp.shopping.catalog.search': {
    version: UCP_VERSION,
    spec: `${UCP_DEV}/specification/catalog/search`,
    schema: `${UCP_DEV}/schemas/shopping/catalog_search.json`,
  },
  'dev.ucp.shopping.catalog.lookup': {
    version: UCP_VERSION,
    spec: `${UCP_DEV}/specification/catalog/lookup`,
    schema: `${UCP_DEV}/schemas/shopping/catalog_lookup.json`,
  },
  'dev.ucp.shopping.cart': { version: UCP_VERSION, spec: `${UCP_DEV}/specification/cart`, schema: `${UCP_DEV}/schemas/shopping/cart.json` },
  'dev.ucp.shopping.checkout': { version: UCP_VERSION, spec: `${UCP_DEV}/specification/checkout`, schema: `${UCP_DEV}/schemas/shopping/checkout.json` },
  'dev.ucp.shopping.fulfillment': {
    version: UCP_VERSION,
    spec: `${UCP_DEV}/specification/fulfillment`,
    schema: `${UCP_DEV}/schemas/shopping/fulfillment.json`,
    extends: 'dev.ucp.shopping.checkout',
  },
  'dev.ucp.shopping.order': { version: UCP_VERSION, spec: `${UCP_DEV}/specification/order`, schema: `${UCP_DEV}/schemas/shopping/order.json` },
};

/** UCP's order capability: GET /orders/{id}, and where a platform names its order webhook. */
export const ORDER_CAPABILITY = 'dev.ucp.shopping.order';

/** The service `dev.ucp.shopping` as the profiles publish it, per transport. */
export const SHOPPING_SERVICE = {
  name: 'dev.ucp.shopping',
  spec: `${UCP_DEV}/specification/overview`,
  schemas: { rest: `${UCP_DEV}/services/shopping/rest.openapi.json`, mcp: `${UCP_DEV}/services/shopping/mcp.openrpc.json` },
} as const;
