import type { Metadata } from 'next';
import { type BoardParams, boardMetadata, loadBoard } from '../board';
import { LandingListing, type SearchParams } from '../landing';

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
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
