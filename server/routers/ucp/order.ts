/**
 * UCP's order capability on the binding (order.md, order-rest.md, order-mcp.md): GET
 * `<endpoint>/orders/{id}`, the MCP tool get_order. The business MUST authenticate a read of
 * order data (order.md § Authorization), so the open call the binding otherwise takes is not
 * enough: the caller proves it is the platform (a request signature that verifies against its
 * profile's signing_keys) or brings a credential that may read orders (dev.ucp.shopping.order:read,
 * or a buyer token). It then reads its own orders only (orders/read.ts), as UCP's order (orders/ucp-order.ts).
 */
import { cartOwner } from '../../carts/store';
import { ORDER_CAPABILITY } from '../../negotiation/capabilities';
import { readOrder } from '../../orders/read';
import { ucpOrder } from '../../orders/ucp-order';
import { getOrderRequest, orderResponse } from '../../ucp/order-schemas';
import type { RequestContext } from '../../trpc/context';
import { router } from '../../trpc/init';
import { binding, credentialRequired, grants, insufficientScope } from '../../trpc/procedures';
import { responseMeta } from './response';

const READ = 'dev.ucp.shopping.order:read';

export const ucpOrderRouter = router({
  get: binding
    .meta({
      openapi: { method: 'GET', path: '/ucp/orders/{id}', tags: ['ucp'], summary: 'One order, as it stands (UCP)' },
      ucp: {
        capability: ORDER_CAPABILITY,
        tool: {
          name: 'get_order',
          title: 'Get an order',
          description:
            'The current state of an order this platform placed at this endpoint: its lines, one shipping expectation per seller, totals, and the page where the person sees it. Needs a request signature by a key of your profile’s signing_keys, a credential with dev.ucp.shopping.order:read, or a buyer token.',
        },
      },
      op: { errors: ['credential_required', 'insufficient_scope', 'order_not_found'] },
    })
    .input(getOrderRequest)
    .output(orderResponse)
    .query(async ({ ctx, input }) => {
      assertMayReadOrders(ctx);
      const { config, keys } = ctx.services;
      const held = await readOrder(ctx.db, input.id, { owner: cartOwner(ctx.caller), scope: ctx.envelope.seller ?? null });
      const order = await ucpOrder(ctx.db, keys, config.publicBaseUrl, held);
      return { ucp: responseMeta(ctx, ORDER_CAPABILITY), ...order };
    }),
});

/**
 * 401 without a signature or credential, with WWW-Authenticate naming the scope; 403 for a
 * credential without it. Only a signature under the profile's own keys counts (the `default`
 * regime): a Web Bot Auth signature is checked against another key directory.
 */
function assertMayReadOrders(ctx: RequestContext): void {
  const { credential, signature } = ctx.caller;
  const base = ctx.services.config.publicBaseUrl;
  if (credential === undefined) {
    if (signature?.regime === 'default') return;
    throw credentialRequired(READ, base, `Reading an order needs the platform's request signature (a key of its profile's signing_keys), a credential with ${READ}, or a buyer token.`);
  }
  if (credential.kind !== 'session' && grants(credential, { kind: 'credential', scope: READ, buyerToken: true })) return;
  throw insufficientScope(READ, base, `This credential does not carry ${READ}, which reading an order needs (or call as a buyer token, or with the platform's request signature and no credential).`);
}
