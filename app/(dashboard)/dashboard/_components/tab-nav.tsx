import Link from 'next/link';
import { cn } from '@/components/ui/cn';

export interface Tab {
  href: string;
  label: string;
}

/**
 * Sibling pages as a row of tab-looking links (a job's edit form and applicants, the settings'
 * sections): the current one marked for screen readers too, and a row that wraps, so nothing
 * scrolls sideways at 320 px.
 */
export function TabNav({ label, tabs, current }: { label: string; tabs: readonly Tab[]; current: string }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-border">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => {
          const active = tab.href === current;
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                  active
                    ? 'border-primary text-primary'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
