/**
 * `Signature-Agent` (Web Bot Auth): where the signer's key directory is. Two forms are read: an
 * RFC 8941 dictionary whose member named by the signature's label holds the URL
 * (`Signature-Agent: sig1="https://agent.example"`, covered as `"signature-agent";key="sig1"`), and
 * the earlier drafts' single sf-string (`Signature-Agent: "https://agent.example"`).
 */
import { parseDictionary, parseItem } from 'structured-headers';

export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';

export type AgentUrl = { ok: true; url: string; form: 'member' | 'string' } | { ok: false; reason: string };

export function signatureAgentUrl(header: string, label: string): AgentUrl {
  let dictionary;
  try {
    dictionary = parseDictionary(header);
  } catch {
    try {
      const [value] = parseItem(header);
      if (typeof value === 'string') return { ok: true, url: value, form: 'string' };
    } catch {
      // neither form
    }
    return { ok: false, reason: `Signature-Agent is neither a dictionary (${label}="https://…") nor a quoted URL` };
  }
  const member = dictionary.get(label);
  if (!member) return { ok: false, reason: `Signature-Agent has no member named ${label}, the signature's label` };
  if (typeof member[0] !== 'string') return { ok: false, reason: `Signature-Agent's ${label} is not a quoted URL` };
  return { ok: true, url: member[0], form: 'member' };
}

/**
 * The directory a Signature-Agent URL names: https, on the profile's host; a path of `/` (or
 * none) means the well-known directory, any other path is fetched as it is.
 */
export function directoryUrl(agentUrl: string, profileHost: string): { ok: true; url: string } | { ok: false; reason: string } {
  const url = URL.parse(agentUrl);
  if (!url) return { ok: false, reason: `Signature-Agent ${agentUrl.slice(0, 200)} is not an absolute URL` };
  if (url.protocol !== 'https:') return { ok: false, reason: 'Signature-Agent must be an https URL' };
  if (url.hostname !== profileHost) return { ok: false, reason: `Signature-Agent is on ${url.hostname}, not on the profile's host ${profileHost}` };
  url.hash = '';
  if (url.pathname === '/' && !url.search) url.pathname = DIRECTORY_PATH;
  return { ok: true, url: url.href };
}
