import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { categoryBySlug } from '@/lib/board/queries';
import { loadBoard } from '../../board';
import { LandingListing, landingMetadata, type SearchParams } from '../../landing';

type Params = Promise<{ board: string; slug: string }>;

const loadCategory = cache(async (boardSlug: string, slug: string) => {
  const board = await loadBoard(boardSlug);
  const category = await categoryBySlug(board.db, board.org, decodeURIComponent(slug));
  if (!category) notFound();
  return { board, category };
});

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, category } = await loadCategory(boardSlug, slug);
  return landingMetadata(board, searchParams, {
    title: `${category.name} jobs · ${board.look.name}`,
    description: `Open ${category.name} jobs on ${board.look.name}, newest first.`,
    path: `/categories/${category.slug}`,
  });
}

export default async function CategoryPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { board: boardSlug, slug } = await params;
  const { board, category } = await loadCategory(boardSlug, slug);
  return (
    <LandingListing
      board={board}
      searchParams={searchParams}
      path={`/categories/${category.slug}`}
      heading={`${category.name} jobs`}
      intro={`Open ${category.name} roles on ${board.look.name}, newest first.`}
      fixedFilters={{ categories: [category.id] }}
      fixed="category"
      alertSearch={{ category: category.slug }}
    />
  );
}
