import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import { type OverviewPeriod, overviewPeriods } from './numbers';

/** The periods as plain links (`?period=`), the current one marked for screen readers too. */
export function PeriodNav({ current }: { current: OverviewPeriod }) {
  return (
    <nav aria-label="Period">
      <ul className="flex flex-wrap rounded-lg border border-border bg-white p-0.5 shadow-sm">
        {overviewPeriods.map((period) => {
          const active = period.value === current.value;
          return (
            <li key={period.value}>
              <Link
                href={`/dashboard?period=${period.value}`}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-1.5 text-sm whitespace-nowrap',
                  active ? 'bg-primary font-medium text-primary-foreground' : 'text-zinc-700 hover:bg-muted',
                )}
              >
                {period.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
