import { describe, expect, it } from 'vitest';
import { lastMonths, monthLabel, monthTotals, revenueSeries } from './revenue';

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
        { month: '2025-12', currency: 'EUR', amountMinor: 900, payments: 1 },
        { month: '2026-01', currency: 'USD', amountMinor: 4950, payments: 1 },
        { month: '2026-03', currency: 'USD', amountMinor: 9800, payments: 2 },
        { month: '2026-03', currency: 'EUR', amountMinor: 1800, payments: 2 },
        // Older than the chart: left out.
        { month: '2025-11', currency: 'USD', amountMinor: 100000, payments: 3 },
      ],
      months,
    );
    expect(series).toEqual([
      { currency: 'USD', amounts: [0, 4950, 0, 9800], payments: [0, 1, 0, 2], total: 14750 },
      { currency: 'EUR', amounts: [900, 0, 0, 1800], payments: [1, 0, 0, 2], total: 2700 },
    ]);
  });

  it('has no series without revenue', () => {
    expect(revenueSeries([], months)).toEqual([]);
  });

  it('totals one month by currency, leaving out the currencies that took nothing', () => {
    const series = revenueSeries(
      [
        { month: '2026-02', currency: 'USD', amountMinor: 1000, payments: 1 },
        { month: '2026-03', currency: 'EUR', amountMinor: 550, payments: 1 },
      ],
      months,
    );
    expect(monthTotals(series, months, '2026-03')).toEqual([{ currency: 'EUR', amountMinor: 550 }]);
    expect(monthTotals(series, months, '2026-02')).toEqual([{ currency: 'USD', amountMinor: 1000 }]);
    expect(monthTotals(series, months, '2024-01')).toEqual([]);
  });

  it('labels months in words', () => {
    expect(monthLabel('2026-01', 'en-US')).toBe('Jan 2026');
    expect(monthLabel('2026-01', 'en-US', 'monthName')).toBe('Jan');
    expect(monthLabel('2026-01', 'de-DE', 'monthLong')).toBe('Januar 2026');
    expect(monthLabel('2025-12', 'en-GB', 'monthLong')).toBe('December 2025');
  });
});
