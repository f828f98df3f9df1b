import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { boardPage } from '@/lib/board/queries';
import { boardMetadata, loadBoard } from '../board';
import { ContentPage } from '../content-page';

type Params = Promise<{ board: string; page: string }>;

const loadPage = cache(async (boardSlug: string, slug: string) => {
  const board = await loadBoard(boardSlug);
  const found = await boardPage(board.db, board.org, 'page', decodeURIComponent(slug));
  if (!found) notFound();
  return { board, found };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { board: boardSlug, page: slug } = await params;
  const { board, found } = await loadPage(boardSlug, slug);
  const { page } = found;
  return boardMetadata(board, {
    title: `${page.metaTitle ?? page.title} · ${board.look.name}`,
    description: page.metaDescription ?? page.contentText,
    path: `/${page.slug}`,
    image: page.ogImage ?? page.coverImage,
  });
}

export default async function CustomPage({ params }: { params: Params }) {
  const { board: boardSlug, page: slug } = await params;
  const { board, found } = await loadPage(boardSlug, slug);
  return <ContentPage db={board.db} found={found} kind="page" locale={board.org.locale} />;
}
