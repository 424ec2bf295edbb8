/**
 * What every procedure sees: the process's long-lived services (built by the composition root,
 * server/app.ts), and the request context built by one `createContext` from a neutral envelope
 * that each transport fills from its own wire format (REST headers, MCP `_meta` and arguments, or a
 * script's own values). Procedures never look at HTTP or JSON-RPC.
 */
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { newScope, type RequestScope } from '../db/deadline';
import type { ApiError } from '../errors/catalogue';
import type { Advisory } from '../identity/advisories';
import type { Caller } from '../identity/caller';
import type { CredentialResolver } from '../identity/credentials';
import type { Mailer } from '../mail/mailer';
import { newId } from '../lib/ids';
import type { ResponseCache } from '../lib/response-cache';
import type { ServiceKeys } from '../secrets/keys';
import type { ProfileFetcher } from '../profiles';
import type { HttpMessage } from '../signatures/message';
import type { SignatureVerifier } from '../signatures/verify';
import type { RateLimiter, RateState } from '../limits/limiter';
import type { SharedStore } from '../limits/store';
import type { Negotiator } from '../negotiation';
import type { Negotiated } from '../negotiation/types';
import type { Operation } from './meta';
import type { X402 } from '../x402/facilitator';
import type { PaymentHeaders } from '../x402/payment';

/**
 * The objects one process shares between requests. The database is the source of truth for
 * everything shared, so several instances can serve one Postgres; the answer cache lives at most
 * `cacheMs` per operation.
 */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  /** Every operation's policy, read once from the router (operations.ts). */
  operations: readonly Operation[];
  /** Answers of `cacheMs` operations; cleared by writes that change them. */
  responses: ResponseCache;
  /** Every sealing, signing and MAC key, derived from SECRETS_KEY (secrets/keys.ts). */
  keys: ServiceKeys;
  /** Resolves network keys (each answer cached at most 1 s) and developer sessions. */
  credentials: CredentialResolver;
  /** Every e-mail the service sends (sign-in links, buyer codes, order confirmations). */
  mailer: Mailer;
  /**
   * The OpenAPI document (http/openapi/document.ts, built once), as served at /api/openapi.json: the rest
   * docs page takes each operation's body schema and a recorded example from it.
   */
  openapi: () => Record<string, unknown>;
  /** Documents fetched for callers under SSRF rules, cached per URL (OAuth client metadata here). */
  profiles: ProfileFetcher;
  /** Request signatures (RFC 9421, Web Bot Auth), checked against keys fetched through `profiles` (its own cache of them). */
  signatures: SignatureVerifier;
  /**
   * What every instance counts together (limits/store.ts): rate-limit leases and signature nonces
   * (`rememberNonce`), on Redis when REDIS_URL is set, else on the database.
   */
  shared: SharedStore;
  /** The agent surface's rate limits (step 4b), leasing their budgets from `shared`. */
  limits: RateLimiter;
  /** x402 settlement: the chain, the address paid, and the facilitator (remote, or the local ledger). */
  x402: X402;
  /** UCP's binding: platform profiles fetched through `profiles`, kept as what negotiation reads. */
  negotiator: Negotiator;
}

export type Transport = 'rest' | 'mcp' | 'internal';

/** What a transport hands over: the raw identification values, exactly as the caller sent them. */
export interface RequestEnvelope {
  transport: Transport;
  /** A caller-chosen request id; echoed when well-formed, otherwise one is minted. */
  requestId?: string | null;
  /** `UCP-Agent`, in either wire form. */
  ucpAgent?: string | null;
  /** `Service-Buyer`, as an RFC 8941 dictionary. */
  serviceBuyer?: string | null;
  authorization?: string | null;
  /** The raw value of a developer's session cookie (REST), or the session a page's facade acts for. */
  session?: string | null;
  /**
   * REST only: the origin the browser says the request came from (`Origin`, else a `Referer`'s
   * origin). A change made with a session must come from this service's own pages.
   */
  browserOrigin?: string | null;
  idempotencyKey?: string | null;
  /**
   * REST and MCP: the client's address as per-address limits count it (lib/client-ip.ts
   * addressBucket: an IPv4 address, or an IPv6 /64). Undefined for a call that has none (the
   * internal transport), which the per-address allowance does not count.
   */
  clientAddress?: string;
  /**
   * REST only: an x402 payment as sent, `X-PAYMENT` (v1) and `PAYMENT-SIGNATURE` (v2), read by
   * settlement alone (x402/payment.ts); MCP never fills it.
   */
  payment?: PaymentHeaders;
  /**
   * A transport that carries identification in several places (MCP) found one named with
   * different values: refused at the credentials step as conflicting_credentials, never picked.
   */
  identityConflict?: { field: string; places: string[] };
  /**
   * The HTTP request as received (REST's, or MCP's POST), read only when it carries
   * Signature-Input: a request signature covers it.
   */
  message?: HttpMessage;
  /**
   * A call of UCP's shopping binding through a seller's endpoint (`/store/{handle}/ucp`): that
   * seller's handle, as the path named it. The binding's resources belong to the scope that made them.
   */
  seller?: string;
  /**
   * A call of ACP's binding (`<base>/acp`): the API-Version it sent, and the endpoint path it named
   * (`/acp/checkout_sessions/{id}/complete` with the id), which its idempotency keys are scoped to
   * beside the caller (AC §6.1). A request Signature (decision 4) comes with its Timestamp and
   * covers `body`: REST fills them from the Signature and Timestamp headers and the decoded JSON
   * body (none for a GET); MCP from `meta.signature`, `meta.timestamp` and the tool's payload.
   * Checked after the credential, before the idempotency key (procedures.ts).
   */
  acp?: { apiVersion: string | null; path: string; signature?: string; timestamp?: string; body?: unknown };
  /**
   * The transport could not decode the input (REST: 413, 415, invalid JSON). Raised in the
   * pipeline after the idempotency-key check, so the contract's order of checks holds.
   */
  inputError?: ApiError;
}

export interface ResponseControl {
  /** Headers the operation adds to its success answer (stored with idempotent outcomes). */
  headers: Record<string, string>;
  /** Set when an idempotent outcome is replayed instead of executed. */
  replayed?: boolean;
  /** The policy's `otherSuccess.status`, when this call answers it instead of `successStatus`. */
  status?: number;
}

export interface RequestContext {
  requestId: string;
  transport: Transport;
  services: Services;
  /**
   * The database under this request's deadline (db/deadline.ts), or the transaction an idempotent
   * operation runs in.
   */
  db: Db;
  /** The deadline `db` waits under, and the client address the request's profile fetches count under. */
  scope: RequestScope;
  envelope: RequestEnvelope;
  /** Filled by the procedure kind's identity step. */
  caller: Caller;
  advisories: Advisory[];
  /** A call of UCP's shopping binding: the platform profile negotiated with, and the capabilities active. */
  negotiated?: Negotiated;
  /** Set once the identity step has run (the REST answer cache runs it before the procedure). */
  admitted?: boolean;
  /**
   * The call's rate limit once step 4b counted it: the transport sends it back per caller
   * (RateLimit headers, MCP `_meta`), never through `response.headers`, which answers are stored with.
   */
  rate: RateState | undefined;
  /** The validated idempotency key of an idempotent operation. */
  idempotencyKey?: string;
  /** Effects an idempotent operation has once its transaction committed (mail); may throw 503. */
  afterCommit: (() => Promise<void>)[];
  /**
   * Steps an idempotent operation takes after its key is claimed and before its transaction opens,
   * each committed on its own (a code attempt counted): a refusal inside the transaction would
   * roll them back, and a replay never reaches them.
   */
  beforeTransaction: ((db: Db) => Promise<void>)[];
  /**
   * An `ownTransactions` operation stores its success with this, in the transaction that makes it
   * (with `response`'s status and headers as they stand); set by the idempotency middleware.
   */
  storeSuccess?: (tx: Db, data: unknown) => Promise<void>;
  response: ResponseControl;
}

/** A Request-Id the caller sends is echoed when it looks like this; otherwise one is generated. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * `scope` is the request's database deadline (and its client address): by default one that starts
 * now; a transport that already waited on the database for this request passes the scope it
 * waited under.
 */
export function createContext(services: Services, envelope: RequestEnvelope, scope = newScope(envelope.clientAddress)): RequestContext {
  const incoming = envelope.requestId;
  return {
    requestId: incoming && REQUEST_ID.test(incoming) ? incoming : newId('req'),
    transport: envelope.transport,
    services,
    db: services.database.scoped(scope),
    scope,
    envelope,
    // Every field from the start: one object shape whichever way the caller is identified.
    caller: { agent: undefined, credential: undefined, buyer: {}, signature: undefined },
    advisories: [],
    rate: undefined,
    afterCommit: [],
    beforeTransaction: [],
    response: { headers: {} },
  };
}
