/** /signout: a button that ends the session, or, once signed out, a way back in. */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { runtime } from '../../server/runtime';
import '../_components/accounts.css';
import { signOut } from './actions';

export const metadata: Metadata = {
  title: 'Sign out · Agent Commerce',
  robots: { index: false, follow: false },
};

export default async function SignOutPage() {
  const { accounts } = runtime();
  const account = await accounts.signedIn((await cookies()).get(accounts.sessionCookieName)?.value).catch(() => null);
  if (!account) {
    return (
      <main className="page">
        <h1>You are signed out</h1>
        <p className="status" role="status">
          This browser holds no session. Your network keys keep working until you revoke them.
        </p>
        <p>
          <a href="/signin">Sign in again</a>
        </p>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>Sign out</h1>
      <p>
        You are signed in as <strong>{account.email}</strong>. Signing out ends this session; your network keys keep working.
      </p>
      <form action={signOut} className="account-form">
        <button type="submit">Sign out</button>
      </form>
      <p>
        <a href="/dashboard">Back to the dashboard</a>
      </p>
    </main>
  );
}
