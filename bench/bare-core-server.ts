/**
 * The yardstick for `bench:core`: a bare `node:http` + `postgres` server doing the same work per
 * request as the service on its two core endpoints, with nothing else (no router, no tRPC, no
 * schema validation beyond the minimum). Run as a child process by bench/core.ts:
 *
 *   PORT=… DATABASE_URL=… [DATABASE_POOL_SIZE=10] node --import tsx bench/bare-core-server.ts
 *
 * GET  /api/agent/platform/limits  UCP-Agent required; the limits row from a ≤ 1 s in-process
 *                                   cache (concurrent misses share one query), like the service's
 *                                   ≤ 1 s answer cache for it.
 * POST /api/agent/feedback          UCP-Agent, Idempotency-Key (16–64 printable ASCII), JSON body;
 *                                   the service's statements: claim INSERT … ON CONFLICT DO NOTHING
 *                                   RETURNING, then BEGIN; INSERT feedback_reports; UPDATE
 *                                   idempotency_records SET state='done', response_body…; COMMIT.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import postgres from 'postgres';
import { postgresOptions } from '../server/db/client';
import { centsToDecimal } from '../server/lib/money';
import { readBody, runBareServer, send } from './lib/bare-server';

const started = performance.now();
const port = Number(process.env.PORT ?? 3100);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');

// The service's pool options (server/db/client.ts).
const sql = postgres(url, postgresOptions(Number(process.env.DATABASE_POOL_SIZE ?? 10), 'bench-bare-core'));

// ------------------------------------------------------------------ limits (≤ 1 s cache)

interface Limits {
  max_item_quantity: number;
  max_cart_total_cents: number;
  max_cart_total_usd: string;
}
let cached: { limits: Limits; at: number } | undefined;
let inflight: Promise<Limits> | undefined;

async function readLimits(): Promise<Limits> {
  const [row] = await sql`select id, max_item_quantity, max_cart_total_cents, updated_at from platform_limits where id = 1`;
  if (!row) throw new Error('platform_limits row is missing');
  return {
    max_item_quantity: row.max_item_quantity,
    max_cart_total_cents: row.max_cart_total_cents,
    max_cart_total_usd: centsToDecimal(row.max_cart_total_cents),
  };
}

function limits(): Limits | Promise<Limits> {
  if (cached && Date.now() - cached.at < 1000) return cached.limits;
  inflight ??= readLimits()
    .then((l) => {
      cached = { limits: l, at: Date.now() };
      return l;
    })
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
}

// ------------------------------------------------------------------ feedback (idempotent)

const KEY = /^[\x20-\x7e]{16,64}$/;
const PROFILE = /profile="([^"]+)"/;

function newId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
}

async function feedback(namespace: string, key: string, fingerprint: string, report: Record<string, unknown>, profile: string) {
  const claimed = await sql`
    insert into idempotency_records (namespace, key, fingerprint, state)
    values (${namespace}, ${key}, ${fingerprint}, 'running')
    on conflict do nothing
    returning key`;
  if (!claimed.length) {
    const [record] = await sql`select fingerprint, state, response_body from idempotency_records where namespace = ${namespace} and key = ${key}`;
    if (record && record.fingerprint === fingerprint && record.state === 'done') return { status: 202, body: record.response_body.data };
    return { status: 409, body: { error: 'Idempotency-Key in use.', code: 'idempotency_conflict' } };
  }
  try {
    const data = { id: newId('fb'), status: 'received' };
    await sql.begin(async (tx) => {
      await tx`
        insert into feedback_reports (id, category, severity, message, context, agent_profile, buyer_ref, buyer_session)
        values (${data.id}, ${report.category as string}, ${report.severity as string}, ${report.message as string},
                ${report.context === undefined ? null : tx.json(report.context as postgres.JSONValue)}, ${profile}, ${null}, ${null})`;
      await tx`
        update idempotency_records set state = 'done', response_headers = ${tx.json({})}, response_body = ${tx.json({ ok: true, data })}
        where namespace = ${namespace} and key = ${key}`;
    });
    return { status: 202, body: data };
  } catch (err) {
    await sql`delete from idempotency_records where namespace = ${namespace} and key = ${key} and state = 'running'`.catch(() => {});
    throw err;
  }
}

// ------------------------------------------------------------------ http

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const agent = req.headers['ucp-agent'];
  const path = req.url?.split('?')[0];
  if (path === '/api/agent/platform/limits' && req.method === 'GET') {
    if (!agent) return send(res, 400, { error: 'UCP-Agent is required.', code: 'ucp_agent_required' });
    return send(res, 200, await limits());
  }
  if (path === '/api/agent/feedback' && req.method === 'POST') {
    const raw = await readBody(req);
    const profile = typeof agent === 'string' ? PROFILE.exec(agent)?.[1] : undefined;
    if (!profile) return send(res, 400, { error: 'UCP-Agent is required.', code: 'ucp_agent_required' });
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !KEY.test(key)) return send(res, 400, { error: 'Idempotency-Key is required.', code: 'IDEMPOTENCY_KEY_REQUIRED' });
    if (!req.headers['content-type']?.startsWith('application/json')) return send(res, 415, { error: 'JSON only.', code: 'unsupported_media_type' });
    let report: Record<string, unknown>;
    try {
      report = JSON.parse(raw);
    } catch {
      return send(res, 400, { error: 'Invalid JSON.', code: 'invalid_json' });
    }
    if (typeof report?.category !== 'string' || typeof report.severity !== 'string' || typeof report.message !== 'string') {
      return send(res, 400, { error: 'category, severity and message are required.', code: 'validation_failed' });
    }
    const fingerprint = createHash('sha256').update('POST /api/agent/feedback\n').update(raw).digest('base64url');
    const out = await feedback(`agent:${profile}`, key, fingerprint, report, profile);
    return send(res, out.status, out.body);
  }
  send(res, 404, { error: 'Not found.', code: 'not_found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error('bare failure', err);
    if (!res.headersSent) send(res, 500, { error: 'internal', code: 'internal_error' });
    else res.end();
  });
});
await runBareServer('bare core server', server, sql, port, started);
