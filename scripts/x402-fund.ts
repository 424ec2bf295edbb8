// npm run x402:fund -- <address> <usdc>
// Tops up an address on the local x402 ledger (the facilitator used when X402_FACILITATOR_URL is
// unset: no money moves), so a test wallet can pay more than X402_LOCAL_BALANCE. On PGlite, stop
// the server first: the command opens the same data folder.
import { formatUnits, getAddress, isAddress } from 'viem';
import { loadConfig } from '../server/config';
import { Ledger } from '../server/x402/ledger';
import { x402Network } from '../server/x402/networks';
import { fail, openCommandDatabase } from './support/cli';

const command = 'npm run x402:fund';
const USAGE = `usage: ${command} -- <address> <usdc>   (e.g. ${command} -- 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 250)`;

const config = (() => {
  try {
    return loadConfig().x402;
  } catch (err) {
    fail((err as Error).message);
  }
})();
if (config.facilitatorUrl) {
  fail(`X402_FACILITATOR_URL is set (${config.facilitatorUrl}): payments settle through that facilitator, on chain, and the local ledger is not in use. Fund the wallet on ${config.network} instead.`);
}
const [address, amount, ...extra] = process.argv.slice(2);
if (!address || !amount || extra.length) fail(USAGE);
if (!isAddress(address, { strict: false })) fail(`"${address}" is not an EVM address (0x and 40 hex digits).`, USAGE);
// USDC has 6 decimals: whole dollars, or up to 6 places after the point.
const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(amount);
if (!m || /^0*(\.0*)?$/.test(amount)) fail(`"${amount}" is not a positive amount of USDC with at most 6 decimals (e.g. 250 or 12.5).`, USAGE);
const network = x402Network(config.network);
const units = BigInt(m[1]) * 10n ** BigInt(network.decimals) + BigInt((m[2] ?? '').padEnd(network.decimals, '0'));

const database = await openCommandDatabase(command);
const ledger = new Ledger(() => database.db, { network, localBalance: config.localBalance });
const balance = await ledger.fund(address, units);
await database.close();
console.log(`${getAddress(address)} on the local ledger (${network.name}, no money moves): ${formatUnits(balance, network.decimals)} USDC.`);
