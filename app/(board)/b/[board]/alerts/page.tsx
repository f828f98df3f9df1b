import type { Metadata } from 'next';
import { AlertForm } from '@/components/board/alert-form';
import { boardCategories } from '@/lib/board/queries';
import { parseBoardSearch } from '@/lib/board/search-params';
import { boardSalaryCurrency } from '@/lib/jobs';
import { type BoardParams, boardMetadata, loadBoard } from '../board';
import { currentMember } from '../member';
import { createAlertAction } from './actions';

type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Job alerts · ${board.look.name}`,
    description: `Get new jobs from ${board.look.name} by email: instantly, daily or weekly.`,
    path: '/alerts',
    noindex: true,
  });
}

/** The alert form, filled in with the search it was opened from (the jobs list links here). */
export default async function AlertsPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const [member, categories, salaryCurrency] = await Promise.all([
    currentMember(slug),
    boardCategories(board.db, board.org),
    boardSalaryCurrency(board.db, board.org),
  ]);
  const { values } = parseBoardSearch(await searchParams);
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-border p-8">
      <h1 className="text-2xl font-bold tracking-tight">Get new jobs by email</h1>
      <p className="mt-2 mb-6 text-zinc-700">
        Tell us what you are looking for and how often. We email you only after you confirm, and every email
        has a one-click unsubscribe link.
      </p>
      <AlertForm
        action={createAlertAction.bind(null, slug)}
        categories={categories}
        salaryCurrency={salaryCurrency}
        initial={{
          email: member?.email ?? '',
          q: values.q,
          category: values.category,
          job_type: values.job_type,
          remote: values.remote,
          location: values.location,
          salary_min: values.salary_min,
          frequency: 'daily',
        }}
      />
    </div>
  );
}
