import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { MISSING_HEADER } from '@/lib/board/routing';
import CheckoutNotFound from '../../checkout/[session]/not-found';
import BoardNotFound from '../../not-found';

// Any address under a board that no route has (/pricing/x, /jobs/{slug}/x, /feed.xml/x), and every
// address proxy.ts found missing (rewritten here with a 404): the board's own not-found page,
// rendered as a page (a notFound() reaches the browser only as flight data, vercel/next.js#62228).

/** Which not-found page proxy.ts asked for, or null when it did not send the visitor here. */
const missing = async () => (await headers()).get(MISSING_HEADER);

export async function generateMetadata(): Promise<Metadata> {
  if (!(await missing())) notFound();
  // The title comes from the not-found page itself.
  return { robots: { index: false, follow: true } };
}

export default async function MissingBoardAddress() {
  const page = await missing();
  if (!page) notFound();
  return page === 'checkout' ? <CheckoutNotFound /> : <BoardNotFound />;
}
