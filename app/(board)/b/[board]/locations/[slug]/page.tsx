import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { locationBySlug } from '@/lib/board/queries';
import { loadBoard } from '../../board';
import { LandingListing, landingMetadata, type SearchParams } from '../../landing';

type Params = Promise<{ board: string; slug: string }>;

const loadLocation = cache(async (boardSlug: string, slug: string) => {
  const board = await loadBoard(boardSlug);
  const location = await locationBySlug(board.db, board.org, decodeURIComponent(slug));
  if (!location) notFound();
  return { board, location };
});

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, location } = await loadLocation(boardSlug, slug);
  return landingMetadata(board, searchParams, {
    title: `Jobs in ${location.name} · ${board.look.name}`,
    description: `Open jobs in ${location.displayName} on ${board.look.name}, newest first.`,
    path: `/locations/${location.slug}`,
  });
}

export default async function LocationPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { board: boardSlug, slug } = await params;
  const { board, location } = await loadLocation(boardSlug, slug);
  return (
    <LandingListing
      board={board}
      searchParams={searchParams}
      path={`/locations/${location.slug}`}
      heading={`Jobs in ${location.name}`}
      intro={`Open jobs in ${location.displayName}, newest first.`}
      fixedFilters={{ location_id: location.id }}
      alertSearch={{ location: location.name }}
    />
  );
}
