// The job a board URL names, loaded once per request.
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { jobPlace } from '@/lib/board/format';
import { boardJobBySlug } from '@/lib/board/queries';
import { loadBoard } from '../../board';

export type JobParams = Promise<{ board: string; slug: string }>;

export const loadJob = cache(async (boardSlug: string, jobSlug: string) => {
  const board = await loadBoard(boardSlug);
  const found = await boardJobBySlug(board.db, board.org, decodeURIComponent(jobSlug));
  // Drafts and pending jobs do not exist for visitors.
  if (!found || (found.job.status !== 'active' && found.job.status !== 'expired')) notFound();
  const { job, location } = found;
  // A job filed under a location without location text still names its place.
  const place = jobPlace({ ...job, location: job.location?.trim() || location?.displayName || null });
  return { board, ...found, place };
});
