import { Banknote, Briefcase, Building2, CalendarDays, ExternalLink, Mail, MapPin } from 'lucide-react';
import type { Metadata } from 'next';
import { ApplyForm } from '@/components/board/apply-form';
import { JobCard } from '@/components/board/job-card';
import { PaywallNotice } from '@/components/board/paywall-notice';
import { boardProseClass } from '@/components/editor/board-prose';
import { applyTarget } from '@/lib/applications';
import { HONEYPOT_FIELD, RESUME_MAX_BYTES } from '@/lib/applications/schemas';
import { formatSalary, jobPlace, longDate, postedAge } from '@/lib/board/format';
import { jobPostingJsonLd, jsonLdScript, paywalledPageJsonLd } from '@/lib/board/job-posting';
import { similarJobs } from '@/lib/board/queries';
import { jobTypeLabels } from '@/lib/jobs/schemas';
import { applyingGated, jobBehindPaywall, jobTeaser, jobTeaserHtml } from '@/lib/payments';
import { boardMetadata } from '../../board';
import { currentMember, currentPaywall } from '../../member';
import { applyAction } from './actions';
import { GoneJob } from './gone-job';
import { type JobParams, loadJob } from './job';

export async function generateMetadata({ params }: { params: JobParams }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  return boardMetadata(board, {
    title: `${job.title} at ${job.company_name} · ${board.look.name}`,
    description: jobTeaser(job.description),
    path: `/jobs/${job.slug}`,
    type: 'article',
    noindex: job.status !== 'active',
  });
}

export default async function JobPage({ params }: { params: JobParams }) {
  const { board: boardSlug, slug } = await params;
  const { board, job, location } = await loadJob(boardSlug, slug);
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
  const salary = formatSalary(job, board.org.locale);
  const place = jobPlace(job);
  const jsonLd = jobPostingJsonLd({
    job,
    descriptionHtml: html,
    location,
    organizationName: board.look.name,
    logoUrl: null,
  });
  const structuredData = applyGated ? [jsonLd, paywalledPageJsonLd(board.url(`/jobs/${job.slug}`))] : jsonLd;
  const applyHref = board.href(`/jobs/${job.slug}/apply`);
  return (
    <article className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (jsonLdScript), a data block no browser runs */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(structuredData) }} />
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
          <h1 className="text-3xl font-bold tracking-tight text-balance">{job.title}</h1>
          <p className="text-lg text-zinc-700">{job.company_name}</p>
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
          {job.how_to_apply_method === 'form-internal' || applyGated ? (
            <a href={applyGated ? '#apply' : applyHref} className="board-button" rel="nofollow">
              Apply now
            </a>
          ) : (
            <ApplyLink job={job} href={applyHref} />
          )}
        </header>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML from descriptionHtml: the content pipeline's allow-list, or escaped plain text */}
        <div className={boardProseClass} dangerouslySetInnerHTML={{ __html: html }} />
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
            <ApplyForm
              action={applyAction.bind(null, boardSlug, job.slug)}
              uploadUrl={applyHref}
              honeypotField={HONEYPOT_FIELD}
              maxBytes={RESUME_MAX_BYTES}
            />
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
          {job.company_website && (
            <a
              href={job.company_website}
              rel="noopener nofollow"
              className="board-link inline-flex items-center gap-1 break-all"
            >
              {job.company_website.replace(/^https?:\/\//, '').replace(/\/$/, '')}{' '}
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
                />
              ))}
            </ul>
          </section>
        )}
      </aside>
    </article>
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
