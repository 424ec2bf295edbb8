// npm run secrets:rotate — moves what is stored sealed to a new SECRETS_KEY: re-seals the OAuth keys
// and the webhook signing keys under it (as each start also does), every order webhook body
// (kept for good, so it must open once the previous key is gone) and ACP platforms' webhook
// secrets, and says until when the previous key must stay, so that the payment links, replays and
// consent pages made under it keep working until they end. Stored answers are not sealed again:
// they open under the previous key for the 24 h they are kept, which that date already covers.
//
// With SECRETS_KEY set, it runs after the new key is set as SECRETS_KEY with the one it replaces as
// SECRETS_KEY_PREVIOUS (on every instance, restarted; on the embedded database with the server
// stopped, since the command opens its folder). On the embedded database without SECRETS_KEY there
// is nothing to set: the command makes the new key itself. Either way a key file holding the key
// replaced follows (secrets/secrets-key.ts): it gets the new key, and keeps the one it replaces
// until that date, so a plain `npm start` opens what was sealed again. The file is written before
// anything is sealed again: a run cut short leaves a file that opens both, and running the command
// again finishes the rotation (while the file keeps a previous key, a run finishes, never starts one).
// With X402_PAY_TO unset, the test network's payee is derived from the key: it says the new address.
import { randomBytes } from 'node:crypto';
import { resealAcpWebhookSecrets } from '../server/keys/acp-platforms';
import { ServiceKeys } from '../server/secrets/keys';
import { keyFileHolding, writeKeyFile } from '../server/secrets/secrets-key';
import { previousKeyNeededUntil, upgradeSecrets } from '../server/secrets-upgrade';
import { sealStoredBodies } from '../server/webhooks/sealed-bodies';
import { resealSigningKeys } from '../server/webhooks/signing-key-rotation';
import { payToAddress } from '../server/x402/pay-to';
import { fail, openCommandDatabase, openingSealed, secretsConfig } from './support/cli';

const command = 'npm run secrets:rotate';
const config = secretsConfig(command);
const makesKey = config.secretsKeyFile !== undefined && !config.secretsKeyPrevious;
const next = makesKey ? randomBytes(32) : config.secretsKey!;
const previous = makesKey ? config.secretsKey : config.secretsKeyPrevious;
if (!previous) fail('SECRETS_KEY_PREVIOUS is not set: set it to the key being replaced, and SECRETS_KEY to the new one (openssl rand -base64 32).');
if (previous.equals(next)) fail('SECRETS_KEY_PREVIOUS is the same as SECRETS_KEY: set SECRETS_KEY to a new key (openssl rand -base64 32).');
const replacedInFile = keyFileHolding(config, previous);
const database = await openCommandDatabase(command);
const keys = new ServiceKeys(database.db, next, previous);
const done = await openingSealed(config, async () => {
  if (replacedInFile) {
    // What is stored must open under the key being replaced before the file stops naming it alone.
    const before = new ServiceKeys(database.db, previous, undefined);
    await upgradeSecrets(database.db, before);
    await resealSigningKeys(database.db, before);
  }
  const until = await previousKeyNeededUntil(database.db);
  const keyFile = replacedInFile ?? config.secretsKeyFile;
  if (keyFile) writeKeyFile(keyFile, { key: next, previous: { key: previous, until } });
  await upgradeSecrets(database.db, keys);
  const webhookKeys = await resealSigningKeys(database.db, keys);
  const webhookBodies = await sealStoredBodies(database.db, keys, 'all');
  const acpSecrets = await resealAcpWebhookSecrets(database.db, keys);
  return { until: until.toISOString(), keyFile, webhookKeys, webhookBodies, acpSecrets };
});
await database.close();
if (config.secretsKeyFile) {
  console.log(`OAuth keys sealed under the new key, which the key file ${done.keyFile} now holds, with the previous one until ${done.until}: start the server again (npm start), nothing to set.`);
  if (!makesKey) console.log('The key file still kept the key it had replaced: this run finished that rotation, made no new key. A new one is made once that time has passed (or set SECRETS_KEY and SECRETS_KEY_PREVIOUS yourself).');
} else {
  console.log(`OAuth keys sealed under the new SECRETS_KEY. Keep SECRETS_KEY_PREVIOUS set until ${done.until}, then remove it and restart each instance.`);
  if (done.keyFile) console.log(`The key file ${done.keyFile} held the previous key: it now holds the new one, and the previous one until then, so npm start without SECRETS_KEY opens what was sealed again.`);
}
console.log(`Webhook signing keys sealed under the new SECRETS_KEY: ${done.webhookKeys}.`);
console.log(`Order webhook bodies sealed under the new SECRETS_KEY: ${done.webhookBodies}.`);
console.log(`ACP platforms' webhook secrets sealed under the new SECRETS_KEY: ${done.acpSecrets}.`);
if (!config.x402.payTo) {
  const before = payToAddress(config.x402, { key: (purpose) => keys.previousKey(purpose)! });
  console.log(
    `x402 payments on ${config.x402.network} go to an address derived from SECRETS_KEY while X402_PAY_TO is unset: ${before} → ${payToAddress(config.x402, keys)} from the next start. Set X402_PAY_TO to keep one address across rotations.`,
  );
}
