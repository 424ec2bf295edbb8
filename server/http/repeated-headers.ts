/**
 * Identification, payment and MCP routing headers a request may carry once. Node joins a repeated
 * `X-API-Key`, `Idempotency-Key`, `UCP-Agent`, `Service-Buyer`, x402 payment header or MCP's
 * `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` (checked against the body) into one value
 * with ", " and keeps only the first `Authorization`:
 * either way the service would act on a value the caller never sent alone. So a repeat is refused
 * on every agent transport before anything reads the headers (REST's envelope, MCP's hand-off to
 * Fetch `Headers`), from the raw header lines, which keep each one apart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acpErrorBody } from '../errors/acp';
import { errorBody } from '../errors/catalogue';
import { invalidRequest } from '../errors/invalid-request';
import { ucpTransportBody } from '../errors/ucp';
import { newId } from '../lib/ids';

const SINGLE = new Map(['Authorization', 'X-API-Key', 'Idempotency-Key', 'UCP-Agent', 'Service-Buyer', 'X-PAYMENT', 'PAYMENT-SIGNATURE', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'].map((name) => [name.toLowerCase(), name]));

/**
 * The first identification header the request sends more than once, as the contract spells it.
 * Read from `rawHeaders` (name, value, name, …): `headersDistinct` would build an array for every
 * header of every request to answer this.
 */
export function repeatedHeader(req: IncomingMessage): string | undefined {
  const raw = req.rawHeaders;
  let seen: string[] | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = SINGLE.get(raw[i].toLowerCase());
    if (name === undefined) continue;
    if (seen?.includes(name)) return name;
    (seen ??= []).push(name);
  }
  return undefined;
}

/**
 * 400 invalid_request naming the header: `{error, code}` on REST (in UCP's transport shape on its
 * binding, ACP's Error on ACP's), the same body as a JSON-RPC error's data on MCP (the request was
 * not read, so it has no id).
 */
export function answerRepeated(res: ServerResponse, name: string, { jsonRpc, binding, acp }: { jsonRpc: boolean; binding: boolean; acp: boolean }): void {
  const requestId = newId('req');
  const error = invalidRequest([{ path: name, message: `The ${name} header is sent more than once; send it once.` }]);
  const body = acp ? acpErrorBody(error) : binding ? ucpTransportBody(error, requestId) : errorBody(error, requestId);
  const text = JSON.stringify(jsonRpc ? { jsonrpc: '2.0', error: { code: -32600, message: error.message, data: body }, id: null } : body);
  res.writeHead(error.status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), 'Request-Id': requestId });
  res.end(text);
}
