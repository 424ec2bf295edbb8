/**
 * `Service-Buyer: ref="…", session="…"`: an optional, opaque buyer reference for attribution.
 * It never changes what a caller may do; an unusable value is dropped with an advisory.
 */
import { parseDictionary } from 'structured-headers';
import { advisory, type Advisory } from './advisories';

export interface BuyerReference {
  ref?: string;
  session?: string;
}

const REF = /^[A-Za-z0-9._:-]{8,64}$/;
const SESSION = /^[\x21-\x7e]{1,128}$/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Seven or more digits, optionally with +, spaces, dots, dashes or parentheses between them. */
function looksLikePhone(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7;
}

export function looksLikePii(value: string): boolean {
  return EMAIL.test(value) || looksLikePhone(value);
}

export function parseServiceBuyer(header: string, baseUrl: string): { buyer: BuyerReference; advisories: Advisory[] } {
  let dictionary;
  try {
    dictionary = parseDictionary(header);
  } catch {
    return { buyer: {}, advisories: [advisory('buyer_ref_invalid', baseUrl)] };
  }
  const stringMember = (name: string): string | undefined | null => {
    const member = dictionary.get(name);
    if (!member) return undefined;
    return typeof member[0] === 'string' ? member[0] : null; // null: present but not a string
  };

  const buyer: BuyerReference = {};
  const codes = new Set<'buyer_ref_invalid' | 'buyer_ref_pii_dropped'>();
  const ref = stringMember('ref');
  const session = stringMember('session');

  if (ref !== undefined) {
    if (ref !== null && looksLikePii(ref)) codes.add('buyer_ref_pii_dropped');
    else if (ref === null || !REF.test(ref)) codes.add('buyer_ref_invalid');
    else buyer.ref = ref;
  }
  if (session !== undefined) {
    if (session !== null && looksLikePii(session)) codes.add('buyer_ref_pii_dropped');
    else if (session === null || !SESSION.test(session)) codes.add('buyer_ref_invalid');
    else buyer.session = session;
  }
  if (ref === undefined && session === undefined) codes.add('buyer_ref_invalid');
  return { buyer, advisories: [...codes].map((code) => advisory(code, baseUrl)) };
}
