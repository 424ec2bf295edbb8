/**
 * `Service-Agent-Trust` (an RFC 8941 Item): what the service recognised the caller as, on every
 * answer of the agent surface (`_meta["ai.service/agent-trust"]` on MCP tool results) —
 *
 *   none                                   nothing identified (documents, refusals before identification)
 *   open                                   a UCP-Agent profile, unsigned (or its signature did not verify)
 *   signed;keyid="<kid>"[;web-bot-auth][;buyer=attested]
 *   credential;kind=key|oauth|buyer|session
 */
import type { Caller } from '../identity/caller';

const CREDENTIAL = { key: 'credential;kind=key', oauth: 'credential;kind=oauth', buyer: 'credential;kind=buyer', session: 'credential;kind=session' } as const;

export function agentTrust(caller: Caller): string {
  if (caller.credential) return CREDENTIAL[caller.credential.kind];
  const { signature } = caller;
  if (signature) {
    let item = `signed;keyid=${sfString(signature.keyid)}`;
    if (signature.regime === 'web-bot-auth') item += ';web-bot-auth';
    if (signature.buyerAttested) item += ';buyer=attested';
    return item;
  }
  return caller.agent ? 'open' : 'none';
}

/** An RFC 8941 sf-string: quoted, `\` and `"` escaped; a character it cannot hold becomes `?`. */
function sfString(value: string): string {
  return `"${value.replace(/[^\x20-\x7e]/g, '?').replace(/[\\"]/g, '\\$&')}"`;
}
