/**
 * /dashboard: a signed-in developer's network keys — the table, the form that mints one, and
 * revocation confirmed in the page. Everything comes from the running service's accounts facade
 * (server/accounts/facade.ts), which runs the same procedures as the REST API; this file only lays
 * it out.
 */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { DashboardView, KeyView, Moment } from '../../server/accounts/facade';
import { runtime } from '../../server/runtime';
import '../_components/accounts.css';
import { signOut } from '../signout/actions';
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
          Signed in as <strong>{view.email}</strong> · <a href="/dashboard/agents">Connected agents</a>
        </p>
        <form action={signOut}>
          <button type="submit" className="secondary">
            Sign out
          </button>
        </form>
      </div>
      <h1>Network keys</h1>
      <p className="lead">Your agents send a key as <code>Authorization: Bearer &lt;key&gt;</code>. An account holds at most 10 active keys and mints at most 5 an hour.</p>
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
    </main>
  );
}

async function viewOrOutage(): Promise<DashboardView | null | 'unavailable'> {
  const { accounts, pageUnavailable } = runtime();
  try {
    return await accounts.dashboard((await cookies()).get(accounts.sessionCookieName)?.value);
  } catch (err) {
    if (pageUnavailable(err)) return 'unavailable';
    throw err;
  }
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
