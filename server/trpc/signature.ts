/**
 * Step 4a of an open call: its request signature, when it sends one (`Signature-Input`). A
 * signature that verifies makes the caller `signed` (caller.signature). One that does not leaves a
 * seed API call open, with one advisory saying why; on UCP's binding it is refused as UCP's
 * signature errors (overview.md § Profile Requirements › Fetching: a signature mismatch MUST be
 * rejected), except a replayed nonce, which UCP answers through idempotency instead. Signatures
 * beside Authorization are ignored (the credential is the caller).
 */
import { ApiError, type ErrorCode } from '../errors/catalogue';
import { advisory } from '../identity/advisories';
import type { NegotiationView } from '../negotiation/types';
import { KeySet } from '../signatures/keys';
import type { SignatureAdvisoryCode } from '../signatures/verify';
import type { RequestContext } from './context';

/** Whether this call's signature is to be checked: an open call (no credential) that names a profile and sends Signature-Input. */
export function signatureSent(ctx: RequestContext): boolean {
  return ctx.caller.agent !== undefined && ctx.caller.credential === undefined && ctx.envelope.message?.headers.get('signature-input') != null;
}

/** UCP's signature error for each reason a signature was not used; absent: advised, not refused. */
const BINDING_REFUSALS: Partial<Record<SignatureAdvisoryCode, ErrorCode>> = {
  signature_malformed: 'signature_invalid',
  signature_expired: 'signature_invalid',
  signature_invalid: 'signature_invalid',
  signature_agent_mismatch: 'signature_invalid',
  signature_components_missing: 'signature_missing',
  signature_params_invalid: 'signature_missing',
  signature_key_unknown: 'key_not_found',
  signature_digest_mismatch: 'digest_mismatch',
  signature_algorithm_unsupported: 'algorithm_unsupported',
  signature_profile_unavailable: 'profile_unreachable',
};

/** The negotiated profile's signing keys, made a key set once per cached profile (the view is shared while cached). */
const heldKeys = new WeakMap<NegotiationView, KeySet>();

function keysOf(view: NegotiationView): KeySet {
  let keys = heldKeys.get(view);
  if (!keys) heldKeys.set(view, (keys = new KeySet(view.signing_keys ?? [])));
  return keys;
}

export async function verifyCallerSignature(ctx: RequestContext): Promise<void> {
  const { caller, services, negotiated } = ctx;
  const binding = negotiated !== undefined;
  const options = negotiated ? { binding, profileKeys: keysOf(negotiated.view) } : {};
  const outcome = await services.signatures.verify(ctx.envelope.message!, caller.agent!, services.shared, ctx.scope.address, options);
  if (!outcome.ok) {
    const refusal = binding ? BINDING_REFUSALS[outcome.code] : undefined;
    if (refusal) throw new ApiError(refusal, { message: `The request signature was not used: ${outcome.reason}.`, details: { reason: outcome.code } });
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
