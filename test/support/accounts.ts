/**
 * The service's node:http server with developer accounts wired as server/main.ts wires them
 * (Auth.js under /api/auth, the pages' facade, mail through a real SMTP server on loopback), over a
 * test database. Pages are not served (no Next): the page handler echoes the request's
 * X-Forwarded-For, which is what pages would read.
 */
import { createAuth } from '../../server/accounts/auth';
import { createAccounts, type Accounts } from '../../server/accounts/facade';
import { createHttpServer } from '../../server/http/server';
import { testApp, type TestApp, type TestDatabase } from './app';
import { freePort, listenOn } from './ports';
import { startSmtpSink, type SmtpSink } from './smtp';

export interface AccountsServer extends TestApp {
  url: string;
  accounts: Accounts;
  smtp: SmtpSink;
  /** A request to the server as a browser would send it (no redirects followed). */
  http(path: string, init?: RequestInit): Promise<Response>;
}

export async function accountsServer(env: Record<string, string> = {}, existing?: TestDatabase): Promise<AccountsServer> {
  const smtp = await startSmtpSink();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await testApp({ PUBLIC_BASE_URL: url, SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <signin@agent-commerce.test>', ...env }, existing);
  const auth = createAuth(t.app.services);
  const accounts = createAccounts(t.app.services, auth);
  const transports = { base: t.config.publicBaseUrl, trustProxy: t.config.trustProxy, gateway: t.app.gateway, mcp: t.app.mcp, webhooks: t.app.webhooks, auth: auth.handle };
  const { server } = createHttpServer(transports, (req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(String(req.headers['x-forwarded-for'])));
  await listenOn(server, port);
  return {
    ...t,
    url,
    accounts,
    smtp,
    http: (path, init = {}) => fetch(url + path, { redirect: 'manual', ...init }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await smtp.close();
      await t.close();
    },
  };
}

/** The name=value pairs of a response's Set-Cookie headers. */
export function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0].split(/=(.*)/s).slice(0, 2) as [string, string]));
}
