import { Banknote, Briefcase, Clock, MapPin } from 'lucide-react';
import { formatSalary, jobPlace, postedAge } from '@/lib/board/format';
import type { JobOut } from '@/lib/jobs/schemas';
import { jobTypeLabels } from '@/lib/jobs/schemas';

/** One job in a list: the whole card is its title link's target area. */
export function JobCard({ job, href, compact = false }: { job: JobOut; href: string; compact?: boolean }) {
  const salary = formatSalary(job);
  const place = jobPlace(job);
  return (
    <li className="relative rounded-lg border border-border bg-white p-4 transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-primary sm:p-5">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 className="text-base font-semibold leading-snug">
            <a href={href} className="after:absolute after:inset-0 focus-visible:outline-none">
              {job.title}
            </a>
          </h3>
          <p className="text-sm text-zinc-700">{job.company_name}</p>
        </div>
        {job.category && !compact && (
          <span className="w-fit shrink-0 rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-zinc-700">
            {job.category}
          </span>
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
        {salary && !compact && (
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
