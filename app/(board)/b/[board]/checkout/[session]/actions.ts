'use server';

import { redirect } from 'next/navigation';
import { AppError } from '@/lib/core/errors';
import { completeLocalCheckout } from '@/lib/payments';
import { expectIds } from '../../action-input';
import { requireMember } from '../../member';
import { returnPath } from '../../payments';

/**
 * The local provider's Pay button: the payment as Stripe would report it, then where it leads.
 * Presses that lost a race to the one that paid are sent where it was.
 */
export async function payAction(boardSlug: string, sessionId: string): Promise<void> {
  expectIds(boardSlug, sessionId);
  const path = `/checkout/${encodeURIComponent(sessionId)}`;
  const { board, member } = await requireMember(boardSlug, path);
  let status: string;
  let jobId: string | null;
  try {
    ({ status, jobId } = await completeLocalCheckout(board.db, board.org.id, sessionId, member.id));
  } catch (error) {
    // Not this member's session (or none): its page says so.
    if (error instanceof AppError && error.code === 'not_found') redirect(board.href(path));
    throw error;
  }
  // A checkout that expired, now or before, cannot be paid: its page says so.
  redirect(board.href(status === 'complete' ? returnPath(jobId) : path));
}
