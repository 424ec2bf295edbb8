/**
 * Sends the outbox (outbox.ts). Every server process runs a worker; each round it claims the due
 * deliveries with FOR UPDATE SKIP LOCKED and a 60 s lease (so two instances never send one row at
 * once, and a row whose sender died is claimed again once its lease lapses), skipping a row whose
 * order has an earlier delivery to the same platform still to be settled (delivered, failed or
 * skipped): a platform hears of one order's changes in the order they happened. Each attempt
 * looks the platform's webhook URL up afresh (the profile may have changed it) and sends the
 * stored bytes with a fresh signature.
 *
 * An attempt ends the delivery (delivered on a 2xx; skipped when the platform declares no order
 * capability or no webhook_url; failed for a URL that can never be sent to, or one that answered
 * 410) or fails and is tried again on the schedule (schedule.ts) until three days have passed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { rows, type Db } from '../db/client';
import { orderWebhookDeliveries, webhookGoneUrls } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import type { Negotiator } from '../negotiation';
import { ORDER_CAPABILITY } from '../negotiation/capabilities';
import type { ProfileFetcher } from '../profiles';
import { FetchRefused } from '../profiles/fetch';
import type { ServiceKeys } from '../secrets/keys';
import { nextAttemptAt } from './schedule';
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

type Outcome =
  | { state: 'delivered'; status: number }
  | { state: 'skipped'; reason: string }
  | { state: 'failed'; reason: string; status?: number }
  /** Tried again later, or failed once the schedule is past the horizon. */
  | { state: 'retry'; reason: string; status?: number };

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
        .catch((err: Error) => console.warn(`Order webhooks: ${err.message}`))
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

  /** One round: claims the due deliveries and makes one attempt of each; answers how many. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
    return claimed.length;
  }

  private async claim(): Promise<Delivery[]> {
    const now = this.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    const claimed = await rows<{ id: string }>(
      this.services.db,
      sql`UPDATE order_webhook_deliveries d SET state = 'sending', lease_until = ${lease.toISOString()}::timestamptz
          WHERE d.id IN (
            SELECT c.id FROM order_webhook_deliveries c
            WHERE c.state IN ('pending', 'sending') AND c.next_attempt_at <= ${now.toISOString()}::timestamptz
              AND (c.state = 'pending' OR c.lease_until < ${now.toISOString()}::timestamptz)
              AND NOT EXISTS (
                SELECT 1 FROM order_webhook_deliveries e
                WHERE e.order_id = c.order_id AND e.profile_url = c.profile_url AND e.state IN ('pending', 'sending')
                  AND (e.occurred_at, e.id) < (c.occurred_at, c.id))
            ORDER BY c.next_attempt_at
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
          RETURNING d.id`,
    );
    if (!claimed.length) return [];
    return this.services.db
      .select()
      .from(orderWebhookDeliveries)
      .where(sql`${orderWebhookDeliveries.id} IN (${sql.join(claimed.map((c) => sql`${c.id}`), sql`, `)})`);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    let url: string | undefined;
    let outcome: Outcome;
    try {
      const target = await this.webhookUrl(delivery);
      if ('state' in target) outcome = target;
      else {
        url = target.url;
        outcome = await this.send(delivery, new URL(url));
      }
    } catch (err) {
      // Anything else (the database, the signing key): this attempt failed; the next may not.
      outcome = { state: 'retry', reason: (err as Error).message };
    }
    await this.record(delivery, url, outcome);
  }

  /** The platform's webhook URL as its profile declares it now, or how the attempt ends without one. */
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
    // As a 410 recorded it (send() stores the URL as WHATWG URL writes it): HTTPS://Platform.example:443/x is that URL too.
    const href = new URL(url).href;
    const [gone] = await this.services.db.select().from(webhookGoneUrls).where(eq(webhookGoneUrls.url, href));
    if (gone) return { state: 'failed', reason: `${href} answered 410 Gone at ${gone.at.toISOString()}: nothing is sent there until the platform's profile names another URL` };
    return { url: href };
  }

  private async send(delivery: Delivery, url: URL): Promise<Outcome> {
    const { config, db, keys, profiles } = this.services;
    const now = this.now();
    const key = await signingKey(db, keys, now);
    const headers = await signedHeaders(delivery, url, signerProfile(config.publicBaseUrl, delivery.scope), key, now);
    let status: number;
    try {
      status = await postWebhook(url, headers, delivery.body, profiles.rules, this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
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
    await this.services.db
      .update(orderWebhookDeliveries)
      .set({
        state,
        attempts,
        nextAttemptAt: next,
        leaseUntil: null,
        lastUrl: url ?? delivery.lastUrl,
        lastStatus: 'status' in outcome ? (outcome.status ?? null) : null,
        lastError: state === 'failed' && outcome.state === 'retry' ? `${reason}; no attempt is left within three days of the event` : reason,
        lastAttemptAt: now,
      })
      .where(and(eq(orderWebhookDeliveries.id, delivery.id), eq(orderWebhookDeliveries.state, 'sending'), eq(orderWebhookDeliveries.leaseUntil, delivery.leaseUntil!)));
  }
}
