/**
 * What negotiation with a platform (UCP overview.md § Negotiation Protocol) produces, as every
 * layer above reads it.
 */
import type { PublicJwk } from '../signatures/keys';

/** Of a platform's config for a capability, what the service reads. */
export interface CapabilityConfig {
  /** dev.ucp.shopping.order: where the order webhooks go. */
  webhook_url?: string;
  /** dev.ucp.shopping.fulfillment: whether a checkout may have several fulfillment groups. */
  supports_multi_group?: boolean;
}

/** One capability version as a profile declares it. */
export interface CapabilityVersion {
  version: string;
  /** Parent capability (or capabilities) of an extension; absent for a root capability. */
  extends?: string | string[];
  config?: CapabilityConfig;
}

/**
 * The negotiation view of a platform profile: what is kept of the document (the cache's entry),
 * never the document as fetched: only what is read of it (platform-profile.ts).
 */
export interface NegotiationView {
  /** The profile's `ucp.version`. */
  version: string;
  /** Of each capability this business offers, the platform's entry at the version it is offered, if any. */
  capabilities: Record<string, CapabilityVersion[]>;
  /** The profile's public keys, when it publishes any (discovery/profile.json#/$defs/signing_key): at most MAX_KEYS, their public members only. */
  signing_keys?: SigningKey[];
}

/** A public key in JWK form, as a profile publishes it (discovery/profile.json#/$defs/signing_key). */
export type SigningKey = PublicJwk & { kid: string; use?: 'sig' | 'enc' };

/**
 * The capabilities active for a call: name → the one version both sides support (the highest),
 * with `extends` as the business declares it and `config` as the platform's entry at that version
 * gives it (negotiation/intersect.ts).
 */
export type Intersection = Record<string, CapabilityVersion>;

export interface Negotiated {
  profileUrl: string;
  view: NegotiationView;
  intersection: Intersection;
}
