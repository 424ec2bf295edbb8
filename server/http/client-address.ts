/**
 * The address a request is counted under by per-address limits (the open allowance, the profile
 * fetch budget, OAuth's): the socket's peer, or behind a trusted proxy (TRUST_PROXY) the address
 * the proxy appended to X-Forwarded-For, as its bucket (lib/client-ip.ts: IPv4 as it is, IPv6 as
 * its /64).
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';
import { addressBucket, clientIp } from '../lib/client-ip';

/**
 * Buckets by address as received: parsing one cost about as much as the rest of the rate-limit
 * step, and a client sends many requests from one address. Cleared when full.
 */
const buckets = new Map<string, string>();
const BUCKETS_MAX = 10_000;

export function requestAddress(req: IncomingMessage, trustProxy: boolean): string {
  const address = trustProxy ? clientIp(req.headers['x-forwarded-for'] as string | undefined) : (req.socket.remoteAddress ?? 'unknown');
  let bucket = buckets.get(address);
  if (bucket === undefined) {
    bucket = addressBucket(address);
    if (buckets.size >= BUCKETS_MAX) buckets.clear();
    buckets.set(address, bucket);
  }
  return bucket;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The start-up line for a service that is evidently behind a proxy without TRUST_PROXY: its public
 * URL is https (this server speaks only http) or names another port than it listens on, on a host
 * that is not loopback. Every request then comes from the proxy's address, so every client shares
 * one per-address allowance.
 */
export function proxyWarning(config: Config): string | undefined {
  if (config.trustProxy) return undefined;
  const base = new URL(config.publicBaseUrl);
  if (LOOPBACK_HOSTS.has(base.hostname)) return undefined;
  const port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
  if (base.protocol !== 'https:' && port === config.port) return undefined;
  return `TRUST_PROXY is not set, yet PUBLIC_BASE_URL (${config.publicBaseUrl}) is reached through something in front of this server: if that is a proxy, every client is counted as the proxy's address, sharing one open allowance per address (RATE_LIMIT_OPEN_ADDRESS), one profile fetch budget and the OAuth and sign-in limits. Set TRUST_PROXY=1 behind a proxy that appends X-Forwarded-For.`;
}
