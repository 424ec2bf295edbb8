/**
 * The one way code gets a key that seals, signs, MACs or peppers: derived with HKDF-SHA256 from
 * SECRETS_KEY, one label per purpose, and never stored, so a copy of the database alone recovers
 * none of them. Every instance given the same SECRETS_KEY derives the same keys (a cursor or a
 * payment link made by one verifies on another). Verification also accepts what was made under
 * SECRETS_KEY_PREVIOUS (a rotation) and, until it has all expired, what was made under the random
 * keys stored in `service_settings` before SECRETS_KEY existed (secrets-upgrade.ts retires them).
 */
import { hkdfSync } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serviceSettings } from '../db/schema';

export const KEY_PURPOSES = [
  /** Seals every stored idempotent outcome as a whole (trpc/idempotency.ts): a replay opens it. */
  'replay-seal',
  /** HMACs the idempotency fingerprint of an input carrying a card number (OperationPolicy.keyedFingerprint). */
  'idempotency-fingerprint',
  /** HMACs the e-mailed buyer codes. */
  'buyer-code',
  /** HMACs a payment link's id into its pay-page token, and the page's form token. */
  'payment-link',
  /** HMACs a UCP checkout's id into the token of its stable continue_url (carts/checkout-link.ts). */
  'checkout-link',
  /** HMACs search and list cursors. */
  'cursor',
  /** Signs the OAuth server's cookies. */
  'oauth-cookie',
  /** Seals the OAuth server's ES256 private keys where they are stored. */
  'oauth-keys-seal',
  /** Seals the ES256 private keys that sign order webhooks where they are stored (webhooks/signing-keys.ts). */
  'webhook-keys-seal',
  /** Seals every order webhook's stored body as a whole (webhooks/sealed-bodies.ts): each attempt opens it. */
  'webhook-body-seal',
  /** Seals the HMAC secrets that sign ACP platforms' order webhooks where they are stored (keys/acp-platforms.ts). */
  'acp-webhook-secret-seal',
  /** Auth.js's secret when AUTH_SECRET is unset. */
  'auth',
  /** MACs the "known browser" and "asked for a link" cookies of signing in (accounts/browser-cookies.ts). */
  'known-browser-cookie',
  'signin-asked-cookie',
  /** The private key of the address x402 payments go to on the test network when X402_PAY_TO is unset (x402/pay-to.ts). */
  'x402-pay-to',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

export function deriveKey(secretsKey: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `agent-commerce/${purpose}/v1`, 32));
}

/**
 * The `service_settings` rows of the random keys used before SECRETS_KEY that still verify what was
 * made under them: pay-page tokens and replay seals outlive the upgrade by their own lifetimes.
 * The other rows of that time (cursor, buyer codes, Auth.js) are deleted at the upgrade.
 */
export const LEGACY_ROWS = { 'payment-link': 'payment_link', 'replay-seal': 'idempotency-seal' } as const satisfies Partial<Record<KeyPurpose, string>>;
type LegacyPurpose = keyof typeof LEGACY_ROWS;

export class MissingSecretsKey extends Error {
  override name = 'MissingSecretsKey';
}

/**
 * Something stored sealed (the OAuth keys, a webhook signing key) opens under neither SECRETS_KEY
 * nor SECRETS_KEY_PREVIOUS: the process has another key than the one it was sealed under. Start-up
 * and the key commands say `whatToDo` as one sentence, without a stack.
 */
export class SealedUnderAnotherKey extends Error {
  override name = 'SealedUnderAnotherKey';

  /** `sealed`: what, with its verb ("The OAuth keys are"). */
  constructor(private readonly sealed: string) {
    super(`${sealed} sealed under another SECRETS_KEY: start with the key used before, or set it as SECRETS_KEY_PREVIOUS and run npm run secrets:rotate`);
  }

  /** The sentence, naming the key file when the key was read from one (secrets/secrets-key.ts). */
  whatToDo(keyFile: string | undefined): string {
    const tried = keyFile ? `the one in the key file ${keyFile}` : 'the SECRETS_KEY set';
    const putBack = keyFile ? 'put the key used before back in that file (or set it as SECRETS_KEY)' : 'start with the key used before';
    return `${this.sealed} sealed under another SECRETS_KEY than ${tried}: ${putBack}, or, to move to this one, set the key used before as SECRETS_KEY_PREVIOUS and run npm run secrets:rotate with the server stopped (docs/operations.md, "SECRETS_KEY and its rotation").`;
  }
}

export class ServiceKeys {
  private readonly derived = new Map<string, Buffer>();
  private legacy: Promise<Map<string, Buffer>> | undefined;

  constructor(
    private readonly db: Db,
    private readonly current: Buffer | undefined,
    private readonly previous: Buffer | undefined,
  ) {}

  /** The key that makes new things (seals, MACs, cookies) for `purpose`. */
  key(purpose: KeyPurpose): Buffer {
    if (!this.current) throw new MissingSecretsKey('SECRETS_KEY is not set (make one with: openssl rand -base64 32)');
    return this.derive('current', this.current, purpose);
  }

  /** The key derived from SECRETS_KEY_PREVIOUS, during a rotation. */
  previousKey(purpose: KeyPurpose): Buffer | undefined {
    return this.previous && this.derive('previous', this.previous, purpose);
  }

  /** Every key a thing of `purpose` may have been made under, newest first: try each in turn. */
  async verifying(purpose: KeyPurpose): Promise<Buffer[]> {
    const keys = [this.key(purpose)];
    const previous = this.previousKey(purpose);
    if (previous) keys.push(previous);
    const legacy = purpose in LEGACY_ROWS ? (await this.loadLegacy()).get(LEGACY_ROWS[purpose as LegacyPurpose]) : undefined;
    if (legacy) keys.push(legacy);
    return keys;
  }

  /**
   * Reads the legacy rows once per process (they are never written, only deleted once nothing made
   * under them is live). Start-up calls it: on PGlite's one connection a first read from inside a
   * transaction would wait for that transaction forever.
   */
  loadLegacy(): Promise<Map<string, Buffer>> {
    if (!this.legacy) {
      this.legacy = this.db
        .select()
        .from(serviceSettings)
        .where(inArray(serviceSettings.key, Object.values(LEGACY_ROWS)))
        .then((rows) => new Map(rows.map((row) => [row.key, Buffer.from(row.value, 'base64url')])));
      this.legacy.catch(() => (this.legacy = undefined));
    }
    return this.legacy;
  }

  private derive(which: string, secretsKey: Buffer, purpose: KeyPurpose): Buffer {
    const name = `${which}:${purpose}`;
    let key = this.derived.get(name);
    if (!key) this.derived.set(name, (key = deriveKey(secretsKey, purpose)));
    return key;
  }
}
