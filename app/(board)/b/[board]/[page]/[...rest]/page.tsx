import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { MISSING_HEADER } from '@/lib/board/routing';
import { CheckoutNotFound, notFoundTitles, PageNotFound } from '../../not-found-content';

// Any address under a board that no route has (/pricing/x, /jobs/{slug}/x, /feed.xml/x), and every
// address proxy.ts found missing (rewritten here with a 404): the board's own not-found page,
// rendered as a page (a notFound() reaches the browser only as flight data, vercel/next.js#62228).

/** Which not-found page proxy.ts asked for, or null when it did not send the visitor here. */
async function missing(): Promise<keyof typeof notFoundTitles | null> {
  const kind = (await headers()).get(MISSING_HEADER);
  return kind === 'checkout' || kind === 'page' ? kind : null;
}

export async function generateMetadata(): Promise<Metadata> {
  const kind = await missing();
  if (!kind) notFound();
  return { title: notFoundTitles[kind], robots: { index: false, follow: true } };
}

export default async function MissingBoardAddress() {
  const kind = await missing();
  if (!kind) notFound();
  return kind === 'checkout' ? <CheckoutNotFound /> : <PageNotFound />;
}
