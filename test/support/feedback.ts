/** POST /api/agent/feedback as the idempotency tests send it, and the reports it left. */
import { count, eq } from 'drizzle-orm';
import { feedbackReports } from '../../server/db/schema';
import { agentHeaders, type TestApp } from './app';

/** A report of `message` under Idempotency-Key `key`. */
export function sendFeedback(t: TestApp, key: string, message: string): Promise<Response> {
  return t.call('POST', '/api/agent/feedback', {
    headers: agentHeaders({ 'Idempotency-Key': key }),
    body: { category: 'other', severity: 'friction', message, context: { endpoint: '/api/agent/cart' } },
  });
}

/** How many reports of `message` the database holds. */
export async function reportsOf(t: TestApp, message: string): Promise<number> {
  const [row] = await t.db.database.db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.message, message));
  return Number(row.n);
}
