'use client';

import { useActionState } from 'react';
import { revokeKey, type RevokeState } from './actions';

/** The in-page confirmation of a revocation: "Revoke key" or "Cancel". Works without JavaScript. */
export function RevokeForm({ id, name }: { id: string; name: string }) {
  const [state, action, pending] = useActionState(revokeKey, { error: null } satisfies RevokeState);
  return (
    <div className="panel" role="region" aria-labelledby="revoke-title" tabIndex={-1} autoFocus>
      <h2 id="revoke-title">Revoke “{name}”?</h2>
      <p>Agents calling with this key are refused (401) within a second. This cannot be undone; you can create another key.</p>
      {state.error && (
        <p className="alert" role="alert">
          {state.error}
        </p>
      )}
      <form action={action} className="account-form actions">
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="danger" disabled={pending}>
          Revoke key
        </button>
        <a href="/dashboard" className="secondary">
          Cancel
        </a>
      </form>
    </div>
  );
}
