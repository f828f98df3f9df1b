// Who is signed in on this board: the member session cookie (its attributes are `memberCookie`'s).
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { Member } from '@/db/schema';
import { BOARD_CACHE } from '@/lib/board/queries';
import { RevisionCache } from '@/lib/cache';
import { createMemberSession, MEMBER_COOKIE, memberCookie, memberForSession } from '@/lib/members';
import { type PaywallView, paywallView } from '@/lib/payments';
import { type Board, loadBoard } from './board';

const cookieFor = async (board: Board, maxAgeSeconds?: number) =>
  memberCookie(board.href('/'), { headers: await headers() }, maxAgeSeconds);

/** The signed-in member, or null. */
export const currentMember = cache(async (boardSlug: string): Promise<Member | null> => {
  const board = await loadBoard(boardSlug);
  const token = (await cookies()).get(MEMBER_COOKIE)?.value;
  return (await memberForSession(board.db, board.org.id, token)) ?? null;
});

/**
 * What anonymous visitors may see depends only on the board's payment settings, whose writes bump
 * its revision: one read per revision serves every visitor who is not signed in.
 */
const anonymousPaywalls = new RevisionCache<PaywallView>({ ...BOARD_CACHE, name: 'board paywalls' });

/** What the paywall lets this visitor see. */
export const currentPaywall = cache(async (boardSlug: string): Promise<PaywallView> => {
  const board = await loadBoard(boardSlug);
  const member = await currentMember(boardSlug);
  if (!member)
    return anonymousPaywalls.get(board.org, 'anonymous', () => paywallView(board.db, board.org.id, null));
  return paywallView(board.db, board.org.id, member.id);
});

/** The signed-in member, or a redirect to sign-in that comes back here. */
export async function requireMember(
  boardSlug: string,
  path: string,
): Promise<{ board: Board; member: Member }> {
  const board = await loadBoard(boardSlug);
  const member = await currentMember(boardSlug);
  if (!member) redirect(board.href(`/sign-in?next=${encodeURIComponent(path)}`));
  return { board, member };
}

/** Server actions only: starts a session for the member in this browser. */
export async function startSession(board: Board, member: Member): Promise<void> {
  const { token } = await createMemberSession(board.db, member);
  (await cookies()).set(MEMBER_COOKIE, token, await cookieFor(board));
}

/** Server actions only: forgets this browser's session cookie. */
export async function endSession(board: Board): Promise<string | undefined> {
  const store = await cookies();
  const token = store.get(MEMBER_COOKIE)?.value;
  store.set(MEMBER_COOKIE, '', await cookieFor(board, 0));
  return token;
}

/** A path inside the board to return to after sign-in; anything else goes to the account page. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?!\/)[^\\\s]*$/.test(next) ? next : '/account';
}
