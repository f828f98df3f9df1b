import type { Metadata } from 'next';
import { AlertList } from '@/components/board/alert-list';
import { alertsOf, emailForManageToken } from '@/lib/alerts';
import { type BoardParams, boardMetadata, loadBoard } from '../../board';
import { unsubscribeAction } from '../actions';

type Search = Promise<{ token?: string; confirmed?: string; stopped?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Your job alerts · ${board.look.name}`,
    description: 'Manage your job alerts.',
    path: '/alerts/manage',
    noindex: true,
  });
}

/** Every alert of one address, from the signed link in each alert mail; no sign-in needed. */
export default async function ManageAlertsPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const query = await searchParams;
  const token = query.token ?? '';
  const who = emailForManageToken(board.org.id, token);
  if (!who.ok) {
    return (
      <div className="mx-auto max-w-md rounded-lg border border-border p-8">
        <h1 className="text-2xl font-bold tracking-tight">Your job alerts</h1>
        <p role="alert" className="mt-2 mb-6 text-zinc-700">
          {who.reason === 'expired'
            ? 'This link has expired. The newest alert email has a fresh one, and its one-click unsubscribe link always works.'
            : 'This link does not work: it may be incomplete. Use the link in your newest alert email.'}
        </p>
        <a className="board-button-outline" href={board.href('/sign-in?next=/account')}>
          Sign in to manage your alerts
        </a>
      </div>
    );
  }
  const alerts = await alertsOf(board.db, board.org.id, { email: who.email });
  const unsubscribe = unsubscribeAction.bind(null, slug);
  const stopped = Number(query.stopped ?? 0);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Your job alerts</h1>
        <p className="mt-1 text-zinc-700">
          For <strong>{who.email}</strong> on {board.look.name}.
        </p>
      </header>
      {query.confirmed === '1' && (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">
          Alert confirmed. New jobs will come to {who.email}.
        </p>
      )}
      {stopped > 0 && (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">
          {stopped === 1
            ? 'Unsubscribed: that alert sends nothing more.'
            : `Unsubscribed from ${stopped} alerts.`}
        </p>
      )}
      {alerts.length === 0 ? (
        <p className="text-zinc-700">
          No alerts are on for this address.{' '}
          <a className="font-medium text-primary underline" href={board.href('/alerts')}>
            Create one
          </a>
        </p>
      ) : (
        <>
          <AlertList
            alerts={alerts}
            unsubscribe={unsubscribe}
            hidden={{ token }}
            className="divide-y divide-border rounded-lg border border-border"
          />
          {alerts.length > 1 && (
            <form action={unsubscribe}>
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="board-button-outline">
                Unsubscribe from all
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
