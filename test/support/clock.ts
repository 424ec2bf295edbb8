/**
 * The clock for behaviour the contract dates. Tests set it rather than rely on today: a test that
 * holds only before (or after) a date would fail once the calendar passes it.
 */
import { vi } from 'vitest';

/** PROFILE_HOST_REFUSED_FROM's default: reserved and IP profile hosts are advised before it, refused from it. */
export const REFUSED_FROM = '2027-03-01';
/** The last moment reserved and IP profile hosts are only advised. */
export const BEFORE_REFUSAL = '2027-02-28T23:59:00Z';
/** The first moment they are refused. */
export const AT_REFUSAL = `${REFUSED_FROM}T00:00:00Z`;

/**
 * Sets the clock every `Date` in this process reads — the service's, and the embedded PGlite's,
 * whose now() follows it — to `iso`; it runs on from there in real time. Returns what puts the real
 * clock back.
 */
export function setClock(iso: string): () => void {
  // Advanced every millisecond, as the real clock ticks for PGlite: by the default 20 ms steps,
  // rows written in one request would share a timestamp where the real clock tells them apart.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 1, now: new Date(iso) });
  return () => vi.useRealTimers();
}
