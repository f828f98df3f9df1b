import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Table, TableHead } from '@/components/ui/table';
import { scaleTicks } from '../_components/chart-scale';
import { ChartXLabels } from '../_components/chart-x-labels';
import { ChartYAxis } from '../_components/chart-y-axis';
import { areaPath, countScale, formatCount, linePath, linePoints } from './numbers';

export interface TrendSeries {
  name: string;
  values: number[];
  /** A line with dots in the accent, or a light filled area behind it: told apart by shape, not colour only. */
  style: 'line' | 'area';
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

// The SVG is drawn in a 100 × 100 box stretched to the plot; strokes keep their width
// (non-scaling-stroke), and dots and labels are HTML so that they do not stretch.
const BOX = 100;
/** Past this many buckets, dots crowd the line more than they help. */
const MOST_DOTS = 14;

/**
 * Series over time on one scale, with a y axis and the `labels` of the buckets under it. The drawing
 * is hidden from screen readers: TrendTable carries the same numbers.
 */
export function TrendChart({
  series,
  labels,
  mostLabels = 7,
  plotClassName = 'h-56',
  testId,
}: {
  series: TrendSeries[];
  labels: string[];
  mostLabels?: number;
  plotClassName?: string;
  testId?: string;
}) {
  const { max, step } = countScale(Math.max(0, ...series.flatMap((one) => one.values)));
  const ticks = scaleTicks({ max, step });
  const at = (value: number) => `${(value / max) * 100}%`;
  const xAt = (index: number) => (labels.length > 1 ? `${(index / (labels.length - 1)) * 100}%` : '50%');
  // Areas behind lines, whatever the legend's order.
  const drawn = [
    ...series.filter((one) => one.style === 'area'),
    ...series.filter((one) => one.style === 'line'),
  ];
  return (
    <figure className="grid gap-3" data-testid={testId}>
      <div className="grid grid-cols-[2.5rem_1fr] gap-2 pt-2" aria-hidden>
        <ChartYAxis ticks={ticks} max={max} format={compact.format} className={plotClassName} />
        <div className="min-w-0 px-1.5">
          <div className={cn('relative', plotClassName)}>
            {ticks.map((tick) => (
              <div
                key={tick}
                className={cn('absolute -inset-x-1.5 h-px', tick === 0 ? 'bg-zinc-300' : 'bg-border')}
                style={{ bottom: at(tick) }}
              />
            ))}
            <svg
              aria-hidden
              viewBox={`0 0 ${BOX} ${BOX}`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
            >
              {drawn.map((one) => {
                const points = linePoints(one.values, BOX, BOX, max);
                return one.style === 'area' ? (
                  <g key={one.name}>
                    <path d={areaPath(points, BOX)} className="fill-sky-500/15" />
                    <path
                      d={linePath(points)}
                      className="fill-none stroke-sky-600"
                      strokeWidth={1.5}
                      vectorEffect="non-scaling-stroke"
                    />
                  </g>
                ) : (
                  <path
                    key={one.name}
                    d={linePath(points)}
                    className="fill-none stroke-primary"
                    strokeWidth={2.5}
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                  />
                );
              })}
            </svg>
            {drawn
              .filter((one) => one.style === 'line' && one.values.length <= MOST_DOTS)
              .flatMap((one) =>
                one.values.map((value, index) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: a bucket's place is its identity
                    key={`${one.name}-${index}`}
                    className="absolute size-2 -translate-x-1/2 translate-y-1/2 rounded-full bg-primary ring-2 ring-white"
                    style={{ left: xAt(index), bottom: at(value) }}
                  />
                )),
              )}
          </div>
          <ChartXLabels labels={labels} layout="points" most={mostLabels} className="mt-1.5" />
        </div>
      </div>
      {series.length > 1 ? (
        <figcaption className="flex flex-wrap gap-x-5 gap-y-1 pl-12 text-xs text-muted-foreground">
          {series.map((one) => (
            <span key={one.name} className="flex items-center gap-1.5">
              {one.style === 'area' ? (
                <span className="inline-block h-3 w-5 border-t-[1.5px] border-sky-600 bg-sky-500/15" />
              ) : (
                <span className="relative inline-block h-0.5 w-5 bg-primary">
                  <span className="absolute top-1/2 left-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary" />
                </span>
              )}
              {one.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The chart's numbers for everyone who does not read lines: one row a bucket, newest first. */
export function TrendTable({
  caption,
  bucketHeader,
  labels,
  series,
  testId,
}: {
  caption: string;
  bucketHeader: string;
  labels: string[];
  series: Pick<TrendSeries, 'name' | 'values'>[];
  testId?: string;
}) {
  const rows = labels.map((label, index) => ({ label, index })).reverse();
  return (
    <Table label={caption} testId={testId}>
      <caption className="sr-only">{caption}</caption>
      <TableHead>
        <th scope="col" className="py-2 pr-4 font-medium">
          {bucketHeader}
        </th>
        {series.map((one) => (
          <th key={one.name} scope="col" className="py-2 pl-4 text-right font-medium">
            {one.name}
          </th>
        ))}
      </TableHead>
      <tbody className="tabular-nums">
        {rows.map(({ label, index }) => (
          <tr key={index} className="border-b border-border last:border-0">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal">
              {label}
            </th>
            {series.map((one) => (
              <td key={one.name} className="py-1.5 pl-4 text-right">
                {formatCount(one.values[index] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A disclosure with the table under a chart, as the payments page has. */
export function NumbersAsTable({ children }: { children: ReactNode }) {
  return (
    <details>
      <summary className="w-fit cursor-pointer rounded-sm text-sm font-medium text-primary">
        Show the numbers as a table
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
