/**
 * Order webhook bodies as the outbox keeps them: sealed as a whole under the `webhook-body-seal`
 * key (secrets/sealed-text.ts), so a copy of the database holds no order in the clear, nor its
 * `permalink_url` (a pay page that shows the buyer's name and address). Each attempt opens the
 * same bytes: a retry sends what the first attempt did. Bodies are kept for good (an operator may
 * retry a failed delivery at any time), so they follow SECRETS_KEY: `npm run secrets:rotate` seals
 * every body again under the new key, and each start seals a body found in the clear.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderWebhookDeliveries } from '../db/schema';
import type { ServiceKeys } from '../secrets/keys';
import { openText, plainJson, sealedAgain, sealText } from '../secrets/sealed-text';

const PURPOSE = 'webhook-body-seal';
const BATCH = 500;

export function sealBody(keys: ServiceKeys, body: string): string {
  return sealText(keys, PURPOSE, body);
}

/** The bytes to send. */
export function openBody(keys: ServiceKeys, stored: string): Promise<string> {
  return openText(keys, PURPOSE, stored);
}

/**
 * Seals under the current key the bodies stored in the clear (`plain`, every start: the partial
 * index order_webhook_deliveries_plain_body_idx finds them without reading the table), or every
 * body not sealed under it yet (`all`, after a rotation of SECRETS_KEY); answers how many changed.
 */
export async function sealStoredBodies(db: Db, keys: ServiceKeys, which: 'plain' | 'all'): Promise<number> {
  const { id, body } = orderWebhookDeliveries;
  const plain = which === 'plain' ? plainJson(body) : undefined;
  let changed = 0;
  let after = '';
  for (;;) {
    const batch = await db.select({ id, body }).from(orderWebhookDeliveries).where(and(plain, gt(id, after))).orderBy(asc(id)).limit(BATCH);
    if (!batch.length) return changed;
    for (const row of batch) {
      const sealed = await sealedAgain(keys, PURPOSE, row.body);
      if (!sealed) continue;
      // Unless another instance sealed it meanwhile: the same bytes either way.
      await db.update(orderWebhookDeliveries).set({ body: sealed }).where(and(eq(id, row.id), eq(body, row.body)));
      changed++;
    }
    after = batch[batch.length - 1].id;
  }
}
