/**
 * The two cookies signing in leaves on a browser besides the session, each MACed under a key of its
 * own derived from SECRETS_KEY, so neither can be made or altered without the service's secrets:
 *
 * - "known browser" (a year), set when a browser signs in: it lifts the per-address ceiling on
 *   sign-in links for the addresses it names, so a stranger asking for links to someone's address
 *   from everywhere cannot lock the owner out of a browser they have signed in on before.
 * - "asked for a link" (as long as a link lasts), set when the browser asks for a link: the confirm
 *   page warns when it is missing (the mail opened on another device, or a link someone sent).
 *
 * One cookie names up to KEPT addresses (a browser shared by a few accounts), each as its issue time
 * and a MAC of (cookie, address, issue time): the address itself is not in the cookie, and an entry
 * counts only within its lifetime, whatever expiry the browser keeps for the cookie. During a
 * rotation of SECRETS_KEY, entries made under the previous key still count.
 */
import type { ResponseInternal } from '@auth/core/types';
import { hmacSha256, sameSecret } from '../lib/secrets';
import type { KeyPurpose, ServiceKeys } from '../secrets/keys';
import { SIGN_IN_LINK_SECONDS } from './auth';

/** A cookie to set: name, value and its serialize options (Auth.js's shape, which pages already set). */
export type Cookie = NonNullable<ResponseInternal['cookies']>[number];

export interface BrowserCookie {
  /** The cookie's name (`__Secure-` prefixed on https). */
  name: string;
  /** Whether the cookie's value vouches for `address` at `now`. */
  holds(value: string | undefined, address: string, now?: Date): Promise<boolean>;
  /** The cookie to set: `address` added to what `value` still vouches for. */
  add(value: string | undefined, address: string, now?: Date): Promise<Cookie>;
}

interface Kind {
  name: string;
  /** Its MAC key's purpose (secrets/keys.ts: one key per purpose, derived from SECRETS_KEY). */
  keyName: KeyPurpose;
  lifetimeSeconds: number;
}

export const KNOWN_BROWSER: Kind = { name: 'known-browser', keyName: 'known-browser-cookie', lifetimeSeconds: 365 * 24 * 60 * 60 };
/** As long as the link asked for works. */
export const ASKED_FOR_LINK: Kind = { name: 'signin-asked', keyName: 'signin-asked-cookie', lifetimeSeconds: SIGN_IN_LINK_SECONDS };

const KEPT = 5;
/** 128 bits of HMAC-SHA256, base64url. */
const MAC_CHARS = 22;
const TAG = new RegExp(`^[A-Za-z0-9_-]{${MAC_CHARS}}$`);
/** A clock ahead of ours by this much still has its entries honoured. */
const SKEW_SECONDS = 60;

export function browserCookie(kind: Kind, keys: Pick<ServiceKeys, 'key' | 'verifying'>, publicBaseUrl: string): BrowserCookie {
  const secure = publicBaseUrl.startsWith('https:');
  const name = secure ? `__Secure-${kind.name}` : kind.name;
  const mac = (key: Buffer, address: string, issued: number) =>
    hmacSha256(key, `${kind.name}\0${address}\0${issued}`).toString('base64url').slice(0, MAC_CHARS);

  /** The well-formed entries of `value` still within their lifetime, at most KEPT. */
  const entries = (value: string | undefined, now: Date) => {
    const seconds = Math.floor(now.getTime() / 1000);
    return (value ?? '')
      .split('~', KEPT)
      .map((entry) => {
        const [issued, tag, extra] = entry.split('.');
        return extra === undefined && /^[0-9a-z]{1,10}$/.test(issued ?? '') && TAG.test(tag ?? '') ? { issued: parseInt(issued, 36), tag } : null;
      })
      .filter((e): e is { issued: number; tag: string } => e !== null && e.issued <= seconds + SKEW_SECONDS && seconds - e.issued < kind.lifetimeSeconds);
  };
  const matches = async (entry: { issued: number; tag: string }, address: string) => {
    for (const key of await keys.verifying(kind.keyName)) if (sameSecret(entry.tag, mac(key, address, entry.issued))) return true;
    return false;
  };

  return {
    name,
    async holds(value, address, now = new Date()) {
      for (const entry of entries(value, now)) if (await matches(entry, address)) return true;
      return false;
    },
    async add(value, address, now = new Date()) {
      const issued = Math.floor(now.getTime() / 1000);
      const others = [];
      for (const entry of entries(value, now)) if (!(await matches(entry, address))) others.push(entry);
      const kept = [{ issued, tag: mac(keys.key(kind.keyName), address, issued) }, ...others].slice(0, KEPT);
      return {
        name,
        value: kept.map((e) => `${e.issued.toString(36)}.${e.tag}`).join('~'),
        // Sent only to the sign-in pages, which alone read it.
        options: { httpOnly: true, sameSite: 'lax', path: '/signin', secure, maxAge: kind.lifetimeSeconds },
      };
    },
  };
}
