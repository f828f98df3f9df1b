import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { areaPath, type Change, describeChange, linePath, linePoints, toneOf } from './numbers';

const toneClasses = {
  good: 'bg-success/10 text-success',
  bad: 'bg-destructive/10 text-destructive',
  neutral: 'bg-zinc-100 text-zinc-700',
};

/** `+12%` with an arrow; the sign and a sentence for screen readers carry it, the colour only adds. */
export function ChangeBadge({
  change,
  previous,
  unit = 'percent',
  better = 'higher',
}: {
  change: Change;
  /** The period compared with: `yesterday`, `the 30 days before`. */
  previous: string;
  unit?: 'percent' | 'points';
  better?: 'higher' | 'lower';
}) {
  const { short, spoken } = describeChange(change, previous, unit);
  const Arrow = change.kind === 'up' || change.kind === 'new' ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs font-medium tabular-nums',
        toneClasses[toneOf(change, better)],
      )}
    >
      {change.kind === 'up' || change.kind === 'down' || change.kind === 'new' ? (
        <Arrow aria-hidden className="size-3.5" />
      ) : null}
      <span aria-hidden>{short}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}

const SPARK_WIDTH = 100;
const SPARK_HEIGHT = 30;

/** The metric's course over the period, drawn only: the number and its change say it in words. */
function Sparkline({ values, className }: { values: number[]; className: string }) {
  const points = linePoints(values, SPARK_WIDTH, SPARK_HEIGHT);
  return (
    <svg
      aria-hidden
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      preserveAspectRatio="none"
      className={cn('w-full overflow-visible', className)}
    >
      <path d={areaPath(points, SPARK_HEIGHT)} className="fill-primary/10" />
      <path
        d={linePath(points)}
        className="fill-none stroke-primary"
        strokeWidth={1.5}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** One headline number of the period (a `dt`/`dd` pair inside a `dl`), its change and its sparkline. */
export function MetricCard({
  label,
  value,
  values,
  size = 'lg',
  testId,
  children,
}: {
  label: string;
  value: ReactNode;
  /** Per bucket, for the sparkline. */
  values: number[];
  size?: 'lg' | 'sm';
  testId: string;
  /** The ChangeBadge. */
  children: ReactNode;
}) {
  return (
    <Card className={cn('flex flex-col', size === 'lg' ? 'gap-2 p-5' : 'gap-1.5 px-4 py-3.5')}>
      <dt className="break-words text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="grid gap-3">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span
            data-testid={testId}
            className={cn(
              'font-semibold tabular-nums tracking-tight',
              size === 'lg' ? 'text-3xl' : 'text-xl',
            )}
          >
            {value}
          </span>
          {children}
        </span>
        <Sparkline values={values} className={size === 'lg' ? 'h-10' : 'h-6'} />
      </dd>
    </Card>
  );
}
