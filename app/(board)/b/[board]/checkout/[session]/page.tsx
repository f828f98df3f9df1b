import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { intervalLabels } from '@/components/board/pricing-card';
import { SubmitButton } from '@/components/board/submit-button';
import type { Plan } from '@/db/schema';
import { formatMoney } from '@/lib/core/money';
import { jobsOfMember } from '@/lib/jobs';
import { localCheckout } from '@/lib/payments';
import type { PlanInterval } from '@/lib/plans/schemas';
import { boardMetadata, loadBoard } from '../../board';
import { requireMember } from '../../member';
import { returnPath } from '../../payments';
import { payAction } from './actions';

type CheckoutParams = Promise<{ board: string; session: string }>;

export async function generateMetadata({ params }: { params: CheckoutParams }): Promise<Metadata> {
  const { board: slug, session } = await params;
  const board = await loadBoard(slug);
  return boardMetadata(board, {
    title: `Checkout · ${board.look.name}`,
    description: `Pay for a plan on ${board.look.name}.`,
    path: `/checkout/${encodeURIComponent(session)}`,
    noindex: true,
  });
}

/** `$49 one-time`, `$9/month`. */
function priceWords(plan: Plan, locale: string): string {
  const label = intervalLabels[plan.interval as PlanInterval];
  return `${formatMoney(plan.amount, plan.currency, locale)}${plan.interval === 'one_time' ? ' ' : ''}${label}`;
}

/**
 * The local provider's checkout: a page on the board standing in for Stripe's, where Pay records
 * the payment without charging anything. Only the member who started it sees it.
 */
export default async function CheckoutPage({ params }: { params: CheckoutParams }) {
  const { board: slug, session: sessionId } = await params;
  const path = `/checkout/${encodeURIComponent(sessionId)}`;
  const { board, member } = await requireMember(slug, path);
  const found = await localCheckout(board.db, board.org.id, sessionId, member);
  if (!found) notFound();
  const { session, plan, payable } = found;

  // Every Pay press, the one that paid and those that raced it, lands here or on the return page.
  if (session.status === 'complete') {
    return (
      <div className="mx-auto max-w-lg space-y-4 rounded-lg border border-border p-8">
        <h1 className="text-2xl font-bold tracking-tight">This checkout is complete</h1>
        <p className="text-zinc-700">{plan.name} is paid for.</p>
        <a className="board-button" href={board.href(returnPath(session.jobId))}>
          {session.jobId ? 'See your job' : 'Go to your account'}
        </a>
      </div>
    );
  }
  // Expired, or no longer sold as it was (another provider, none, the plan off sale): the
  // segment's not-found page says so, with a 404 rather than a Pay button that takes nothing.
  if (!payable) notFound();

  const [job] = session.jobId
    ? await jobsOfMember(board.db, board.org.id, member.id, { id: session.jobId })
    : [];
  const price = priceWords(plan, board.org.locale);
  const trial = plan.trialDays > 0 && plan.interval !== 'one_time';
  const back = session.jobId
    ? { href: `/post-a-job/${session.jobId}`, label: 'Back to your job' }
    : { href: '/pricing', label: 'Back to pricing' };

  return (
    <div className="mx-auto max-w-lg space-y-6 rounded-lg border border-border p-8">
      <header className="space-y-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-zinc-700">Checkout</p>
        <h1 className="text-2xl font-bold tracking-tight">Pay for {plan.name}</h1>
      </header>
      <dl className="divide-y divide-border border-y border-border text-sm">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
          <dt className="text-zinc-700">Paying as</dt>
          <dd className="text-right font-medium break-all">{member.email}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
          <dt className="text-zinc-700">Plan</dt>
          <dd className="text-right font-medium">{plan.name}</dd>
        </div>
        {job && (
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
            <dt className="text-zinc-700">Job</dt>
            <dd className="text-right font-medium">
              {job.title} at {job.companyName}
            </dd>
          </div>
        )}
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
          <dt className="text-zinc-700">{trial ? 'After the free trial' : 'Amount'}</dt>
          <dd className="text-right text-base font-semibold">{price}</dd>
        </div>
        {trial && (
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
            <dt className="text-zinc-700">Due today</dt>
            <dd className="text-right font-medium">
              {formatMoney(0, plan.currency, board.org.locale)} ({plan.trialDays}-day free trial)
            </dd>
          </div>
        )}
      </dl>
      <p className="rounded-md border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950">
        This is a test checkout: {board.look.name} uses the built-in test payments. No card is needed and
        nothing is charged; paying here records the purchase as a real payment would.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <form action={payAction.bind(null, slug, sessionId)}>
          <SubmitButton className="board-button" pendingLabel={trial ? 'Starting the trial…' : 'Paying…'}>
            {trial
              ? 'Start the free trial'
              : `Pay ${formatMoney(plan.amount, plan.currency, board.org.locale)}`}
          </SubmitButton>
        </form>
        <a className="board-link text-sm" href={board.href(back.href)}>
          {back.label}
        </a>
      </div>
    </div>
  );
}
