/**
 * /dashboard: a signed-in developer's network keys (the table, the form that mints one, and
 * revocation confirmed in the page), how to call with a key, the agent profiles the account speaks
 * for on UCP's binding, its registration as an ACP platform, and the agents connected through OAuth (managed on /dashboard/agents).
 * Everything comes from the running service's accounts and OAuth facades (server/accounts/facade.ts,
 * server/oauth/pages.ts), which run the same procedures as the REST API; this file only lays it out.
 */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { DashboardView, KeyView, Moment } from '../../server/accounts/facade';
import type { ConnectedAgent } from '../../server/oauth/pages';
import { runtime } from '../../server/runtime';
import '../_components/accounts.css';
import { CodeBlock } from '../_components/code-block';
import { signOut } from '../signout/actions';
import { AcpPlatform } from './acp-platform';
import { AgentProfiles } from './agent-profiles';
import { MintForm } from './mint-form';
import { RevokeForm } from './revoke-form';

export const metadata: Metadata = {
  title: 'Dashboard · Agent Commerce',
  referrer: 'same-origin',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function DashboardPage({ searchParams }: Props) {
  const query = await searchParams;
  const view = await viewOrOutage();
  if (view === 'unavailable') {
    return (
      <main className="page">
        <h1>This page is unavailable for a moment</h1>
        <p role="alert">We could not reach our database, so your keys cannot be shown or changed right now. Your keys keep working; reload this page in a moment.</p>
      </main>
    );
  }
  if (!view) redirect('/signin?callbackUrl=%2Fdashboard');
  // ?revoke=<id> (the Revoke button's GET) asks to confirm; once revoked, the same page says it is done.
  const named = view.keys.find((k) => k.id === first(query.revoke));
  return (
    <main className="page">
      <div className="account-bar">
        <p>
          Signed in as <strong>{view.email}</strong>
        </p>
        <form action={signOut}>
          <button type="submit" className="secondary">
            Sign out
          </button>
        </form>
      </div>
      <h1>Dashboard</h1>
      <p className="lead">Your agents send a network key as <code>Authorization: Bearer &lt;key&gt;</code>. An account holds at most 10 active keys and mints at most 5 an hour.</p>
      {named?.revoked && (
        <p className="status" role="status">
          The key “{named.name}” was revoked: calls with it are refused.
        </p>
      )}
      {named && !named.revoked && <RevokeForm id={named.id} name={named.name} />}

      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        {view.keys.length ? <KeysTable keys={view.keys} /> : <p>No keys yet: create your first one below.</p>}
      </section>

      <section aria-labelledby="create-title">
        <h2 id="create-title">Create a key</h2>
        <MintForm scopes={view.scopes} idempotencyKey={view.idempotencyKey} />
      </section>

      <UseYourKey base={view.base} />

      <AgentProfiles base={view.base} profiles={view.agentProfiles} idempotencyKey={view.profileIdempotencyKey} />

      <AcpPlatform base={view.base} platform={view.acpPlatform} idempotencyKey={view.acpIdempotencyKey} />

      <section aria-labelledby="agents-title">
        <h2 id="agents-title">Connected agents</h2>
        <ConnectedAgents agents={view.agents} />
      </section>
    </main>
  );
}

type View = DashboardView & { agents: ConnectedAgent[]; base: string };

/** The keys and the connected agents (one session, read by each facade), or the outage. */
async function viewOrOutage(): Promise<View | null | 'unavailable'> {
  const { accounts, oauth, services, pageUnavailable } = runtime();
  try {
    const session = (await cookies()).get(accounts.sessionCookieName)?.value;
    const [keys, agents] = await Promise.all([accounts.dashboard(session), oauth.agents(session)]);
    // Signed out (or the session ended between the two reads): the sign-in form.
    if (!keys || !agents) return null;
    return { ...keys, agents: agents.agents, base: services.config.publicBaseUrl };
  } catch (err) {
    if (pageUnavailable(err)) return 'unavailable';
    throw err;
  }
}

/** One call an agent makes with a key, against this deployment's own address, and where the rest is. */
function UseYourKey({ base }: { base: string }) {
  const call = `curl -s '${base}/api/agent/search?q=headphones&limit=3' -H "Authorization: Bearer $AGENT_COMMERCE_KEY"`;
  return (
    <section aria-labelledby="use-title">
      <h2 id="use-title">Use your key</h2>
      <p>
        With the key in <code>AGENT_COMMERCE_KEY</code>, a search (a key needs no <code>UCP-Agent</code> header):
      </p>
      <CodeBlock code={call} label="search with your key" />
      <p>
        Every operation is in the <a href="/docs">API reference</a>; <a href="/llms.txt">llms.txt</a> is an agent’s quick start, from a search to
        a paid order.
      </p>
    </section>
  );
}

/** Who acts for this account through OAuth; what each may do, and Disconnect, are on /dashboard/agents. */
function ConnectedAgents({ agents }: { agents: ConnectedAgent[] }) {
  return (
    <>
      {agents.length ? (
        <ul>
          {agents.map((agent) => (
            <li key={agent.clientId}>
              {agent.name ?? 'An agent with no name'}{' '}
              <span className="note">
                (sends you back to <code>{agent.redirectHost}</code>; allowed <time dateTime={agent.allowed.iso}>{agent.allowed.text}</time>)
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>No agent acts for your account. An agent that uses OAuth asks you first, on a page of this site.</p>
      )}
      <p>
        <a href="/dashboard/agents">Manage connected agents</a>: what each may do, and Disconnect.
      </p>
    </>
  );
}

function When({ moment, empty }: { moment: Moment | null; empty: string }) {
  return moment ? <time dateTime={moment.iso}>{moment.text}</time> : <>{empty}</>;
}

function KeysTable({ keys }: { keys: KeyView[] }) {
  return (
    <table className="keys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Prefix</th>
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id}>
            <td data-label="Name">{key.name}</td>
            <td data-label="Prefix">
              <code>{key.prefix}…</code>
            </td>
            <td data-label="Scopes">
              {key.scopes.length ? (
                <ul className="scopes">
                  {key.scopes.map((s) => (
                    <li key={s}>
                      <code>{s}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                'open operations only'
              )}
            </td>
            <td data-label="Created">
              <When moment={key.created} empty="" />
            </td>
            <td data-label="Last used">
              <When moment={key.lastUsed} empty="never" />
            </td>
            <td data-label="Status">
              {key.revoked ? (
                <span>
                  Revoked <When moment={key.revoked} empty="" />
                </span>
              ) : (
                'Active'
              )}
            </td>
            <td data-label="" className="key-actions">
              {!key.revoked && (
                // A GET to this page with the key named: the confirmation renders, no JavaScript needed.
                <form method="get" action="/dashboard">
                  <input type="hidden" name="revoke" value={key.id} />
                  <button type="submit" className="secondary" aria-describedby={`key-${key.id}`}>
                    Revoke
                  </button>
                  <span id={`key-${key.id}`} className="visually-hidden">
                    {key.name}
                  </span>
                </form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
