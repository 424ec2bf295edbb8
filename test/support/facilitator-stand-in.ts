/**
 * A local stand-in for a remote x402 facilitator (X402_FACILITATOR_URL), for @x402/core's
 * HTTPFacilitatorClient to talk to: POST /verify, POST /settle, GET /supported, each behind a
 * bearer token (401 without it). It answers as a facilitator does: `{isValid, invalidReason,
 * payer}`, `{success, errorReason, transaction, network, payer}`, `{kinds, extensions, signers}`.
 *
 * Each call can be scripted (`next`): a refusal answered 200 or with an error status (a 4xx
 * SettleError body), `settlement_pending`, any status with a JSON body or none, or no answer at all
 * (past the client's timeout). Unscripted calls succeed. Every call is recorded with its headers
 * and body, and the authorizations it answered settled are kept in `settled`.
 */
import type { AddressInfo } from 'node:net';
import { keccak256 } from 'viem';
import { x402Network, type X402Network } from '../../server/x402/networks';
import { standInServer } from './stand-in-server';

export const STANDIN_FACILITATOR_TOKEN = 'fac_test_standin_token';

/**
 * How the stand-in answers one call:
 * - `'ok'`: verify valid, settle settled (200);
 * - `{refuse, status?}`: verify `{isValid: false, invalidReason}` or settle `{success: false,
 *   errorReason}`, with `status` (200 unless given; a 4xx makes the client throw VerifyError or SettleError);
 * - `'pending'`: settle `{success: false, errorReason: 'settlement_pending'}`, 200;
 * - `{status, body?}`: that status with `body` as JSON, or an empty body;
 * - `'hang'`: never answers (until the stand-in closes).
 */
export type StandinAnswer = 'ok' | 'pending' | 'hang' | { refuse: string; status?: number } | { status: number; body?: unknown };

export type FacilitatorPath = '/verify' | '/settle' | '/supported';

export interface RecordedCall {
  method: string;
  path: string;
  /** Lower-case header names, as node:http gives them. */
  headers: Record<string, string>;
  body: any;
  /** What the stand-in did: the scripted answer, or 'unauthorized' (no or another bearer). */
  outcome: StandinAnswer | 'unauthorized' | 'unknown-path';
}

export interface FacilitatorStandin {
  url: string;
  /** The environment that points the service at it. */
  env: Record<string, string>;
  calls: RecordedCall[];
  /** Authorizations (`from:nonce`) it answered as settled. */
  settled: string[];
  /** Scripts the next calls of `path`, in order; calls past them succeed. */
  next(path: FacilitatorPath, ...answers: StandinAnswer[]): void;
  close(): Promise<void>;
}

export async function startFacilitatorStandin(opts: { token?: string; network?: X402Network } = {}): Promise<FacilitatorStandin> {
  const token = opts.token ?? STANDIN_FACILITATOR_TOKEN;
  const network = opts.network ?? x402Network('base-sepolia');
  const calls: RecordedCall[] = [];
  const settled: string[] = [];
  const scripts: Record<FacilitatorPath, StandinAnswer[]> = { '/verify': [], '/settle': [], '/supported': [] };

  function answerFor(path: FacilitatorPath, answer: StandinAnswer, body: any): { status: number; body?: unknown } {
    const payload = body?.paymentPayload?.payload;
    const payer: string | undefined = payload?.authorization?.from;
    const requiredNetwork: string = body?.paymentRequirements?.network ?? network.caip2;
    if (typeof answer === 'object' && 'refuse' in answer) {
      const refusal =
        path === '/verify'
          ? { isValid: false, invalidReason: answer.refuse, invalidMessage: `refused by the stand-in: ${answer.refuse}`, payer }
          : { success: false, errorReason: answer.refuse, errorMessage: `refused by the stand-in: ${answer.refuse}`, payer, transaction: '', network: requiredNetwork };
      return { status: answer.status ?? 200, body: refusal };
    }
    if (typeof answer === 'object') return answer;
    if (answer === 'pending') return { status: 200, body: { success: false, errorReason: 'settlement_pending', payer, transaction: '', network: requiredNetwork } };
    // 'ok'
    if (path === '/supported') {
      return {
        status: 200,
        body: {
          kinds: [
            { x402Version: 1, scheme: 'exact', network: network.name },
            { x402Version: 2, scheme: 'exact', network: network.caip2 },
          ],
          extensions: [],
          signers: { 'eip155:*': ['0x000000000000000000000000000000000000fac1'] },
        },
      };
    }
    if (path === '/verify') return { status: 200, body: { isValid: true, payer } };
    settled.push(`${payer}:${payload?.authorization?.nonce}`);
    const transaction = typeof payload?.signature === 'string' ? keccak256(payload.signature) : `0x${'ab'.repeat(32)}`;
    return { status: 200, body: { success: true, payer, transaction, network: requiredNetwork } };
  }

  const server = standInServer((req, res, { raw, path }) => {
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // recorded as the text it was
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const record: RecordedCall = { method: req.method ?? 'GET', path, headers, body, outcome: 'ok' };
    calls.push(record);
    const send = (status: number, json?: unknown) => {
      res.writeHead(status, json === undefined ? {} : { 'Content-Type': 'application/json' });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (!(path in scripts)) {
      record.outcome = 'unknown-path';
      return send(404, { error: `no such path: ${path}` });
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      record.outcome = 'unauthorized';
      return send(401, { error: 'unauthorized', message: 'A bearer token is required.' });
    }
    const answer = scripts[path as FacilitatorPath].shift() ?? 'ok';
    record.outcome = answer;
    if (answer === 'hang') return; // answered never: the client's timeout ends it
    const out = answerFor(path as FacilitatorPath, answer, body);
    send(out.status, out.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { X402_FACILITATOR_URL: url, X402_FACILITATOR_TOKEN: token },
    calls,
    settled,
    next(path, ...answers) {
      scripts[path].push(...answers);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
