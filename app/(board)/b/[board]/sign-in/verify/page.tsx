import type { Metadata } from 'next';
import { LinkSignInForm } from '@/components/board/member-forms';
import { type BoardParams, boardMetadata, loadBoard } from '../../board';
import { safeNext } from '../../member';
import { signInWithLinkAction } from '../actions';

type Search = Promise<{ token?: string; next?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Sign in · ${board.look.name}`,
    description: `Finish signing in to ${board.look.name}.`,
    path: '/sign-in/verify',
    noindex: true,
  });
}

export default async function VerifyPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const { token = '', next } = await searchParams;
  return (
    <div className="mx-auto max-w-md rounded-lg border border-border p-8">
      <h1 className="text-2xl font-bold tracking-tight">Sign in to {board.look.name}</h1>
      <p className="mt-2 mb-6 text-zinc-700">Press the button to finish signing in on this device.</p>
      <LinkSignInForm action={signInWithLinkAction.bind(null, slug)} token={token} next={safeNext(next)} />
    </div>
  );
}
