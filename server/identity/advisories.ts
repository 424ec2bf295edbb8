/**
 * Advisories: something about a request should change but does not stop it. They never change
 * the status; REST carries them in `Service-Advisory` and a `service:advisories` body array.
 */

export const ADVISORY_CATALOGUE = {
  reserved_profile_host: 'The agent profile URL is on a reserved host name; such profiles will be refused from the refused_from date.',
  ip_profile_host: 'The agent profile URL names an IP address; such profiles will be refused from the refused_from date.',
  buyer_ref_invalid: 'Service-Buyer was dropped: ref must be 8–64 characters of A-Z a-z 0-9 . _ : - and the header an RFC 8941 dictionary.',
  buyer_ref_pii_dropped:
    'Service-Buyer was dropped because it looks like an e-mail address or telephone number; send an opaque id such as a keyed hash of your user id.',
} as const;

export type AdvisoryCode = keyof typeof ADVISORY_CATALOGUE;

export interface Advisory {
  code: AdvisoryCode;
  message: string;
  documentation: string;
  /** The day from which the behaviour is refused; null for advisories that announce no refusal. */
  refused_from: string | null;
}

export function advisory(code: AdvisoryCode, baseUrl: string, refusedFrom: string | null = null): Advisory {
  return {
    code,
    message: ADVISORY_CATALOGUE[code],
    documentation: `${baseUrl}/api/agent/docs/overview#advisory-${code}`,
    refused_from: refusedFrom,
  };
}

/** `Service-Advisory: reserved_profile_host;refused_from="2027-03-01", buyer_ref_invalid` */
export function serviceAdvisoryHeader(advisories: readonly Advisory[]): string {
  return advisories.map((a) => (a.refused_from ? `${a.code};refused_from="${a.refused_from}"` : a.code)).join(', ');
}
