import { describe, expect, it } from 'vitest';
import {
  areaPath,
  bucketLabel,
  changeOf,
  countOf,
  countScale,
  describeChange,
  durationWords,
  formatDuration,
  linePath,
  linePoints,
  periodFrom,
  startedBuckets,
  toneOf,
} from './numbers';

describe('periods', () => {
  it('reads ?period= and falls back to the last 30 days', () => {
    expect(periodFrom('7d')).toMatchObject({ label: '7 days', previous: 'the 7 days before' });
    expect(periodFrom('day')).toMatchObject({ label: 'Today', interval: 'hour' });
    expect(periodFrom('12mo').interval).toBe('month');
    for (const value of [undefined, 'custom', 'month', ['7d', 'day']])
      expect(periodFrom(value).value).toBe('30d');
  });
});

describe('changes against the period before', () => {
  it.each([
    [112, 100, 'percent', { kind: 'up', amount: 12 }, '+12%', 'up 12% from the 30 days before'],
    [95, 100, 'percent', { kind: 'down', amount: 5 }, '\u22125%', 'down 5% from the 30 days before'],
    [1, 3, 'percent', { kind: 'down', amount: 67 }, '\u221267%', 'down 67% from the 30 days before'],
    [100, 100, 'percent', { kind: 'same' }, '0%', 'no change from the 30 days before'],
    [0, 0, 'percent', { kind: 'same' }, '0%', 'no change from the 30 days before'],
    [4, 0, 'percent', { kind: 'new' }, 'New', 'none in the 30 days before'],
    [
      40,
      55,
      'points',
      { kind: 'down', amount: 15 },
      '\u221215 pts',
      'down 15 percentage points from the 30 days before',
    ],
    [
      60,
      0,
      'points',
      { kind: 'up', amount: 60 },
      '+60 pts',
      'up 60 percentage points from the 30 days before',
    ],
    [60, null, 'points', { kind: 'none' }, '—', 'no visits in the 30 days before to compare with'],
  ] as const)('%s against %s (%s)', (current, previous, unit, change, short, spoken) => {
    expect(changeOf(current, previous, unit)).toEqual(change);
    expect(describeChange(changeOf(current, previous, unit), 'the 30 days before', unit)).toEqual({
      short,
      spoken,
    });
  });

  it('colours by whether higher is better, and never colours what cannot be compared', () => {
    expect(toneOf(changeOf(120, 100), 'higher')).toBe('good');
    expect(toneOf(changeOf(80, 100), 'higher')).toBe('bad');
    expect(toneOf(changeOf(60, 40, 'points'), 'lower')).toBe('bad');
    expect(toneOf(changeOf(30, 40, 'points'), 'lower')).toBe('good');
    expect(toneOf(changeOf(3, 0), 'higher')).toBe('good');
    expect(toneOf(changeOf(5, null), 'higher')).toBe('neutral');
    expect(toneOf(changeOf(5, 5), 'higher')).toBe('neutral');
  });
});

describe('durations', () => {
  it.each([
    [0, '0s', '0 seconds'],
    [1, '1s', '1 second'],
    [59.6, '1m 00s', '1 minute 0 seconds'],
    [65, '1m 05s', '1 minute 5 seconds'],
    [3725, '1h 02m', '1 hour 2 minutes'],
  ])('%s seconds', (seconds, short, words) => {
    expect(formatDuration(seconds)).toBe(short);
    expect(durationWords(seconds)).toBe(words);
  });
});

describe('chart shapes', () => {
  it('spreads values across the box, the largest at the top and zeros on the bottom edge', () => {
    expect(linePoints([0, 5, 10], 100, 40)).toEqual([
      [0, 40],
      [50, 20],
      [100, 0],
    ]);
    expect(linePoints([3], 100, 40)).toEqual([[50, 0]]);
    expect(linePoints([0, 0], 100, 40)).toEqual([
      [0, 40],
      [100, 40],
    ]);
    // A shared scale: the axis maximum, not the series', is the top.
    expect(linePoints([5], 100, 40, 20)).toEqual([[50, 30]]);
  });

  it('draws the line and the area under it as SVG paths', () => {
    const points = linePoints([1, 2, 0], 10, 10);
    expect(linePath(points)).toBe('M0 5 L5 0 L10 10');
    expect(areaPath(points, 10)).toBe('M0 5 L5 0 L10 10 L10 10 L0 10 Z');
    expect(linePath(linePoints([1, 2, 3], 100, 3))).toBe('M0 2 L50 1 L100 0');
    expect(areaPath([], 10)).toBe('');
  });

  it('scales counts to whole-number ticks', () => {
    expect(countScale(0)).toEqual({ max: 1, step: 1 });
    expect(countScale(1)).toEqual({ max: 1, step: 1 });
    expect(countScale(3)).toEqual({ max: 3, step: 1 });
    expect(countScale(7)).toEqual({ max: 9, step: 3 });
    expect(countScale(12)).toEqual({ max: 15, step: 5 });
    expect(countScale(2400)).toEqual({ max: 2500, step: 500 });
  });

  it('stops today’s hours at now', () => {
    const hours = ['2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z', '2026-11-24T10:00:00.000Z'].map(
      (date) => ({ date, visitors: 0 }),
    );
    expect(startedBuckets(hours, new Date('2026-11-24T09:30:00Z')).map((point) => point.date)).toEqual([
      '2026-11-24T08:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
    ]);
  });

  it('names buckets in the board’s time zone and locale', () => {
    const newYorkGB = { timezone: 'America/New_York', locale: 'en-GB' };
    const utcUS = { timezone: 'UTC', locale: 'en-US' };
    // Midnight in New York is 05:00 UTC: the bucket is that day, not the one before.
    expect(bucketLabel('2026-11-23T05:00:00.000Z', 'day', newYorkGB)).toBe('23 Nov');
    expect(bucketLabel('2026-11-23T05:00:00.000Z', 'day', newYorkGB, 'long')).toBe('Mon, 23 Nov 2026');
    expect(bucketLabel('2026-11-23T05:00:00.000Z', 'day', { ...newYorkGB, locale: 'en-US' })).toBe('Nov 23');
    expect(bucketLabel('2026-11-24T14:00:00.000Z', 'hour', utcUS)).toBe('14:00');
    expect(bucketLabel('2026-11-01T00:00:00.000Z', 'month', utcUS)).toBe('Nov');
    expect(bucketLabel('2026-11-01T00:00:00.000Z', 'month', utcUS, 'long')).toBe('November 2026');
  });

  it('counts in words', () => {
    expect(countOf(1, 'view')).toBe('1 view');
    expect(countOf(2340, 'view')).toBe('2,340 views');
    expect(countOf(0, 'apply click')).toBe('0 apply clicks');
  });
});
