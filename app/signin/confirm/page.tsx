/**
 * /signin/confirm: the page the e-mailed link opens. Opening it uses nothing up (mail scanners
 * open links); the button does, posting to a server action that signs in and comes back to the
 * page that asked. A browser that did not ask for the link is warned, not stopped: opening the
 * mail on another device is normal, but so is a link someone sent to sign you in to their account.
 */
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ConfirmView } from '../../../server/accounts/facade';
import { runtime } from '../../../server/runtime';
import '../../_components/accounts.css';
import { confirmSignIn } from './actions';

export const metadata: Metadata = {
  title: 'Confirm sign-in · Agent Commerce',
  referrer: 'same-origin',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConfirmPage({ searchParams }: Props) {
  const view = await viewOrOutage(await searchParams);
  if (view.state === 'unavailable') {
    return (
      <main className="page">
        <h1>This page is unavailable for a moment</h1>
        <p role="alert">We could not reach our database, so you cannot sign in right now. Your link still works: reload this page in a moment.</p>
      </main>
    );
  }
  if (view.state === 'invalid') {
    return (
      <main className="page">
        <h1>This sign-in link cannot be used</h1>
        <p className="alert" role="alert">
          It has expired (links last 10 minutes) or was already used.
        </p>
        <p>
          <a href="/signin">Ask for a new sign-in link</a>
        </p>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>Confirm sign-in</h1>
      <p>Press the button to finish signing in to Agent Commerce; the link then stops working.</p>
      {!view.askedHere && (
        <p className="alert" id="not-asked-here">
          This browser did not ask for this link. That is normal if you asked for it on another device or in another browser. Continue only if{' '}
          <strong>{view.email}</strong> is your address and you asked to sign in: someone may have sent you a link to sign you in to their own account.
        </p>
      )}
      <form action={confirmSignIn} className="account-form">
        {Object.entries(view.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" aria-describedby={view.askedHere ? undefined : 'not-asked-here'}>
          Sign in as {view.email}
        </button>
      </form>
      <p className="note">Did not ask to sign in? Close this page: nothing happens without the button.</p>
    </main>
  );
}

async function viewOrOutage(query: Record<string, string | string[] | undefined>): Promise<ConfirmView | { state: 'unavailable' }> {
  try {
    const jar = await cookies();
    return await runtime().accounts.confirmView(query, Object.fromEntries(jar.getAll().map((c) => [c.name, c.value])));
  } catch (err) {
    if (runtime().pageUnavailable(err)) return { state: 'unavailable' };
    throw err;
  }
}
