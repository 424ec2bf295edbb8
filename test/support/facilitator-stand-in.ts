/**
 * A local stand-in for a remote x402 facilitator (X402_FACILITATOR_URL), for @x402/core's
 * HTTPFacilitatorClient to talk to: POST /verify, POST /settle, GET /supported, each behind a
 * bearer token (401 without it). It answers as a facilitator does: `{isValid, invalidReason,
 * payer}`, `{success, errorReason, transaction, network, payer}`, `{kinds, extensions, signers}`.
 *
 * Each call can be scripted (`next`): a refusal answered 200 or with an error status (a 4xx
 * SettleError body), `settlement_pending`, any status with a JSON body or none, or no answer at all
 * (past the client's timeout), or the money moved and the answer lost (`'lost'`). Unscripted calls
 * succeed, but a settle of an authorization it settled already, or past its validBefore, is
 * refused (`invalid_exact_evm_nonce_already_used`, `…_valid_before`), as on a chain. Every call is
 * recorded with its headers and body, and the authorizations whose money it moved are kept in
 * `settled`, and, given a chain stand-in, mined there.
 */
import type { AddressInfo } from 'node:net';
import { keccak256 } from 'viem';
import { x402Network, type X402Network } from '../../server/x402/networks';
import type { ChainStandin } from './chain-stand-in';
import { standInServer } from './stand-in-server';

export const STANDIN_FACILITATOR_TOKEN = 'fac_test_standin_token';

/**
 * How the stand-in answers one call:
 * - `'ok'`: verify valid, settle settled (200);
 * - `{refuse, status?}`: verify `{isValid: false, invalidReason}` or settle `{success: false,
 *   errorReason}`, with `status` (200 unless given; a 4xx makes the client throw VerifyError or SettleError);
 * - `'pending'`: settle `{success: false, errorReason: 'settlement_pending'}`, 200;
 * - `{status, body?}`: that status with `body` as JSON, or an empty body;
 * - `'hang'`: never answers (until the stand-in closes);
 * - `'lost'`: settle moves the money, then drops the connection unanswered (as when the answer is lost, or the service died waiting).
 */
export type StandinAnswer = 'ok' | 'pending' | 'hang' | 'lost' | { refuse: string; status?: number } | { status: number; body?: unknown };

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

export async function startFacilitatorStandin(opts: { token?: string; network?: X402Network; chain?: ChainStandin } = {}): Promise<FacilitatorStandin> {
  const token = opts.token ?? STANDIN_FACILITATOR_TOKEN;
  const network = opts.network ?? x402Network('base-sepolia');
  const calls: RecordedCall[] = [];
  const settled: string[] = [];
  const scripts: Record<FacilitatorPath, StandinAnswer[]> = { '/verify': [], '/settle': [], '/supported': [] };

  /** Moves the authorization's money (mined on the chain stand-in, when there is one); its transaction. */
  function move(payload: any): string {
    const { from, to, value, nonce } = payload.authorization;
    settled.push(`${from}:${nonce}`);
    if (opts.chain) return opts.chain.transferWithAuthorization({ from, to, value: BigInt(value), nonce });
    return typeof payload.signature === 'string' ? keccak256(payload.signature) : `0x${'ab'.repeat(32)}`;
  }

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
    return { status: 200, body: { success: true, payer, transaction: move(payload), network: requiredNetwork } };
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
    const authorization = (body as any)?.paymentPayload?.payload?.authorization;
    const spent = path === '/settle' && settled.includes(`${authorization?.from}:${authorization?.nonce}`);
    const expired = path === '/settle' && Number(authorization?.validBefore) <= Date.now() / 1000;
    const refusal = spent ? 'invalid_exact_evm_nonce_already_used' : expired ? 'invalid_exact_evm_payload_authorization_valid_before' : undefined;
    const answer = scripts[path as FacilitatorPath].shift() ?? (refusal ? { refuse: refusal } : 'ok');
    record.outcome = answer;
    if (answer === 'hang') return; // answered never: the client's timeout ends it
    if (answer === 'lost') {
      move((body as any).paymentPayload.payload);
      return res.destroy();
    }
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
