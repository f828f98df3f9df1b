import type { Metadata } from 'next';
import { CodeForm } from '@/components/board/member-forms';
import { type BoardParams, boardMetadata, loadBoard } from '../../board';
import { safeNext } from '../../member';
import { signInWithCodeAction } from '../actions';

type Search = Promise<{ email?: string; next?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Enter your code · ${board.look.name}`,
    description: 'Type the code we emailed you.',
    path: '/sign-in/code',
    noindex: true,
  });
}

export default async function CodePage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const { email = '', next } = await searchParams;
  return (
    <div className="mx-auto max-w-md rounded-lg border border-border p-8">
      <h1 className="text-2xl font-bold tracking-tight">Check your email</h1>
      <p className="mt-2 mb-6 text-zinc-700">
        If <strong>{email || 'that address'}</strong> can sign in, a code and a link are on their way. Type
        the code here, or open the link in this browser.
      </p>
      <CodeForm action={signInWithCodeAction.bind(null, slug)} email={email} next={safeNext(next)} />
      <p className="mt-6 text-sm text-zinc-700">
        No email after a few minutes? Check spam, or{' '}
        <a className="font-medium text-primary underline" href={board.href('/sign-in')}>
          ask for a new code
        </a>
        .
      </p>
    </div>
  );
}
