'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { runtime } from '../../server/runtime';

export interface SignInState {
  error: string | null;
  email: string;
}

/** The sign-in form: asks the service to mail a link, marks this browser as the one that asked, then shows where to look. */
export async function requestSignIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '');
  const callbackUrl = String(form.get('callbackUrl') ?? '') || undefined;
  const { accounts, pageUnavailable } = runtime();
  const jar = await cookies();
  let result;
  try {
    // X-Forwarded-For is the client's address: the custom server sets it (server/http/server.ts).
    const forwardedFor = (await headers()).get('x-forwarded-for');
    result = await accounts.requestSignIn({ email, callbackUrl, forwardedFor, cookies: Object.fromEntries(jar.getAll().map((c) => [c.name, c.value])) });
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { error: 'We could not reach our database, so no link was sent. Try again in a moment.', email };
  }
  if (!result.ok) return { error: result.error, email };
  jar.set(result.cookie.name, result.cookie.value, result.cookie.options as Parameters<typeof jar.set>[2]);
  redirect('/signin/check-email');
}
