import type { BuyerReference } from './service-buyer';
import type { AgentProfile } from './ucp-agent';

/** Who is calling, as the procedure kind's identity step established it. */
export interface Caller {
  /** The agent profile; present on every open call. */
  agent?: AgentProfile;
  buyer: BuyerReference;
}
