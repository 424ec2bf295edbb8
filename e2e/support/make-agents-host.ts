/** Makes the agents' host certificates for E2E port argv[2] (agents-host.ts), before the service starts. */
import { writeAgentsHostCertificates } from './agents-host';

await writeAgentsHostCertificates(Number(process.argv[2]));
