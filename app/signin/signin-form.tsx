'use client';

import { useActionState } from 'react';
import { requestSignIn, type SignInState } from './actions';

/** The e-mail field and its button; works without JavaScript (the form posts to the server action). */
export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState(requestSignIn, { error: null, email: '' } satisfies SignInState);
  return (
    <form action={action} className="account-form" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.error && (
        // Focused when it appears, so a screen reader reads it out.
        <p className="alert" role="alert" id="email-error" tabIndex={-1} autoFocus>
          {state.error}
        </p>
      )}
      <div className="field">
        <label htmlFor="email">E-mail address</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.email}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'email-error' : undefined}
        />
      </div>
      <button type="submit" disabled={pending}>
        Send sign-in link
      </button>
    </form>
  );
}
