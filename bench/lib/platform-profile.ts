/**
 * The UCP platform profile a benchmark names in UCP-Agent when it calls the binding: served over
 * HTTPS by a local profile server under a pinned .test name (test/support/profile-server.ts), which
 * a service started with the server's `env` (the pin and the CA's file) fetches as it would a real
 * platform's, with no other bypass of its fetch rules. Cached an hour, so the service fetches it once
 * a run and negotiates with it on every call.
 */
import { platformProfile, serveProfile, ucpAgentHeader } from '../../test/support/platform-profile';
import { profileServer, type ProfileServer } from '../../test/support/profile-server';

export interface PlatformProfileHost {
  /** The profile server, which can serve other documents beside the profile; its `env` and `close()`. */
  server: ProfileServer;
  /** The profile's URL. */
  url: string;
  /** UCP-Agent naming the profile. */
  agent: string;
}

export async function platformProfileHost(): Promise<PlatformProfileHost> {
  const server = await profileServer();
  const url = serveProfile(server, '/platform.json', platformProfile(), 3600);
  return { server, url, agent: ucpAgentHeader(url) };
}
