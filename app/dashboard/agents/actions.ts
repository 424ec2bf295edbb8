'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { runtime } from '../../../server/runtime';

export interface DisconnectState {
  error: string | null;
  /** The name of the agent just disconnected: the page says so in place (no redirect). */
  done: string | null;
}

/** Disconnect: the agent's grant and every token it holds are revoked (refused within a second). */
export async function disconnectAgent(_previous: DisconnectState, form: FormData): Promise<DisconnectState> {
  const { accounts, oauth, pageUnavailable } = runtime();
  let result;
  try {
    result = await oauth.disconnect((await cookies()).get(accounts.sessionCookieName)?.value, String(form.get('clientId') ?? ''));
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { error: 'We could not reach our database, so the agent was not disconnected. Try again in a moment.', done: null };
  }
  if (!result.ok && result.signedOut) redirect('/signin?callbackUrl=%2Fdashboard%2Fagents');
  if (!result.ok) return { error: result.error, done: null };
  revalidatePath('/dashboard/agents');
  return { error: null, done: result.name };
}
