import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { MISSING_HEADER } from '@/lib/board/routing';
import { CheckoutNotFound, PageNotFound } from '../../not-found-content';

// Any address under a board that no route has (/pricing/x, /jobs/{slug}/x, /feed.xml/x), and every
// address proxy.ts found missing (rewritten here with a 404): the board's own not-found page,
// rendered as a page (a notFound() reaches the browser only as flight data, vercel/next.js#62228).
// Its title and noindex come from the board's not-found.tsx: Next.js resolves a 404's metadata there.

export default async function MissingBoardAddress() {
  const kind = (await headers()).get(MISSING_HEADER);
  if (kind !== 'checkout' && kind !== 'page') notFound();
  return kind === 'checkout' ? <CheckoutNotFound /> : <PageNotFound />;
}
