// The analytics numbers as the dashboard shows them: the periods it offers, changes against the
// period before (in words as well as signs), durations, and the points of sparklines and charts.
import type { Interval } from '@/lib/analytics/schemas';
import { type DateStyle, formatDate } from '@/lib/core/format';
import { niceScale } from '../_components/chart-scale';

export const overviewPeriods = [
  { value: 'day', label: 'Today', span: 'today', previous: 'yesterday', interval: 'hour' },
  { value: '7d', label: '7 days', span: 'the last 7 days', previous: 'the 7 days before', interval: 'day' },
  {
    value: '30d',
    label: '30 days',
    span: 'the last 30 days',
    previous: 'the 30 days before',
    interval: 'day',
  },
  {
    value: '12mo',
    label: '12 months',
    span: 'the last 12 months',
    previous: 'the 12 months before',
    interval: 'month',
  },
] as const satisfies readonly {
  value: string;
  label: string;
  span: string;
  previous: string;
  interval: Interval;
}[];

export type OverviewPeriod = (typeof overviewPeriods)[number];

/** The period a `?period=` value names; anything else is the last 30 days. */
export function periodFrom(value: string | string[] | undefined): OverviewPeriod {
  return overviewPeriods.find((period) => period.value === value) ?? overviewPeriods[2];
}

export type Change =
  | { kind: 'up' | 'down'; amount: number }
  | { kind: 'same' }
  /** Something now, nothing before: no percent to give. */
  | { kind: 'new' }
  /** The period before has nothing to compare with (a rate of no visits). */
  | { kind: 'none' };

/**
 * `current` against `previous` (null: nothing to compare with). Counts change in percent of the
 * previous value; rates (`points`) in percentage points, as a percent of a percent misleads.
 */
export function changeOf(
  current: number,
  previous: number | null,
  unit: 'percent' | 'points' = 'percent',
): Change {
  if (previous === null) return { kind: 'none' };
  if (unit === 'percent' && previous === 0) return current === 0 ? { kind: 'same' } : { kind: 'new' };
  const amount = unit === 'points' ? current - previous : Math.round(((current - previous) / previous) * 100);
  if (amount === 0) return { kind: 'same' };
  return { kind: amount > 0 ? 'up' : 'down', amount: Math.abs(amount) };
}

/** What a change shows (`+12%`, `−5%` with a true minus) and what a screen reader says instead. */
export function describeChange(
  change: Change,
  previous: string,
  unit: 'percent' | 'points' = 'percent',
): { short: string; spoken: string } {
  const shortUnit = unit === 'points' ? ' pts' : '%';
  const spokenUnit = unit === 'points' ? ' percentage points' : '%';
  switch (change.kind) {
    case 'up':
      return {
        short: `+${change.amount}${shortUnit}`,
        spoken: `up ${change.amount}${spokenUnit} from ${previous}`,
      };
    case 'down':
      return {
        short: `\u2212${change.amount}${shortUnit}`,
        spoken: `down ${change.amount}${spokenUnit} from ${previous}`,
      };
    case 'same':
      return { short: `0${shortUnit}`, spoken: `no change from ${previous}` };
    case 'new':
      return { short: 'New', spoken: `none in ${previous}` };
    case 'none':
      return { short: '—', spoken: `no visits in ${previous} to compare with` };
  }
}

/** Whether a change is good news, for its colour: fewer bounces are, shorter visits are not. */
export function toneOf(change: Change, better: 'higher' | 'lower'): 'good' | 'bad' | 'neutral' {
  if (change.kind === 'new') return better === 'higher' ? 'good' : 'neutral';
  if (change.kind !== 'up' && change.kind !== 'down') return 'neutral';
  return (change.kind === 'up') === (better === 'higher') ? 'good' : 'bad';
}

/** `45s`, `1m 05s`, `1h 02m`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}

/** `1 minute 5 seconds`: what formatDuration shows, for screen readers. */
export function durationWords(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (s < 60) return unit(s, 'second');
  if (s < 3600) return `${unit(Math.floor(s / 60), 'minute')} ${unit(s % 60, 'second')}`;
  return `${unit(Math.floor(s / 3600), 'hour')} ${unit(Math.floor((s % 3600) / 60), 'minute')}`;
}

/** Buckets that have begun: today's later hours are not zeros yet, so the line stops at now. */
export const startedBuckets = <T extends { date: string }>(series: T[], now = new Date()): T[] =>
  series.filter((point) => Date.parse(point.date) <= now.getTime());

/**
 * Points of a line through `values` across a `width` × `height` box (y down, as in SVG), `max` at
 * the top; evenly spaced, a single value in the middle. All zeros lie on the bottom edge.
 */
export function linePoints(
  values: number[],
  width: number,
  height: number,
  max = Math.max(0, ...values),
): [number, number][] {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, index) => [
    values.length > 1 ? index * step : width / 2,
    max > 0 ? height - (value / max) * height : height,
  ]);
}

const round = (n: number) => Math.round(n * 100) / 100;

/** An SVG path along the points. */
export const linePath = (points: [number, number][]): string =>
  points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join(' ');

/** The path closed down to the bottom edge, to fill the area under the line. */
export function areaPath(points: [number, number][], height: number): string {
  if (points.length === 0) return '';
  return `${linePath(points)} L${round(points.at(-1)![0])} ${height} L${round(points[0]![0])} ${height} Z`;
}

/** niceScale for counts: whole-number ticks only (no 2.5 visitors). */
export function countScale(value: number): { max: number; step: number } {
  const scale = niceScale(value);
  if (Number.isInteger(scale.step)) return scale;
  const step = Math.ceil(scale.step);
  return { max: Math.max(step, Math.ceil(value / step) * step), step };
}

const bucketStyles: Record<Interval, Record<'short' | 'long', DateStyle>> = {
  hour: { short: 'hour', long: 'hour' },
  day: { short: 'dayMonth', long: 'weekdayDate' },
  month: { short: 'monthName', long: 'monthLong' },
};

/** A bucket's start as the board's time zone reads it: `14:00`, `Nov 23`, `Nov` (long: `Mon, Nov 23, 2026`). */
export function bucketLabel(
  iso: string,
  interval: Interval,
  { timezone, locale }: { timezone: string; locale: string },
  style: 'short' | 'long' = 'short',
): string {
  return formatDate(iso, locale, bucketStyles[interval][style], timezone);
}

const counter = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => counter.format(n);

/** `1 view`, `2,340 views`. */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
