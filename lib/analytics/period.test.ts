// Every period a query can name, as the organization's calendar days, with its default buckets.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { type PeriodInput, previousRange, resolveRange, today } from './period';

// 20:00 UTC on Tuesday 24 November 2026: already the 25th in Tokyo, still the 24th in New York.
const NOW = new Date('2026-11-24T20:00:00Z');

describe('resolveRange', () => {
  it.each([
    [{ period: 'day' }, { from: '2026-11-24', to: '2026-11-24', interval: 'hour' }],
    [{ period: '7d' }, { from: '2026-11-18', to: '2026-11-24', interval: 'day' }],
    [{ period: '30d' }, { from: '2026-10-26', to: '2026-11-24', interval: 'day' }],
    [{ period: 'month' }, { from: '2026-11-01', to: '2026-11-30', interval: 'day' }],
    [{ period: '12mo' }, { from: '2025-12-01', to: '2026-11-30', interval: 'month' }],
    [
      { period: 'custom', date_from: '2026-02-27', date_to: '2026-03-02' },
      { from: '2026-02-27', to: '2026-03-02', interval: 'day' },
    ],
    [
      { period: '30d', interval: 'month' },
      { from: '2026-10-26', to: '2026-11-24', interval: 'month' },
    ],
    [
      { period: '7d', interval: 'hour' },
      { from: '2026-11-18', to: '2026-11-24', interval: 'hour' },
    ],
  ] satisfies [PeriodInput, object][])('%o is %o', (input, range) => {
    expect(resolveRange(input, 'UTC', NOW)).toEqual({ ...range, timezone: 'UTC' });
  });

  it('counts days where the organization is', () => {
    expect(resolveRange({ period: 'day' }, 'Asia/Tokyo', NOW)).toMatchObject({
      from: '2026-11-25',
      to: '2026-11-25',
      timezone: 'Asia/Tokyo',
    });
    expect(resolveRange({ period: '7d' }, 'America/New_York', NOW)).toMatchObject({
      from: '2026-11-18',
      to: '2026-11-24',
    });
    expect(today('Pacific/Kiritimati', NOW)).toBe('2026-11-25');
  });

  it('takes a month back across a year and a leap day', () => {
    const january = new Date('2028-01-15T12:00:00Z');
    expect(resolveRange({ period: '12mo' }, 'UTC', january)).toMatchObject({
      from: '2027-02-01',
      to: '2028-01-31',
    });
    expect(resolveRange({ period: 'month' }, 'UTC', new Date('2028-02-10T00:00:00Z'))).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it.each([
    [{ period: 'custom', date_from: '2026-11-01' }, 'date_to', 'period=custom needs date_from and date_to.'],
    [{ period: 'custom', date_to: '2026-11-01' }, 'date_from', 'period=custom needs date_from and date_to.'],
    [
      { period: 'custom', date_from: '2026-11-10', date_to: '2026-11-01' },
      'date_to',
      'date_to is before date_from.',
    ],
    [
      { period: 'custom', date_from: '2023-11-22', date_to: '2026-11-24' },
      'date_to',
      'A range is at most 3 years.',
    ],
    [{ period: '7d', date_from: '2026-11-01' }, 'date_from', 'date_from and date_to go with period=custom.'],
    [
      { period: '12mo', interval: 'hour' },
      'interval',
      'interval=hour covers at most 31 days; use day or month.',
    ],
  ] satisfies [PeriodInput, string, string][])('refuses %o on %s', (input, field, message) => {
    let error: unknown;
    try {
      resolveRange(input, 'UTC', NOW);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation_error', message });
    expect((error as AppError).details).toEqual([expect.objectContaining({ path: [field] })]);
  });

  it('allows 3 × 366 days, and 31 days of hours', () => {
    expect(
      resolveRange({ period: 'custom', date_from: '2023-11-23', date_to: '2026-11-24' }, 'UTC', NOW).from,
    ).toBe('2023-11-23');
    expect(
      resolveRange(
        { period: 'custom', date_from: '2026-10-01', date_to: '2026-10-31', interval: 'hour' },
        'UTC',
        NOW,
      ).interval,
    ).toBe('hour');
  });
});

describe('previousRange', () => {
  it('is the same number of days just before', () => {
    const week = resolveRange({ period: '7d' }, 'UTC', NOW);
    expect(previousRange(week)).toEqual({ ...week, from: '2026-11-11', to: '2026-11-17' });
    const month = resolveRange({ period: 'month' }, 'UTC', NOW);
    expect(previousRange(month)).toMatchObject({ from: '2026-10-02', to: '2026-10-31' });
  });
});
