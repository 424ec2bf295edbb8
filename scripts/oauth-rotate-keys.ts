// npm run oauth:rotate-keys — new ES256 signing and cookie keys for the OAuth server, first in line;
// the previous ones are kept to verify with (ID tokens and cookies already out stay valid). Each
// instance takes the new keys up at its next start.
import { rotateOAuthKeys } from '../server/oauth/keys';
import { openCommandDatabase } from './support/cli';

const database = await openCommandDatabase('npm run oauth:rotate-keys');
const keys = await rotateOAuthKeys(database.db);
await database.close();
console.log(`Rotated: signing with key ${keys.signing[0].kid}; ${keys.signing.length - 1} previous key kept to verify with. Restart each instance to use it.`);
