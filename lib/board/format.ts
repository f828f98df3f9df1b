// How the board writes salaries, ages and job types for people.
import { formatDate } from '@/lib/core/format';
import { formatMoney, toMinorUnits } from '@/lib/core/money';
import { DAY_MS } from '@/lib/core/time';
import { type JobOut, workplaceTypeLabels } from '@/lib/jobs/schemas';

const periodLabel = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
} as const;

const money = (amount: number, currency: string, locale: string) =>
  formatMoney(toMinorUnits(amount, currency), currency, locale);

/**
 * `$120,000 – $150,000 a year`, `From €50 an hour`, or null without a salary, the amounts written by
 * formatMoney in the organization's `locale` (salaries are stored in major units). A salary without
 * a currency is null too: no amount of money (salaryProblem in job-posting.ts tells the owner).
 */
export function formatSalary(
  job: Pick<JobOut, 'salary_min' | 'salary_max' | 'salary_currency' | 'salary_period'>,
  locale: string,
): string | null {
  const { salary_min: min, salary_max: max, salary_currency: currency } = job;
  if ((min === null && max === null) || !currency) return null;
  const period = job.salary_period
    ? ` a${job.salary_period === 'hourly' ? 'n' : ''} ${periodLabel[job.salary_period]}`
    : '';
  if (min !== null && max !== null && min !== max)
    return `${money(min, currency, locale)} – ${money(max, currency, locale)}${period}`;
  if (min !== null && max === null) return `From ${money(min, currency, locale)}${period}`;
  if (min === null && max !== null) return `Up to ${money(max, currency, locale)}${period}`;
  return `${money(min!, currency, locale)}${period}`;
}

/** `today`, `yesterday`, `3 days ago`, `2 weeks ago`, `5 months ago`. */
export function postedAge(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const days = Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 730) return `${Math.floor(days / 30)} months ago`;
  return `${Math.floor(days / 365)} years ago`;
}

/** `March 25, 2026` (en-US), `25 March 2026` (en-GB): the board's dates, in its organization's locale. */
export function longDate(iso: string | Date | null, locale: string): string {
  return iso ? formatDate(iso, locale, 'long') : '';
}

/** `Berlin`, `Remote`, `Remote · Berlin` for a remote job that names a place, `Hybrid · Berlin`. */
export function jobPlace(job: Pick<JobOut, 'workplace_type' | 'location'>): string | null {
  const location = job.location?.trim() || null;
  if (job.workplace_type === 'on_site') return location;
  const label = workplaceTypeLabels[job.workplace_type];
  return location && location.toLowerCase() !== label.toLowerCase() ? `${label} · ${location}` : label;
}
