/**
 * The client's address from X-Forwarded-For. Without TRUST_PROXY the custom server has replaced
 * that header with the socket's address; behind a proxy (TRUST_PROXY=1) the proxy appends the
 * address it saw, so the last entry is the one no client can forge.
 */
import ipaddr from 'ipaddr.js';

export function clientIp(forwardedFor: string | null | undefined): string {
  const last = forwardedFor?.split(',').at(-1)?.trim();
  return last || 'unknown';
}

/**
 * What a per-address limit counts under: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as its IPv4), an IPv6 address as its /64. One host is routinely given a whole /64, so counting
 * single IPv6 addresses would hand anyone 2^64 fresh allowances. Text that is no address is
 * counted as it stands (`unknown` when there was none).
 */
export function addressBucket(address: string): string {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare) || !(bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare))) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** The bucket of the request's client address, from its X-Forwarded-For (see clientIp). */
export function clientAddressBucket(forwardedFor: string | null | undefined): string {
  return addressBucket(clientIp(forwardedFor));
}
