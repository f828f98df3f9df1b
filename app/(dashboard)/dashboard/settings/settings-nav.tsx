'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

export const settingsSections = [
  { href: '/dashboard/settings', label: 'General' },
  { href: '/dashboard/settings/look', label: 'Look' },
  { href: '/dashboard/settings/domain', label: 'Domain' },
  { href: '/dashboard/settings/payments', label: 'Payments & paywall' },
  { href: '/dashboard/settings/analytics', label: 'Analytics' },
] as const;

/** The settings' sub-pages as tabs-looking links: a row that wraps, so nothing scrolls sideways at 320 px. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings sections" className="mb-6 border-b border-border">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {settingsSections.map((section) => {
          const current = pathname === section.href;
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                  current
                    ? 'border-primary text-primary'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
