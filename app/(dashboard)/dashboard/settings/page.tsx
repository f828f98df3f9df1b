import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { PageHeader } from '../page-header';
import { CorsForm } from './cors-form';
import { OrganizationForm } from './organization-form';

export const metadata: Metadata = { title: 'Settings · Boardkit' };

export default async function SettingsPage() {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'settings.manage');
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your organization's name and address, and which sites may call its public API."
      />
      <Card>
        <CardHeader>
          <CardTitle>Organization</CardTitle>
          <CardDescription>
            Organization id <code className="font-mono">{organization.id}</code>
            {canEdit ? '' : ' · only owners and admins can change these'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <OrganizationForm name={organization.name} slug={organization.slug} disabled={!canEdit} />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Public API access</CardTitle>
          <CardDescription>
            The websites whose pages may call your public collection routes (reading public collections,
            sending submissions) from a visitor&apos;s browser. Servers and API keys are not affected. Leave
            it empty to refuse every other site.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CorsForm origins={organization.corsOrigins} disabled={!canEdit} />
        </CardContent>
      </Card>
    </>
  );
}
