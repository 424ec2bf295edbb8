/**
 * Which facilitator settles x402 payments, built once per process: the remote one at
 * X402_FACILITATOR_URL (@x402/core's HTTP client, X402_FACILITATOR_TOKEN as its bearer), else the
 * local ledger (ledger.ts), where no money moves. Both are @x402/core's FacilitatorClient, so
 * settlement (settle.ts) calls either the same way.
 */
import { HTTPFacilitatorClient, type FacilitatorClient } from '@x402/core/http';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { newScope } from '../db/deadline';
import type { ServiceKeys } from '../secrets/keys';
import { chainReader, type ChainReader } from './chain-outcome';
import { Ledger } from './ledger';
import { caip2Of, x402Network, type X402Network } from './networks';
import { payToAddress } from './pay-to';

/** What settlement needs of the process (Services.x402), built once. */
export interface X402 {
  network: X402Network;
  payTo: `0x${string}`;
  maxTimeoutSeconds: number;
  facilitator: FacilitatorClient;
  /** The local ledger when no remote facilitator is configured (it is then also `facilitator`): its balance check stands for a second verify. */
  ledger: Ledger | undefined;
  /**
   * With a remote facilitator and X402_RPC_URL: the chain, which decides a settle of unknown
   * outcome once validBefore has passed. The ledger needs none: it knows its own transfers.
   */
  chain: ChainReader | undefined;
}

export function createX402(config: Pick<Config, 'x402'>, database: Pick<Database, 'scoped'>, keys: Pick<ServiceKeys, 'key'>): X402 {
  const { x402 } = config;
  const network = x402Network(x402.network);
  const common = { network, payTo: payToAddress(x402, keys), maxTimeoutSeconds: x402.maxTimeoutSeconds };
  if (x402.facilitatorUrl) {
    const token = x402.facilitatorToken;
    const facilitator = new HTTPFacilitatorClient({
      url: x402.facilitatorUrl,
      // The library waits 90 s by default; a settle must answer (or be left pending) well inside a client's patience.
      timeoutMs: x402.facilitatorTimeoutMs,
      // Keyed by path: a flat headers object makes the client throw (x402 issue #2762).
      createAuthHeaders: token
        ? async () => {
            const headers = { Authorization: `Bearer ${token}` };
            return { verify: headers, settle: headers, supported: headers };
          }
        : undefined,
    });
    return { ...common, facilitator, ledger: undefined, chain: x402.rpcUrl ? chainReader(x402.rpcUrl, network) : undefined };
  }
  // Each call of the ledger gets a fresh deadline: a settle runs after the request's own work.
  const ledger = new Ledger(() => database.scoped(newScope()), { network, localBalance: x402.localBalance });
  return { ...common, facilitator: ledger, ledger, chain: undefined };
}

/** USDC's atomic units as dollars and cents (6 decimals), for the logs. */
function usdc(units: number): string {
  return `${(units / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 6 })} USDC`;
}

/**
 * What start-up says about x402: with the ledger, that no money moves and how to top up a
 * wallet; with a remote facilitator, the kinds its /supported lists (asked now, so a wrong URL or
 * token shows at start rather than at the first checkout). Never throws: a facilitator that does
 * not answer is reported, and each settle asks it again.
 */
export async function describeX402(x402: X402): Promise<string[]> {
  const { network, payTo } = x402;
  const chain = `${network.name} (${network.caip2}), USDC ${network.asset}`;
  if (x402.ledger) {
    return [
      `x402: the local ledger settles payments on ${chain}: no money moves (set X402_FACILITATOR_URL for a real facilitator). Paid to ${payTo}.`,
      `x402: an address the ledger has not seen holds ${usdc(x402.ledger.localBalance)}; top one up with: npm run x402:fund -- <address> <usdc>`,
    ];
  }
  const where = x402.facilitator instanceof HTTPFacilitatorClient ? `the facilitator at ${x402.facilitator.url}` : 'the facilitator';
  const head = `x402: payments on ${chain} settle through ${where}, paid to ${payTo}.`;
  const lost = x402.chain
    ? `x402: a settle whose answer is lost is decided by the chain at ${x402.chain.host} once its validBefore has passed.`
    : 'x402: warning: X402_RPC_URL is unset: a settle whose answer is lost is left for review once its validBefore has passed (npm run x402:reconcile).';
  try {
    const { kinds } = await x402.facilitator.getSupported();
    const listed = kinds.map((k) => `${k.scheme} v${k.x402Version} ${k.network}`).join(', ') || 'nothing';
    const ours = kinds.some((k) => k.scheme === 'exact' && caip2Of(k.network) === network.caip2);
    return [
      head,
      lost,
      `x402: the facilitator supports ${listed}.`,
      ...(ours ? [] : [`x402: warning: it lists no exact kind for ${network.caip2}: settlements will fail until it does.`]),
    ];
  } catch (err) {
    return [head, lost, `x402: warning: the facilitator did not answer /supported (${err instanceof Error ? err.message : String(err)}); checkouts still ask it at each verify and settle.`];
  }
}
