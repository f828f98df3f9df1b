import { Banknote, Briefcase, Clock, MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatSalary, jobPlace, postedAge } from '@/lib/board/format';
import type { JobOut } from '@/lib/jobs/schemas';
import { jobTypeLabels } from '@/lib/jobs/schemas';
import { CompanyLogo } from './company-logo';

/** Paid featured placement, in words (not colour alone): dark amber on light amber is AA. */
export function FeaturedBadge() {
  return (
    <span className="inline-flex w-fit shrink-0 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      <Star aria-hidden className="size-3.5 fill-current" /> Featured
    </span>
  );
}

/** The id of a card's title link, which its save control is described by. */
export const jobCardTitleId = (jobId: string) => `card-title-${jobId}`;

/**
 * One job in a list: the whole card is its title link's target area; featured jobs wear a badge.
 * `save` (the save control) sits above that area, so it takes its own clicks.
 */
export function JobCard({
  job,
  href,
  locale,
  compact = false,
  save,
}: {
  job: JobOut;
  href: string;
  /** The organization's, for the salary. */
  locale: string;
  compact?: boolean;
  save?: ReactNode;
}) {
  const salary = compact ? null : formatSalary(job, locale);
  const place = jobPlace(job);
  return (
    <li
      className={`relative rounded-lg border bg-white p-4 transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-primary sm:p-5 ${job.featured ? 'border-amber-300' : 'border-border'}`}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="flex min-w-0 items-start gap-3">
          {!compact && <CompanyLogo name={job.company_name} company={job.company} />}
          <div className="min-w-0">
            <h3 className="text-base font-semibold leading-snug">
              <a
                id={jobCardTitleId(job.id)}
                href={href}
                className="after:absolute after:inset-0 focus-visible:outline-none"
              >
                {job.title}
              </a>
            </h3>
            <p className="text-sm text-zinc-700">{job.company_name}</p>
          </div>
        </div>
        {(job.featured || (job.category && !compact) || save) && (
          <div className="flex shrink-0 flex-wrap items-start gap-2">
            {job.featured && <FeaturedBadge />}
            {job.category && !compact && (
              <span className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-zinc-700">
                {job.category}
              </span>
            )}
            {save}
          </div>
        )}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700" aria-label="Details">
        {place && (
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden className="size-4 text-zinc-500" /> {place}
          </li>
        )}
        {job.job_type && !compact && (
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
          <Clock aria-hidden className="size-4 text-zinc-500" /> Posted {postedAge(job.published_at)}
        </li>
      </ul>
    </li>
  );
}
