import { connection } from 'next/server';
import { loadConfig } from '../server/config';
import { CodeBlock } from './_components/code-block';
import { SiteHeader } from './_components/site-header';

// The documents a developer or an agent starts from: discovery documents, which a browser opens
// as they are (no UCP-Agent header), the docs pages under /api/agent/docs/ included.
const DISCOVERY = [
  { label: 'llms.txt', href: '/llms.txt', what: 'an agent’s quick start as plain text: four calls from a search to a paid order, where OpenAPI and MCP live, the errors and what to do' },
  { label: 'UCP business profile', href: '/.well-known/ucp', what: 'the network’s capabilities and services (UCP 2026-04-08)' },
  { label: 'OpenAPI document', href: '/api/openapi.json', what: 'every REST operation (OpenAPI 3.1), rendered as the API reference' },
  { label: 'MCP tools', href: '/api/mcp/openrpc.json', what: 'the MCP tools as an OpenRPC 1.3.2 document' },
] as const;

const DOC_SLUGS = ['overview', 'rest', 'mcp', 'errors', 'limits'] as const;

// Sellers of the demo network every fresh install seeds (server/catalog/demo.ts).
const DEMO_SELLERS = [
  ['Acme Outdoors', 'acme-outdoors'],
  ['Café Müller', 'cafe-muller'],
  ['Northwind Audio', 'northwind-audio'],
] as const;

// A reserved documentation host: served with the reserved_profile_host advisory.
const EXAMPLE_PROFILE = 'https://agent.example.com/profile.json';

export default async function Home() {
  // Rendered per request: the examples name this deployment's PUBLIC_BASE_URL.
  await connection();
  const { publicBaseUrl: base, profileHostRefusedFrom } = loadConfig();
  const search = `curl -s '${base}/api/agent/search?q=wireless+headphones&limit=3' \\\n  -H 'UCP-Agent: profile="${EXAMPLE_PROFILE}"'`;
  const tools = `curl -s ${base}/api/mcp \\\n  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\\n  -d '{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'`;

  return (
    <>
      <SiteHeader />
      <main className="page">
        <header>
          <h1>Agent Commerce</h1>
          <p className="lead">
            A commerce API for software agents. Agents search one catalog that spans many sellers, build carts and hand a payment
            link to a person, who confirms the purchase. The same operations are served over REST and as MCP tools.
          </p>
          <p className="actions">
            <a className="button" href="/docs">
              API reference
            </a>
            <a href="/api/openapi.json">OpenAPI (JSON)</a>
          </p>
        </header>

        <section aria-labelledby="first-request">
          <h2 id="first-request">Your first request</h2>
          <p>
            Search the network catalog. Every call under <code>/api/agent/</code> names the calling agent with a{' '}
            <code>UCP-Agent</code> header that points at the agent’s profile.
          </p>
          <CodeBlock code={search} label="search request" />
          <p className="note">
            <code>agent.example.com</code> is a reserved documentation domain: the service answers, with the{' '}
            <code>reserved_profile_host</code> advisory (a <code>Service-Advisory</code> header and a{' '}
            <code>service:advisories</code> entry in the body), and refuses such hosts from {profileHostRefusedFrom}. Your agent
            sends its own profile URL.
          </p>
          <p>
            The answer is a schema.org <code>ItemList</code> (JSON-LD) with facets and a <code>nextCursor</code>. Narrow it with{' '}
            <code>seller_handle</code>, <code>category</code>, price and stock filters; look a seller up with{' '}
            <code>/api/agent/seller?handle=acme-outdoors</code>. Every parameter is in the <a href="/docs">API reference</a>.
          </p>
        </section>

        <section aria-labelledby="developers">
          <h2 id="developers">For developers</h2>
          <p>
            Everything above works without an account. A <strong>network key</strong> (<code>ak_live_…</code>, sent as{' '}
            <code>Authorization: Bearer</code>) makes your agent a caller of its own: no <code>UCP-Agent</code> header, carts and
            a rate allowance that are the key’s alone, and what the scopes you choose add: registering buyers, reading the status
            of its orders, settling payments itself (x402, through the buyer tokens it verifies).
          </p>
          <p className="actions">
            {/* To /dashboard, not /signin: signed out it sends to the sign-in form (and back once signed in), signed in it
                shows the keys, so this page draws the same link for everyone and never looks up a session. */}
            <a className="button" href="/dashboard">
              Sign in to get a key
            </a>
          </p>
          <ul>
            <li>
              <strong>Acting for a person?</strong> Your agent can use OAuth 2.1 instead of a key: it registers itself from{' '}
              <a href="/.well-known/oauth-authorization-server">the authorization server’s metadata</a>, the person allows it on
              one page of this site, and they can disconnect it from their dashboard.
            </li>
            <li>
              <strong>Buyers:</strong> with a key that holds <code>buyer:write</code>, an agent registers a shopper’s e-mail
              address and confirms it with a one-time code mailed there; the buyer token it gets reads that buyer’s orders.
            </li>
          </ul>
        </section>

        <section aria-labelledby="discovery">
          <h2 id="discovery">Discovery</h2>
          <ul className="documents">
            {DISCOVERY.map(({ label, href, what }) => (
              <li key={href}>
                <a href={href}>{label}</a> <code>{href}</code>
                <br />
                {what}
              </li>
            ))}
            <li>
              <a href="/api/agent/docs/overview">Docs for agents (JSON)</a> <code>/api/agent/docs/overview</code>
              <br />
              identification, idempotency, advisories and versioning; also{' '}
              {DOC_SLUGS.slice(1).map((slug, i) => (
                <span key={slug}>
                  {i > 0 && ', '}
                  <a href={`/api/agent/docs/${slug}`}>{slug}</a>
                </span>
              ))}{' '}
              under <code>/api/agent/docs/</code>.
            </li>
            <li>
              MCP endpoint <code>{base}/api/mcp</code>
              <br />
              Streamable HTTP, stateless: POST JSON-RPC messages; no session to open.
            </li>
          </ul>
        </section>

        <section aria-labelledby="mcp">
          <h2 id="mcp">Over MCP</h2>
          <p>
            List the tools. A <code>tools/call</code> carries the agent profile in the same header, or in{' '}
            <code>params._meta[&quot;ucp-agent&quot;]</code>.
          </p>
          <CodeBlock code={tools} label="MCP tools/list request" />
        </section>

        <section aria-labelledby="demo">
          <h2 id="demo">The demo network</h2>
          <p>A fresh install seeds a generated network of sellers and products. Among them (each links to its store’s UCP profile):</p>
          <ul>
            {DEMO_SELLERS.map(([name, handle]) => (
              <li key={handle}>
                <a href={`/store/${handle}/.well-known/ucp`}>{name}</a> <code>{handle}</code>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
