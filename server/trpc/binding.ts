/**
 * The identity step of a call of UCP's shopping binding (`<base>/ucp`, `<base>/store/{handle}/ucp`).
 * Unlike the seed API's open path, the platform profile named in UCP-Agent accompanies every
 * call, credential or not, and is fetched and negotiated with (negotiation/): the call then runs
 * with the capabilities both sides support. A credential acts as itself, for a profile its owner
 * says it speaks for (overview.md § Identity Binding):
 *
 * - no credential: the caller is the profile, as on the seed API's open path;
 * - an OAuth token: the person, credited to that platform (the seed API's linked call);
 * - a network key, or a buyer token registered with one: the key's account must list the profile
 *   among its agent profiles (the dashboard), else 403 profile_not_trusted.
 */
import { sellerHandleExists } from '../catalog/sellers';
import { ApiError } from '../errors/catalogue';
import type { Credential } from '../identity/credentials';
import { speaksFor } from '../keys/agent-profiles';
import { singleLine } from '../lib/input-limits';
import type { RequestContext } from './context';

export function negotiateCall(ctx: RequestContext): void | Promise<void> {
  const { envelope, services } = ctx;
  const negotiated = services.negotiator.negotiate(envelope.ucpAgent, ctx.scope.address);
  if (negotiated instanceof Promise) return negotiated.then((n) => negotiatedWith(ctx, n));
  return negotiatedWith(ctx, negotiated);
}

function negotiatedWith(ctx: RequestContext, negotiated: NonNullable<RequestContext['negotiated']>): void | Promise<void> {
  ctx.negotiated = negotiated;
  const url = new URL(negotiated.profileUrl);
  ctx.caller.agent = { url: url.href, host: url.hostname, hostKind: 'public' };
  const account = accountActingFor(ctx.caller.credential);
  const seller = ctx.envelope.seller;
  if (account === undefined && seller === undefined) return;
  return Promise.all([account !== undefined && checkSpeaksFor(ctx, account, url.href), seller !== undefined && checkSeller(ctx, seller)]).then(() => {});
}

/** The account whose agent profiles decide whether the credential may act for the profile; undefined when none must. */
function accountActingFor(credential: Credential | undefined): string | undefined {
  if (credential?.kind === 'key') return credential.accountId;
  // A buyer token registered with a key acts for that key's account; one registered through an
  // OAuth grant acts for the person, as that grant's linked calls do.
  if (credential?.kind === 'buyer' && credential.owner.startsWith('account:')) return credential.owner.slice('account:'.length);
  return undefined;
}

async function checkSpeaksFor(ctx: RequestContext, accountId: string, profileUrl: string): Promise<void> {
  if (await speaksFor(ctx.db, accountId, profileUrl)) {
    // The credential acts for this platform: its carts are credited to it (order events go there).
    ctx.caller.listedProfile = profileUrl;
    return;
  }
  throw new ApiError('profile_not_trusted', {
    message: `This credential's account does not list ${profileUrl} among the agent profiles it speaks for: add it on the dashboard (Agent profiles), or call without the credential as the profile itself.`,
    details: { profile: profileUrl },
  });
}

/** A seller's endpoint exists only for a seller of the network. */
async function checkSeller(ctx: RequestContext, handle: string): Promise<void> {
  // A handle no seller can have (control characters, which Postgres refuses in text; over 100
  // characters) is not looked up. Every call of a seller's endpoint asks: findSeller would count
  // the seller's products, and look for similar sellers on a miss, for an answer that is yes or no.
  if (singleLine(100).safeParse(handle).success && (await sellerHandleExists(ctx.db, handle))) return;
  throw new ApiError('not_found', { message: `No seller of this network has the handle ${JSON.stringify(handle)}, so this is no endpoint.` });
}

/** An operation whose root capability the platform does not share answers the business outcome capabilities_incompatible. */
export function checkCapability(ctx: RequestContext, capability: string): void {
  if (ctx.negotiated!.intersection[capability]) return;
  throw new ApiError('capabilities_incompatible', {
    message: `This operation needs ${capability}, which the platform profile ${ctx.negotiated!.profileUrl} does not declare at a version this business supports (${ctx.services.config.publicBaseUrl}/.well-known/ucp lists them).`,
  });
}
