/**
 * Step 4a of an open call: its request signature, when it sends one (`Signature-Input`). Never a
 * refusal: a signature that verifies makes the caller `signed` (caller.signature); one that does
 * not leaves the call open, with one advisory saying why. Signatures beside Authorization are
 * ignored (the credential is the caller).
 */
import { advisory } from '../identity/advisories';
import type { RequestContext } from './context';

/** Whether this call's signature is to be checked: an open call (no credential) that names a profile and sends Signature-Input. */
export function signatureSent(ctx: RequestContext): boolean {
  return ctx.caller.agent !== undefined && ctx.caller.credential === undefined && ctx.envelope.message?.headers.get('signature-input') != null;
}

export async function verifyCallerSignature(ctx: RequestContext): Promise<void> {
  const { caller, services } = ctx;
  const outcome = await services.signatures.verify(ctx.envelope.message!, caller.agent!, services.shared, ctx.scope.address);
  if (!outcome.ok) {
    ctx.advisories.push(advisory(outcome.code, services.config.publicBaseUrl, null, outcome.reason));
    return;
  }
  caller.signature = {
    keyid: outcome.keyid,
    regime: outcome.regime,
    profile: outcome.profile,
    // Attested: the signature covers the Service-Buyer header and its ref was kept.
    buyerAttested: outcome.coversServiceBuyer && caller.buyer.ref !== undefined,
  };
}
