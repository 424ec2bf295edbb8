/**
 * What every answer of UCP's binding shares: its `ucp` member (the version, and the negotiated
 * capabilities relevant to the operation: overview.md § Response Capability Selection), and the
 * seller scope its endpoint gives.
 */
import { UCP_VERSION } from '../../negotiation/capabilities';
import { relevantCapabilities } from '../../negotiation';
import type { UcpResponseMeta } from '../../errors/ucp';
import type { RequestContext } from '../../trpc/context';

export function responseMeta(ctx: RequestContext, capability: string): UcpResponseMeta & { status: 'success' } {
  return { version: UCP_VERSION, status: 'success', capabilities: relevantCapabilities(ctx.negotiated!.intersection, capability) };
}

/** The seller whose endpoint was called (`/store/{handle}/ucp`), or the whole network. */
export function sellerScope(ctx: RequestContext): { sellerHandle?: string } {
  return ctx.envelope.seller === undefined ? {} : { sellerHandle: ctx.envelope.seller };
}
