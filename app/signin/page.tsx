/**
 * /signin: one field, one button. The service mails a link (server/accounts/); nothing here
 * knows Auth.js or the database.
 */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { runtime } from '../../server/runtime';
import '../_components/accounts.css';
import { SignInForm } from './signin-form';

export const metadata: Metadata = {
  title: 'Sign in · Agent Commerce',
  referrer: 'same-origin',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SignInPage({ searchParams }: Props) {
  const query = await searchParams;
  const callbackUrl = first(query.callbackUrl) ?? '/dashboard';
  const { accounts } = runtime();
  const problem = accounts.signInError(first(query.error));
  const account = await accounts.signedIn((await cookies()).get(accounts.sessionCookieName)?.value).catch(() => null);
  return (
    <main className="page">
      <h1>Sign in</h1>
      <p className="lead">Developers sign in to mint the network keys their agents call the API with. No password: we e-mail you a link.</p>
      {callbackUrl.startsWith('/oauth/interaction/') && (
        <p className="status" role="status">
          An agent asked to act for you. Sign in, and you will be asked whether to allow it.
        </p>
      )}
      {account && (
        <p className="status" role="status">
          You are signed in as <strong>{account.email}</strong>. <a href="/dashboard">Go to your dashboard</a>.
        </p>
      )}
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      <SignInForm callbackUrl={callbackUrl} />
      <p className="note">The link works once, for 10 minutes. A new address gets a new account.</p>
    </main>
  );
}
