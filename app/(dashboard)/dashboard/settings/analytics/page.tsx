import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { getAnalyticsSettings } from '@/lib/analytics';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { AnalyticsForm } from './analytics-form';
import { timeZoneOptions } from './time-zones';

export const metadata: Metadata = { title: 'Analytics · Settings · Boardkit' };

export default async function AnalyticsSettingsPage() {
  const { organization, role } = await requireMembership();
  const settings = await getAnalyticsSettings(await getDb(), organization.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Analytics</CardTitle>
        <CardDescription>
          How your board’s visits are counted on the Overview: in which time zone a day begins, and how long
          the raw visits behind the totals are kept. The API’s PUT /api/organization/analytics sets the same.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AnalyticsForm
          timezone={settings.timezone}
          retentionDays={settings.retention_days}
          zones={timeZoneOptions()}
          disabled={!can(role, 'settings.manage')}
        />
      </CardContent>
    </Card>
  );
}
