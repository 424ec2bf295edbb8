/**
 * Sends the outbox (outbox.ts): every server process runs a worker, which claims the due
 * deliveries under a lease and retries a failed one on WEBHOOK_RETRY_SCHEDULE, as every outbox
 * does (outbox/worker.ts), skipping a row whose order has an earlier delivery to the same platform
 * still to be settled (delivered, failed or skipped): a platform hears of one order's changes in
 * the order they happened. Each attempt looks the platform's webhook URL up afresh (the profile
 * may have changed it) and sends the stored bytes (opened: sealed-bodies.ts) with a fresh signature.
 * Only that look-up and the signature depend on the row's target: a UCP platform's profile and an
 * RFC 9421 signature by the service's key (signed-request.ts), or an ACP platform's registration
 * and its secret's Merchant-Signature (merchant-signature.ts).
 *
 * An attempt ends the delivery (delivered on a 2xx; skipped when the platform declares no order
 * capability or no webhook_url, or an ACP platform has no webhook URL registered any more; failed
 * for a URL that can never be sent to, or one that answered 410) or fails and is tried again on the
 * schedule until three days have passed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { acpWebhookTarget } from '../keys/acp-platforms';
import type { Db } from '../db/client';
import { orderWebhookDeliveries, webhookGoneUrls } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import type { Negotiator } from '../negotiation';
import { ORDER_CAPABILITY } from '../negotiation/capabilities';
import { reasonOf } from '../errors/for-log';
import { OutboxWorker, outboxStatements, type OutboxOptions, type Outcome as Ended } from '../outbox/worker';
import type { ProfileFetcher } from '../profiles';
import { FetchRefused } from '../profiles/fetch';
import { webhookUrlProblem } from '../profiles/webhook-url';
import type { ServiceKeys } from '../secrets/keys';
import { acpWebhookHeaders } from './merchant-signature';
import { openBody } from './sealed-bodies';
import { DELIVERY_TIMEOUT_MS, postWebhook } from './sender';
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
    WHERE e.order_id = c.order_id AND e.target = c.target
      AND e.profile_url IS NOT DISTINCT FROM c.profile_url AND e.acp_account_id IS NOT DISTINCT FROM c.acp_account_id
      AND e.state IN ('pending', 'sending')
      AND (e.occurred_at, e.id) < (c.occurred_at, c.id))`,
  recorded: ['lastUrl', 'lastStatus'],
});

type Outcome =
  | { state: 'delivered'; status: number }
  | { state: 'skipped'; reason: string }
  | { state: 'failed'; reason: string; status?: number }
  /** Tried again later, or failed once the schedule is past the horizon. */
  | { state: 'retry'; reason: string; status?: number };

/** Where an attempt goes (as WHATWG URL writes it), and the headers that sign its body there. */
interface Destination {
  url: string;
  /** Who names the URL, for the reasons an operator reads. */
  namedBy: string;
  headers(body: string, url: URL, now: Date): Promise<Record<string, string>>;
}

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
    const targets = claimed.map((delivery) => this.destination(delivery).catch((err: unknown): Outcome => ({ state: 'retry', reason: reasonOf(err) })));
    const gone = Promise.all(targets).then((found) => this.goneAmong(found));
    gone.catch(() => {}); // each attempt that needs it awaits it, and fails with it
    return claimed.map(async (delivery, i) => this.attempt(delivery, await targets[i], gone));
  }

  private async attempt(delivery: Delivery, target: Destination | Outcome, gone: Promise<Map<string, Date>>): Promise<Ended> {
    let url: string | undefined;
    let outcome: Outcome;
    try {
      const goneAt = 'url' in target ? (await gone).get(target.url) : undefined;
      if ('state' in target) outcome = target;
      else if (goneAt) {
        outcome = { state: 'failed', reason: `${target.url} answered 410 Gone at ${goneAt.toISOString()}: nothing is sent there until ${target.namedBy} names another URL` };
      } else {
        url = target.url;
        outcome = await this.send(delivery, target);
      }
    } catch (err) {
      // Anything else (the database, the signing key): this attempt failed; the next may not.
      outcome = { state: 'retry', reason: reasonOf(err) };
    }
    const status = 'status' in outcome ? (outcome.status ?? null) : null;
    return { state: outcome.state, reason: 'reason' in outcome ? outcome.reason : undefined, columns: { lastUrl: url ?? delivery.lastUrl, lastStatus: status } };
  }

  /**
   * Where the delivery goes now, its URL written as WHATWG URL writes it (as a 410 recorded it:
   * HTTPS://Platform.example:443/x is that URL too), or how the attempt ends without one.
   */
  private destination(delivery: Delivery): Promise<Destination | Outcome> {
    return delivery.target === 'acp' ? this.acpDestination(delivery.acpAccountId!) : this.ucpDestination(delivery);
  }

  /** The ACP platform's registration as it stands now: its URL, signed with its secret. */
  private async acpDestination(accountId: string): Promise<Destination | Outcome> {
    const found = await acpWebhookTarget(this.services.db, this.services.keys, accountId);
    if (!found) return { state: 'skipped', reason: `the ACP platform (account ${accountId}) has no webhook URL registered` };
    const problem = webhookUrlProblem(found.url);
    if (problem) return { state: 'failed', reason: problem };
    return { url: new URL(found.url).href, namedBy: 'the ACP platform’s registration', headers: async (body, _url, now) => acpWebhookHeaders(found.secret, body, now) };
  }

  /** The UCP platform's webhook URL as its profile declares it now, signed with the service's key. */
  private async ucpDestination(delivery: Delivery): Promise<Destination | Outcome> {
    const { config, db, keys } = this.services;
    const profileUrl = delivery.profileUrl!;
    let negotiated;
    try {
      negotiated = await this.services.negotiator.negotiate(`profile="${profileUrl}"`);
    } catch (err) {
      const reason = `the platform profile ${profileUrl}: ${reasonOf(err)}`;
      return err instanceof ApiError && err.code === 'invalid_profile_url' ? { state: 'failed', reason } : { state: 'retry', reason };
    }
    const order = negotiated.intersection[ORDER_CAPABILITY];
    if (!order) return { state: 'skipped', reason: `the platform profile ${profileUrl} declares no ${ORDER_CAPABILITY} at a version this business supports` };
    const url = order.config?.webhook_url;
    if (typeof url !== 'string') return { state: 'skipped', reason: `the platform profile ${profileUrl} declares no config.webhook_url for ${ORDER_CAPABILITY}` };
    const problem = webhookUrlProblem(url);
    if (problem) return { state: 'failed', reason: problem };
    return {
      url: new URL(url).href,
      namedBy: 'the platform’s profile',
      headers: async (body, to, now) => signedHeaders({ ...delivery, body }, to, signerProfile(config.publicBaseUrl, delivery.scope), await signingKey(db, keys, now), now),
    };
  }

  /** Which of the round's URLs answered 410, and when. */
  private async goneAmong(targets: (Destination | Outcome)[]): Promise<Map<string, Date>> {
    const urls = [...new Set(targets.flatMap((t) => ('url' in t ? [t.url] : [])))];
    if (!urls.length) return new Map();
    const found = await this.services.db.select().from(webhookGoneUrls).where(inArray(webhookGoneUrls.url, urls));
    return new Map(found.map((g) => [g.url, g.at]));
  }

  private async send(delivery: Delivery, to: Destination): Promise<Outcome> {
    const { db, keys, profiles } = this.services;
    const now = this.now();
    const url = new URL(to.url);
    const body = await openBody(keys, delivery.body);
    const headers = await to.headers(body, url, now);
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
      return { state: 'failed', status, reason: `${url.href} answered 410 Gone: nothing more is sent there until ${to.namedBy} names another URL` };
    }
    const redirect = status >= 300 && status < 400 ? ' (a redirect, not followed)' : '';
    return { state: 'retry', status, reason: `${url.href} answered ${status}${redirect}` };
  }
}
