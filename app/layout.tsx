import type { ReactNode } from 'react';
import './globals.css';

export const metadata = {
  title: 'Agent Commerce',
  description: 'One network catalog for software agents; humans confirm payments.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
