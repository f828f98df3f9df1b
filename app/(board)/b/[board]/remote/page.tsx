import type { Metadata } from 'next';
import { type BoardParams, loadBoard } from '../board';
import { LandingListing, landingMetadata, type SearchParams } from '../landing';

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return landingMetadata(board, searchParams, {
    title: `Remote jobs · ${board.look.name}`,
    description: `Remote jobs on ${board.look.name}: work from anywhere the employer hires, newest first.`,
    path: '/remote',
  });
}

export default async function RemotePage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: SearchParams;
}) {
  const board = await loadBoard((await params).board);
  return (
    <LandingListing
      board={board}
      searchParams={searchParams}
      path="/remote"
      heading="Remote jobs"
      intro="Jobs you can do from home, newest first."
      fixedFilters={{ is_remote: true }}
      fixed="remote"
      alertSearch={{ remote: true }}
    />
  );
}
