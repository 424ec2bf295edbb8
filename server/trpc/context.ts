/**
 * What every procedure sees. The REST gateway builds it from headers; the MCP server (later)
 * builds the same shape from its own transport, so procedures never look at HTTP.
 */
import type { Db } from '../db/client';
import type { Advisory } from '../identity/advisories';
import type { BuyerReference } from '../identity/service-buyer';
import type { AgentProfile } from '../identity/ucp-agent';
import type { Services } from '../services';

export interface Caller {
  /** Present on every open call (UCP-Agent). */
  agent?: AgentProfile;
  buyer: BuyerReference;
}

export interface IdempotencyClaim {
  /** Caller namespace: keys of different callers never collide. */
  namespace: string;
  key: string;
  /** Hash of the operation and its canonical JSON input. */
  fingerprint: string;
}

export interface ResponseControl {
  /** Headers the operation adds to its success response (stored with idempotent outcomes). */
  headers: Record<string, string>;
  /** Set when an idempotent outcome is replayed instead of executed. */
  replayed?: boolean;
}

export interface RequestContext {
  requestId: string;
  services: Services;
  /** The database, or the transaction an idempotent mutation runs in. */
  db: Db;
  caller: Caller;
  advisories: Advisory[];
  idempotency?: IdempotencyClaim;
  response: ResponseControl;
}
