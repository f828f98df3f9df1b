import type { SalaryStats } from '@/lib/salaries/schemas';
import { niceScale, scaleTicks } from '../_components/chart-scale';
import { moneyFormatter } from './format';

type Row = SalaryStats['by_category'][number];

/** Horizontal bars of the median salary per category, with the middle half (p25–p75) as a band. */
export function SalaryChart({ rows, currency }: { rows: Row[]; currency: string | null }) {
  const money = moneyFormatter(currency);
  const { max, step } = niceScale(Math.max(...rows.map((row) => row.p75)));
  const ticks = scaleTicks({ max, step });
  const at = (value: number) => `${(value / max) * 100}%`;
  return (
    <figure data-testid="salary-chart" className="grid gap-3">
      <div className="grid gap-2.5">
        {rows.map((row) => (
          <div
            key={row.id}
            data-testid="salary-bar"
            className="grid grid-cols-[9rem_1fr_5.5rem] items-center gap-3 text-sm"
          >
            <div className="min-w-0">
              <div className="truncate font-medium" title={row.name}>
                {row.name}
              </div>
              <div className="text-xs text-muted-foreground">
                {row.count} job{row.count === 1 ? '' : 's'}
              </div>
            </div>
            <div className="relative h-7" aria-hidden>
              {ticks.map((tick) => (
                <div key={tick} className="absolute inset-y-0 w-px bg-border" style={{ left: at(tick) }} />
              ))}
              <div
                className="absolute inset-y-1 left-0 rounded-r-sm bg-primary/20"
                style={{ width: at(row.median) }}
              />
              <div
                className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-primary/60"
                style={{ left: at(row.p25), width: at(Math.max(row.p75 - row.p25, 0)) }}
              />
              <div className="absolute inset-y-0 w-0.5 bg-primary" style={{ left: at(row.median) }} />
            </div>
            <div className="text-right font-medium tabular-nums">
              {money.short(row.median)}
              <span className="sr-only">
                {' '}
                median; middle half {money.full(row.p25)} to {money.full(row.p75)}
              </span>
            </div>
          </div>
        ))}
      </div>
      <div className="grid grid-cols-[9rem_1fr_5.5rem] gap-3 text-xs text-muted-foreground" aria-hidden>
        <div />
        <div className="relative h-4">
          {ticks.map((tick, index) => (
            <span
              key={tick}
              className={
                index === 0
                  ? 'absolute'
                  : index === ticks.length - 1
                    ? 'absolute -translate-x-full'
                    : 'absolute -translate-x-1/2'
              }
              style={{ left: at(tick) }}
            >
              {money.short(tick)}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-5 rounded-sm bg-primary/20" /> median (line marks it)
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2 w-5 rounded-full bg-primary/60" /> middle half of jobs (25th–75th
          percentile)
        </span>
        <span>Annual salaries; a category needs 3 salaried jobs to appear.</span>
      </figcaption>
    </figure>
  );
}
