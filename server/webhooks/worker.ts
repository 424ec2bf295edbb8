/**
 * Sends the outbox (outbox.ts). Every server process runs a worker; each round it claims the due
 * deliveries with FOR UPDATE SKIP LOCKED and a 60 s lease (so two instances never send one row at
 * once, and a row whose sender died is claimed again once its lease lapses), skipping a row whose
 * order has an earlier delivery to the same platform still to be settled (delivered, failed or
 * skipped): a platform hears of one order's changes in the order they happened. Each attempt
 * looks the platform's webhook URL up afresh (the profile may have changed it) and sends the
 * stored bytes (opened: sealed-bodies.ts) with a fresh signature.
 *
 * An attempt ends the delivery (delivered on a 2xx; skipped when the platform declares no order
 * capability or no webhook_url; failed for a URL that can never be sent to, or one that answered
 * 410) or fails and is tried again on the schedule (schedule.ts) until three days have passed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { placeholderFor, prepared } from '../db/prepared';
import { orderWebhookDeliveries, webhookGoneUrls } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import type { Negotiator } from '../negotiation';
import { ORDER_CAPABILITY } from '../negotiation/capabilities';
import type { ProfileFetcher } from '../profiles';
import { FetchRefused } from '../profiles/fetch';
import type { ServiceKeys } from '../secrets/keys';
import { nextAttemptAt } from './schedule';
import { openBody } from './sealed-bodies';
import { DELIVERY_TIMEOUT_MS, postWebhook, webhookUrlProblem } from './sender';
import { signedHeaders } from './signed-request';
import { signingKey } from './signing-keys';

export interface WorkerServices {
  config: Pick<Config, 'publicBaseUrl' | 'webhookRetrySchedule'>;
  db: Db;
  keys: ServiceKeys;
  negotiator: Pick<Negotiator, 'negotiate'>;
  profiles: Pick<ProfileFetcher, 'rules'>;
}

export interface WorkerOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** How long one POST may take (default 10 s). */
  timeoutMs?: number;
  /** Math.random's kind, for the retries' jitter. */
  random?: () => number;
}

export const LEASE_MS = 60_000;
/** How often a worker looks for due deliveries: a platform hears of a change within about this. */
const POLL_MS = 1_000;
/** Deliveries one round claims and sends at once. */
const BATCH = 20;

type Delivery = typeof orderWebhookDeliveries.$inferSelect;

// Every round runs these, built once (db/prepared.ts).
/** Claims the due deliveries (see the top of the file) and answers them whole, in one statement. */
const claimDue = prepared<{ now: string; lease: Date }, Delivery[]>('webhook_claim', (db) =>
  db
    .update(orderWebhookDeliveries)
    .set({ state: 'sending', leaseUntil: placeholderFor<Date>('lease') })
    .where(
      sql`${orderWebhookDeliveries.id} IN (
        SELECT c.id FROM order_webhook_deliveries c
        WHERE c.state IN ('pending', 'sending') AND c.next_attempt_at <= ${sql.placeholder('now')}::timestamptz
          AND (c.state = 'pending' OR c.lease_until < ${sql.placeholder('now')}::timestamptz)
          AND NOT EXISTS (
            SELECT 1 FROM order_webhook_deliveries e
            WHERE e.order_id = c.order_id AND e.profile_url = c.profile_url AND e.state IN ('pending', 'sending')
              AND (e.occurred_at, e.id) < (c.occurred_at, c.id))
        ORDER BY c.next_attempt_at
        LIMIT ${sql.raw(String(BATCH))}
        FOR UPDATE SKIP LOCKED)`,
    )
    .returning(),
);

type Attempted = Pick<Delivery, 'id' | 'state' | 'attempts' | 'nextAttemptAt' | 'lastUrl' | 'lastStatus' | 'lastError' | 'lastAttemptAt'> & { lease: string };
/** An attempt's end, written only while the worker still holds the row's lease. */
const recordAttempt = prepared<Attempted, unknown>('webhook_attempt', (db) =>
  db
    .update(orderWebhookDeliveries)
    .set({
      state: placeholderFor('state'),
      attempts: placeholderFor('attempts'),
      nextAttemptAt: placeholderFor('nextAttemptAt'),
      leaseUntil: null,
      lastUrl: placeholderFor('lastUrl'),
      lastStatus: placeholderFor('lastStatus'),
      lastError: placeholderFor('lastError'),
      lastAttemptAt: placeholderFor('lastAttemptAt'),
    })
    .where(
      and(
        eq(orderWebhookDeliveries.id, sql.placeholder('id')),
        eq(orderWebhookDeliveries.state, 'sending'),
        sql`${orderWebhookDeliveries.leaseUntil} = ${sql.placeholder('lease')}::timestamptz`,
      ),
    ),
);

type Outcome =
  | { state: 'delivered'; status: number }
  | { state: 'skipped'; reason: string }
  | { state: 'failed'; reason: string; status?: number }
  /** Tried again later, or failed once the schedule is past the horizon. */
  | { state: 'retry'; reason: string; status?: number };

/**
 * Why a step failed, for the log and a delivery's last_error: the innermost cause's own words
 * (the database's, say), not the SQL and parameters of the query that failed with it.
 */
function reasonOf(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/** The business profile whose key signs, named in UCP-Agent: the endpoint's that made the order. */
export function signerProfile(publicBaseUrl: string, scope: string | null): string {
  return scope === null ? `${publicBaseUrl}/.well-known/ucp` : `${publicBaseUrl}/store/${encodeURIComponent(scope)}/.well-known/ucp`;
}

export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private stopped = false;
  private readonly now: () => Date;

  constructor(
    private readonly services: WorkerServices,
    private readonly options: WorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Polls until stop(); a round still running when the next is due is not doubled, and a round
   * that claimed a full batch is followed at once by the next, so a backlog drains at the pace
   * sending allows rather than a batch a poll.
   */
  start(intervalMs = POLL_MS): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      this.round ??= this.drain()
        .catch((err: unknown) => console.warn(`Order webhooks: ${reasonOf(err)}`))
        .finally(() => (this.round = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.runOnce()) === BATCH);
  }

  /** Stops polling, and waits for the round in flight (its claims end as they would). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
  }

  /**
   * One round: claims the due deliveries and makes one attempt of each; answers how many. The
   * webhook URLs are looked up first, so one statement finds those of the round that answered 410.
   */
  async runOnce(): Promise<number> {
    const now = this.now();
    const claimed = await claimDue(this.services.db, { now: now.toISOString(), lease: new Date(now.getTime() + LEASE_MS) });
    const targets = await Promise.all(claimed.map((delivery) => this.webhookUrl(delivery).catch((err: unknown): Outcome => ({ state: 'retry', reason: reasonOf(err) }))));
    const gone = this.goneAmong(targets);
    gone.catch(() => {}); // each attempt that needs it awaits it, and fails with it
    await Promise.all(claimed.map((delivery, i) => this.attempt(delivery, targets[i], gone)));
    return claimed.length;
  }

  private async attempt(delivery: Delivery, target: { url: string } | Outcome, gone: Promise<Map<string, Date>>): Promise<void> {
    let url: string | undefined;
    let outcome: Outcome;
    try {
      const goneAt = 'url' in target ? (await gone).get(target.url) : undefined;
      if ('state' in target) outcome = target;
      else if (goneAt) {
        outcome = { state: 'failed', reason: `${target.url} answered 410 Gone at ${goneAt.toISOString()}: nothing is sent there until the platform's profile names another URL` };
      } else {
        url = target.url;
        outcome = await this.send(delivery, new URL(url));
      }
    } catch (err) {
      // Anything else (the database, the signing key): this attempt failed; the next may not.
      outcome = { state: 'retry', reason: reasonOf(err) };
    }
    await this.record(delivery, url, outcome);
  }

  /**
   * The platform's webhook URL as its profile declares it now, written as WHATWG URL writes it
   * (as a 410 recorded it: HTTPS://Platform.example:443/x is that URL too), or how the attempt
   * ends without one.
   */
  private async webhookUrl(delivery: Delivery): Promise<{ url: string } | Outcome> {
    let negotiated;
    try {
      negotiated = await this.services.negotiator.negotiate(`profile="${delivery.profileUrl}"`);
    } catch (err) {
      const reason = `the platform profile ${delivery.profileUrl}: ${(err as Error).message}`;
      return err instanceof ApiError && err.code === 'invalid_profile_url' ? { state: 'failed', reason } : { state: 'retry', reason };
    }
    const order = negotiated.intersection[ORDER_CAPABILITY];
    if (!order) return { state: 'skipped', reason: `the platform profile ${delivery.profileUrl} declares no ${ORDER_CAPABILITY} at a version this business supports` };
    const url = order.config?.webhook_url;
    if (typeof url !== 'string') return { state: 'skipped', reason: `the platform profile ${delivery.profileUrl} declares no config.webhook_url for ${ORDER_CAPABILITY}` };
    const problem = webhookUrlProblem(url);
    if (problem) return { state: 'failed', reason: problem };
    return { url: new URL(url).href };
  }

  /** Which of the round's URLs answered 410, and when. */
  private async goneAmong(targets: ({ url: string } | Outcome)[]): Promise<Map<string, Date>> {
    const urls = [...new Set(targets.flatMap((t) => ('url' in t ? [t.url] : [])))];
    if (!urls.length) return new Map();
    const found = await this.services.db.select().from(webhookGoneUrls).where(inArray(webhookGoneUrls.url, urls));
    return new Map(found.map((g) => [g.url, g.at]));
  }

  private async send(delivery: Delivery, url: URL): Promise<Outcome> {
    const { config, db, keys, profiles } = this.services;
    const now = this.now();
    const key = await signingKey(db, keys, now);
    const body = await openBody(keys, delivery.body);
    const headers = signedHeaders({ ...delivery, body }, url, signerProfile(config.publicBaseUrl, delivery.scope), key, now);
    let status: number;
    try {
      status = await postWebhook(url, headers, body, profiles.rules, this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    } catch (err) {
      if (err instanceof FetchRefused) return { state: 'retry', reason: err.message };
      throw err;
    }
    if (status >= 200 && status < 300) return { state: 'delivered', status };
    if (status === 410) {
      await db.insert(webhookGoneUrls).values({ url: url.href, at: now }).onConflictDoNothing();
      return { state: 'failed', status, reason: `${url.href} answered 410 Gone: nothing more is sent there until the platform's profile names another URL` };
    }
    const redirect = status >= 300 && status < 400 ? ' (a redirect, not followed)' : '';
    return { state: 'retry', status, reason: `${url.href} answered ${status}${redirect}` };
  }

  /** The attempt's end, written only while this worker still holds the row's lease. */
  private async record(delivery: Delivery, url: string | undefined, outcome: Outcome): Promise<void> {
    const now = this.now();
    const attempts = outcome.state === 'skipped' ? delivery.attempts : delivery.attempts + 1;
    let state: Delivery['state'] = outcome.state === 'retry' ? 'pending' : outcome.state;
    let next = delivery.nextAttemptAt;
    if (outcome.state === 'retry') {
      const at = nextAttemptAt(this.services.config.webhookRetrySchedule, attempts, delivery.occurredAt, now, this.options.random);
      if (at) next = at;
      else state = 'failed';
    }
    const reason = 'reason' in outcome ? outcome.reason : null;
    await recordAttempt(this.services.db, {
      id: delivery.id,
      lease: delivery.leaseUntil!.toISOString(),
      state,
      attempts,
      nextAttemptAt: next,
      lastUrl: url ?? delivery.lastUrl,
      lastStatus: 'status' in outcome ? (outcome.status ?? null) : null,
      lastError: state === 'failed' && outcome.state === 'retry' ? `${reason}; no attempt is left within three days of the event` : reason,
      lastAttemptAt: now,
    });
  }
}
