import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { boardPage } from '@/lib/board/queries';
import { boardMetadata, loadBoard } from '../../board';
import { ContentPage } from '../../content-page';

type Params = Promise<{ board: string; slug: string }>;

const loadPost = cache(async (boardSlug: string, slug: string) => {
  const board = await loadBoard(boardSlug);
  const found = await boardPage(board.db, board.org, 'blog_post', decodeURIComponent(slug));
  if (!found) notFound();
  return { board, found };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, found } = await loadPost(boardSlug, slug);
  const { page } = found;
  return boardMetadata(board, {
    title: page.metaTitle ?? page.title,
    description: page.metaDescription ?? page.contentText.slice(0, 160),
    path: `/blog/${page.slug}`,
    image: page.ogImage ?? page.coverImage,
    type: 'article',
  });
}

export default async function BlogPost({ params }: { params: Params }) {
  const { board: boardSlug, slug } = await params;
  const { board, found } = await loadPost(boardSlug, slug);
  return (
    <>
      <ContentPage found={found} kind="blog_post" />
      <p className="mx-auto mt-10 max-w-3xl">
        <a href={board.href('/blog')} className="board-link">
          ← All articles
        </a>
      </p>
    </>
  );
}
