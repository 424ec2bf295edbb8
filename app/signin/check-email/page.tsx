/** /signin/check-email: where the sign-in form leads once the link is on its way. */
import type { Metadata } from 'next';
import { runtime } from '../../../server/runtime';
import '../../_components/accounts.css';

export const metadata: Metadata = {
  title: 'Check your e-mail · Agent Commerce',
  robots: { index: false, follow: false },
};

export default function CheckEmailPage() {
  const { accounts } = runtime();
  return (
    <main className="page">
      <h1>Check your e-mail</h1>
      <p className="status" role="status">
        We sent you a sign-in link. Open it on this device within 10 minutes; it works once.
      </p>
      {accounts.mailLogsOnly && (
        <p className="note">
          This server has no <code>SMTP_URL</code>, so it sends no e-mail: the link is printed in the terminal where the server runs, in a line starting
          with <code>[mail]</code>.
        </p>
      )}
      <p>
        No e-mail after a few minutes? Check your spam folder, or <a href="/signin">ask for a new link</a>.
      </p>
    </main>
  );
}
