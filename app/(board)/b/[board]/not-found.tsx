import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { MISSING_HEADER } from '@/lib/board/routing';
import { notFoundTitles, PageNotFound } from './not-found-content';

/**
 * The title of every 404 under a board: under a 404 status Next.js takes the metadata of the
 * not-found convention (the layouts', then this file's), never the rendered page's. proxy.ts says
 * which page it sent the visitor to (a closed checkout or any other missing address).
 */
export async function generateMetadata(): Promise<Metadata> {
  const checkout = (await headers()).get(MISSING_HEADER) === 'checkout';
  return { title: checkout ? notFoundTitles.checkout : notFoundTitles.page };
}

/**
 * A page the board does not have, after a page's notFound(), inside the board's header and footer:
 * Next's bare default 404 has no landmarks and no way back.
 */
export default function BoardNotFound() {
  return <PageNotFound />;
}
