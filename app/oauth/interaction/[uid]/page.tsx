/**
 * /oauth/interaction/<uid>: the one human step of an agent's OAuth authorization. It names the
 * client as it registered itself (unverified; a client named by its metadata document first by
 * the host that published it), where it sends you back, and each scope in plain
 * words; "Allow" and "Deny" are a plain form post to the custom server, which finishes the
 * authorization with the provider (server/oauth/authorization-server.ts). Signed out, the person
 * signs in first and comes back here. Everything comes from the running service's OAuth facade.
 */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { InteractionView } from '../../../../server/oauth/pages';
import { runtime } from '../../../../server/runtime';
import '../../../_components/accounts.css';
import '../../oauth.css';

export const metadata: Metadata = {
  title: 'Allow an agent? · Agent Commerce',
  referrer: 'same-origin',
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ uid: string }> };

export default async function ConsentPage({ params }: Props) {
  const { uid } = await params;
  const view = await viewOrOutage(uid);
  if (view.state === 'unavailable') {
    return (
      <main className="page">
        <h1>This page is unavailable for a moment</h1>
        <p role="alert">We could not reach our database, so nothing can be allowed right now. Reload this page in a moment.</p>
      </main>
    );
  }
  if (view.state === 'signin') redirect(view.location);
  if (view.state === 'expired') {
    return (
      <main className="page">
        <h1>This request has expired</h1>
        <p className="alert" role="alert">
          The agent&apos;s request is no longer valid (it lasts 30 minutes). Nothing was shared. Go back to the agent and start again.
        </p>
      </main>
    );
  }
  const name = view.client.name ?? 'An agent with no name';
  // A client named by its metadata document: where it is published is the one checked fact, so it
  // leads, above the name the agent chose for itself.
  const { documentHost } = view.client;
  return (
    <main className="page">
      <p className="note">Signed in as {view.email}</p>
      <h1>{documentHost ? `Allow the agent from ${documentHost} to use your account?` : `Allow “${name}” to use your account?`}</h1>
      <section aria-labelledby="client-title" className="panel">
        <h2 id="client-title">Who is asking</h2>
        <dl className="client">
          {documentHost && (
            <>
              <dt>From</dt>
              <dd>
                <code>{documentHost}</code> <span className="badge">checked</span>
              </dd>
            </>
          )}
          <dt>Name</dt>
          <dd>
            {name} <span className="badge">unverified</span>
          </dd>
          <dt>Sends you back to</dt>
          <dd>
            <code>{view.client.redirectHost}</code>
          </dd>
        </dl>
        <p className="note">
          {documentHost
            ? `We checked that this agent's description is published at ${documentHost}; it chose its own name there, which we have not checked. Allow only an agent you started yourself.`
            : 'The agent chose its own name when it registered; we have not checked it. Allow only an agent you started yourself.'}
        </p>
      </section>
      <section aria-labelledby="scopes-title">
        <h2 id="scopes-title">It will be able to</h2>
        <ul className="consent-scopes">
          {view.scopes.map((s) => (
            <li key={s.scope}>
              <span>{s.sentence}</span> <code>{s.scope}</code>
              {s.warning && (
                <p className="alert" role="note">
                  <strong>Warning:</strong> {s.warning}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <form method="post" action={view.action} className="account-form actions">
        <button type="submit" name="decision" value="allow">
          Allow
        </button>
        <button type="submit" name="decision" value="deny" className="secondary">
          Deny
        </button>
      </form>
      <p className="note">
        Once allowed, it stays connected (for at most a year) until you disconnect it from <a href="/dashboard/agents">Connected agents</a>.
      </p>
    </main>
  );
}

async function viewOrOutage(uid: string): Promise<InteractionView | { state: 'unavailable' }> {
  const { accounts, oauth, pageUnavailable } = runtime();
  try {
    return await oauth.interaction(uid, (await cookies()).get(accounts.sessionCookieName)?.value);
  } catch (err) {
    if (pageUnavailable(err)) return { state: 'unavailable' };
    throw err;
  }
}
