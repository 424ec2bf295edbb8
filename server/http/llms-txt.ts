/**
 * /llms.txt (the llms.txt convention: markdown for a language model, served as plain text): what
 * the service is, the four calls from a search to a paid order with an example each, where the
 * OpenAPI and MCP documents live, what a credential adds, and the errors an agent meets with what
 * to do about each.
 * Generated from the operation catalogue (REST paths, MCP tool names, the example calls the
 * OpenAPI document publishes, the codes each operation can answer) and the error catalogue, so it
 * says what the service does. At most LLMS_TXT_MAX_BYTES (a test holds it): an agent reads all of it.
 * The budget was 8,000 bytes until ACP's line (280 bytes at a 48-character base URL), for which
 * 8,000 had no room left; 8,500 still reads as one page.
 */
import type { Config } from '../config';
import { ERROR_CATALOGUE, type ErrorCode, type ErrorSpec } from '../errors/catalogue';
import { errorCodesFor } from './openapi/errors';
import { LIMITS_RESOURCE } from '../mcp/tools';
import type { Operation, OperationExample } from '../trpc/meta';
import { DOC_SLUGS } from '../docs/pages';
import { LLMS_TXT_PATH } from '../domain/ucp-profile';
import { ACP_DISCOVERY_PATH, ACP_MCP_PATH, ACP_PATH, ACP_VERSION } from '../domain/acp-discovery';
import { credentialGuide } from '../docs/credential-guide';

export { LLMS_TXT_PATH };

export const LLMS_TXT_MAX_BYTES = 8_500;

/** The quick path: each step an operation, the example call shown for it, and what to know. */
const PATH: readonly { operation: string; example: string; what: string }[] = [
  {
    operation: 'catalog.search',
    example: 'compact',
    what: 'Search one catalog across every seller (omit q to browse; typos are corrected). The compact view gives per product its productID, name, brand, image and offer: an Offer’s identifier is the variant a cart takes. Several variants (an AggregateOffer): get_product (GET /api/agent/product?id=<productID>) lists them and their options.',
  },
  {
    operation: 'carts.quickBuy',
    example: 'one-item',
    what: 'Buy one item: a cart holding it (variant_id, or sku with seller_handle) and the shipping address, in one call. The answer is the cart; its messages say what keeps it from being paid.',
  },
  {
    operation: 'payments.paymentLink',
    example: 'link',
    what: 'Get the payment link and give its url to the person: they confirm and pay by card on that page. Nothing is charged before; asking again returns the same live link.',
  },
  {
    operation: 'carts.get',
    example: 'cart',
    what: 'Once they have paid, the cart says status completed and names the order (order_id).',
  },
];

/** Codes a client library meets once and fixes (HTTP framing, body encoding), or that report a fault of ours. */
const NOT_AN_AGENTS: ReadonlySet<ErrorCode> = new Set([
  'method_not_allowed',
  'malformed_request',
  'request_header_fields_too_large',
  'unsupported_media_type',
  'payload_too_large',
  'invalid_json',
  'invalid_credential',
  'conflicting_credentials',
  'internal_error',
]);

export function renderLlmsTxt(config: Config, operations: readonly Operation[]): string {
  const base = config.publicBaseUrl;
  const steps = PATH.map((step) => {
    const operation = operations.find((o) => o.name === step.operation);
    const example = operation?.examples[step.example];
    if (!operation?.rest || !operation.tool || !example) throw new Error(`llms.txt: ${step.operation} has no REST path, tool or example "${step.example}"`);
    return { ...step, operation, example };
  });
  const codes = [...new Set(steps.flatMap(({ operation }) => errorCodesFor(operation)))].filter((code) => !NOT_AN_AGENTS.has(code));
  const tools = operations.flatMap((o) => (o.tool ? [o.tool.name] : []));

  const lines = [
    '# Agent Commerce',
    '',
    '> One catalog across many sellers, for software agents: search it, cart items to an address, and hand a person a payment link to pay. REST and MCP alike; no account needed (a credential adds more: below).',
    '',
    `Base URL: ${base}. Every call under /api/agent/ names your agent with \`UCP-Agent: profile="https://<your agent's profile URL>"\`: no profile? Any https URL you own (not fetched unsigned); reserved (example.com, .test) or IP hosts fail from ${config.profileHostRefusedFrom}. Every POST, PATCH and DELETE also sends \`Idempotency-Key: <a fresh UUID>\`: a retry with the same key never acts twice. Bodies are JSON; prices in requests are US cents.`,
    '',
    '## Four calls, from a search to a paid order',
    '',
    ...steps.flatMap(({ operation, example, what }, i) => [
      `${i + 1}. ${what} MCP tool: ${operation.tool!.name}.`,
      '',
      ...restCall(operation, example).map((line) => `    ${line}`),
      '',
    ]),
    '## With a credential',
    '',
    ...Object.values(credentialGuide(operations)).map((sentence) => `- ${sentence}`),
    '',
    '## Where things are',
    '',
    `- [OpenAPI 3.1](${base}/api/openapi.json): every operation with its schemas and recorded example answers (large).`,
    `- [MCP server](${base}/api/mcp): Streamable HTTP, stateless: POST JSON-RPC (initialize, tools/list, tools/call) with \`Accept: application/json, text/event-stream\`. Its instructions say how to identify (the UCP-Agent header, or \`meta: {"ucp-agent": {"profile": "…"}}\` among a tool's arguments) and retry. Tools: ${tools.join(', ')}.`,
    `- [MCP tools as OpenRPC](${base}/api/mcp/openrpc.json); an [API reference](${base}/docs) for people.`,
    `- [UCP profile](${base}/.well-known/ucp): services and capabilities, UCP's own shopping binding (/ucp, /ucp/mcp) among them.`,
    `- [ACP ${ACP_VERSION}](${base}${ACP_DISCOVERY_PATH}) for platforms (a key with acp:platform): REST ${base}${ACP_PATH}, MCP ${base}${ACP_MCP_PATH} (discovery cannot name it).`,
    `- Docs as JSON: [errors](${base}/api/agent/docs/errors); likewise ${DOC_SLUGS.filter((slug) => slug !== 'errors').join(', ')}.`,
    `- [Live cart limits](${base}/api/agent/platform/limits) (on MCP the resource ${LIMITS_RESOURCE}): the most units of one item and the largest cart total.`,
    '',
    '## Errors you may meet, and what to do',
    '',
    'Every failure is JSON `{error, code}` (on MCP an isError result with the same body): branch on code, never on error. With `retryable: true`, wait Retry-After seconds and send the same request with the same Idempotency-Key.',
    '',
    ...sameAdvice(codes).map(({ codes, status, hint }) => `- ${codes.join(', ')} (${status}): ${hint}`),
    '',
  ];
  return lines.join('\n');
}

/** The codes in order, those with the same status and hint on one line (the advice is read once). */
function sameAdvice(codes: readonly ErrorCode[]): { codes: ErrorCode[]; status: number; hint: string }[] {
  const lines = new Map<string, { codes: ErrorCode[]; status: number; hint: string }>();
  for (const code of codes) {
    const { status, hint }: ErrorSpec = ERROR_CATALOGUE[code];
    const line = lines.get(`${status} ${hint}`) ?? { codes: [], status, hint };
    line.codes.push(code);
    lines.set(`${status} ${hint}`, line);
  }
  return [...lines.values()];
}

/** An example call as an agent sends it over REST: the request line, and the JSON body of a POST. */
function restCall(operation: Operation, example: OperationExample): string[] {
  const { method, path } = operation.rest!;
  const input: Record<string, unknown> = { ...example.input };
  const target = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(input[name]);
    delete input[name];
    return encodeURIComponent(value);
  });
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
    return [`${method} ${target}${query ? `?${query}` : ''}`];
  }
  return [`${method} ${target}`, JSON.stringify(input)];
}

/** How /llms.txt is answered (the node:http server and App.fetch alike): plain text, cacheable, GET and HEAD only (node:http drops a HEAD's body). */
export function llmsTxtAnswer(method: string, text: () => string): { status: number; headers: Record<string, string>; body: string } {
  const common = { 'X-Content-Type-Options': 'nosniff' };
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { ...common, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Method not allowed: GET /llms.txt.\n' };
  }
  const body = text();
  const headers = { ...common, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'public, max-age=300' };
  return { status: 200, headers, body };
}

export function llmsTxtResponse(method: string, text: () => string): Response {
  const { status, headers, body } = llmsTxtAnswer(method, text);
  return new Response(method === 'HEAD' ? null : body, { status, headers });
}
