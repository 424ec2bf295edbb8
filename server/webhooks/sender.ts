/**
 * One POST of a webhook under the profile fetcher's SSRF rules (profiles/fetch.ts: the same
 * address checks, made again at every attempt since DNS changes, and the same pinned connection,
 * here kept open for the platform's next delivery,
 * PROFILE_FETCH_RESOLVE and PROFILE_FETCH_CA_FILE included): https only, 10 s for the whole
 * exchange, at most 64 KiB of the answer read (and dropped: only the status counts), a redirect
 * an answer like any other non-2xx, its Location never followed.
 */
import https from 'node:https';
import { checkedDestination, FetchRefused, pinnedRequest, type FetchRules } from '../profiles/fetch';
import { withTimeLimit } from '../lib/time-limit';

export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;
/** Destinations whose connections are kept open at once (the least recently used goes first). */
const MAX_KEPT_DESTINATIONS = 100;
/** An idle kept connection closes after this. */
const IDLE_CONNECTION_MS = 30_000;

/**
 * Connections kept open per destination, so a platform that hears of many orders pays TLS's
 * handshake once rather than at every delivery (the sender's costliest step). The key is the name
 * and port with the address the checks passed: a name whose DNS changes gets new connections, made
 * only after its new address passed them. Idle connections do not keep a stopping process alive
 * (Node unrefs them).
 */
const keptAgents = new Map<string, https.Agent>();

function agentFor(url: URL, to: Awaited<ReturnType<typeof checkedDestination>>): https.Agent {
  const key = `${url.host}|${to.address}`;
  let agent = keptAgents.get(key);
  if (agent) keptAgents.delete(key); // re-inserted below as the most recently used
  else agent = new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
  keptAgents.set(key, agent);
  if (keptAgents.size > MAX_KEPT_DESTINATIONS) {
    const [oldest, dropped] = keptAgents.entries().next().value!;
    keptAgents.delete(oldest);
    dropped.destroy();
  }
  return agent;
}

/**
 * POSTs `body` to `url` (checked with webhookUrlProblem first); resolves with the answer's status.
 * Rejects with FetchRefused: kind `address` for a name that does not resolve or resolves to an
 * address that is not public (nothing was connected), `unreachable` for a timeout or a broken
 * connection.
 */
export async function postWebhook(url: URL, headers: Record<string, string>, body: string, rules: FetchRules, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<number> {
  const late = () => new FetchRefused(`${url.host} did not answer within ${timeoutMs / 1000} s`);
  return withTimeLimit(timeoutMs, late, async (within, deadline) => {
    const to = await within(checkedDestination(url, rules));
    return within(post(url, to, rules, headers, body, deadline));
  });
}

function post(url: URL, to: Awaited<ReturnType<typeof checkedDestination>>, rules: FetchRules, headers: Record<string, string>, body: string, deadline: AbortSignal): Promise<number> {
  const bytes = Buffer.from(body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        ...pinnedRequest(url, to, rules),
        agent: agentFor(url, to),
        method: 'POST',
        headers: { ...headers, 'content-length': String(bytes.length), 'user-agent': 'agent-commerce-order-webhooks' },
        signal: deadline,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy();
            resolve(status);
          }
        });
        res.on('end', () => resolve(status));
        // The status is what counts; an answer cut short after it still said it.
        res.on('error', () => resolve(status));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (deadline.aborted) return; // the timer's rejection says why
      reject(new FetchRefused(`${url.host} could not be reached (${err.code ?? err.message})`));
    });
    req.end(bytes);
  });
}
