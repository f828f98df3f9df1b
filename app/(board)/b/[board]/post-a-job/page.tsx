import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { type PaymentChoice, PostJobForm } from '@/components/board/post-job-form';
import { planCardContent } from '@/components/board/pricing-card';
import { jobCredits } from '@/lib/payments';
import { type BoardParams, boardMetadata, loadBoard } from '../board';
import { requireMember } from '../member';
import { offerOf } from '../payments';
import { postJobAction } from './actions';
import { blankJobValues, CREDIT } from './post-job';

type Search = Promise<{ plan?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Post a job · ${board.look.name}`,
    description: `Post a job on ${board.look.name}.`,
    path: '/post-a-job',
    noindex: true,
  });
}

/** The job form for approved employers; everyone else learns why they cannot post (yet). */
export default async function PostAJobPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const { plan: planParam } = await searchParams;
  const plan = typeof planParam === 'string' ? planParam : undefined;
  const { board, member } = await requireMember(
    slug,
    plan ? `/post-a-job?plan=${encodeURIComponent(plan)}` : '/post-a-job',
  );

  if (member.role !== 'employer') {
    return (
      <Notice title="Job posts need an employer account">
        <p>
          You are signed in as <strong>{member.email}</strong>, a job seeker account. To post jobs, sign out
          and sign in with your work email address, choosing “hiring” when the new account is made.
        </p>
        <a className="board-button-outline" href={board.href('/account#sessions-heading')}>
          Sign out on your account page
        </a>
      </Notice>
    );
  }
  if (member.approvalStatus !== 'approved') {
    const pending = member.approvalStatus === 'pending';
    return (
      <Notice title={pending ? 'Your employer account is waiting for approval' : 'You cannot post jobs here'}>
        <p>
          {pending
            ? `${board.look.name} checks new employer accounts before they post jobs. You can post jobs as soon as yours is approved.`
            : `${board.look.name} did not approve your employer account, so you cannot post jobs on this board.`}
        </p>
        <a className="board-button-outline" href={board.href('/')}>
          See the jobs
        </a>
      </Notice>
    );
  }

  const [{ jobPlans }, credits] = await Promise.all([
    offerOf(board),
    jobCredits(board.db, board.org.id, member.id),
  ]);
  if (credits === 0 && jobPlans.length === 0) {
    return (
      <Notice title="Post a job">
        <p>{board.look.name} does not take job posts yet.</p>
        <a className="board-button-outline" href={board.href('/')}>
          See the jobs
        </a>
      </Notice>
    );
  }

  const payments: PaymentChoice[] = [
    ...(credits > 0
      ? [
          {
            value: CREDIT,
            label: `Use one of my ${credits} remaining job ${credits === 1 ? 'post' : 'posts'}`,
            detail: 'Nothing to pay now: on the terms of the plan you bought it with.',
          },
        ]
      : []),
    ...jobPlans.map((offered) => {
      const card = planCardContent(offered, board.org.locale);
      return {
        value: offered.id,
        label: `${card.name}: ${card.price}${offered.interval === 'one_time' ? ' ' : ''}${card.intervalLabel}`,
        detail: card.features.join(' · '),
      };
    }),
  ];
  // A plan picked on the pricing page, else a remaining job post, else the cheapest plan.
  const chosen = payments.some((choice) => choice.value === plan) ? plan! : payments[0]!.value;

  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Post a job</h1>
        <p className="text-zinc-700">
          Describe the job and choose how to pay. It goes live on {board.look.name} once it is paid; you can
          follow it from{' '}
          <a className="board-link" href={board.href('/account#jobs-heading')}>
            your account
          </a>
          .
        </p>
      </header>
      <PostJobForm
        action={postJobAction.bind(null, slug)}
        initial={blankJobValues(member, chosen)}
        payments={payments}
      />
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-lg border border-border p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="space-y-4 text-zinc-700">{children}</div>
    </div>
  );
}
