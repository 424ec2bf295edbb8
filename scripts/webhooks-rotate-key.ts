// npm run webhooks:rotate-key                  — a new key for the order webhooks: published at once,
//                                                signing once cached profiles hold it (5 min); the
//                                                previous key stays published 7 days more
// npm run webhooks:rotate-key -- --revoke <kid> — a compromised key gone from the profile at once,
//                                                a new key signing in its place at once
// Every instance reads the keys from the database (within 5 s). Needs SECRETS_KEY on Postgres: the
// private keys are stored sealed under it.
import { parseArgs } from 'node:util';
import { ServiceKeys } from '../server/secrets/keys';
import { revokeSigningKey, rotateSigningKey, type Rotated } from '../server/webhooks/signing-key-rotation';
import { fail, openCommandDatabase, secretsConfig } from './support/cli';

const command = 'npm run webhooks:rotate-key';
const USAGE = `Usage: ${command} [-- --revoke <kid>]`;

// A kid is an RFC 7638 thumbprint, base64url: one in 64 starts with '-', which parseArgs would
// refuse as ambiguous after a separate --revoke. The word after --revoke is its value, whatever it is.
function withRevokeJoined(args: string[]): string[] {
  const at = args.indexOf('--revoke');
  return at < 0 || at + 1 >= args.length ? args : [...args.slice(0, at), `--revoke=${args[at + 1]}`, ...args.slice(at + 2)];
}

function parseFlags(): { revoke?: string } {
  try {
    const { values, positionals } = parseArgs({ args: withRevokeJoined(process.argv.slice(2)), options: { revoke: { type: 'string' } }, strict: true });
    if (positionals.length) fail(`Unexpected: ${positionals.join(' ')}`, USAGE);
    return values;
  } catch (err) {
    fail((err as Error).message, USAGE);
  }
}

function retiring(rotated: Rotated): string {
  return rotated.retiring.map((r) => `\n  ${r.kid} stays published until ${r.retiresAt.toISOString()}`).join('');
}

const { revoke } = parseFlags();
const config = secretsConfig(command);
const database = await openCommandDatabase(command);
const keys = new ServiceKeys(database.db, config.secretsKey, config.secretsKeyPrevious);
const rotated = revoke === undefined ? await rotateSigningKey(database.db, keys) : await revokeSigningKey(database.db, keys, revoke);
await database.close();
if (!rotated) fail(`No webhook signing key ${revoke}: nothing revoked.`);
if (revoke !== undefined) console.log(`Revoked ${revoke}: gone from the profiles. Signing with the new key ${rotated.kid} now.${retiring(rotated)}`);
else console.log(`Published ${rotated.kid}; it signs from ${rotated.signsFrom.toISOString()}.${retiring(rotated)}`);
