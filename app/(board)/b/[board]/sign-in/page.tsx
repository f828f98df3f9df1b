import type { Metadata } from 'next';
import { SignInForm } from '@/components/board/member-forms';
import { type BoardParams, boardMetadata, loadBoard } from '../board';
import { safeNext } from '../member';
import { requestSignInAction } from './actions';

type Search = Promise<{ next?: string; erased?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Sign in · ${board.look.name}`,
    description: `Sign in to ${board.look.name} with your email.`,
    path: '/sign-in',
    noindex: true,
  });
}

export default async function SignInPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const search = await searchParams;
  const next = safeNext(search.next);
  return (
    <div className="mx-auto max-w-md rounded-lg border border-border p-8">
      {search.erased === '1' && (
        <p
          role="status"
          className="mb-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
        >
          Your account is deleted, with everything that was yours alone on {board.look.name}.
        </p>
      )}
      <h1 className="text-2xl font-bold tracking-tight">Sign in to {board.look.name}</h1>
      <p className="mt-2 mb-6 text-zinc-700">
        We will email you a code and a link. No password needed; a new address gets an account.
      </p>
      <SignInForm action={requestSignInAction.bind(null, slug)} next={next} />
    </div>
  );
}
