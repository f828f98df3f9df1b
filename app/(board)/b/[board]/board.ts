// The board a request is for, once per request: its organization (404 when none), where its links
// point (path or host mode, set by proxy.ts) and its look.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { boardOrganization } from '@/lib/board/resolve';
import { BOARD_BASE_HEADER, BOARD_PATH_PREFIX } from '@/lib/board/routing';
import { boardUrl, resolveLook } from '@/lib/organizations';

export type BoardParams = Promise<{ board: string }>;

/**
 * A board path as it follows the board's own address: its home is the address itself (`/b/acme`,
 * `/b/acme?page=2`); `/b/acme/` answers a redirect there, so no link or canonical URL may name it.
 */
const underBase = (path: string) => path.replace(/^\/(?=$|[?#])/, '');

export const loadBoard = cache(async (slug: string) => {
  const db = await getDb();
  const org = await boardOrganization(db, decodeURIComponent(slug).toLowerCase());
  if (!org) notFound();
  const base = (await headers()).get(BOARD_BASE_HEADER) ?? `${BOARD_PATH_PREFIX}/${org.slug}`;
  const absolute = boardUrl(org);
  return {
    db,
    org,
    look: resolveLook(org.name, org.board),
    /** A link inside the board, relative to the host the visitor is on. */
    href: (path: string) => `${base}${base ? underBase(path) : path}`,
    /** An absolute URL on the board's canonical address. */
    url: (path: string) => `${absolute}${underBase(path)}`,
  };
});

export type Board = Awaited<ReturnType<typeof loadBoard>>;

/** Title, description, canonical URL and the Open Graph and Twitter tags of a board page. */
export function boardMetadata(
  board: Board,
  page: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    type?: 'website' | 'article';
    noindex?: boolean;
  },
): Metadata {
  const url = board.url(page.path);
  const images = page.image ?? board.look.logoUrl;
  return {
    title: page.title,
    description: page.description,
    alternates: {
      canonical: url,
      types: { 'application/rss+xml': board.url('/feed.xml') },
    },
    openGraph: {
      title: page.title,
      description: page.description,
      url,
      siteName: board.look.name,
      type: page.type ?? 'website',
      ...(images ? { images: [images] } : {}),
    },
    twitter: {
      card: images ? 'summary_large_image' : 'summary',
      title: page.title,
      description: page.description,
    },
    ...(page.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
