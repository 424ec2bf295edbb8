'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { runtime } from '../../server/runtime';

/** Ends the session (Auth.js, in process) and clears its cookie; the sign-out page then says so. */
export async function signOut(): Promise<void> {
  const jar = await cookies();
  const { accounts } = runtime();
  const cleared = await accounts.signOut(jar.get(accounts.sessionCookieName)?.value);
  for (const cookie of cleared) jar.set(cookie.name, cookie.value, cookie.options as Parameters<typeof jar.set>[2]);
  // Whatever Auth.js answered, this browser forgets the session.
  if (!cleared.length) jar.delete(accounts.sessionCookieName);
  redirect('/signout');
}
