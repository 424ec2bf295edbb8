import { SiteHeader } from './_components/site-header';

/**
 * The 404 page a browser gets (its Accept names text/html); any other client gets the API's JSON
 * 404 instead (server/http/missing-page.ts).
 */
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main className="page">
        <h1>Page not found</h1>
        <p>There is no page at this address.</p>
        <ul>
          <li>
            <a href="/">The start page</a>: what the service is and a first request.
          </li>
          <li>
            <a href="/docs">The API reference</a>: every REST operation.
          </li>
        </ul>
      </main>
    </>
  );
}
