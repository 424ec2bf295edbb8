/**
 * How many platform profiles one instance fetches a second, whoever names them: at most 20, so
 * that profile URLs nobody named before cannot make the service a fetch amplifier (overview.md §
 * Profile Requirements › Fetching: a global rate limit on discovery fetches). It is the gate of
 * negotiation's profile cache (profiles/cache.ts): an answer from the cache, or a fetch of the same
 * URL already in flight, costs nothing. Fixed one-second windows aligned to the epoch.
 */
import type { FetchGate } from '../profiles/cache';

export const PROFILE_FETCHES_PER_SECOND = 20;

export class FetchRate implements FetchGate {
  private second = Number.NaN;
  private count = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {}

  take(): { reason: string; retryAfterSeconds: number } | undefined {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    if (this.count >= this.perSecond) return { reason: `this instance has fetched ${this.perSecond} platform profiles this second, as many as it fetches a second`, retryAfterSeconds: 1 };
    this.count++;
    return undefined;
  }
}
