/**
 * The running service, as the pages see it. Next bundles the pages with their own copies of any
 * module they import, so a page that imported the database or the payment code would get a second,
 * unconnected instance of it. Instead server/main.ts registers the one running instance here, on
 * `globalThis`, and pages read it through `runtime()`; the pages import types only from server/.
 */
import type { Accounts } from './accounts/facade';
import type { OAuthPages } from './oauth/pages';
import type { ContinueAnswer } from './payments/continue';
import type { PayPage } from './payments/pay-page';
import type { Services } from './trpc/context';

export interface Runtime {
  services: Services;
  /** The /pay/{token} page's view and form handling. */
  payPage: PayPage;
  /** Where a UCP checkout's continue_url (/checkout/{token}) leads. */
  continueCheckout(token: string): Promise<ContinueAnswer>;
  /** Developer accounts: sign-in, sign-out, and the dashboard's keys and agent profiles. */
  accounts: Accounts;
  /** OAuth: the consent page and the connected agents. */
  oauth: OAuthPages;
  /** Whether a page's failure is the database out of reach; if so the page is answered 503 (http/page-outage.ts). */
  pageUnavailable(err: unknown): boolean;
}

const KEY = Symbol.for('agent-commerce.runtime');
type Holder = { [KEY]?: Runtime };

export function registerRuntime(runtime: Runtime): void {
  (globalThis as Holder)[KEY] = runtime;
}

export function runtime(): Runtime {
  const registered = (globalThis as Holder)[KEY];
  if (!registered) throw new Error('The service is not running in this process: pages are served by server/main.ts (npm start or npm run dev).');
  return registered;
}
