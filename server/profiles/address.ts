/**
 * Which addresses a profile fetch may connect to: public unicast only. Everything `ipaddr.js` names
 * a special range is refused (loopback, private, link-local with 169.254.169.254, carrier-grade
 * NAT, unique-local, multicast, reserved and documentation, 6to4, Teredo, NAT64, …), an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries, and every spelling of an
 * address (decimal 2130706433, hex 0x7f000001, octal, shortened 127.1) is read as the address it is.
 */
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { ok: true; address: string; family: 4 | 6 } | { ok: false; range: string };

/**
 * The canonical address to connect to, or the range that refuses it. A string that is no address
 * at all is refused too (a resolver is not trusted to answer addresses only).
 */
export function checkAddress(text: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text);
  } catch {
    return { ok: false, range: 'not an IP address' };
  }
  const range = parsed.range();
  if (range !== 'unicast') return { ok: false, range };
  // ::/96 (the deprecated IPv4-compatible form, ::7f00:1) is "unicast" to ipaddr.js; no public
  // host lives there, and some stacks would route it as the IPv4 address it ends with.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return { ok: false, range: 'ipv4Compatible' };
  return { ok: true, address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6 };
}

/** The URL host as an address (brackets off an IPv6 literal), or null when it is a name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  // A name (anything but digits and dots, without a colon) is no four-part decimal: the common
  // case answered without ipaddr's parse, which costs ~60 µs.
  if (!bare.includes(':') && /[^0-9.]/.test(bare)) return null;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}
