/**
 * A tool call's request envelope. MCP carries identification in three places: the `meta`
 * argument, the request's `params._meta`, and the HTTP headers of the POST. One named in several
 * places must name the same value there (compared as the header would carry it: the profile URL,
 * the buyer dictionary); different values are a conflict the pipeline refuses, never a silent pick.
 * They are turned into the same raw values the REST headers give, so one pipeline applies one set
 * of rules to both. The seed API's tools and UCP's binding differ in where the rest goes: the seed
 * API's input fields are arguments of their own, the binding's REST body is one argument. ACP's
 * binding names its caller by the POST's Authorization alone; its `meta` carries the other headers.
 */
import { serializeDictionary } from 'structured-headers';
import { invalidRequest, requestIssues, type RequestIssue } from '../errors/invalid-request';
import { takeApiKey } from '../identity/api-key';
import { profileUrlOf } from '../identity/ucp-agent';
import type { HttpMessage } from '../signatures/message';
import type { RequestEnvelope } from '../trpc/context';
import type { AcpTool } from './acp-tools';
import type { BindingTool } from './binding-tools';
import type { Tool } from './tools';

/** The POST's headers, as the request frame keeps them (a repeat was refused before: repeated-headers.ts). */
export type HttpHeaders = HttpMessage['headers'];

/** tools/call's params once their shape is checked (endpoint.ts onToolCall). */
export interface ToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** Never a valid key: makes a non-string idempotency key answer idempotency_key_invalid. */
const UNUSABLE_KEY = '';

export function toolCallEnvelope(tool: Tool, params: ToolCallParams, headers: HttpHeaders): { envelope: RequestEnvelope; input: Record<string, unknown> } {
  const { meta, idempotency_key: key, ...args } = params.arguments ?? {};
  const argumentMeta = isRecord(meta) ? meta : {};
  const requestMeta = params._meta ?? {};
  const header = (name: string) => headers.get(name);
  const profile = named('ucp-agent', argumentMeta, requestMeta, header('ucp-agent'), profileHeader, sameProfile);
  const buyer = named('ai.service.buyer', argumentMeta, requestMeta, header('service-buyer'), buyerHeader, (a, b) => a === b);
  // Own properties only, copied rather than assigned: an argument named __proto__ or constructor
  // stays an argument (which the schema refuses as unknown) instead of reaching the prototype.
  const renamed = Object.entries(args).map(([name, value]) => [Object.hasOwn(tool.fieldOf, name) ? tool.fieldOf[name] : name, value]);
  const input: Record<string, unknown> = { ...tool.defaults, ...Object.fromEntries(renamed) };
  return {
    envelope: {
      transport: 'mcp',
      requestId: header('request-id'),
      ucpAgent: profile.value,
      serviceBuyer: buyer.value,
      authorization: header('authorization'),
      idempotencyKey: idempotencyKeyOf(key),
      identityConflict: profile.conflict ?? buyer.conflict,
    },
    input,
  };
}

/**
 * A call of UCP's binding, as mcp.openrpc.json has it: `meta` names the platform profile
 * (`ucp-agent`) and a change's `idempotency-key`; a REST path parameter is an argument of its own,
 * and the REST body is the argument the tool names (`catalog`). An argument that is neither is
 * refused as invalid_request at the pipeline's input step, after every check before it, so a
 * call is told about its profile first. `seller` is the scope of the endpoint called.
 */
export function bindingCallEnvelope(tool: BindingTool, params: ToolCallParams, headers: HttpHeaders, seller?: string): { envelope: RequestEnvelope; input: Record<string, unknown> } {
  const { meta, ...args } = params.arguments ?? {};
  const argumentMeta = isRecord(meta) ? meta : {};
  const header = (name: string) => headers.get(name);
  const profile = named('ucp-agent', argumentMeta, params._meta ?? {}, header('ucp-agent'), profileHeader, sameProfile);
  let fields: [string, unknown][] = [];
  const parameters: [string, unknown][] = [];
  const unknown: string[] = [];
  const issues: RequestIssue[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (name === tool.body) {
      if (isRecord(value)) fields = Object.entries(value);
      else issues.push({ path: name, message: `Expected an object: the request goes under '${name}'.` });
    } else if (tool.pathParameters.includes(name)) parameters.push([name, value]);
    else unknown.push(name);
  }
  if (tool.body !== undefined && !Object.hasOwn(args, tool.body)) issues.push({ path: tool.body, message: `Required: the request goes under '${tool.body}'.` });
  // As an unknown input field is refused: by name, the closest argument suggested, a few at most.
  if (unknown.length) issues.push(...requestIssues([{ code: 'unrecognized_keys', path: [], message: '', keys: unknown }], tool.arguments));
  const envelope: RequestEnvelope = {
    transport: 'mcp',
    requestId: header('request-id'),
    ucpAgent: profile.value,
    authorization: header('authorization'),
    idempotencyKey: idempotencyKeyOf(argumentMeta['idempotency-key']),
    identityConflict: profile.conflict,
  };
  takeApiKey(envelope, header('x-api-key'));
  if (seller !== undefined) envelope.seller = seller;
  if (issues.length) envelope.inputError = invalidRequest(issues);
  // Copied as own properties (Object.fromEntries), as the seed API's arguments are; a path
  // parameter's own argument wins over a body member of its name, as the REST path does.
  return { envelope, input: Object.fromEntries([...fields, ...parameters]) };
}

/**
 * What makes a call of ACP's checkout not MCPB's `{meta, id, payload}` (§ Argument Structure), by
 * argument: `meta` an object, the path's `id` a string, `payload` an object where the tool takes
 * one (left out only where it is optional), nothing else. Empty when the shape is right.
 */
export function acpArgumentIssues(tool: AcpTool, args: Record<string, unknown>): RequestIssue[] {
  const issues: RequestIssue[] = [];
  if (!isRecord(args.meta)) issues.push({ path: 'meta', message: `Expected an object: meta carries the protocol headers, at least {"api_version": "…"}.` });
  for (const parameter of tool.pathParameters) {
    if (typeof args[parameter] !== 'string') issues.push({ path: parameter, message: `Expected a string: the checkout session's ${parameter}.` });
  }
  const sent = args.payload;
  if (tool.payload !== 'none' && (sent === undefined ? tool.payload === 'required' : !isRecord(sent))) {
    issues.push({ path: 'payload', message: 'Expected an object: the REST request body goes under payload.' });
  }
  const known = ['meta', ...tool.pathParameters, ...(tool.payload === 'none' ? [] : ['payload'])];
  const unknown = Object.keys(args).filter((name) => !known.includes(name));
  if (unknown.length) issues.push({ path: unknown[0], message: `Unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: ${tool.name} takes ${known.join(', ')}.` });
  return issues;
}

/**
 * A call of ACP's checkout whose arguments are MCPB's shape (acpArgumentIssues): `meta` as REST's
 * headers (api_version → API-Version, idempotency_key → Idempotency-Key, request_id → Request-Id,
 * signature and timestamp → Signature and Timestamp over the payload; MCPB's other fields and
 * unknown ones are taken and ignored, as REST ignores those headers), the
 * REST path named for the idempotency namespace it shares with REST, and `payload` with `id` as the
 * operation's input (the path's id wins over a body member of its name, as on REST).
 */
export function acpCallEnvelope(tool: AcpTool, params: ToolCallParams, headers: HttpHeaders): { envelope: RequestEnvelope; input: Record<string, unknown> } {
  const args = params.arguments ?? {};
  const meta = args.meta as Record<string, unknown>;
  const parameters = tool.pathParameters.map((parameter) => [parameter, args[parameter] as string] as const);
  const path = parameters.reduce((at, [parameter, value]) => at.replace(`{${parameter}}`, encodeURIComponent(value)), tool.operation.rest!.path);
  const version = meta.api_version;
  const requestId = meta.request_id;
  const payload = args.payload as Record<string, unknown> | undefined;
  return {
    envelope: {
      transport: 'mcp',
      requestId: typeof requestId === 'string' ? requestId : headers.get('request-id'),
      authorization: headers.get('authorization'),
      idempotencyKey: idempotencyKeyOf(meta.idempotency_key),
      // A value that is no string is quoted as sent, and refused as unsupported_api_version.
      acp: {
        apiVersion: version == null ? null : typeof version === 'string' ? version : echo(version),
        path,
        // Signed as REST's body is: the payload is the REST body (docs/acp.md, Request signatures).
        ...(typeof meta.signature === 'string' && { signature: meta.signature }),
        ...(typeof meta.timestamp === 'string' && { timestamp: meta.timestamp }),
        body: payload,
      },
    },
    input: Object.fromEntries([...Object.entries(payload ?? {}), ...parameters]),
  };
}

function idempotencyKeyOf(key: unknown): string | null {
  return key === undefined ? null : typeof key === 'string' ? key : UNUSABLE_KEY;
}

interface Named {
  /** The value in its header form, or null when no place names it. */
  value: string | null;
  conflict?: { field: string; places: string[] };
}

/** One identification from its three places, each in its header form; different values conflict. */
function named(
  field: string,
  argumentMeta: Record<string, unknown>,
  requestMeta: Record<string, unknown>,
  header: string | null,
  headerForm: (value: unknown) => string,
  same: (a: string, b: string) => boolean,
): Named {
  const found: [place: string, value: string][] = [];
  if (argumentMeta[field] !== undefined) found.push(['arguments.meta', headerForm(argumentMeta[field])]);
  if (requestMeta[field] !== undefined) found.push(['params._meta', headerForm(requestMeta[field])]);
  if (header !== null) found.push(['header', header]);
  if (!found.length) return { value: null };
  const [[, first]] = found;
  if (found.every(([, value]) => same(value, first))) return { value: first };
  return { value: first, conflict: { field, places: found.map(([place]) => place) } };
}

/** Two UCP-Agent values name the same profile: `profile="<url>"` and the bare `<url>` alike. */
function sameProfile(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return profileUrlOf(a) === profileUrlOf(b);
  } catch {
    return false; // one is no profile at all: it differs from one that is
  }
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
