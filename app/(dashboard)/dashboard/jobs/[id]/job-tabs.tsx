import Link from 'next/link';
import { cn } from '@/components/ui/cn';

/** A job's two pages: its edit form and its applicants, the current one marked for screen readers too. */
export function JobTabs({
  jobId,
  current,
  applicants,
}: {
  jobId: string;
  current: 'edit' | 'applicants';
  applicants: number;
}) {
  const tabs = [
    { key: 'edit', label: 'Edit', href: `/dashboard/jobs/${jobId}` },
    { key: 'applicants', label: `Applicants (${applicants})`, href: `/dashboard/jobs/${jobId}/applicants` },
  ] as const;
  return (
    <nav aria-label="Job" className="mb-6 border-b border-border">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => {
          const active = tab.key === current;
          return (
            <li key={tab.key}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block border-b-2 px-3 py-2 text-sm whitespace-nowrap',
                  active
                    ? 'border-primary font-medium text-foreground'
                    : 'border-transparent text-zinc-700 hover:border-border hover:text-foreground',
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
