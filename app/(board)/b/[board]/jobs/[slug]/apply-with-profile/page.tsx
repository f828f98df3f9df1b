// One-click apply's review step: what the member's profile sends to this job, an optional cover
// note, and the button that sends it. Jobs that take applications elsewhere keep their own way.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { PaywallNotice } from '@/components/board/paywall-notice';
import { ProfileApplyForm } from '@/components/board/profile-apply-form';
import { applicationsOfMember } from '@/lib/applications';
import { HONEYPOT_FIELD } from '@/lib/applications/schemas';
import { longDate } from '@/lib/board/format';
import { formatBytes } from '@/lib/core/format';
import { applyingGated, jobBehindPaywall } from '@/lib/payments';
import { boardMetadata } from '../../../board';
import { currentPaywall, requireMember } from '../../../member';
import { applyWithProfileAction } from '../actions';
import { type JobParams, loadJob } from '../job';

export async function generateMetadata({ params }: { params: JobParams }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  return boardMetadata(board, {
    title: `Apply with your profile · ${job.title} · ${board.look.name}`,
    description: `Review your application for ${job.title} at ${job.company_name}.`,
    path: `/jobs/${job.slug}/apply-with-profile`,
    noindex: true,
  });
}

export default async function ApplyWithProfilePage({ params }: { params: JobParams }) {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  const jobHref = board.href(`/jobs/${job.slug}`);
  if (job.status === 'active' && job.how_to_apply_method !== 'form-internal') redirect(jobHref);
  const { member } = await requireMember(boardSlug, `/jobs/${job.slug}/apply-with-profile`);
  const heading = (
    <header className="space-y-1">
      <h1 className="text-2xl font-bold tracking-tight">Apply with your profile</h1>
      <p className="text-zinc-700">
        <a href={jobHref} className="board-link">
          {job.title}
        </a>{' '}
        at {job.company_name}
      </p>
    </header>
  );
  const paywall = await currentPaywall(boardSlug);
  const gated = applyingGated(paywall, await jobBehindPaywall(board.db, board.org.id, job, paywall));
  const accountHref = board.href('/account#resume-heading');
  let body: ReactNode;
  if (job.status !== 'active') {
    body = (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-4">
        This job is no longer accepting applications.{' '}
        <a href={board.href('/')} className="board-link">
          See open jobs
        </a>
      </p>
    );
  } else if (gated) {
    body = (
      <PaywallNotice
        heading="Applying is for subscribers"
        pricingHref={board.href('/pricing')}
        signInHref={null}
      />
    );
  } else if (!member.resumeKey) {
    body = (
      <p className="rounded-md border border-border p-4">
        Your profile has no resume yet.{' '}
        <a href={accountHref} className="board-link">
          Add one in your account
        </a>
        , or{' '}
        <a href={`${jobHref}#apply`} className="board-link">
          apply with the form
        </a>
        .
      </p>
    );
  } else {
    const earlier = (await applicationsOfMember(board.db, board.org.id, member.id)).find(
      (application) => application.jobSlug === job.slug,
    );
    body = (
      <>
        {earlier && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
            You applied to this job on{' '}
            <time dateTime={earlier.createdAt.toISOString()}>
              {longDate(earlier.createdAt, board.org.locale)}
            </time>
            . Sending this makes a second application.
          </p>
        )}
        <section aria-labelledby="review-heading" className="rounded-lg border border-border p-5">
          <h2 id="review-heading" className="mb-3 text-lg font-semibold">
            What the hiring team receives
          </h2>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-zinc-700">Name</dt>
            <dd>{member.name}</dd>
            <dt className="font-medium text-zinc-700">Email</dt>
            <dd className="break-all">{member.email}</dd>
            <dt className="font-medium text-zinc-700">Phone</dt>
            <dd>{member.phone ?? <span className="text-zinc-700">None given</span>}</dd>
            <dt className="font-medium text-zinc-700">Resume</dt>
            <dd className="break-all">
              {member.resumeFilename}
              {member.resumeBytes !== null && (
                <span className="text-zinc-700"> ({formatBytes(member.resumeBytes)})</span>
              )}
            </dd>
          </dl>
          <p className="mt-4 text-sm">
            <a href={board.href('/account#profile-heading')} className="board-link">
              Change your profile
            </a>
          </p>
        </section>
        <ProfileApplyForm
          action={applyWithProfileAction.bind(null, boardSlug, job.slug)}
          honeypotField={HONEYPOT_FIELD}
          backHref={jobHref}
        />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {heading}
      {body}
    </div>
  );
}
