import { cn } from '@/components/ui/cn';
import { Table, TableHead } from '@/components/ui/table';
import { formatMoney, toMajorUnits } from '@/lib/core/money';
import { niceScale, scaleTicks } from '../_components/chart-scale';
import { ChartXLabels } from '../_components/chart-x-labels';
import { ChartYAxis } from '../_components/chart-y-axis';
import { moneyFormatter } from '../salaries/format';
import { monthLabel, type RevenueSeries } from './revenue';

/**
 * Columns of revenue per month, one chart per currency (amounts in different currencies do not
 * share a scale). The drawing is hidden from screen readers: RevenueTable carries the same numbers.
 */
export function RevenueChart({
  series,
  months,
  currentMonth,
  locale,
}: {
  series: RevenueSeries;
  months: string[];
  currentMonth: string;
  locale: string;
}) {
  const compact = moneyFormatter(series.currency).short;
  const short = (minor: number) => compact(toMajorUnits(minor, series.currency));
  const { max, step } = niceScale(Math.max(...series.amounts));
  const ticks = scaleTicks({ max, step });
  const at = (value: number) => `${(value / max) * 100}%`;
  return (
    <figure className="grid gap-2" data-testid="revenue-chart">
      <figcaption className="text-sm font-medium">
        In {series.currency} · {formatMoney(series.total, series.currency, locale)} in 12 months
      </figcaption>
      <div className="grid grid-cols-[3.5rem_1fr] gap-2 pt-4" aria-hidden>
        <ChartYAxis ticks={ticks} max={max} format={short} className="h-48" />
        {/* A container: the amounts over the bars show only where the columns are wide enough for them. */}
        <div className="@container">
          <div className="relative h-48 border-b border-border">
            {ticks.map((tick) => (
              <div key={tick} className="absolute inset-x-0 h-px bg-border" style={{ bottom: at(tick) }} />
            ))}
            <div className="absolute inset-0 grid grid-cols-12 gap-1.5 px-1">
              {series.amounts.map((amount, index) => (
                <div key={months[index]} className="relative flex flex-col justify-end">
                  {amount > 0 ? (
                    <>
                      <span className="mb-0.5 hidden text-center text-[0.6875rem] font-medium leading-none tabular-nums @xl:block">
                        {short(amount)}
                      </span>
                      <div
                        className={cn(
                          'min-h-px rounded-t-sm',
                          months[index] === currentMonth ? 'bg-primary/55' : 'bg-primary',
                        )}
                        style={{ height: at(amount) }}
                        data-testid="revenue-bar"
                      />
                    </>
                  ) : null}
                </div>
              ))}
            </div>
          </div>
          <ChartXLabels
            labels={months.map((month) => monthLabel(month, locale, 'monthName'))}
            groups={months.map((month) => month.slice(0, 4))}
            layout="columns"
            className="mt-1 gap-1.5 px-1"
          />
        </div>
      </div>
    </figure>
  );
}

/** The chart's numbers for everyone who does not read bars: month by month, each currency. */
export function RevenueTable({
  series,
  months,
  currentMonth,
  locale,
}: {
  series: RevenueSeries[];
  months: string[];
  currentMonth: string;
  locale: string;
}) {
  return (
    <Table label="Revenue per month" testId="revenue-table">
      <caption className="sr-only">Revenue per month, last 12 months</caption>
      <TableHead>
        <th scope="col" className="py-2 pr-4 font-medium">
          Month
        </th>
        {series.map((one) => (
          <th key={one.currency} scope="col" className="py-2 pr-4 text-right font-medium">
            {series.length > 1 ? `Revenue (${one.currency})` : 'Revenue'}
          </th>
        ))}
        <th scope="col" className="py-2 text-right font-medium">
          Payments
        </th>
      </TableHead>
      <tbody className="tabular-nums">
        {[...months].reverse().map((month) => {
          const index = months.indexOf(month);
          return (
            <tr key={month} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                {monthLabel(month, locale, 'monthLong')}
                {month === currentMonth ? ' (so far)' : ''}
              </th>
              {series.map((one) => (
                <td key={one.currency} className="py-2 pr-4 text-right">
                  {formatMoney(one.amounts[index]!, one.currency, locale)}
                </td>
              ))}
              <td className="py-2 text-right">
                {series.reduce((sum, one) => sum + one.payments[index]!, 0)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
