/**
 * The one way the service requests a URL a caller named (an agent profile, a key directory, an
 * OAuth client's metadata document), under SSRF rules:
 *
 * - https only, GET, no redirects (a 3xx fails), 5 s for the whole exchange, lookup included
 *   (raced against the same timer), a body of at most 256 KiB that is a JSON object;
 * - every address the name resolves to (`dns.lookup`, all of them) must be public unicast
 *   (address.ts), and so must an IP-literal host; one private address among public ones refuses;
 * - the connection goes to the address that was checked (a `lookup` handed to the socket that
 *   answers it, in both of Node's calling forms), with the certificate checked against the name,
 *   so a second DNS answer (rebinding) has no window;
 * - pins (PROFILE_FETCH_RESOLVE) name a loopback address for a .test or .localhost name on one
 *   port: the only way to reach this machine, for tests and development; PROFILE_FETCH_LOCAL's
 *   (.localhost only, development only) accept any certificate there.
 *
 * The address checks and the pinned connection (checkedDestination, pinnedRequest) serve the order
 * webhooks' POSTs too (webhooks/sender.ts), with their own method, timeout and answer.
 */
import tls from 'node:tls';
import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ProfileFetchConfig, ProfileFetchPin } from '../config';
import { withTimeLimit } from '../lib/time-limit';
import { checkAddress, ipLiteral } from './address';

export const FETCH_TIMEOUT_MS = 5_000;
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/** Resolves a name to every address it has, as `dns.lookup(name, { all: true })` does. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface FetchRules {
  pins: readonly ProfileFetchPin[];
  /**
   * Node's roots and PROFILE_FETCH_CA_FILE's, built into a TLS context once: passing the roots as
   * `ca` would build one per connection (about 50 ms of CPU each). Undefined: Node's default store
   * (NODE_EXTRA_CA_CERTS included).
   */
  secureContext?: tls.SecureContext;
  resolver?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedDocument {
  json: Record<string, unknown>;
  /** Cache-Control max-age, when the answer named one. */
  maxAgeSeconds?: number;
}

/**
 * What kind of failure it was, for a caller that answers each differently (UCP's negotiation,
 * negotiation/): the URL or its host may not be fetched at all (`address`: not https, credentials,
 * an address that is not public, a name that does not resolve); the host gave no document
 * (`unreachable`: a timeout, a status other than 200, a redirect, too large, a broken connection);
 * what it gave is not the document asked for (`malformed`); or it is one, in a version this
 * service does not read (`unsupported`, said by a digest: profiles/index.ts).
 */
export type RefusalKind = 'address' | 'unreachable' | 'malformed' | 'unsupported';

/** Why a document could not be had; the message is safe to show the caller. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';

  constructor(
    message: string,
    /** Unless said otherwise, the host gave no document. */
    readonly kind: RefusalKind = 'unreachable',
  ) {
    super(message);
  }
}

/** The rules a service instance fetches under: its pins, and PROFILE_FETCH_CA_FILE beside Node's roots. */
export function fetchRules(config: ProfileFetchConfig, extra: Partial<FetchRules> = {}): FetchRules {
  return { pins: config.pins, secureContext: config.ca ? tls.createSecureContext({ ca: [...tls.rootCertificates, config.ca.pem] }) : undefined, ...extra };
}

export async function fetchJson(target: string, rules: FetchRules): Promise<FetchedDocument> {
  const url = URL.parse(target);
  if (!url || url.protocol !== 'https:') throw new FetchRefused(`${target} is not an https URL`, 'address');
  if (url.username || url.password) throw new FetchRefused(`${url.origin} carries credentials in the URL`, 'address');
  const timeoutMs = rules.timeoutMs ?? FETCH_TIMEOUT_MS;
  const late = () => new FetchRefused(`${url.host} did not answer within ${timeoutMs / 1000} s`);
  return withTimeLimit(timeoutMs, late, async (within, signal) => {
    const to = await within(checkedDestination(url, rules));
    return within(get(url, to, rules, signal));
  });
}

export interface Destination {
  address: string;
  family: 4 | 6;
  /** The name the certificate must carry (and SNI), or undefined for an IP-literal host. */
  servername?: string;
  /** A PROFILE_FETCH_LOCAL pin: the certificate is not checked. */
  anyCertificate?: true;
}

/**
 * The address to connect to for an https URL's host, after the checks above: an IP literal or
 * every address the name resolves to public, or the name pinned. Throws FetchRefused of kind
 * `address` otherwise.
 */
export async function checkedDestination(url: URL, rules: FetchRules): Promise<Destination> {
  const port = Number(url.port || 443);
  const literal = ipLiteral(url.hostname);
  if (literal !== null) {
    const verdict = checkAddress(literal);
    if (!verdict.ok) throw new FetchRefused(`${url.hostname} is not a public address (${verdict.range})`, 'address');
    return { address: verdict.address, family: verdict.family };
  }
  const name = url.hostname.toLowerCase().replace(/\.$/, '');
  const pin = rules.pins.find((p) => p.host === name && p.port === port);
  if (pin) return { address: pin.address, family: pin.address.includes(':') ? 6 : 4, servername: name, anyCertificate: pin.anyCertificate };
  let answers: { address: string; family: number }[];
  try {
    answers = await (rules.resolver ?? systemResolver)(name);
  } catch (err) {
    throw new FetchRefused(`${name} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'lookup failed'})`, 'address');
  }
  if (!answers.length) throw new FetchRefused(`${name} does not resolve`, 'address');
  let first: Destination | undefined;
  for (const answer of answers) {
    const verdict = checkAddress(answer.address);
    if (!verdict.ok) throw new FetchRefused(`${name} resolves to an address that is not public (${verdict.range})`, 'address');
    first ??= { address: verdict.address, family: verdict.family, servername: name };
  }
  return first!;
}

/**
 * The options of an https request to `url` that connects to `to` and nowhere else: the socket asks
 * for the name's address and gets the one checked, whichever form it asks in, and the certificate
 * is checked against the name (SNI too) under `rules.secureContext`. No agent: no connection is reused.
 */
export function pinnedRequest(url: URL, to: Destination, rules: FetchRules): https.RequestOptions {
  const lookup = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  }) as unknown as LookupFunction;
  return {
    host: to.servername ?? to.address,
    port: Number(url.port || 443),
    path: url.pathname + url.search,
    lookup,
    servername: to.servername,
    agent: false,
    // Handed to tls.connect, which takes a built context (RequestOptions does not declare it).
    ...({ secureContext: rules.secureContext } as https.RequestOptions),
    ...(to.anyCertificate ? { rejectUnauthorized: false } : {}),
  };
}

function get(url: URL, to: Destination, rules: FetchRules, deadline: AbortSignal): Promise<FetchedDocument> {
  const maxBytes = rules.maxBytes ?? MAX_DOCUMENT_BYTES;
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        ...pinnedRequest(url, to, rules),
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': 'agent-commerce-profile-fetcher' },
        signal: deadline,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          const why = status >= 300 && status < 400 ? `redirects (${status}); redirects are not followed` : `answered ${status}`;
          return reject(new FetchRefused(`${url.origin}${url.pathname} ${why}`));
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy();
          return reject(new FetchRefused(`${url.origin}${url.pathname} is larger than ${maxBytes / 1024} KiB`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FetchRefused(`${url.origin}${url.pathname} is larger than ${maxBytes / 1024} KiB`));
          } else chunks.push(chunk);
        });
        res.on('error', (err) => reject(new FetchRefused(`${url.origin}${url.pathname} failed mid-answer (${err.message})`)));
        res.on('end', () => {
          if (size > maxBytes) return;
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return reject(new FetchRefused(`${url.origin}${url.pathname} is not JSON`, 'malformed'));
          }
          if (typeof json !== 'object' || json === null || Array.isArray(json)) return reject(new FetchRefused(`${url.origin}${url.pathname} is not a JSON object`, 'malformed'));
          resolve({ json: json as Record<string, unknown>, maxAgeSeconds: maxAge(res.headers['cache-control']) });
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (deadline.aborted) return; // the timer's rejection says why
      reject(new FetchRefused(`${url.host} could not be fetched (${err.code ?? err.message})`));
    });
    req.end();
  });
}

function maxAge(header: string | undefined): number | undefined {
  const m = header ? /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(header) : null;
  return m ? Number(m[1]) : undefined;
}
