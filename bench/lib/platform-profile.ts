/**
 * The UCP platform profile a benchmark names in UCP-Agent when it calls the binding, or credits its
 * carts to: served over HTTPS by a local profile server under a pinned .test name
 * (test/support/profile-server.ts), which a service started with the server's `env` (the pin and
 * the CA's file) fetches as it would a real platform's, with no other bypass of its fetch rules.
 * Cached an hour, so the service fetches it once a run and negotiates with it on every call. Its
 * order capability names a webhook on the same host, which answers 200 and notes each delivery.
 */
import { BINDING_CAPABILITIES } from '../../server/negotiation/capabilities';
import { ORDER_CAPABILITY } from '../../server/negotiation/capabilities';
import { platformCapability, platformProfile, serveProfile, ucpAgentHeader } from '../../test/support/platform-profile';
import { profileServer, type ProfileServer } from '../../test/support/profile-server';

export interface PlatformProfileHost {
  /** The profile server, which can serve other documents beside the profile; its `env` and `close()`. */
  server: ProfileServer;
  /** The profile's URL. */
  url: string;
  /** UCP-Agent naming the profile. */
  agent: string;
  /** The Webhook-Id of every order webhook the profile's webhook_url received (a retry counts once). */
  webhooks: Set<string>;
}

export async function platformProfileHost(): Promise<PlatformProfileHost> {
  const server = await profileServer();
  const webhooks = new Set<string>();
  server.routes.set('/orders-hook', (req, res) => {
    req.resume().on('end', () => {
      webhooks.add(String(req.headers['webhook-id']));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const capabilities = Object.fromEntries(
    Object.keys(BINDING_CAPABILITIES).map((name) => [name, [platformCapability(name, name === ORDER_CAPABILITY ? { config: { webhook_url: `${server.origin}/orders-hook` } } : {})]]),
  );
  const url = serveProfile(server, '/platform.json', platformProfile({ capabilities }), 3600);
  return { server, url, agent: ucpAgentHeader(url), webhooks };
}
