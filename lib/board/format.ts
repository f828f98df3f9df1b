// How the board writes salaries, ages and job types for people.
import { formatDate } from '@/lib/core/format';
import { DAY_MS } from '@/lib/core/time';
import type { JobOut } from '@/lib/jobs/schemas';

const periodLabel = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
} as const;

// Building an Intl.NumberFormat costs far more than formatting with one (a job page writes up to ten
// amounts), so each currency's formats are built once.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string | null, digits: number): Intl.NumberFormat {
  const key = `${currency ?? ''}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      'en-US',
      currency
        ? { style: 'currency', currency, maximumFractionDigits: digits, minimumFractionDigits: 0 }
        : { maximumFractionDigits: digits },
    );
    moneyFormats.set(key, format);
  }
  return format;
}

function money(amount: number, currency: string | null): string {
  return moneyFormat(currency, amount % 1 === 0 ? 0 : 2).format(amount);
}

/** `$120,000 – $150,000 a year`, `From €50 an hour`, or null without a salary. */
export function formatSalary(
  job: Pick<JobOut, 'salary_min' | 'salary_max' | 'salary_currency' | 'salary_period'>,
): string | null {
  const { salary_min: min, salary_max: max, salary_currency: currency } = job;
  if (min === null && max === null) return null;
  const period = job.salary_period
    ? ` a${job.salary_period === 'hourly' ? 'n' : ''} ${periodLabel[job.salary_period]}`
    : '';
  if (min !== null && max !== null && min !== max)
    return `${money(min, currency)} – ${money(max, currency)}${period}`;
  if (min !== null && max === null) return `From ${money(min, currency)}${period}`;
  if (min === null && max !== null) return `Up to ${money(max, currency)}${period}`;
  return `${money(min!, currency)}${period}`;
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

/** `Berlin`, `Remote`, or `Remote · Berlin` for a remote job that names a place. */
export function jobPlace(job: Pick<JobOut, 'is_remote' | 'location'>): string | null {
  const location = job.location?.trim() || null;
  if (!job.is_remote) return location;
  return location && !/^remote$/i.test(location) ? `Remote · ${location}` : 'Remote';
}
