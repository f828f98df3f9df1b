// A query's period as local calendar days of the organization's time zone, and its buckets.
import { DAY_MS } from '@/lib/core/time';
import { invalid } from '@/lib/core/validation';
import type { AnalyticsQuery, Interval } from './schemas';

export interface Range {
  /** First day, `YYYY-MM-DD`, in the time zone. */
  from: string;
  /** Last day, included. */
  to: string;
  interval: Interval;
  timezone: string;
}

/** A period as GET /analytics takes it: a named one, or `custom` with its days; buckets optional. */
export type PeriodInput = Pick<AnalyticsQuery, 'period' | 'date_from' | 'date_to' | 'interval'>;

const MAX_DAYS = 3 * 366;
const MAX_HOURLY_DAYS = 31;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
export const addDaysTo = (day: string, days: number) => dayOf(dayNumber(day) + days);

/** Today's date where the organization is. */
export function today(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function monthStart(day: string, monthsBack = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  return date.toISOString().slice(0, 10);
}

const monthEnd = (day: string) => addDaysTo(monthStart(addDaysTo(monthStart(day), 32)), -1);

/** The query's range; 400 for a custom period without both days, backwards, or over 3 years. */
export function resolveRange(query: PeriodInput, timezone: string, now = new Date()): Range {
  const current = today(timezone, now);
  if (query.period !== 'custom' && (query.date_from || query.date_to)) {
    throw invalid('date_from', 'date_from and date_to go with period=custom.');
  }
  let from: string;
  let to = current;
  switch (query.period) {
    case 'day':
      from = current;
      break;
    case '7d':
      from = addDaysTo(current, -6);
      break;
    case '30d':
      from = addDaysTo(current, -29);
      break;
    case 'month':
      from = monthStart(current);
      to = monthEnd(current);
      break;
    case '12mo':
      from = monthStart(current, 11);
      to = monthEnd(current);
      break;
    case 'custom':
      if (!query.date_from || !query.date_to) {
        throw invalid(
          query.date_from ? 'date_to' : 'date_from',
          'period=custom needs date_from and date_to.',
        );
      }
      from = query.date_from;
      to = query.date_to;
      if (to < from) throw invalid('date_to', 'date_to is before date_from.');
      if (dayNumber(to) - dayNumber(from) + 1 > MAX_DAYS)
        throw invalid('date_to', 'A range is at most 3 years.');
  }
  const interval =
    query.interval ?? (query.period === 'day' ? 'hour' : query.period === '12mo' ? 'month' : 'day');
  if (interval === 'hour' && dayNumber(to) - dayNumber(from) + 1 > MAX_HOURLY_DAYS) {
    throw invalid('interval', `interval=hour covers at most ${MAX_HOURLY_DAYS} days; use day or month.`);
  }
  return { from, to, interval, timezone };
}

/** The same number of days just before. */
export function previousRange(range: Range): Range {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  return { ...range, from: addDaysTo(range.from, -days), to: addDaysTo(range.from, -1) };
}
