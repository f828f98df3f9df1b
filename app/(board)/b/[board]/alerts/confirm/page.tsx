import type { Metadata } from 'next';
import { alertForConfirmation, describeSearch, frequencyWords, searchOf } from '@/lib/alerts';
import { type BoardParams, boardMetadata, loadBoard } from '../../board';
import { confirmAlertAction } from '../actions';

type Search = Promise<{ token?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Confirm your job alert · ${board.look.name}`,
    description: 'Confirm a job alert.',
    path: '/alerts/confirm',
    noindex: true,
  });
}

/** Where a confirmation link lands: it shows the alert, and only the button confirms it. */
export default async function ConfirmAlertPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const token = (await searchParams).token ?? '';
  const found = await alertForConfirmation(board.db, board.org.id, token);
  return (
    <div className="mx-auto max-w-md rounded-lg border border-border p-8">
      <h1 className="text-2xl font-bold tracking-tight">Confirm your job alert</h1>
      {found.ok ? (
        <>
          <p className="mt-2 mb-6 text-zinc-700">
            <strong>{found.alert.email}</strong> will get {describeSearch(searchOf(found.alert))},{' '}
            {frequencyWords[found.frequency!]}.
          </p>
          <form action={confirmAlertAction.bind(null, slug)}>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="board-button">
              Confirm alert
            </button>
          </form>
        </>
      ) : (
        <>
          <p role="alert" className="mt-2 mb-6 text-zinc-700">
            {found.reason === 'expired'
              ? 'This confirmation link has expired (links work for 7 days).'
              : 'This confirmation link does not work: it may be incomplete, or the alert was deleted.'}{' '}
            Create the alert again and we will send a new link.
          </p>
          <a className="board-button-outline" href={board.href('/alerts')}>
            Create a job alert
          </a>
        </>
      )}
    </div>
  );
}
