'use client';

import { useActionState } from 'react';
import type { AgentProfileView } from '../../server/accounts/facade';
import { addAgentProfile, removeAgentProfile, type AddProfileState, type RemoveProfileState } from './actions';

/**
 * The dashboard's "Agent profiles": what they are for, the profiles the account speaks for, each
 * with "Remove", and the form that adds one. Works without JavaScript.
 */
export function AgentProfiles({ base, profiles, idempotencyKey }: { base: string; profiles: AgentProfileView[]; idempotencyKey: string }) {
  return (
    <section aria-labelledby="profiles-title">
      <h2 id="profiles-title">Agent profiles</h2>
      <p>
        A key acting on UCP’s binding (<code>{base}/ucp</code>) for a platform must have that platform’s profile listed here: a call whose <code>UCP-Agent</code>{' '}
        names another profile is refused. At most 10.
      </p>
      <ProfileList profiles={profiles} />
      <AddProfileForm idempotencyKey={idempotencyKey} />
    </section>
  );
}

/** One form for every Remove button, so the page says what happened once the profile is gone from the list. */
function ProfileList({ profiles }: { profiles: AgentProfileView[] }) {
  const [state, action, pending] = useActionState(removeAgentProfile, { error: null, done: null } satisfies RemoveProfileState);
  return (
    <form action={action}>
      {state.done && (
        <p className="status" role="status">
          <code>{state.done}</code> was removed: your keys’ calls naming it are refused from now on.
        </p>
      )}
      {state.error && (
        <p className="alert" role="alert">
          {state.error}
        </p>
      )}
      {profiles.length ? (
        <ul>
          {profiles.map((profile, i) => (
            <li key={profile.url}>
              <code id={`profile-${i}`}>{profile.url}</code>{' '}
              <span className="note">
                (added <time dateTime={profile.added.iso}>{profile.added.text}</time>)
              </span>{' '}
              <button type="submit" name="url" value={profile.url} className="secondary" disabled={pending} aria-describedby={`profile-${i}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No agent profiles yet: your keys call UCP’s binding for no platform.</p>
      )}
    </form>
  );
}

function AddProfileForm({ idempotencyKey }: { idempotencyKey: string }) {
  const [state, action, pending] = useActionState(addAgentProfile, { idle: true, nextIdempotencyKey: idempotencyKey } satisfies AddProfileState);
  const refused = 'ok' in state && !state.ok ? state : null;
  const error = refused?.error;
  return (
    <form action={action} className="account-form" noValidate>
      <input type="hidden" name="idempotencyKey" value={state.nextIdempotencyKey} />
      {'ok' in state && state.ok && (
        <p className="status" role="status">
          <code>{state.url}</code> is listed: your keys may name it in <code>UCP-Agent</code>.
        </p>
      )}
      {error && (
        <p className="alert" role="alert" id="profile-error" tabIndex={-1} autoFocus>
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="profile-url">Profile URL</label>
        <span className="note" id="profile-url-hint">
          The https URL the platform publishes its UCP profile at, as its agents send it in <code>UCP-Agent</code>.
        </span>
        <input
          id="profile-url"
          name="url"
          type="text"
          inputMode="url"
          maxLength={2048}
          required
          autoComplete="off"
          spellCheck={false}
          defaultValue={refused?.typed ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-url-hint profile-error' : 'profile-url-hint'}
        />
      </div>
      <button type="submit" disabled={pending}>
        Add profile
      </button>
    </form>
  );
}
