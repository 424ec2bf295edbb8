const DOCS = [
  ['Overview', '/api/agent/docs/overview'],
  ['REST surface', '/api/agent/docs/rest'],
  ['Errors', '/api/agent/docs/errors'],
  ['Limits', '/api/agent/docs/limits'],
  ['OpenAPI document', '/api/openapi.json'],
  ['UCP business profile', '/.well-known/ucp'],
] as const;

export default function Home() {
  return (
    <main>
      <h1>Agent Commerce</h1>
      <p>
        A commerce API for software agents: they search one catalog that spans many sellers, build carts and hand a
        payment link to a person, who confirms it here.
      </p>
      <h2>For agent developers</h2>
      <ul>
        {DOCS.map(([label, href]) => (
          <li key={href}>
            <a href={href}>{label}</a> <code>{href}</code>
          </li>
        ))}
      </ul>
      <p>
        Every open call identifies the agent with a <code>UCP-Agent</code> header, for example{' '}
        <code>UCP-Agent: profile=&quot;https://agent.example.com/profile.json&quot;</code>.
      </p>
    </main>
  );
}
