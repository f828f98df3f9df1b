import { Banknote, Briefcase, Building2, CalendarDays, ExternalLink, Mail, MapPin } from 'lucide-react';
import type { Metadata } from 'next';
import { ApplyForm } from '@/components/board/apply-form';
import { BoardProse } from '@/components/board/board-prose';
import { CompanyLogo } from '@/components/board/company-logo';
import { JobCard } from '@/components/board/job-card';
import { JsonLd } from '@/components/board/json-ld';
import { PaywallNotice } from '@/components/board/paywall-notice';
import { ShareLinks } from '@/components/board/share-links';
import { applyTarget } from '@/lib/applications';
import { HONEYPOT_FIELD, RESUME_MAX_BYTES } from '@/lib/applications/schemas';
import { formatSalary, longDate, postedAge } from '@/lib/board/format';
import { jobPostingJsonLd, paywalledPageJsonLd } from '@/lib/board/job-posting';
import { similarJobs } from '@/lib/board/queries';
import { breadcrumbJsonLd } from '@/lib/board/structured-data';
import { jobTypeLabels } from '@/lib/jobs/schemas';
import { applyingGated, jobBehindPaywall, jobTeaser, jobTeaserHtml } from '@/lib/payments';
import { boardMetadata } from '../../board';
import { currentMember, currentPaywall } from '../../member';
import { saveControls } from '../../save-controls';
import { applyAction } from './actions';
import { GoneJob } from './gone-job';
import { type JobParams, loadJob } from './job';

export async function generateMetadata({ params }: { params: JobParams }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, job, place } = await loadJob(boardSlug, slug);
  const salary = formatSalary(job, board.org.locale);
  return boardMetadata(board, {
    title: `${job.title} at ${job.company_name} · ${board.look.name}`,
    description: jobTeaser(job.description),
    path: `/jobs/${job.slug}`,
    card: {
      title: job.title,
      details: [job.company_name, [place, salary].filter(Boolean).join(' · ')].filter(Boolean),
      logoUrl: job.company?.logo_url,
    },
    type: 'article',
    noindex: job.status !== 'active',
  });
}

export default async function JobPage({ params }: { params: JobParams }) {
  const { board: boardSlug, slug } = await params;
  const { board, job, location, place } = await loadJob(boardSlug, slug);
  if (job.status !== 'active') return <GoneJob board={board} job={job} />;
  const member = await currentMember(boardSlug);
  const paywall = await currentPaywall(boardSlug);
  const gated = await jobBehindPaywall(board.db, board.org.id, job, paywall);
  const applyGated = applyingGated(paywall, gated);
  // Behind the paywall only a teaser is sent, to visitors and crawlers alike.
  const html = gated ? jobTeaserHtml(job.description) : job.description_html;
  const notice = (heading: string) => (
    <PaywallNotice
      heading={heading}
      pricingHref={board.href('/pricing')}
      signInHref={member ? null : board.href(`/sign-in?next=${encodeURIComponent(`/jobs/${job.slug}`)}`)}
    />
  );
  const similar = await similarJobs(board.db, board.org, job);
  const saveControl = await saveControls(board, [job, ...similar], `/jobs/${job.slug}`);
  // One click for a signed-in member whose profile holds a resume (a member's render is never cached).
  const oneClick = job.how_to_apply_method === 'form-internal' && !applyGated && member;
  const salary = formatSalary(job, board.org.locale);
  // A job without a site of its own names its company's.
  const website = job.company_website ?? job.company?.website ?? null;
  const jsonLd = jobPostingJsonLd({
    job: { ...job, company_website: website },
    descriptionHtml: html,
    location,
    organizationName: board.look.name,
    logoUrl: job.company?.logo_url ?? null,
  });
  // No JobPosting for a job Google would refuse (jobPostingProblem; the dashboard says why).
  const main = job.categories[0];
  const structuredData = [
    ...(jsonLd ? [jsonLd] : []),
    ...(applyGated ? [paywalledPageJsonLd(board.url(`/jobs/${job.slug}`))] : []),
    breadcrumbJsonLd([
      { name: board.look.name, url: board.url('/') },
      ...(job.category && main ? [{ name: job.category, url: board.url(`/categories/${main.slug}`) }] : []),
      { name: job.title },
    ]),
  ];
  const applyHref = board.href(`/jobs/${job.slug}/apply`);
  return (
    <article className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <JsonLd data={structuredData} />
      <div className="min-w-0 space-y-6">
        <nav aria-label="Breadcrumb" className="text-sm text-zinc-700">
          <a href={board.href('/')} className="board-link">
            All jobs
          </a>
          {job.category && job.categories[0] && (
            <>
              {' / '}
              <a href={board.href(`/categories/${job.categories[0].slug}`)} className="board-link">
                {job.category}
              </a>
            </>
          )}
        </nav>
        <header className="space-y-3">
          <div className="flex items-center gap-4">
            <CompanyLogo name={job.company_name} company={job.company} size="lg" />
            <div className="min-w-0">
              <h1 className="text-3xl font-bold tracking-tight text-balance">{job.title}</h1>
              <p className="text-lg text-zinc-700">
                {job.company ? (
                  <a href={board.href(`/companies/${job.company.slug}`)} className="board-link">
                    {job.company_name}
                  </a>
                ) : (
                  job.company_name
                )}
              </p>
            </div>
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-700" aria-label="Job details">
            {place && (
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden className="size-4 text-zinc-500" /> {place}
              </li>
            )}
            {job.job_type && (
              <li className="flex items-center gap-1.5">
                <Briefcase aria-hidden className="size-4 text-zinc-500" /> {jobTypeLabels[job.job_type]}
              </li>
            )}
            {salary && (
              <li className="flex items-center gap-1.5">
                <Banknote aria-hidden className="size-4 text-zinc-500" /> {salary}
              </li>
            )}
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4 text-zinc-500" /> Posted{' '}
              {postedAge(job.published_at)}
            </li>
          </ul>
          <div className="flex flex-wrap items-start gap-3">
            {job.how_to_apply_method === 'form-internal' || applyGated ? (
              <a href={applyGated ? '#apply' : applyHref} className="board-button" rel="nofollow">
                Apply now
              </a>
            ) : (
              <ApplyLink job={job} href={applyHref} />
            )}
            {saveControl(job, 'page')}
          </div>
        </header>
        <BoardProse db={board.db} orgId={board.org.id} html={html} />
        {gated && notice('The rest of this job is for subscribers')}
        <section
          id="apply"
          aria-labelledby="apply-heading"
          className="scroll-mt-8 rounded-lg border border-border p-5"
        >
          <h2 id="apply-heading" className="mb-4 text-xl font-semibold">
            Apply for this job
          </h2>
          {applyGated ? (
            notice('Applying is for subscribers')
          ) : job.how_to_apply_method === 'form-internal' ? (
            <>
              {oneClick && (
                <OneClickApply
                  reviewHref={oneClick.resumeKey ? board.href(`/jobs/${job.slug}/apply-with-profile`) : null}
                  accountHref={board.href('/account#resume-heading')}
                />
              )}
              <ApplyForm
                action={applyAction.bind(null, boardSlug, job.slug)}
                uploadUrl={applyHref}
                honeypotField={HONEYPOT_FIELD}
                maxBytes={RESUME_MAX_BYTES}
              />
            </>
          ) : (
            <div className="space-y-3 text-sm">
              {job.how_to_apply &&
                job.how_to_apply_method !== 'form-external' &&
                job.how_to_apply_method !== 'email' && (
                  <p className="whitespace-pre-line">{job.how_to_apply}</p>
                )}
              <ApplyLink job={job} href={applyHref} />
            </div>
          )}
        </section>
      </div>
      <aside className="space-y-6">
        <section aria-labelledby="company-heading" className="rounded-lg border border-border p-5 text-sm">
          <h2 id="company-heading" className="mb-3 flex items-center gap-2 text-base font-semibold">
            <Building2 aria-hidden className="size-4 text-zinc-500" /> {job.company_name}
          </h2>
          {website && (
            <a
              href={website}
              rel="noopener nofollow"
              className="board-link inline-flex items-center gap-1 break-all"
            >
              {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}{' '}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          )}
          {location && location.locationType !== 'remote' && (
            <p className="mt-3 flex items-start gap-2 text-zinc-700">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
              <a href={board.href(`/locations/${location.slug}`)} className="board-link">
                {location.displayName}
              </a>
            </p>
          )}
          {job.expires_at && (
            <p className="mt-3 text-zinc-700">Open until {longDate(job.expires_at, board.org.locale)}</p>
          )}
          {job.company && (
            <p className="mt-3">
              <a href={board.href(`/companies/${job.company.slug}`)} className="board-link">
                All jobs at {job.company_name}
              </a>
            </p>
          )}
        </section>
        <section aria-labelledby="share-heading" className="space-y-3">
          <h2 id="share-heading" className="text-base font-semibold">
            Share this job
          </h2>
          <ShareLinks url={board.url(`/jobs/${job.slug}`)} title={`${job.title} at ${job.company_name}`} />
        </section>
        {similar.length > 0 && (
          <section aria-labelledby="similar-heading" className="space-y-3">
            <h2 id="similar-heading" className="text-base font-semibold">
              Similar jobs
            </h2>
            <ul className="space-y-3">
              {similar.map((other) => (
                <JobCard
                  key={other.id}
                  job={other}
                  href={board.href(`/jobs/${other.slug}`)}
                  locale={board.org.locale}
                  compact
                  save={saveControl(other)}
                />
              ))}
            </ul>
          </section>
        )}
      </aside>
    </article>
  );
}

/** A member's shortcut: apply with the profile's resume after a review, or how to get there. */
function OneClickApply({ reviewHref, accountHref }: { reviewHref: string | null; accountHref: string }) {
  if (!reviewHref) {
    return (
      <p className="mb-4 text-sm text-zinc-700">
        Add your resume to{' '}
        <a href={accountHref} className="board-link">
          your profile
        </a>{' '}
        to apply to the next job in one click.
      </p>
    );
  }
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-border bg-muted/50 p-4">
      <a href={reviewHref} className="board-button" rel="nofollow">
        Apply with your profile
      </a>
      <p className="text-sm text-zinc-700">You see what is sent before it goes. Or fill in the form below.</p>
    </div>
  );
}

function ApplyLink({ job, href }: { job: Parameters<typeof applyTarget>[0]; href: string }) {
  const target = applyTarget(job);
  if (target?.kind === 'email') {
    return (
      <a href={`mailto:${target.address}`} className="board-button">
        <Mail aria-hidden className="size-4" /> Apply by email
      </a>
    );
  }
  if (target?.kind === 'external') {
    return (
      <a href={href} rel="nofollow noopener" className="board-button">
        Apply on company site <ExternalLink aria-hidden className="size-4" />
      </a>
    );
  }
  return null;
}
