/**
 * GET /api/agent/docs/rest: the conventions, the catalog, carts and payment links in words
 * (text/rest.yaml), and operations[], each REST operation as the OpenAPI document publishes it
 * with one example call and the answer recorded for it.
 */
import type { Operation } from '../trpc/meta';
import { ofProtocolBinding } from '../trpc/operations';
import type { DocSources } from './pages';
import { fill, readText } from './text';
import type { DocValues } from './values';

const TEXT = readText('rest');

export function restPage(src: DocSources, values: DocValues) {
  return fill(TEXT.page, { ...values, operations: operations(src) }, 'text/rest.yaml');
}

function operations(src: DocSources) {
  return src.operations.flatMap((operation) => {
    const { rest, policy, access, idempotent, tool } = operation;
    // UCP's binding has its page (ucp) and UCP's own documents; ACP's binding ACP's.
    if (!rest || ofProtocolBinding(access)) return [];
    const published = (src.openapi().paths as OpenApiPaths)[rest.path]?.[rest.method.toLowerCase()];
    const requestBody = published?.requestBody?.content?.['application/json']?.schema;
    return [
      {
        method: policy.retired ? 'any' : rest.method,
        path: rest.path,
        access: policy.retired ? 'retired' : access.kind,
        ...(access.kind === 'credential' && { requires: access.scope }),
        idempotent,
        success_status: policy.retired ? 410 : (policy.successStatus ?? 200),
        summary: rest.summary,
        parameters: parameters(published),
        ...(requestBody && { request_body: requestBody }),
        ...(published && { example: example(operation, published) }),
        ...(tool && { mcp_tool: tool.name }),
      },
    ];
  });
}

/** Each path and query parameter, as published: where it goes, its type, bounds and prose. */
function parameters(published: PublishedOperation | undefined): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    (published?.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => [p.name, { in: p.in, ...p.schema, required: p.required === true }]),
  );
}

const bodyless = (method: string) => method === 'GET' || method === 'DELETE';
const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

interface PublishedOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown>; example?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
}
type OpenApiPaths = Record<string, Record<string, PublishedOperation> | undefined>;

/**
 * One example call and the answer recorded for it (`npm run openapi:examples`, published in the
 * OpenAPI document): the first of the operation's examples that succeeds, else its first. The
 * request is spelt out as sent: the path filled in, the query, the headers and the body.
 */
function example(operation: Operation, published: PublishedOperation) {
  const rest = operation.rest!;
  const answers = Object.keys(operation.examples).flatMap((name) =>
    Object.entries(published.responses ?? {}).flatMap(([status, response]) =>
      Object.values(response.content ?? {}).flatMap((content) => (content.examples?.[name] ? [{ name, status: Number(status), body: content.examples[name].value }] : [])),
    ),
  );
  const chosen = answers.find((a) => a.status < 300) ?? answers[0];
  if (!chosen) return undefined;
  const { summary, input } = operation.examples[chosen.name];
  const inPath = pathParameters(rest.path);
  const fields = Object.fromEntries(Object.entries(input).filter(([name]) => !inPath.includes(name)));
  const query = bodyless(rest.method) && Object.keys(fields).length ? `?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}` : '';
  const headers: Record<string, string> = {};
  for (const header of published.parameters ?? []) {
    if (header.in === 'header' && (header.required || (header.name === 'UCP-Agent' && operation.access.kind === 'open'))) headers[header.name] = String(header.example);
  }
  const { access } = operation;
  if (access.kind === 'credential' && access.scope !== 'developer_session') headers.Authorization = `Bearer <a credential with ${access.scope}>`;
  if (access.kind === 'credential' && access.scope === 'developer_session') headers.Cookie = 'authjs.session-token=<a signed-in developer’s session>';
  if (access.kind === 'admin') headers.Authorization = 'Bearer <ADMIN_TOKEN>';
  if (!bodyless(rest.method)) headers['Content-Type'] = 'application/json';
  return {
    summary,
    request: {
      method: rest.method,
      path: rest.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input[name]))) + query,
      headers,
      ...(!bodyless(rest.method) && { body: fields }),
    },
    answer: { status: chosen.status, body: chosen.body },
  };
}
