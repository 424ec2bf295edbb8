/**
 * UCP's binding also takes a network key as `X-API-Key`, the header many platforms send one in
 * (overview.md § Authentication Mechanisms): it is that key as a bearer, and beside an
 * Authorization naming another credential, a conflict the pipeline refuses.
 */
export interface CredentialHeaders {
  authorization?: string | null;
  identityConflict?: { field: string; places: string[] };
}

export function takeApiKey(envelope: CredentialHeaders, apiKey: string | null): void {
  if (apiKey === null) return;
  const bearer = `Bearer ${apiKey.trim()}`;
  if (envelope.authorization == null) envelope.authorization = bearer;
  else if (envelope.authorization.trim() !== bearer) envelope.identityConflict ??= { field: 'credential', places: ['Authorization', 'X-API-Key'] };
}
