/**
 * The identity step of a call of ACP's binding (`<base>/acp`, ACP 2026-04-17), before its input is
 * read: the API-Version it speaks, then its credential. The platform is a network key carrying
 * acp:platform, acting in its own namespace (its sessions and idempotency keys are its own). An
 * unknown or revoked key is 401; a key without the scope, a buyer token or an OAuth token (which act
 * for a person, not a platform) 403 (issue #47 §1). Then the request Signature, when one is sent
 * (decision 4). The rate limit follows as on every call.
 */
import { ApiError } from '../errors/catalogue';
import { ACP_VERSION } from '../errors/acp';
import type { BearerCredential } from '../identity/credentials';
import { checkAcpRequestSignature } from '../keys/acp-platforms';
import type { RequestContext } from './context';

export const ACP_SCOPE = 'acp:platform';

/** 400 missing_api_version or unsupported_api_version (AC §2.1); ACP's Error adds supported_versions. */
export function checkApiVersion(ctx: RequestContext): void {
  const sent = ctx.envelope.acp?.apiVersion;
  if (sent == null || sent.trim() === '') throw new ApiError('missing_api_version');
  if (sent.trim() !== ACP_VERSION) {
    throw new ApiError('unsupported_api_version', { message: `API-Version ${JSON.stringify(sent.slice(0, 40))} is not one this service speaks: send API-Version: ${ACP_VERSION}.` });
  }
}

/** The challenge of a 401 under /acp (RFC 6750): a network key is the one credential taken. */
const CHALLENGE = { 'WWW-Authenticate': `Bearer realm="acp", scope="${ACP_SCOPE}"` };

/** An ACP call names its platform's key: none at all is 401, as an unknown key is. */
export function acpCredentialRequired(): ApiError {
  return new ApiError('credential_required', {
    message: `Every call under /acp needs Authorization: Bearer <a network key with ${ACP_SCOPE}> (minted on the dashboard).`,
    details: { required: ACP_SCOPE },
    headers: CHALLENGE,
  });
}

/**
 * Decision 4, after the credential: a Signature sent is checked against the signing key the key's
 * account registered (keys/acp-platforms.ts; 401 acp_signature_invalid). A promise only when one
 * was sent: the bearer key alone suffices.
 */
export function acpSignatureChecked(ctx: RequestContext): Promise<void> | undefined {
  const sent = ctx.envelope.acp;
  const credential = ctx.caller.credential;
  if (sent?.signature === undefined || credential?.kind !== 'key') return undefined;
  return checkAcpRequestSignature(ctx.db, credential.accountId, { signature: sent.signature, timestamp: sent.timestamp, body: sent.body });
}

/**
 * The platform's key id, which its delegated tokens are bound to. Every call under /acp is made
 * with one (checkAcpCredential lets no other credential through); without one, 401 as ever.
 */
export function keyIdOf(ctx: RequestContext): string {
  const credential = ctx.caller.credential;
  if (credential?.kind !== 'key') throw acpCredentialRequired();
  return credential.keyId;
}

export function checkAcpCredential(credential: BearerCredential): void {
  if (credential.kind === 'key' && (credential.scopes as readonly string[]).includes(ACP_SCOPE)) return;
  const why =
    credential.kind === 'key'
      ? `This key does not carry ${ACP_SCOPE}: mint one that does on the dashboard.`
      : `A ${credential.kind === 'buyer' ? 'buyer token' : 'OAuth access token'} acts for a person; an ACP platform calls with its network key carrying ${ACP_SCOPE}.`;
  throw new ApiError('insufficient_scope', { message: why, details: { required: ACP_SCOPE } });
}
