/**
 * A tool call's request envelope. MCP carries identification in three places, most specific
 * first: the `meta` argument, the request's `params._meta`, then the HTTP headers of the POST.
 * They are turned into the same raw values the REST headers give, so one pipeline applies one set
 * of rules to both.
 */
import { serializeDictionary } from 'structured-headers';
import type { RequestEnvelope } from '../trpc/context';
import type { Tool } from './tools';

export type HttpHeaders = Record<string, string | string[] | undefined>;

interface ToolCallParams {
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** Never a valid key: makes a non-string `idempotency_key` answer idempotency_key_invalid. */
const UNUSABLE_KEY = '';

export function toolCallEnvelope(tool: Tool, params: ToolCallParams, headers: HttpHeaders): { envelope: RequestEnvelope; input: Record<string, unknown> } {
  const { meta, idempotency_key: key, ...args } = params.arguments ?? {};
  const argumentMeta = isRecord(meta) ? meta : {};
  const requestMeta = params._meta ?? {};
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  const pick = (name: string) => argumentMeta[name] ?? requestMeta[name];

  const profile = pick('ucp-agent');
  const buyer = pick('ai.service.buyer');
  // Own properties only, copied rather than assigned: an argument named __proto__ or constructor
  // stays an argument (which the schema refuses as unknown) instead of reaching the prototype.
  const renamed = Object.entries(args).map(([name, value]) => [Object.hasOwn(tool.fieldOf, name) ? tool.fieldOf[name] : name, value]);
  const input: Record<string, unknown> = { ...tool.defaults, ...Object.fromEntries(renamed) };
  return {
    envelope: {
      transport: 'mcp',
      requestId: header('request-id'),
      ucpAgent: profile === undefined ? header('ucp-agent') : profileHeader(profile),
      serviceBuyer: buyer === undefined ? header('service-buyer') : buyerHeader(buyer),
      authorization: header('authorization'),
      idempotencyKey: key === undefined ? null : typeof key === 'string' ? key : UNUSABLE_KEY,
    },
    input,
  };
}

/** `{"profile": "<url>"}` → `profile="<url>"`; a string is the header's own form. */
function profileHeader(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.profile === 'string') return dictionary({ profile: value.profile }) ?? value.profile;
  // Anything else is refused by the header parser as ucp_agent_invalid.
  return echo(value);
}

/** `{ref, session}` → `ref="…", session="…"`; what cannot be written so is dropped with an advisory. */
function buyerHeader(value: unknown): string {
  if (typeof value === 'string') return value;
  const members = isRecord(value) ? value : {};
  return dictionary(members) ?? echo(value);
}

/**
 * A value that is no header, as JSON for the parser to refuse (and quote). JSON.stringify
 * recurses: a value nested thousands deep overflowed the stack and failed the whole call.
 */
function echo(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return Array.isArray(value) ? '[…]' : '{…}';
  }
}

function dictionary(members: Record<string, unknown>): string | undefined {
  try {
    return serializeDictionary(Object.fromEntries(Object.entries(members).map(([k, v]) => [k, [v as string, new Map()]])));
  } catch {
    return undefined; // not strings, or characters a structured header cannot carry
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
