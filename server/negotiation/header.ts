/**
 * The platform profile a call of UCP's binding names (overview.md § Platform Advertisement on
 * Request): `UCP-Agent` as an RFC 8941 dictionary whose `profile` is a string — not the bare URL
 * the seed API also takes (identity/ucp-agent.ts) — naming an https URL on a host a platform could
 * publish on. An IP literal or a reserved name (identity's classifyHost) is refused at once: the
 * binding is new, so it has no advisory period. A name pinned for profile fetches
 * (PROFILE_FETCH_RESOLVE, a .test or .localhost name) is this deployment's own choice and is
 * fetched. Whether the name resolves, and to public addresses only, is the fetcher's to say.
 */
import { parseDictionary } from 'structured-headers';
import type { ProfileFetchPin } from '../config';
import { ApiError } from '../errors/catalogue';
import { classifyHost } from '../identity/ucp-agent';

const EXAMPLE = '`UCP-Agent: profile="https://platform.example/profile.json"`';

/** The profile URL (as URL parsing writes it), or ApiError invalid_profile_url saying what is wrong. */
export function platformProfileUrl(header: string | null | undefined, pins: readonly ProfileFetchPin[]): string {
  const value = header?.trim();
  if (!value) return refuse(`UCP-Agent is missing: every call of the UCP binding names the platform profile, ${EXAMPLE}.`);
  let member;
  try {
    member = parseDictionary(value).get('profile');
  } catch {
    return refuse(`UCP-Agent is not an RFC 8941 dictionary; the UCP binding takes ${EXAMPLE}, not the bare URL.`);
  }
  if (!member || typeof member[0] !== 'string') return refuse(`UCP-Agent has no \`profile\` string: send the URL quoted, ${EXAMPLE}.`);
  const url = URL.parse(member[0]);
  if (!url) return refuse(`The UCP-Agent profile ${JSON.stringify(member[0].slice(0, 200))} is not an absolute URL.`);
  if (url.protocol !== 'https:') return refuse(`The platform profile ${url.href.slice(0, 200)} is not an https URL: profiles are fetched over https only, never upgraded.`);
  if (url.username || url.password) return refuse('The platform profile URL carries credentials; a profile is public.');
  const host = url.hostname.replace(/\.$/, '');
  if (pins.some((pin) => pin.host === host && pin.port === Number(url.port || 443))) return url.href;
  const kind = classifyHost(host);
  if (kind === 'ip') return refuse(`The platform profile's host ${host} is an IP address: a profile is published under a host name that resolves to public addresses.`);
  if (kind === 'reserved') {
    return refuse(`The platform profile's host ${host} is a reserved name (localhost, .test, .example, .invalid, .local, example.com/.net/.org, a single label), which no platform publishes under.`);
  }
  return url.href;
}

function refuse(message: string): never {
  throw new ApiError('invalid_profile_url', { message });
}
