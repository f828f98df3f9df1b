import type { ReactNode } from 'react';
import { PageHeader } from '../page-header';
import { SettingsNav } from './settings-nav';

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your organization, how its public board looks and where it lives, how it takes payments, and how its visits are counted."
      />
      <SettingsNav />
      {children}
    </>
  );
}
