import type { Metadata } from 'next';
import { AlertList } from '@/components/board/alert-list';
import { FeaturedBadge } from '@/components/board/job-card';
import { DeleteAccountForm, ProfileForm, ResumeForm } from '@/components/board/member-forms';
import { Pager } from '@/components/board/pager';
import { intervalLabels } from '@/components/board/pricing-card';
import { SaveJobButton } from '@/components/board/save-job-button';
import type { Database } from '@/db/client';
import type { Member, Plan } from '@/db/schema';
import { alertsOf } from '@/lib/alerts';
import { jobAnalytics } from '@/lib/analytics';
import { applicationsOfMember } from '@/lib/applications';
import { RESUME_MAX_BYTES } from '@/lib/applications/schemas';
import { longDate } from '@/lib/board/format';
import { formatDate } from '@/lib/core/format';
import { formatMoney } from '@/lib/core/money';
import {
  jobsOfMember,
  listSavedJobs,
  type MemberJob,
  memberMayEdit,
  SAVED_JOBS_PAGE_SIZE,
  type SavedJobItem,
} from '@/lib/jobs';
import type { JobStatus } from '@/lib/jobs/schemas';
import { jobCredits, type MemberBilling, memberBilling } from '@/lib/payments';
import type { PaymentOut, SubscriptionOut } from '@/lib/payments/schemas';
import { findPlan } from '@/lib/plans';
import type { PlanInterval } from '@/lib/plans/schemas';
import { unsubscribeOwnAlertAction } from '../alerts/actions';
import { type Board, type BoardParams, boardMetadata, loadBoard } from '../board';
import { requireMember } from '../member';
import { toggleSavedJobAction } from '../saved-jobs';
import { deleteAccountAction, resumeAction, saveProfileAction, signOutAction } from './actions';
import { profileResume } from './resume';

type Search = Promise<{ paid?: string; saved_page?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Your account · ${board.look.name}`,
    description: 'Your profile, jobs, subscriptions, job alerts and applications.',
    path: '/account',
    noindex: true,
  });
}

const statusLabels: Record<string, string> = {
  pending: 'Sent',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  rejected: 'Not selected',
  hired: 'Hired',
};

const jobStatusWords: Record<JobStatus, string> = {
  pending_payment: 'Waiting for payment',
  pending: 'Waiting for approval',
  active: 'Live',
  expired: 'Expired',
  draft: 'Not listed',
};

const subscriptionStatusWords: Record<SubscriptionOut['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Ended',
  incomplete: 'Waiting for payment',
  incomplete_expired: 'Not completed',
  paused: 'Paused',
};

/** Views and applications of the last 30 days, of the jobs that have been on the board. */
async function jobNumbers(
  db: Database,
  orgId: number,
  jobs: MemberJob[],
): Promise<Map<string, { views: number; applications: number }>> {
  const posted = jobs.filter((job) => job.publishedAt);
  if (posted.length === 0) return new Map();
  const { jobs: rows } = await jobAnalytics(db, orgId, {
    period: '30d',
    jobIds: posted.map((job) => job.id),
  });
  return new Map(rows.map((row) => [row.job_id, { views: row.views, applications: row.applications }]));
}

const paymentStatusWords: Record<PaymentOut['status'], string> = {
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

export default async function AccountPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const { board, member } = await requireMember(slug, '/account');
  const employer = member.role === 'employer';
  const [applications, alerts, billing, jobs, credits] = await Promise.all([
    applicationsOfMember(board.db, board.org.id, member.id),
    alertsOf(board.db, board.org.id, { email: member.email, memberId: member.id }),
    memberBilling(board.db, board.org.id, member.id),
    employer ? jobsOfMember(board.db, board.org.id, member.id) : [],
    employer ? jobCredits(board.db, board.org.id, member.id) : 0,
  ]);
  const numbers = await jobNumbers(board.db, board.org.id, jobs);
  const search = await searchParams;
  const paid = search.paid === '1';
  const savedPage = Math.min(10_000, Math.max(1, Number.parseInt(search.saved_page ?? '1', 10) || 1));
  const saved = await listSavedJobs(board.db, board.org.id, member.id, savedPage);
  const unsubscribe = unsubscribeOwnAlertAction.bind(null, slug);
  const signOut = signOutAction.bind(null, slug);
  return (
    <div className="mx-auto max-w-2xl space-y-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
        <p className="mt-1 text-zinc-700">
          Signed in as <strong>{member.email}</strong> ·{' '}
          {member.role === 'employer' ? 'Employer' : 'Job seeker'}
          {member.approvalStatus === 'pending' && ' · waiting for approval by the board'}
        </p>
      </header>

      {paid && (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
          Thank you: your payment is complete. It is listed below, under your subscriptions and payments.
        </p>
      )}

      {employer && (
        <EmployerJobs board={board} member={member} jobs={jobs} numbers={numbers} credits={credits} />
      )}

      {(billing.subscriptions.length > 0 || billing.payments.length > 0) && (
        <Billing board={board} billing={billing} jobs={jobs} />
      )}

      <SavedJobs board={board} saved={saved} page={savedPage} />

      <section aria-labelledby="applications-heading" className="rounded-lg border border-border p-6">
        <h2 id="applications-heading" className="mb-4 text-lg font-semibold">
          Your applications
        </h2>
        {applications.length === 0 ? (
          <p className="text-zinc-700">
            None yet.{' '}
            <a className="font-medium text-primary underline" href={board.href('/')}>
              Find a job
            </a>
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {applications.map((application) => (
              <li key={application.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                <span>
                  <a
                    className="font-medium text-primary underline"
                    href={board.href(`/jobs/${application.jobSlug}`)}
                  >
                    {application.jobTitle}
                  </a>{' '}
                  <span className="text-zinc-700">at {application.companyName}</span>
                </span>
                <span className="text-sm text-zinc-700">
                  {statusLabels[application.status] ?? application.status} ·{' '}
                  <time dateTime={application.createdAt.toISOString()}>
                    {formatDate(application.createdAt, board.org.locale)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="profile-heading" className="rounded-lg border border-border p-6">
        <h2 id="profile-heading" className="mb-1 text-lg font-semibold">
          Profile
        </h2>
        <p className="mb-4 text-sm text-zinc-700">
          Your name, email ({member.email}) and phone are what applying with your profile sends.
        </p>
        <ProfileForm
          action={saveProfileAction.bind(null, slug)}
          initial={{
            name: member.name,
            description: member.description ?? '',
            phone: member.phone ?? '',
            links: member.links.join('\n'),
            picture: member.profilePicture,
          }}
        />
      </section>

      <section aria-labelledby="resume-heading" className="rounded-lg border border-border p-6">
        <h2 id="resume-heading" className="mb-4 text-lg font-semibold">
          Your resume
        </h2>
        <ResumeForm
          action={resumeAction.bind(null, slug)}
          initial={profileResume(member, board.org.locale)}
          maxMegabytes={RESUME_MAX_BYTES / 1048576}
        />
      </section>

      <section aria-labelledby="alerts-heading" className="rounded-lg border border-border p-6">
        <h2 id="alerts-heading" className="mb-4 text-lg font-semibold">
          Your job alerts
        </h2>
        {alerts.length > 0 && (
          <AlertList
            alerts={alerts}
            unsubscribe={unsubscribe}
            className="-mx-4 mb-4 divide-y divide-border"
          />
        )}
        <p className="text-zinc-700">
          {alerts.length === 0 && 'None yet. '}
          <a className="font-medium text-primary underline" href={board.href('/alerts')}>
            Create a job alert
          </a>
        </p>
      </section>

      <section aria-labelledby="sessions-heading" className="rounded-lg border border-border p-6">
        <h2 id="sessions-heading" className="mb-4 text-lg font-semibold">
          Sign out
        </h2>
        <div className="flex flex-wrap gap-3">
          <form action={signOut}>
            <button type="submit" className="board-button-outline">
              Sign out
            </button>
          </form>
          <form action={signOut}>
            <input type="hidden" name="everywhere" value="1" />
            <button type="submit" className="board-button-outline">
              Sign out on every device
            </button>
          </form>
        </div>
      </section>

      <section aria-labelledby="delete-heading" className="rounded-lg border border-border p-6">
        <h2 id="delete-heading" className="mb-1 text-lg font-semibold">
          Delete your account
        </h2>
        <p className="mb-4 text-sm text-zinc-700">
          Your profile, resume, saved jobs and job alerts are deleted, and any subscription ends now
          {employer ? '; the jobs you posted stay on the board until they expire' : ''}. Applications you sent
          stay with the employers you sent them to, and payments stay in the board&apos;s books without your
          details.
        </p>
        <DeleteAccountForm action={deleteAccountAction.bind(null, slug)} />
      </section>
    </div>
  );
}

/** Jobs the member saved, newest saved first; one no longer on the board says so and cannot be applied to. */
function SavedJobs({
  board,
  saved,
  page,
}: {
  board: Board;
  saved: { items: SavedJobItem[]; total: number };
  page: number;
}) {
  const pageHref = (n: number) => board.href(n > 1 ? `/account?saved_page=${n}` : '/account');
  const back = page > 1 ? `/account?saved_page=${page}` : '/account';
  return (
    <section aria-labelledby="saved-heading" className="rounded-lg border border-border p-6">
      <h2 id="saved-heading" className="mb-4 text-lg font-semibold">
        Saved jobs
      </h2>
      {saved.items.length === 0 ? (
        <p className="text-zinc-700">
          {saved.total === 0
            ? 'None yet. Press Save on a job to keep it here. '
            : 'No saved jobs on this page. '}
          <a className="font-medium text-primary underline" href={board.href('/')}>
            Find a job
          </a>
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {saved.items.map((job) => (
            <li key={job.jobId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2">
                  {job.status === 'active' || job.status === 'expired' ? (
                    <a
                      id={`saved-${job.jobId}`}
                      className="font-medium text-primary underline"
                      href={board.href(`/jobs/${job.slug}`)}
                    >
                      {job.title}
                    </a>
                  ) : (
                    <span id={`saved-${job.jobId}`} className="font-medium">
                      {job.title}
                    </span>
                  )}
                  {!job.live && (
                    <span className="rounded-full border border-zinc-400 bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-800">
                      {job.status === 'expired' ? 'Expired' : 'Closed'}
                    </span>
                  )}
                </p>
                <p className="text-sm text-zinc-700">
                  {job.companyName} · Saved{' '}
                  <time dateTime={job.savedAt.toISOString()}>{longDate(job.savedAt, board.org.locale)}</time>
                  {!job.live && ' · no longer taking applications'}
                </p>
              </div>
              <SaveJobButton
                action={toggleSavedJobAction.bind(null, board.org.slug, job.jobId)}
                saved
                inSavedList
                jobId={job.jobId}
                back={back}
                size="small"
                describedBy={`saved-${job.jobId}`}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} totalPages={Math.ceil(saved.total / SAVED_JOBS_PAGE_SIZE)} href={pageHref} />
    </section>
  );
}

/** An employer's job posts, newest first, with what is left to post. */
function EmployerJobs({
  board,
  member,
  jobs,
  numbers,
  credits,
}: {
  board: Board;
  member: Member;
  jobs: MemberJob[];
  numbers: Map<string, { views: number; applications: number }>;
  credits: number;
}) {
  return (
    <section aria-labelledby="jobs-heading" className="rounded-lg border border-border p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="jobs-heading" className="text-lg font-semibold">
          Your jobs
        </h2>
        {member.approvalStatus === 'approved' && (
          <a className="board-button" href={board.href('/post-a-job')}>
            Post a job
          </a>
        )}
      </div>
      {credits > 0 && (
        <p className="mb-4 text-zinc-700">
          You have {credits} job {credits === 1 ? 'post' : 'posts'} left to use.
        </p>
      )}
      {jobs.length === 0 ? (
        <p className="text-zinc-700">None yet.</p>
      ) : (
        <ul className="divide-y divide-border">
          {jobs.map((job) => (
            <li key={job.id} className="space-y-1 py-3">
              <p className="flex flex-wrap items-center gap-2">
                <a
                  id={`job-${job.id}`}
                  className="font-medium text-primary underline"
                  href={board.href(`/post-a-job/${job.id}`)}
                >
                  {job.title}
                </a>
                {job.featured && <FeaturedBadge />}
              </p>
              <p className="text-sm text-zinc-700">
                {jobStatusWords[job.status]}
                {job.expiresAt && (
                  <>
                    {' · '}
                    {job.status === 'expired' ? 'Expired' : 'Expires'}{' '}
                    <time dateTime={job.expiresAt.toISOString()}>
                      {longDate(job.expiresAt, board.org.locale)}
                    </time>
                  </>
                )}
                {' · '}
                {job.applications === 1
                  ? '1 application'
                  : `${job.applications.toLocaleString('en-US')} applications`}
              </p>
              <JobNumbers numbers={numbers.get(job.id)} />
              {/* Short names, clear beside the job's title; described by that title when read on their own. */}
              {memberMayEdit(job) && (
                <p className="flex flex-wrap gap-4 text-sm">
                  <a
                    className="board-link"
                    href={board.href(`/post-a-job/${job.id}/edit`)}
                    aria-describedby={`job-${job.id}`}
                  >
                    Edit
                  </a>
                  {job.status === 'active' && (
                    // Closing is confirmed on the job's status page, which this opens at the question.
                    <a
                      className="board-link"
                      href={board.href(`/post-a-job/${job.id}?close=1#close-job`)}
                      aria-describedby={`job-${job.id}`}
                    >
                      Close
                    </a>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** How a posted job did lately; nothing for a job never on the board. */
function JobNumbers({ numbers }: { numbers: { views: number; applications: number } | undefined }) {
  if (!numbers) return null;
  return (
    <p className="text-sm text-zinc-700" data-testid="job-numbers">
      Last 30 days: {plural(numbers.views, 'view')} · {plural(numbers.applications, 'application')}
    </p>
  );
}

/** `$9/month`, `$49 one-time`. */
const planPrice = (plan: Plan, locale: string) =>
  `${formatMoney(plan.amount, plan.currency, locale)}${plan.interval === 'one_time' ? ' ' : ''}${intervalLabels[plan.interval as PlanInterval]}`;

/** `Renews on …`, `Ends on …`: what happens next to a subscription. */
function subscriptionDate(subscription: SubscriptionOut): { label: string; iso: string } | null {
  if (subscription.status === 'canceled' && subscription.canceledAt)
    return { label: 'Ended', iso: subscription.canceledAt };
  if (subscription.cancelAt) return { label: 'Ends on', iso: subscription.cancelAt };
  if (!subscription.currentPeriodEnd) return null;
  return {
    label: subscription.status === 'trialing' ? 'Free trial ends on' : 'Renews on',
    iso: subscription.currentPeriodEnd,
  };
}

/** The member's subscriptions and payments, newest first, with the plans they were for. */
async function Billing({
  board,
  billing,
  jobs,
}: {
  board: Board;
  billing: MemberBilling;
  jobs: MemberJob[];
}) {
  const planIds = new Set([
    ...billing.subscriptions.map((subscription) => subscription.planId),
    ...billing.payments.flatMap((payment) => (payment.planId ? [payment.planId] : [])),
  ]);
  const plans = new Map(
    (await Promise.all([...planIds].map((id) => findPlan(board.db, board.org.id, id)))).map((plan) => [
      plan.id,
      plan,
    ]),
  );
  const jobTitles = new Map(jobs.map((job) => [job.id, job.title]));
  return (
    <section aria-labelledby="billing-heading" className="rounded-lg border border-border p-6">
      <h2 id="billing-heading" className="mb-4 text-lg font-semibold">
        Your subscriptions and payments
      </h2>
      {billing.subscriptions.length > 0 && (
        <>
          <h3 className="mb-1 text-base font-semibold">Subscriptions</h3>
          <ul className="mb-6 divide-y divide-border">
            {billing.subscriptions.map((subscription) => {
              const plan = plans.get(subscription.planId);
              const next = subscriptionDate(subscription);
              return (
                <li
                  key={subscription.id}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-3"
                >
                  <span>
                    <span className="font-medium">{plan?.name ?? 'Plan'}</span>
                    {plan && <span className="text-zinc-700"> · {planPrice(plan, board.org.locale)}</span>}
                  </span>
                  <span className="text-sm text-zinc-700">
                    {subscriptionStatusWords[subscription.status]}
                    {next && (
                      <>
                        {' · '}
                        {next.label} <time dateTime={next.iso}>{longDate(next.iso, board.org.locale)}</time>
                      </>
                    )}
                    {subscription.jobsRemaining !== null &&
                      ` · ${subscription.jobsRemaining} job ${subscription.jobsRemaining === 1 ? 'post' : 'posts'} left`}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {billing.payments.length > 0 && (
        <>
          <h3 className="mb-1 text-base font-semibold">Payments</h3>
          <ul className="divide-y divide-border">
            {billing.payments.map((payment) => {
              const plan = payment.planId ? plans.get(payment.planId) : undefined;
              const job = payment.jobId ? jobTitles.get(payment.jobId) : undefined;
              return (
                <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                  <span>
                    <span className="font-medium">{plan?.name ?? 'Payment'}</span>
                    {job && <span className="text-zinc-700"> · for “{job}”</span>}
                  </span>
                  <span className="text-sm text-zinc-700">
                    {formatMoney(payment.amountMinor, payment.currency, board.org.locale)} ·{' '}
                    {paymentStatusWords[payment.status]}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
