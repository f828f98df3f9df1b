'use client';

import { usePathname } from 'next/navigation';
import { TabNav } from '../_components/tab-nav';

export const settingsSections = [
  { href: '/dashboard/settings', label: 'General' },
  { href: '/dashboard/settings/look', label: 'Look' },
  { href: '/dashboard/settings/domain', label: 'Domain' },
  { href: '/dashboard/settings/widget', label: 'Widget' },
  { href: '/dashboard/settings/payments', label: 'Payments & paywall' },
  { href: '/dashboard/settings/analytics', label: 'Analytics' },
] as const;

/** The settings' sub-pages; the layout holds it, so the current one comes from the address. */
export function SettingsNav() {
  return <TabNav label="Settings sections" tabs={settingsSections} current={usePathname()} />;
}
