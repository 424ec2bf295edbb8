import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata = {
  title: 'Agent Commerce',
  description: 'One network catalog for software agents; humans confirm payments.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which
  // a page rendered at build time could not know.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
