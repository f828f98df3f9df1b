import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { MISSING_HEADER } from '@/lib/board/routing';
import BoardNotFound from '../../not-found';

// Any address under a board that no route has (/pricing/x, /jobs/{slug}/x, /feed.xml/x), and every
// address proxy.ts found missing (rewritten here with a 404): the board's own not-found page,
// rendered as a page (a notFound() reaches the browser only as flight data, vercel/next.js#62228).

const fromProxy = async () => (await headers()).get(MISSING_HEADER) === '1';

export async function generateMetadata(): Promise<Metadata> {
  if (!(await fromProxy())) notFound();
  // The title comes from the not-found page itself.
  return { robots: { index: false, follow: true } };
}

export default async function MissingBoardAddress() {
  if (!(await fromProxy())) notFound();
  return <BoardNotFound />;
}
