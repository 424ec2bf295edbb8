/**
 * /dashboard/agents: the agents (OAuth clients) a signed-in person allowed, what each may do, and
 * "Disconnect", which revokes its grant and tokens. Everything comes from the running service's
 * OAuth facade (server/oauth/pages.ts); this file only lays it out.
 */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { AgentsView } from '../../../server/oauth/pages';
import { runtime } from '../../../server/runtime';
import '../../_components/accounts.css';
import '../../oauth/oauth.css';
import { AgentsList } from './agents-list';

export const metadata: Metadata = {
  title: 'Connected agents · Agent Commerce',
  referrer: 'same-origin',
  robots: { index: false, follow: false },
};

export default async function AgentsPage() {
  const view = await viewOrOutage();
  if (view === 'unavailable') {
    return (
      <main className="page">
        <h1>This page is unavailable for a moment</h1>
        <p role="alert">We could not reach our database, so your connected agents cannot be shown or changed right now. Reload this page in a moment.</p>
      </main>
    );
  }
  if (!view) redirect('/signin?callbackUrl=%2Fdashboard%2Fagents');
  return (
    <main className="page">
      <p className="note">
        Signed in as <strong>{view.email}</strong> · <a href="/dashboard">Network keys</a>
      </p>
      <h1>Connected agents</h1>
      <p className="lead">Agents you allowed to act for your account through OAuth. Disconnecting one revokes everything it holds: its calls are refused within a second, and it must ask you again.</p>
      <section aria-labelledby="agents-title">
        <h2 id="agents-title">Your agents</h2>
        <AgentsList agents={view.agents} />
      </section>
    </main>
  );
}

async function viewOrOutage(): Promise<AgentsView | null | 'unavailable'> {
  const { accounts, oauth, pageUnavailable } = runtime();
  try {
    return await oauth.agents((await cookies()).get(accounts.sessionCookieName)?.value);
  } catch (err) {
    if (pageUnavailable(err)) return 'unavailable';
    throw err;
  }
}
