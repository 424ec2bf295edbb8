// npm run secrets:rotate — after a new SECRETS_KEY is set with the one it replaces as
// SECRETS_KEY_PREVIOUS (on every instance, restarted): re-seals the OAuth keys and the webhook
// signing keys under the new key (as each start also does), and every order webhook body (kept for
// good, so it must open once the previous key is gone), and says until when SECRETS_KEY_PREVIOUS
// must stay set, so that the payment links, replays and consent pages made under the previous key
// keep working until they end. Stored answers are not sealed again: they open under the previous
// key for the 24 h they are kept, which that date already covers.
import { ServiceKeys } from '../server/secrets/keys';
import { previousKeyNeededUntil, upgradeSecrets } from '../server/secrets-upgrade';
import { sealStoredBodies } from '../server/webhooks/sealed-bodies';
import { resealSigningKeys } from '../server/webhooks/signing-key-rotation';
import { fail, openCommandDatabase, secretsConfig } from './support/cli';

const command = 'npm run secrets:rotate';
const config = secretsConfig(command);
if (!config.secretsKeyPrevious) fail('SECRETS_KEY_PREVIOUS is not set: set it to the key being replaced, and SECRETS_KEY to the new one (openssl rand -base64 32).');
if (config.secretsKeyPrevious.equals(config.secretsKey!)) fail('SECRETS_KEY_PREVIOUS is the same as SECRETS_KEY: set SECRETS_KEY to a new key (openssl rand -base64 32).');
const database = await openCommandDatabase(command);
const keys = new ServiceKeys(database.db, config.secretsKey, config.secretsKeyPrevious);
await upgradeSecrets(database.db, keys);
const webhookKeys = await resealSigningKeys(database.db, keys);
const webhookBodies = await sealStoredBodies(database.db, keys, 'all');
const until = await previousKeyNeededUntil(database.db);
await database.close();
console.log(`OAuth keys sealed under the new SECRETS_KEY. Keep SECRETS_KEY_PREVIOUS set until ${until.toISOString()}, then remove it and restart each instance.`);
console.log(`Webhook signing keys sealed under the new SECRETS_KEY: ${webhookKeys}.`);
console.log(`Order webhook bodies sealed under the new SECRETS_KEY: ${webhookBodies}.`);
