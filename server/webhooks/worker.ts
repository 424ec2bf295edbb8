/**
 * Sends the outbox (outbox.ts): every server process runs a worker, which claims the due
 * deliveries under a lease and retries a failed one on WEBHOOK_RETRY_SCHEDULE, as every outbox
 * does (outbox/worker.ts), skipping a row whose order has an earlier delivery to the same platform
 * still to be settled (delivered, failed or skipped): a platform hears of one order's changes in
 * the order they happened. Each attempt looks the platform's webhook URL up afresh (the profile
 * may have changed it) and sends the stored bytes (opened: sealed-bodies.ts) with a fresh signature.
 *
 * An attempt ends the delivery (delivered on a 2xx; skipped when the platform declares no order
 * capability or no webhook_url; failed for a URL that can never be sent to, or one that answered
 * 410) or fails and is tried again on the schedule until three days have passed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { orderWebhookDeliveries, webhookGoneUrls } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import type { Negotiator } from '../negotiation';
import { ORDER_CAPABILITY } from '../negotiation/capabilities';
import { reasonOf } from '../errors/for-log';
import { OutboxWorker, outboxStatements, type OutboxOptions, type Outcome as Ended } from '../outbox/worker';
import type { ProfileFetcher } from '../profiles';
import { FetchRefused } from '../profiles/fetch';
import type { ServiceKeys } from '../secrets/keys';
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

export interface WorkerOptions extends OutboxOptions {
  /** How long one POST may take (default 10 s). */
  timeoutMs?: number;
}

type Delivery = typeof orderWebhookDeliveries.$inferSelect;

const statements = outboxStatements<Delivery>({
  name: 'webhook',
  table: orderWebhookDeliveries,
  key: { property: 'id', column: 'id' },
  claimable: sql`NOT EXISTS (
    SELECT 1 FROM order_webhook_deliveries e
    WHERE e.order_id = c.order_id AND e.profile_url = c.profile_url AND e.state IN ('pending', 'sending')
      AND (e.occurred_at, e.id) < (c.occurred_at, c.id))`,
  recorded: ['lastUrl', 'lastStatus'],
});

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

export class DeliveryWorker extends OutboxWorker<Delivery> {
  constructor(
    private readonly services: WorkerServices,
    private readonly options: WorkerOptions = {},
  ) {
    super({ db: services.db, statements, schedule: services.config.webhookRetrySchedule, label: 'Order webhooks' }, options);
  }

  /**
   * The webhook URLs are looked up first, so one statement finds those of the round that
   * answered 410.
   */
  protected attempts(claimed: Delivery[]): Promise<Ended>[] {
    const targets = claimed.map((delivery) => this.webhookUrl(delivery).catch((err: unknown): Outcome => ({ state: 'retry', reason: reasonOf(err) })));
    const gone = Promise.all(targets).then((found) => this.goneAmong(found));
    gone.catch(() => {}); // each attempt that needs it awaits it, and fails with it
    return claimed.map(async (delivery, i) => this.attempt(delivery, await targets[i], gone));
  }

  private async attempt(delivery: Delivery, target: { url: string } | Outcome, gone: Promise<Map<string, Date>>): Promise<Ended> {
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
    const status = 'status' in outcome ? (outcome.status ?? null) : null;
    return { state: outcome.state, reason: 'reason' in outcome ? outcome.reason : undefined, columns: { lastUrl: url ?? delivery.lastUrl, lastStatus: status } };
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
      const reason = `the platform profile ${delivery.profileUrl}: ${reasonOf(err)}`;
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
}
