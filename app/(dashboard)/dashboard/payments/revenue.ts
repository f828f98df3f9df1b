// Revenue rows (month × currency, as revenueByMonth answers) shaped for the chart, its table and the
// month cards. Months are calendar months in UTC, as the query counts them.
import { formatDate } from '@/lib/core/format';
import type { MonthRevenue } from '@/lib/payments';

/** One currency's revenue over the months, in minor units; months without payments are 0. */
export interface RevenueSeries {
  currency: string;
  amounts: number[];
  payments: number[];
  total: number;
}

const monthKey = (year: number, month: number) => {
  const date = new Date(Date.UTC(year, month, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The `count` months up to and including the one `now` is in, oldest first: `2025-02` … `2026-01`. */
export function lastMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, index) =>
    monthKey(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index)),
  );
}

/** One series per currency over `months`, the largest total first. */
export function revenueSeries(rows: MonthRevenue[], months: string[]): RevenueSeries[] {
  const byCurrency = new Map<string, RevenueSeries>();
  for (const row of rows) {
    const index = months.indexOf(row.month);
    if (index < 0) continue;
    let series = byCurrency.get(row.currency);
    if (!series) {
      series = {
        currency: row.currency,
        amounts: months.map(() => 0),
        payments: months.map(() => 0),
        total: 0,
      };
      byCurrency.set(row.currency, series);
    }
    series.amounts[index]! += row.amountMinor;
    series.payments[index]! += row.payments;
    series.total += row.amountMinor;
  }
  return [...byCurrency.values()].sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency));
}

/** What each currency took in one month, the currencies that took nothing left out. */
export function monthTotals(series: RevenueSeries[], months: string[], month: string) {
  const index = months.indexOf(month);
  return series
    .map((one) => ({ currency: one.currency, amountMinor: index < 0 ? 0 : one.amounts[index]! }))
    .filter((total) => total.amountMinor > 0);
}

/** `2026-01` → `Jan 2026` in en-US (`monthName`: `Jan`, `monthLong`: `January 2026`). */
export function monthLabel(
  month: string,
  locale: string,
  style: 'month' | 'monthName' | 'monthLong' = 'month',
): string {
  const [year, number] = month.split('-').map(Number);
  return formatDate(Date.UTC(year!, number! - 1, 1), locale, style);
}
