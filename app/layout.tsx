import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { BOARD_LANG_HEADER, documentLanguage } from '@/lib/board/routing';
import './globals.css';

export const metadata: Metadata = {
  title: 'Boardkit',
  description: 'Run a job board from the browser; drive it through a REST API.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // A board page is in its organization's language (the proxy passes it); the app's are in English.
  const lang = documentLanguage((await headers()).get(BOARD_LANG_HEADER));
  return (
    <html lang={lang}>
      <body>{children}</body>
    </html>
  );
}
