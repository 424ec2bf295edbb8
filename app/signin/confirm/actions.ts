'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { runtime } from '../../../server/runtime';

/**
 * The confirm page's button: uses the link (Auth.js's callback, in process: over HTTP it is not
 * served) and sets the session and "known browser" cookies. A server action, so Next refuses it
 * from another origin; a page elsewhere cannot sign this browser in.
 */
export async function confirmSignIn(form: FormData): Promise<void> {
  const jar = await cookies();
  const field = (name: string) => String(form.get(name) ?? '');
  const confirmed = await runtime().accounts.confirmSignIn(
    { token: field('token'), email: field('email'), callbackUrl: field('callbackUrl') },
    Object.fromEntries(jar.getAll().map((c) => [c.name, c.value])),
  );
  for (const cookie of confirmed.cookies) jar.set(cookie.name, cookie.value, cookie.options as Parameters<typeof jar.set>[2]);
  redirect(confirmed.redirect);
}
