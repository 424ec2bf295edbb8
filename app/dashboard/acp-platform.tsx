'use client';

import { useActionState } from 'react';
import type { AcpPlatformView } from '../../server/accounts/facade';
import { changeAcpPlatform, type AcpPlatformState } from './actions';

/**
 * The dashboard's "ACP platform": where the account's ACP order webhooks go, the secret that signs
 * them (shown once, when made or rotated), and the key its requests' Signature verifies with. One
 * form, each button naming what it changes (`intent`), so it works without JavaScript.
 */
export function AcpPlatform({ base, platform, idempotencyKey }: { base: string; platform: AcpPlatformView; idempotencyKey: string }) {
  const [state, action, pending] = useActionState(changeAcpPlatform, { idle: true, nextIdempotencyKey: idempotencyKey } satisfies AcpPlatformState);
  const error = 'ok' in state && !state.ok ? state.error : null;
  const done = 'ok' in state && state.ok ? state : null;
  return (
    <section aria-labelledby="acp-title">
      <h2 id="acp-title">ACP platform</h2>
      <p>
        If your keys act as an Agentic Commerce Protocol platform (<code>{base}/acp</code>), register where its order webhooks go: each is signed{' '}
        <code>Merchant-Signature: t=…,v1=…</code> with this account’s webhook secret. Without a URL, no webhook is sent.
      </p>
      <form action={action} className="account-form" noValidate>
        <input type="hidden" name="idempotencyKey" value={state.nextIdempotencyKey} />
        {done && (
          <p className="status" role="status">
            {done.done}
          </p>
        )}
        {done?.secret && (
          <div className="panel" role="region" aria-labelledby="acp-secret-title">
            <h3 id="acp-secret-title">Your webhook secret</h3>
            <p className="alert">Copy it now: it will not be shown again. Rotate it below if it is lost.</p>
            <input id="acp-secret" type="text" readOnly value={done.secret} aria-labelledby="acp-secret-title" spellCheck={false} autoComplete="off" />
          </div>
        )}
        {error && (
          <p className="alert" role="alert" id="acp-error" tabIndex={-1} autoFocus>
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="acp-webhook-url">Webhook URL</label>
          <span className="note" id="acp-webhook-url-hint">
            The https URL of the platform’s <code>/agentic_checkout/webhooks/order_events</code>, with a host name.
          </span>
          <input
            id="acp-webhook-url"
            name="webhookUrl"
            type="text"
            inputMode="url"
            maxLength={2048}
            autoComplete="off"
            spellCheck={false}
            defaultValue={platform.webhookUrl ?? ''}
            aria-describedby="acp-webhook-url-hint"
          />
        </div>
        <button type="submit" name="intent" value="url" disabled={pending}>
          Save webhook URL
        </button>{' '}
        {platform.webhookUrl && (
          <button type="submit" name="intent" value="clear-url" className="secondary" disabled={pending}>
            Remove webhook URL
          </button>
        )}
        <p>
          {platform.secretSet ? 'A webhook secret is set.' : 'The webhook secret is made, and shown once, when you first save a URL.'}{' '}
          {platform.secretSet && (
            <button type="submit" name="intent" value="rotate" className="secondary" disabled={pending}>
              Rotate webhook secret
            </button>
          )}
        </p>
        <div className="field">
          <label htmlFor="acp-signing-jwk">Signing key (optional)</label>
          <span className="note" id="acp-signing-jwk-hint">
            The platform’s public key as a JWK (EC P-256 or Ed25519). With one, a request that sends <code>Signature</code> must verify.
          </span>
          <textarea id="acp-signing-jwk" name="signingJwk" rows={3} spellCheck={false} defaultValue={platform.signingJwk ?? ''} aria-describedby="acp-signing-jwk-hint" />
        </div>
        <button type="submit" name="intent" value="jwk" disabled={pending}>
          Save signing key
        </button>{' '}
        {platform.signingJwk && (
          <button type="submit" name="intent" value="clear-jwk" className="secondary" disabled={pending}>
            Remove signing key
          </button>
        )}
      </form>
    </section>
  );
}
