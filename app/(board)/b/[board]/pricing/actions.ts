'use server';

import { redirect } from 'next/navigation';
import { AppError } from '@/lib/core/errors';
import { formText } from '@/lib/forms';
import { boardOffer, startCheckout } from '@/lib/payments';
import { expectForm, expectIds } from '../action-input';
import { loadBoard } from '../board';
import { currentMember } from '../member';
import { checkoutUrls, onThisHost } from '../payments';

/**
 * A plan's button on the pricing page: signed out → sign in first; a job plan → the job form
 * (a job post needs its job); reader access → the provider's checkout.
 */
export async function buyPlanAction(boardSlug: string, form: FormData): Promise<void> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const member = await currentMember(boardSlug);
  if (!member) redirect(board.href('/sign-in?next=/pricing'));
  const planId = formText(form, 'plan');
  const { plans } = await boardOffer(board.db, board.org.id);
  const plan = plans.find((candidate) => candidate.id === planId);
  // Taken off sale (or the provider removed) since the page was rendered.
  if (!plan) redirect(board.href('/pricing?unavailable=1'));
  if (plan.kind !== 'paywall') redirect(board.href(`/post-a-job?plan=${plan.id}`));
  let url: string;
  try {
    ({ url } = await startCheckout(board.db, board.org.id, member, plan.id, checkoutUrls(board, null)));
  } catch (error) {
    // The page shows why a member may not buy a plan; a refusal here is a change since it rendered.
    if (error instanceof AppError && error.status < 500) redirect(board.href('/pricing?unavailable=1'));
    throw error;
  }
  redirect(onThisHost(board, url));
}
