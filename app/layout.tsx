import type { ReactNode } from 'react';

export const metadata = {
  title: 'Agent Commerce',
  description: 'One network catalog for software agents; humans confirm payments.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '0 auto', maxWidth: 760, padding: '2rem 1rem', lineHeight: 1.5 }}>
        {children}
      </body>
    </html>
  );
}
