import type { ReactNode } from 'react';

/**
 * The bar every page people use starts with: the service's name (home), Docs and Dashboard.
 * Dashboard is linked whether or not anyone is signed in (signed out, /dashboard sends to the
 * sign-in form and back), so drawing the bar never looks up a session. The pay page and the consent
 * screen pass `homeOnly`: a person deciding whether to pay, or whether to let an agent act for them,
 * is offered no way off that decision but home. Plain links: no JavaScript needed.
 */
export function SiteHeader({ homeOnly = false }: { homeOnly?: boolean }) {
  return (
    <header className="site-header">
      <a href="/" className="site-name">
        Agent Commerce
      </a>
      {!homeOnly && (
        <nav aria-label="Site">
          <a href="/docs">Docs</a>
          <a href="/dashboard">Dashboard</a>
        </nav>
      )}
    </header>
  );
}

/** The layout of a section's pages (every state of them, outage pages too): the bar above the page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {children}
    </>
  );
}

/** The layout of the pages that ask a person to decide (pay, allow an agent): the name only. */
export function DecisionLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader homeOnly />
      {children}
    </>
  );
}
