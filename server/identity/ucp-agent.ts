/**
 * The open path's identification: the `UCP-Agent` header names the profile an agent publishes
 * about itself. Parsed and classified here; fetched only to verify a request signature
 * (signatures/verify.ts, under profiles/'s SSRF rules).
 */
import { isIP } from 'node:net';
import { parseDictionary } from 'structured-headers';
import { ApiError } from '../errors/catalogue';
import { advisory, type Advisory } from './advisories';

export type ProfileHostKind = 'public' | 'reserved' | 'ip';

export interface AgentProfile {
  /** The profile URL as sent (normalised by URL parsing). */
  url: string;
  host: string;
  hostKind: ProfileHostKind;
}

/** Extracts the profile URL from either wire form, or throws ucp_agent_invalid. */
export function profileUrlOf(header: string): string {
  const value = header.trim();
  let dictionary;
  try {
    dictionary = parseDictionary(value);
  } catch {
    // Not a dictionary: the bare-URL form (which never parses as one, because of its ':').
    return value;
  }
  const member = dictionary.get('profile');
  if (!member || Array.isArray(member[0]) || typeof member[0] !== 'string') {
    throw new ApiError('ucp_agent_invalid', {
      message:
        'UCP-Agent must carry `profile` as a quoted string, e.g. `profile="https://agent.example.com/profile.json"`, or be the bare https URL.',
    });
  }
  return member[0];
}

const RESERVED_SUFFIXES = ['.localhost', '.test', '.example', '.invalid', '.local'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function classifyHost(hostname: string): ProfileHostKind {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // WHATWG URL parsing already turned numeric IPv4 forms (2130706433, 0x7f.1) into dotted quads
  // and IPv4-mapped IPv6 into bracketed hex; both remain IP literals here.
  if (host.startsWith('[') || isIP(host) !== 0) return 'ip';
  if (host === 'localhost' || !host.includes('.')) return 'reserved';
  if (RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'reserved';
  if (RESERVED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))) return 'reserved';
  return 'public';
}

export interface AgentIdentification {
  agent: AgentProfile;
  advisories: Advisory[];
}

/**
 * Parses a UCP-Agent header. Throws ucp_agent_invalid / ucp_agent_insecure_url, or — from the
 * configured date on — reserved_profile_host / ip_profile_host; before it those are advisories.
 */
export function identifyAgent(header: string, opts: IdentifyOptions & { today?: string }): AgentIdentification {
  const raw = profileUrlOf(header);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('ucp_agent_invalid', {
      message: `UCP-Agent profile "${raw.slice(0, 200)}" is not an absolute URL.`,
    });
  }
  if (url.protocol === 'http:') throw new ApiError('ucp_agent_insecure_url');
  if (url.protocol !== 'https:' || !url.hostname) {
    throw new ApiError('ucp_agent_invalid', { message: 'UCP-Agent profile must be an absolute https URL.' });
  }
  // A name pinned for profile fetches (PROFILE_FETCH_RESOLVE, .test or .localhost) is this
  // deployment's own choice: neither advised nor refused as reserved.
  const pinned = opts.pins?.some((pin) => pin.host === url.hostname && pin.port === Number(url.port || 443));
  const hostKind = pinned ? 'public' : classifyHost(url.hostname);
  const agent: AgentProfile = { url: url.href, host: url.hostname, hostKind };
  if (hostKind === 'public') return { agent, advisories: [] };

  const code = hostKind === 'ip' ? 'ip_profile_host' : 'reserved_profile_host';
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  if (today >= opts.refusedFrom) {
    throw new ApiError(code, { details: { refused_from: opts.refusedFrom, host: url.hostname } });
  }
  return { agent, advisories: [advisory(code, opts.baseUrl, opts.refusedFrom)] };
}

/**
 * Agents send the same header on every call, and parsing it (a structured-field dictionary and a
 * URL) was about a third of the CPU of a request answered from the answer cache. Identification is
 * a pure function of the header, the settings and the day, so each process remembers its recent
 * successes; refusals are not remembered.
 */
const recent = new Map<string, { day: string; opts: IdentifyOptions; identification: AgentIdentification }>();
const RECENT_MAX = 10_000;
const DAY_MS = 86_400_000;
let currentDay = '';
let dayStarts = 0;
let dayEnds = 0;

interface IdentifyOptions {
  baseUrl: string;
  refusedFrom: string;
  /** Hosts pinned for profile fetches, by name and port. */
  pins?: readonly { host: string; port: number }[];
}

/**
 * Today in UTC (YYYY-MM-DD), formatted once a day rather than once a request. A clock set back (an
 * NTP step, a test's clock) moves the day back too.
 */
function today(): string {
  const now = Date.now();
  if (now >= dayEnds || now < dayStarts) {
    currentDay = new Date(now).toISOString().slice(0, 10);
    dayStarts = Math.floor(now / DAY_MS) * DAY_MS;
    dayEnds = dayStarts + DAY_MS;
  }
  return currentDay;
}

export function identifyAgentMemo(header: string, opts: IdentifyOptions): AgentIdentification {
  const day = today();
  const known = recent.get(header);
  if (known && known.day === day && known.opts.baseUrl === opts.baseUrl && known.opts.refusedFrom === opts.refusedFrom && known.opts.pins === opts.pins) return known.identification;
  const identification = identifyAgent(header, { ...opts, today: day });
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(header, { day, opts, identification });
  return identification;
}
