/**
 * A failed call of UCP's binding as its transports answer it (errors/ucp.ts has the shapes): a
 * business outcome is 200 with UCP's error_response, anything else keeps its status with UCP's
 * transport body. Both name the service's start page as `continue_url`, where a person can go on
 * without the platform (overview.md § The continue_url Field). REST writes the answer as it is;
 * MCP makes an outcome a result and anything else a JSON-RPC error carrying the body.
 */
import type { ApiError } from '../../errors/catalogue';
import { isNegotiationFailure, isUcpOutcome, ucpOutcomeBody, ucpStatus, ucpTransportBody, type UcpErrorResponse, type UcpTransportBody } from '../../errors/ucp';
import { relevantCapabilities } from '../../negotiation';
import { UCP_VERSION } from '../../negotiation/capabilities';
import type { RequestContext } from '../../trpc/context';

export function bindingFailure(ctx: RequestContext, err: ApiError, capability: string | undefined): { status: number; body: UcpErrorResponse | UcpTransportBody } {
  const continueUrl = `${ctx.services.config.publicBaseUrl}/`;
  if (!isUcpOutcome(err)) return { status: ucpStatus(err), body: ucpTransportBody(err, ctx.requestId, isNegotiationFailure(err) ? continueUrl : undefined) };
  const { negotiated } = ctx;
  const capabilities = negotiated && capability ? relevantCapabilities(negotiated.intersection, capability) : {};
  return { status: 200, body: ucpOutcomeBody(err, { version: UCP_VERSION, capabilities }, continueUrl) };
}

