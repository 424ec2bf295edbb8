/**
 * Calling ACP's binding (`/acp`) as a platform does in the tests: a network key carrying
 * acp:platform, `API-Version: 2026-04-17` and a fresh Idempotency-Key on every POST and PUT; and
 * checking an answer against ACP's own schema for it (./acp-schemas.ts), which the calling test
 * skips, with the reason, without ACP_SCHEMAS_DIR.
 */
import { expect } from 'vitest';
import { ACP_VERSION } from '../../server/errors/acp';
import { freshKey, type TestApp } from './app';
import { ACP_SCHEMAS_MISSING, acpResponseValidator, acpValidator, type AcpBundle } from './acp-schemas';
import { signedInDeveloper } from './developer';
import { mintKey } from './x402-agent';

export type Json = Record<string, any>;

export interface AcpAnswer {
  status: number;
  headers: Headers;
  body: Json;
  /** The REST call answered, whose response ACP's OpenAPI document also describes. */
  request?: { method: string; path: string };
}

/** A platform's key: an account's network key carrying acp:platform (or `scopes`). */
export async function platformKey(t: TestApp, scopes: string[] = ['acp:platform']): Promise<{ key: string; accountId: string }> {
  const dev = await signedInDeveloper(t.app.services.db);
  return { key: await mintKey(t, dev, scopes), accountId: dev.accountId };
}

/** A call under /acp as `key`; `headers` adds to or (null) removes the defaults. */
export async function acpCall(t: TestApp, key: string | null, method: string, path: string, body?: unknown, headers: Record<string, string | null> = {}): Promise<AcpAnswer> {
  const sent: Record<string, string | null> = { 'API-Version': ACP_VERSION, ...(key && { Authorization: `Bearer ${key}` }), ...(method !== 'GET' && { 'Idempotency-Key': freshKey() }), ...headers };
  const res = await t.call(method, path, { headers: Object.fromEntries(Object.entries(sent).filter((e): e is [string, string] => e[1] !== null)), body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {}, request: { method, path } };
}

/**
 * The answer's body, asserted valid against `definition` of ACP's `bundle` and, for a REST answer,
 * against the response ACP's OpenAPI document gives its operation and status, where it gives one
 * (not for a version refusal: the documents' Error lacks `supported_versions`).
 */
export function conforms(answer: AcpAnswer, ctx: { skip(reason: string): void }, bundle: AcpBundle, definition: string): Json {
  if (ACP_SCHEMAS_MISSING) ctx.skip(ACP_SCHEMAS_MISSING);
  const validate = acpValidator(bundle, definition);
  expect(validate(answer.body), `${definition}: ${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(answer.body, null, 2)}`).toBe(true);
  const described = answer.request && !('supported_versions' in answer.body) && acpResponseValidator(answer.request.method, answer.request.path, answer.status);
  if (described) expect(described(answer.body), `${answer.request!.method} ${answer.request!.path} ${answer.status}: ${JSON.stringify(described.errors, null, 2)}`).toBe(true);
  return answer.body;
}

/** A failure: its status, and its body ACP's flat Error. */
export function acpError(answer: AcpAnswer, ctx: { skip(reason: string): void }, status: number, code: string): Json {
  expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([status, code]);
  return conforms(answer, ctx, 'agentic_checkout', 'Error');
}

/** A session answer, asserted valid: CheckoutSessionWithOrder once it has its order, else CheckoutSession. */
export function sessionOf(answer: AcpAnswer, ctx: { skip(reason: string): void }): Json {
  return conforms(answer, ctx, 'agentic_checkout', answer.body.order ? 'CheckoutSessionWithOrder' : 'CheckoutSession');
}

export const ACP_ADDRESS = { name: 'Ada Lovelace', line_one: '12 Analytical Way', city: 'Portland', state: 'OR', country: 'US', postal_code: '97201' };

/** A session of one `variant`, made ready_for_payment (buyer e-mail, an address) by `key`. */
export async function readySession(t: TestApp, key: string, variant: string, ctx: { skip(reason: string): void }): Promise<Json> {
  const created = sessionOf(await acpCall(t, key, 'POST', '/acp/checkout_sessions', { line_items: [{ id: variant }], currency: 'usd', capabilities: {} }), ctx);
  const ready = sessionOf(await acpCall(t, key, 'POST', `/acp/checkout_sessions/${created.id}`, { buyer: { email: 'ada@example.com' }, fulfillment_details: { address: ACP_ADDRESS } }), ctx);
  expect(ready.status).toBe('ready_for_payment');
  return ready;
}
