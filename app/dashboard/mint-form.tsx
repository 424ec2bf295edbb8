'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import type { ScopeChoice } from '../../server/accounts/facade';
import { mintKey, type MintState } from './actions';

/** "Create key": name, scopes, and after minting the secret, once. Works without JavaScript. */
export function MintForm({ scopes, idempotencyKey }: { scopes: ScopeChoice[]; idempotencyKey: string }) {
  const [state, action, pending] = useActionState(mintKey, { idle: true, nextIdempotencyKey: idempotencyKey } satisfies MintState);
  const error = 'ok' in state && !state.ok ? state.error : null;
  return (
    <>
      {'ok' in state && state.ok && <NewKey name={state.key.name} secret={state.key.secret} />}
      <form action={action} className="account-form" noValidate>
        <input type="hidden" name="idempotencyKey" value={state.nextIdempotencyKey} />
        {error && (
          <p className="alert" role="alert" id="mint-error" tabIndex={-1} autoFocus>
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <span className="note" id="key-name-hint">
            For you to tell keys apart, e.g. “shopping agent, production”. 1 to 64 characters.
          </span>
          <input id="key-name" name="name" type="text" maxLength={64} required autoComplete="off" aria-describedby={error ? 'key-name-hint mint-error' : 'key-name-hint'} />
        </div>
        <fieldset>
          <legend>Scopes</legend>
          <p className="note">Every key may call the open operations (search, carts, payment links). Add only what your agent needs.</p>
          {scopes.map((scope, i) => (
            <div className="scope" key={scope.value}>
              <input type="checkbox" id={`scope-${i}`} name="scopes" value={scope.value} aria-describedby={`scope-${i}-what`} />
              <label htmlFor={`scope-${i}`}>
                <code>{scope.value}</code>
              </label>
              <span className="note" id={`scope-${i}-what`}>
                {scope.sentence}
              </span>
            </div>
          ))}
        </fieldset>
        <button type="submit" disabled={pending}>
          Create key
        </button>
      </form>
    </>
  );
}

/** The secret, shown once, with a way to copy it. */
function NewKey({ name, secret }: { name: string; secret: string }) {
  const panel = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>('');
  // Moves focus here after minting, so the key and its warning are read out first.
  useEffect(() => panel.current?.focus(), [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard (plain http on another host): select the key, so Ctrl+C takes it.
      field.current?.select();
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  }

  return (
    <div className="panel" role="region" aria-labelledby="new-key-title" tabIndex={-1} ref={panel}>
      <h2 id="new-key-title">Key “{name}” created</h2>
      <p className="alert">Copy this key now: it will not be shown again. We keep only a fingerprint of it, so a lost key cannot be recovered (revoke it and create another).</p>
      <div className="field account-form">
        <label htmlFor="new-key">Your new key</label>
        <div className="secret-row">
          <input id="new-key" type="text" readOnly value={secret} ref={field} onFocus={(e) => e.currentTarget.select()} spellCheck={false} autoComplete="off" />
          <button type="button" className="secondary" onClick={copy}>
            Copy
          </button>
        </div>
        <span role="status" className="note">
          {copied}
        </span>
      </div>
      <p className="note">
        Agents send it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
    </div>
  );
}
