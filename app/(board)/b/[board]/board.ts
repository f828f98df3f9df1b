// The board a request is for, once per request: its organization (404 when none), where its links
// point (path or host mode, set by proxy.ts) and its look.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { boardBySlug } from '@/lib/board/resolve';
import { BOARD_BASE_HEADER, BOARD_PATH_PREFIX } from '@/lib/board/routing';
import {
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  type ShareCard,
  shareImagePath,
} from '@/lib/board/share-card';
import { shortenText } from '@/lib/core/format';
import { boardUrl, resolveLook } from '@/lib/organizations';

export type BoardParams = Promise<{ board: string }>;

/**
 * A board path as it follows the board's own address: its home is the address itself (`/b/acme`,
 * `/b/acme?page=2`); `/b/acme/` answers a redirect there, so no link or canonical URL may name it.
 */
const underBase = (path: string) => path.replace(/^\/(?=$|[?#])/, '');

export const loadBoard = cache(async (slug: string) => {
  const db = await getDb();
  const org = await boardBySlug(db, slug);
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

/** A page's description as search engines and link previews show it: one line, ≤ 160 characters. */
export const metaDescription = (text: string) => shortenText(text, 160);

/**
 * Title, description (one line, cut at a word), canonical URL and the Open Graph and Twitter tags
 * of a board page. Its share image is the page's own (a post's cover) or a card drawn in the board's
 * look: the page title without the board's name, which the card shows anyway, unless `card` says more.
 */
export function boardMetadata(
  board: Board,
  page: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    card?: ShareCard;
    type?: 'website' | 'article';
    noindex?: boolean;
  },
): Metadata {
  const url = board.url(page.path);
  const description = metaDescription(page.description);
  const suffix = ` · ${board.look.name}`;
  const card = page.card ?? {
    title: page.title.endsWith(suffix) ? page.title.slice(0, -suffix.length) : page.title,
  };
  const image = page.image
    ? { url: page.image }
    : {
        url: board.url(shareImagePath(board.org, card)),
        width: SHARE_IMAGE_WIDTH,
        height: SHARE_IMAGE_HEIGHT,
        alt: card.title,
      };
  return {
    title: page.title,
    description,
    alternates: {
      canonical: url,
      types: {
        'application/rss+xml': board.url('/feed.xml'),
        'application/feed+json': board.url('/feed.json'),
      },
    },
    openGraph: {
      title: page.title,
      description,
      url,
      siteName: board.look.name,
      type: page.type ?? 'website',
      images: [image],
    },
    twitter: {
      card: 'summary_large_image',
      title: page.title,
      description,
      images: [image.url],
    },
    ...(page.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
