'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import type { AcpPlatformResult, AddProfileResult, MintResult } from '../../server/accounts/facade';
import { runtime } from '../../server/runtime';

const SIGN_IN = '/signin?callbackUrl=%2Fdashboard';

async function session(): Promise<string | undefined> {
  return (await cookies()).get(runtime().accounts.sessionCookieName)?.value;
}

export type MintState = MintResult | { idle: true; nextIdempotencyKey: string };

/**
 * Mints a key. The secret travels only in this action's answer (useActionState renders it once):
 * never in a URL, a cookie or a log, and there is no redirect after it.
 */
export async function mintKey(_previous: MintState, form: FormData): Promise<MintState> {
  const { accounts, pageUnavailable } = runtime();
  const name = String(form.get('name') ?? '');
  const idempotencyKey = String(form.get('idempotencyKey') ?? '');
  let result: MintResult;
  try {
    result = await accounts.mintKey(await session(), { name, scopes: form.getAll('scopes').map(String), idempotencyKey });
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { ok: false, error: 'We could not reach our database, so no key was made. Try again in a moment.', nextIdempotencyKey: idempotencyKey };
  }
  if (!result.ok && result.signedOut) redirect(SIGN_IN);
  // The keys table shows the new key.
  if (result.ok) revalidatePath('/dashboard');
  return result;
}

export interface RevokeState {
  error: string | null;
}

/**
 * Revokes a key once the person confirmed it in the page; the page, still at ?revoke=<id>, then
 * says it is done and shows the key revoked (no redirect needed).
 */
export async function revokeKey(_previous: RevokeState, form: FormData): Promise<RevokeState> {
  const { accounts, pageUnavailable } = runtime();
  let result;
  try {
    result = await accounts.revokeKey(await session(), String(form.get('id') ?? ''));
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { error: 'We could not reach our database, so the key was not revoked. Try again in a moment.' };
  }
  if (!result.ok && result.signedOut) redirect(SIGN_IN);
  if (!result.ok) return { error: result.error };
  revalidatePath('/dashboard');
  return { error: null };
}

export type AddProfileState =
  /** `typed`: what the person typed, kept in the field when it was refused. */
  | (AddProfileResult & { typed: string })
  | { idle: true; nextIdempotencyKey: string };

/** Lists an agent profile; the page's list shows it once added. */
export async function addAgentProfile(_previous: AddProfileState, form: FormData): Promise<AddProfileState> {
  const { accounts, pageUnavailable } = runtime();
  const typed = String(form.get('url') ?? '');
  const idempotencyKey = String(form.get('idempotencyKey') ?? '');
  let result: AddProfileResult;
  try {
    result = await accounts.addAgentProfile(await session(), { url: typed, idempotencyKey });
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { ok: false, error: 'We could not reach our database, so the profile was not added. Try again in a moment.', nextIdempotencyKey: idempotencyKey, typed };
  }
  if (!result.ok && result.signedOut) redirect(SIGN_IN);
  if (result.ok) revalidatePath('/dashboard');
  return { ...result, typed };
}

export interface RemoveProfileState {
  error: string | null;
  /** The profile just removed: the page says so in place (no redirect). */
  done: string | null;
}

/** Removes an agent profile (the button's `url`); adding it again is always possible, so no confirmation. */
export async function removeAgentProfile(_previous: RemoveProfileState, form: FormData): Promise<RemoveProfileState> {
  const { accounts, pageUnavailable } = runtime();
  const url = String(form.get('url') ?? '');
  let result;
  try {
    result = await accounts.removeAgentProfile(await session(), url);
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { error: 'We could not reach our database, so the profile was not removed. Try again in a moment.', done: null };
  }
  if (!result.ok && result.signedOut) redirect(SIGN_IN);
  if (!result.ok) return { error: result.error, done: null };
  revalidatePath('/dashboard');
  return { error: null, done: url };
}

export type AcpPlatformState = AcpPlatformResult | { idle: true; nextIdempotencyKey: string };

/**
 * Changes the ACP registration, as the pressed button's `intent` says: save or remove the webhook
 * URL or the signing key, or rotate the secret. A secret made travels only in this answer (shown
 * once, as a minted key is).
 */
export async function changeAcpPlatform(_previous: AcpPlatformState, form: FormData): Promise<AcpPlatformState> {
  const { accounts, pageUnavailable } = runtime();
  const intent = String(form.get('intent') ?? '');
  const idempotencyKey = String(form.get('idempotencyKey') ?? '');
  const change = {
    url: { webhookUrl: String(form.get('webhookUrl') ?? '') },
    'clear-url': { webhookUrl: null },
    jwk: { signingJwk: String(form.get('signingJwk') ?? '') },
    'clear-jwk': { signingJwk: null },
    rotate: { rotate: true },
  }[intent];
  if (!change) return { ok: false, error: 'Choose what to change.', nextIdempotencyKey: idempotencyKey };
  let result: AcpPlatformResult;
  try {
    result = await accounts.changeAcpPlatform(await session(), { ...change, idempotencyKey });
  } catch (err) {
    if (!pageUnavailable(err)) throw err;
    return { ok: false, error: 'We could not reach our database, so nothing was changed. Try again in a moment.', nextIdempotencyKey: idempotencyKey };
  }
  if (!result.ok && result.signedOut) redirect(SIGN_IN);
  if (result.ok) revalidatePath('/dashboard');
  return result;
}
