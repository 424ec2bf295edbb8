'use client';

import { useActionState } from 'react';
import type { ConnectedAgent } from '../../../server/oauth/pages';
import { disconnectAgent, type DisconnectState } from './actions';

/** The connected agents, each with "Disconnect": one form, so the page says what happened once the agent is gone from it. Works without JavaScript. */
export function AgentsList({ agents }: { agents: ConnectedAgent[] }) {
  const [state, action, pending] = useActionState(disconnectAgent, { error: null, done: null } satisfies DisconnectState);
  return (
    <form action={action}>
      {state.done && (
        <p className="status" role="status">
          “{state.done}” was disconnected: its tokens are refused from now on.
        </p>
      )}
      {state.error && (
        <p className="alert" role="alert">
          {state.error}
        </p>
      )}
      {agents.length ? (
        <ul className="agents">
          {agents.map((agent) => {
            const heading = `agent-${agent.clientId}`;
            return (
              <li key={agent.clientId} className="panel" aria-labelledby={heading}>
                <h3 id={heading}>{agent.name ?? 'An agent with no name'}</h3>
                <dl className="client">
                  <dt>Sends you back to</dt>
                  <dd>
                    <code>{agent.redirectHost}</code>
                  </dd>
                  <dt>Allowed</dt>
                  <dd>
                    <time dateTime={agent.allowed.iso}>{agent.allowed.text}</time>
                  </dd>
                </dl>
                <ul className="consent-scopes">
                  {agent.scopes.map((s) => (
                    <li key={s.scope}>
                      {s.sentence} <code>{s.scope}</code>
                    </li>
                  ))}
                </ul>
                <div className="account-form">
                  <button type="submit" name="clientId" value={agent.clientId} className="danger" disabled={pending} aria-describedby={heading}>
                    Disconnect
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>No agent is connected to your account.</p>
      )}
    </form>
  );
}
