import type { Metadata } from 'next';
import { ApiReference } from './api-reference';
import { scalarBundleUrl } from './scalar-bundle';

export const metadata: Metadata = {
  title: 'API reference · Agent Commerce',
  description: 'The REST operations of the Agent Commerce API, rendered from its OpenAPI document.',
};

export default function DocsPage() {
  return (
    <div className="docs">
      <header className="docs-bar">
        <a href="/">Agent Commerce</a>
        <nav aria-label="Machine-readable documents">
          <a href="/api/openapi.json">OpenAPI</a>
          <a href="/api/mcp/openrpc.json">MCP (OpenRPC)</a>
          <a href="/.well-known/ucp">UCP profile</a>
        </nav>
        {/* As on every page people use (app/_components/site-header.tsx): signed out, it leads to the sign-in form. */}
        <a href="/dashboard" className="docs-dashboard">
          Dashboard
        </a>
      </header>
      <main>
        <noscript>
          <p className="docs-status">
            The interactive reference needs JavaScript. The same content is in the <a href="/api/openapi.json">OpenAPI document</a>.
          </p>
        </noscript>
        <ApiReference bundleUrl={scalarBundleUrl()} />
      </main>
    </div>
  );
}
