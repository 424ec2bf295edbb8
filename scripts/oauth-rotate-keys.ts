// npm run oauth:rotate-keys — a new ES256 signing key for the OAuth server, first in line; the
// previous one is kept to verify with (ID tokens already out stay valid). Each instance takes the
// new key up at its next start. Needs SECRETS_KEY on Postgres: the keys are stored sealed under it
// (on the embedded database without it, the key file's key).
import { rotateOAuthKeys } from '../server/oauth/keys';
import { ServiceKeys } from '../server/secrets/keys';
import { upgradeSecrets } from '../server/secrets-upgrade';
import { openCommandDatabase, openingSealed, secretsConfig } from './support/cli';

const command = 'npm run oauth:rotate-keys';
const config = secretsConfig(command);
const database = await openCommandDatabase(command);
const keys = new ServiceKeys(database.db, config.secretsKey, config.secretsKeyPrevious);
const rotated = await openingSealed(config, async () => {
  await upgradeSecrets(database.db, keys);
  return rotateOAuthKeys(database.db, keys);
});
await database.close();
console.log(`Rotated: signing with key ${rotated.signing[0].kid}; ${rotated.signing.length - 1} previous key kept to verify with. Restart each instance to use it.`);
