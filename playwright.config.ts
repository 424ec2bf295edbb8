import { defineConfig } from '@playwright/test';
import { agentsHost } from './e2e/support/agents-host';

// Debian's chromium (apt-get install -y chromium): Playwright cannot download browsers here.
// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
// The SMTP server the sign-in tests start on the next port (e2e/accounts.spec.ts); the service sends mail to it.
const SMTP_PORT = PORT + 1;
/** The service's admin bearer, which e2e/ucp-order-events.spec.ts records shipments with. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
/**
 * Where an example's platform serves its webhook receiver (e2e/acp-platform-example.spec.ts), as
 * examples/README.md has it: a .localhost name the service reaches through PROFILE_FETCH_LOCAL.
 */
export const E2E_PLATFORM_ORIGIN = `https://platform.localhost:${PORT + 5}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  // One file at a time: the sign-in specs each start the SMTP server the service mails to, on one port.
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    // The project's own server on its own port and its own throwaway database.
    // The agents' host (OAuth client metadata documents, platform profiles and their webhooks,
    // e2e/support/agents-host.ts) is pinned and its CA trusted, the examples' platform pinned as
    // their README says; a failed webhook is retried within seconds.
    command: `node --import tsx e2e/support/make-agents-host.ts ${PORT} && rm -rf .data-e2e .data-e2e.secrets-key && ${agentsHost(PORT).env} PROFILE_FETCH_LOCAL=${new URL(E2E_PLATFORM_ORIGIN).host} ADMIN_TOKEN=${E2E_ADMIN_TOKEN} WEBHOOK_RETRY_SCHEDULE=5,10,20 DATA_DIR=.data-e2e PORT=${PORT} PUBLIC_BASE_URL=http://127.0.0.1:${PORT} SMTP_URL=smtp://127.0.0.1:${SMTP_PORT} DATABASE_URL= npm start`,
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
