// npm run x402:fund -- <address> <usdc>
// Tops up an address on the local x402 ledger (the facilitator used when X402_FACILITATOR_URL is
// unset: no money moves), so a test wallet can pay more than X402_LOCAL_BALANCE. PGlite lets one
// process open its data folder, so while a server runs on it the top-up goes through that server's
// admin API (POST /api/admin/x402/ledger/top-ups, the ADMIN_TOKEN bearer), with no downtime;
// otherwise (no server, or Postgres) it is written to the database directly.
import { randomUUID } from 'node:crypto';
import { formatUnits, getAddress, isAddress } from 'viem';
import { loadConfig } from '../server/config';
import { dataDirOwner } from '../server/db/data-dir-lock';
import { ApiError } from '../server/errors/catalogue';
import { Ledger } from '../server/x402/ledger';
import { x402Network } from '../server/x402/networks';
import { fail, openCommandDatabase } from './support/cli';

const command = 'npm run x402:fund';
const USAGE = `usage: ${command} -- <address> <usdc>   (e.g. ${command} -- 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 250)`;

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    fail((err as Error).message);
  }
})();
if (config.x402.facilitatorUrl) {
  fail(`X402_FACILITATOR_URL is set (${config.x402.facilitatorUrl}): payments settle through that facilitator, on chain, and the local ledger is not in use. Fund the wallet on ${config.x402.network} instead.`);
}
const [address, amount, ...extra] = process.argv.slice(2);
if (!address || !amount || extra.length) fail(USAGE);
if (!isAddress(address, { strict: false })) fail(`"${address}" is not an EVM address (0x and 40 hex digits).`, USAGE);
// USDC has 6 decimals: whole dollars, or up to 6 places after the point.
const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(amount);
if (!m || /^0*(\.0*)?$/.test(amount)) fail(`"${amount}" is not a positive amount of USDC with at most 6 decimals (e.g. 250 or 12.5).`, USAGE);
const network = x402Network(config.x402.network);
const units = BigInt(m[1]) * 10n ** BigInt(network.decimals) + BigInt((m[2] ?? '').padEnd(network.decimals, '0'));

/** The running server's admin API does the top-up: it holds the embedded database. */
async function throughServer(pid: number): Promise<{ balance: bigint; how: string }> {
  const holds = `The server (pid ${pid}) is running on the embedded database in ${config.dataDir}, which one process at a time may open, so the top-up goes through its admin API`;
  if (!config.adminToken) {
    fail(
      `${holds}, and that is off without ADMIN_TOKEN. Set ADMIN_TOKEN in the server's environment (make one with: openssl rand -hex 32), ` +
        `restart the server once, then run this again with the same ADMIN_TOKEN. Or stop the server and run this again.`,
    );
  }
  const url = `http://127.0.0.1:${config.port}/api/admin/x402/ledger/top-ups`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      // A key of its own: a retry of this request could not add twice.
      headers: { Authorization: `Bearer ${config.adminToken}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ address, amount: String(units) }),
    });
  } catch (err) {
    fail(`${holds}, but nothing answered at ${url} (${((err as Error).cause as Error | undefined)?.message ?? (err as Error).message}): is PORT the server's?`);
  }
  const body = (await res.json().catch(() => ({}))) as { balance?: string; code?: string; error?: string };
  if (!res.ok) fail(`${holds}, which answered ${res.status} ${body.code ?? ''}: ${body.error ?? 'no JSON body'}`);
  return { balance: BigInt(body.balance!), how: `through the admin API of the server running on ${config.dataDir} (pid ${pid})` };
}

/** No server holds the database (or it is Postgres, which any number of processes share): written directly. */
async function directly(): Promise<{ balance: bigint; how: string }> {
  const database = await openCommandDatabase(command);
  const ledger = new Ledger(() => database.db, { network, localBalance: config.x402.localBalance });
  try {
    const balance = await ledger.fund(address, units);
    return { balance, how: config.databaseUrl ? 'in the Postgres database directly' : `in ${config.dataDir} directly (no server is running on it)` };
  } catch (err) {
    if (err instanceof ApiError) fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

const pid = config.databaseUrl ? undefined : dataDirOwner(config.dataDir);
const { balance, how } = pid ? await throughServer(pid) : await directly();
console.log(`Added ${formatUnits(units, network.decimals)} USDC to ${getAddress(address)} on the local ledger (${network.name}, no money moves), ${how}: it holds ${formatUnits(balance, network.decimals)} USDC now.`);
