/**
 * The metadata every operation carries, and the operation catalogue's entry built from it (see
 * operations.ts). Types only: every transport, document and the services container read them.
 */
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { ErrorCode } from '../errors/catalogue';

/** What a `credential` operation needs: an OAuth scope, a buyer token or a developer session. */
export type Scope = 'buyer:write' | 'checkout:write' | 'dev.ucp.shopping.order:read' | 'acp:platform' | 'buyer_token' | 'developer_session';

export type Access =
  /** No credential; needs the agent profile (UCP-Agent). */
  | { kind: 'open' }
  /** Discovery documents fetched bare by crawlers and tool loaders; a profile sent is still validated. */
  | { kind: 'discovery' }
  /**
   * Needs an issued credential carrying `scope`; with `buyerToken`, a buyer token is enough
   * without it (it reads what is its buyer's own). With `buyer`, the credential must also act for
   * a buyer: a buyer token, or an OAuth token (the person); a key carrying the scope is refused
   * buyer_credential_required. For `buyer_token` operations, `person` lets an OAuth access token
   * carrying any of those scopes stand for the person who allowed it (the first is the one a
   * refusal names).
   */
  | { kind: 'credential'; scope: Scope; buyerToken?: boolean; buyer?: boolean; person?: readonly Scope[] }
  /** Operator API behind the ADMIN_TOKEN bearer. */
  | { kind: 'admin' }
  /**
   * An operation of UCP's shopping binding (`<base>/ucp`, `<base>/store/{handle}/ucp`): every call
   * names the platform profile in UCP-Agent, which is fetched and negotiated with; a credential,
   * when sent, acts as itself for that profile.
   */
  | { kind: 'binding' }
  /**
   * An operation of ACP's binding (`<base>/acp`, trpc/acp.ts): API-Version 2026-04-17 and a network
   * key carrying acp:platform on every call; failures in ACP's `Error` shape (errors/acp.ts).
   */
  | { kind: 'acp' };

export interface OperationPolicy {
  /** Status of a successful answer (default 200). */
  successStatus?: number;
  /**
   * Another success status some calls answer, and what it means (e.g. 200: the payment link
   * already issued, where a new one is 201). The procedure picks it per call with
   * `ctx.response.status`; the OpenAPI document declares both.
   */
  otherSuccess?: { status: number; description: string };
  /** Content type of the success body when it is not plain JSON. */
  contentType?: string;
  /** Operation-specific error codes (the kind's own are added by the catalogue). */
  errors?: ErrorCode[];
  /** Platform limits the operation checks, named in its docs and tool description. */
  limits?: ('max_item_quantity' | 'max_cart_total_cents')[];
  /**
   * Reads that depend only on their input may be answered from a per-instance cache for this long
   * (REST only; see lib/response-cache.ts).
   */
  cacheMs?: number;
  /**
   * An idempotent operation that commits its own transactions (x402 settlement commits a pending
   * order before it calls the facilitator): the key is claimed and the procedure runs without a
   * surrounding transaction; it stores its success with `ctx.storeSuccess` in its last one.
   * Refusals with the `unstored` codes are released as 429s and 5xx are, so a retry with the same
   * key runs again (an x402 client resends with the payment added); other refusals are stored.
   */
  ownTransactions?: { unstored: readonly ErrorCode[] };
  /**
   * The input carries a secret a guess could be checked against (delegate_payment's card number and
   * CVC): its idempotency fingerprint is an HMAC under a key derived from SECRETS_KEY, not a plain
   * SHA-256, so the stored fingerprint confirms nothing to whoever holds the database alone.
   */
  keyedFingerprint?: true;
  /**
   * Retired operations answer 410 on every transport, for every method, before any other check.
   * `byField`: a call whose input carries that field is pointed to another replacement, in its
   * own sentence (an agent that pluralised a singular resource).
   */
  retired?: { replacement: string; byField?: { field: string; replacement: string; message: string } };
}

/** The MCP tool an operation is served as. Argument names are the input's, renamed by `rename`. */
export interface ToolMeta {
  name: string;
  title: string;
  /** What the tool does; identity, idempotency and limit notes are appended from the policy. */
  description: string;
  /** REST path parameters under their tool argument names, e.g. `{ id: 'cart_id' }`. */
  rename?: Record<string, string>;
  /** The tool removes or cancels something (MCP `destructiveHint`). */
  destructive?: boolean;
  /**
   * Values the tool gives input fields that a call leaves out, where they differ from the
   * operation's own defaults (REST keeps those); published as the arguments' JSON Schema default.
   */
  defaults?: Record<string, unknown>;
}

/** Where an operation of UCP's shopping binding sits in UCP. */
export interface BindingMeta {
  /** The root capability the operation belongs to (overview.md § Response Capability Selection). */
  capability: string;
  /** Its MCP tool at `<base>/ucp/mcp`, as mcp.openrpc.json names it. */
  tool: {
    name: string;
    title: string;
    description: string;
    /** The argument that carries the REST body (`catalog`, `checkout`, `cart`); path parameters are arguments of their own. */
    body?: string;
  };
}

/** Where an operation of ACP's binding sits on its MCP endpoint (`<base>/acp/mcp`, docs/mcp-binding.md). */
export interface AcpMeta {
  /** Its MCP tool, as openrpc.agentic_checkout.json names it; its arguments are `meta`, the REST path's `id` and the REST body as `payload`. */
  tool: {
    name: string;
    title: string;
    description: string;
    /** The REST body may be left out (cancel's, whose OpenAPI requestBody is not required): `payload` is then optional. */
    optionalPayload?: true;
    /** The tool cancels something (MCP `destructiveHint`). */
    destructive?: true;
  };
}

/**
 * An example call, published in /api/openapi.json beside the operation's parameters, body and
 * responses. What the service answers to it (over the demo catalog) is recorded by
 * `npm run openapi:examples` into server/http/openapi/recorded-examples.json, and test/openapi.test.ts checks
 * that the recording is still what the service answers.
 */
export interface OperationExample {
  summary: string;
  /** The operation's input as its schema takes it: path and query parameters, or the JSON body. */
  input: Record<string, unknown>;
}

export type AppMeta = OpenApiMeta<{
  /**
   * Set by `.concat(idempotent)`: the operation needs an idempotency key and replays outcomes; by
   * `.concat(idempotentIfKeyed)` ('if-keyed'), it honours a key when one is sent and runs without.
   */
  idempotent?: boolean | 'if-keyed';
  op?: OperationPolicy;
  tool?: ToolMeta;
  /** An operation of UCP's shopping binding. */
  ucp?: BindingMeta;
  /** An operation of ACP's binding served as an MCP tool. */
  acp?: AcpMeta;
  /** Example calls by name (a name is also the key of the example in the OpenAPI document). */
  examples?: Record<string, OperationExample>;
}>;

export interface RestBinding {
  method: string;
  path: string;
  summary?: string;
}

export interface Operation {
  /** The procedure's path, e.g. `catalog.search`: its name in idempotency fingerprints. */
  name: string;
  type: 'query' | 'mutation';
  access: Access;
  /** It needs an idempotency key. */
  idempotent: boolean;
  /** It honours an idempotency key when sent (every idempotent operation does, and the 'if-keyed' ones). */
  acceptsKey: boolean;
  policy: OperationPolicy;
  rest?: RestBinding;
  tool?: ToolMeta;
  examples: Record<string, OperationExample>;
  input: z.ZodType;
  output: z.ZodType;
  meta: AppMeta;
}
