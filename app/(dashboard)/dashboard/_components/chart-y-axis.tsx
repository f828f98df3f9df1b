import { cn } from '@/components/ui/cn';

/**
 * The value labels beside a chart's plot, each at its tick's height; `className` gives the plot's
 * height. Hidden with the drawing it belongs to: the chart's table carries the numbers.
 */
export function ChartYAxis({
  ticks,
  max,
  format,
  className,
}: {
  ticks: number[];
  max: number;
  format: (tick: number) => string;
  className: string;
}) {
  return (
    <div className={cn('relative text-right text-xs text-muted-foreground tabular-nums', className)}>
      {ticks.map((tick) => (
        <span
          key={tick}
          className="absolute right-0 translate-y-1/2"
          style={{ bottom: `${(tick / max) * 100}%` }}
        >
          {format(tick)}
        </span>
      ))}
    </div>
  );
}
