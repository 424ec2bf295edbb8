/** Feedback reports from agents: stored with who sent them, acknowledged at once. */
import type { Db } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { feedbackReports } from '../db/schema';
import { newId } from '../lib/ids';
import { callerNamespace, type Caller } from '../identity/caller';

export const FEEDBACK_CATEGORIES = [
  'discoverability',
  'response_shape',
  'tool_description',
  'latency',
  'error_handling',
  'missing_capability',
  'other',
] as const;
export const FEEDBACK_SEVERITIES = ['blocker', 'friction', 'nice_to_have'] as const;

export interface FeedbackReport {
  category: (typeof FEEDBACK_CATEGORIES)[number];
  severity: (typeof FEEDBACK_SEVERITIES)[number];
  message: string;
  context?: { endpoint?: string; [key: string]: unknown };
}

/** Built once (db/prepared.ts): every report is this one statement. */
const insertReport = prepared<typeof feedbackReports.$inferInsert, unknown>('feedback_insert', (db) =>
  db
    .insert(feedbackReports)
    .values(placeholders('id', 'category', 'severity', 'message', 'context', 'agentProfile', 'caller', 'buyerRef', 'buyerSession', 'buyerRefAttested')),
);

export async function recordFeedback(db: Db, report: FeedbackReport, caller: Caller): Promise<{ id: string; status: 'received' }> {
  const id = newId('fb');
  await insertReport(db, {
    id,
    category: report.category,
    severity: report.severity,
    message: report.message,
    context: report.context ?? null,
    agentProfile: caller.agent?.url ?? null,
    caller: callerNamespace(caller),
    buyerRef: caller.buyer.ref ?? null,
    buyerSession: caller.buyer.session ?? null,
    buyerRefAttested: caller.signature?.buyerAttested === true,
  });
  return { id, status: 'received' };
}
