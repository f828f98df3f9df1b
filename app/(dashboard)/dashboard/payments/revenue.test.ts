import { describe, expect, it } from 'vitest';
import { lastMonths, monthLabel, monthTotals, revenueSeries, toMinorUnits } from './revenue';

const months = lastMonths(new Date('2026-03-15T10:00:00Z'), 4);

describe('revenue for the chart', () => {
  it('names the last months, oldest first, across a year boundary', () => {
    expect(months).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(lastMonths(new Date('2026-01-31T23:59:59Z'))).toHaveLength(12);
    expect(lastMonths(new Date('2026-01-31T23:59:59Z'))[0]).toBe('2025-02');
  });

  it('makes one series per currency, the largest first, with empty months as 0', () => {
    const series = revenueSeries(
      [
        { month: '2025-12', currency: 'EUR', amount: 9, payments: 1 },
        { month: '2026-01', currency: 'USD', amount: 49.5, payments: 1 },
        { month: '2026-03', currency: 'USD', amount: 98, payments: 2 },
        { month: '2026-03', currency: 'EUR', amount: 18, payments: 2 },
        // Older than the chart: left out.
        { month: '2025-11', currency: 'USD', amount: 1000, payments: 3 },
      ],
      months,
    );
    expect(series).toEqual([
      { currency: 'USD', amounts: [0, 49.5, 0, 98], payments: [0, 1, 0, 2], total: 147.5 },
      { currency: 'EUR', amounts: [9, 0, 0, 18], payments: [1, 0, 0, 2], total: 27 },
    ]);
  });

  it('has no series without revenue', () => {
    expect(revenueSeries([], months)).toEqual([]);
  });

  it('totals one month by currency, leaving out the currencies that took nothing', () => {
    const series = revenueSeries(
      [
        { month: '2026-02', currency: 'USD', amount: 10, payments: 1 },
        { month: '2026-03', currency: 'EUR', amount: 5.5, payments: 1 },
      ],
      months,
    );
    expect(monthTotals(series, months, '2026-03')).toEqual([{ currency: 'EUR', amount: 5.5 }]);
    expect(monthTotals(series, months, '2026-02')).toEqual([{ currency: 'USD', amount: 10 }]);
    expect(monthTotals(series, months, '2024-01')).toEqual([]);
  });

  it.each([
    [49.5, 'USD', 4950],
    [18.99 + 9.99, 'EUR', 2898],
    [5000, 'JPY', 5000],
    [1.234, 'BHD', 1234],
  ])('turns %d %s into %d minor units', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it('labels months in words', () => {
    expect(monthLabel('2026-01', 'en-US')).toBe('Jan 2026');
    expect(monthLabel('2026-01', 'en-US', 'monthName')).toBe('Jan');
    expect(monthLabel('2026-01', 'de-DE', 'monthLong')).toBe('Januar 2026');
    expect(monthLabel('2025-12', 'en-GB', 'monthLong')).toBe('December 2025');
  });
});
