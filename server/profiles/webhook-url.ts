/**
 * The rule every webhook URL meets before anything is sent to it, wherever it comes from (a UCP
 * platform profile's order capability, an ACP platform's registration): below the sender
 * (webhooks/sender.ts) and the registration (keys/acp-platforms.ts), which both apply it. The
 * address checks of the SSRF rules are made at each attempt (fetch.ts), since DNS changes.
 */
import { ipLiteral } from './address';

/**
 * Why a webhook URL can never be sent to, whatever DNS says (the delivery fails at once), or null:
 * not https, credentials in it, or an IP address for a host (a platform names its webhook by name).
 */
export function webhookUrlProblem(target: string): string | null {
  const url = URL.parse(target);
  if (!url || url.protocol !== 'https:') return `${target} is not an https URL`;
  if (url.username || url.password) return `${url.origin} carries credentials in the URL`;
  if (ipLiteral(url.hostname) !== null) return `${url.hostname} is an IP address, not a name`;
  return null;
}
