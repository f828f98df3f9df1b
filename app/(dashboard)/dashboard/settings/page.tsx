import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requireMembership } from '@/lib/auth/session';
import { PageHeader } from '../page-header';
import { OrganizationForm } from './organization-form';

export const metadata: Metadata = { title: 'Settings · Boardkit' };

export default async function SettingsPage() {
  const { organization, role } = await requireMembership();
  const canEdit = role === 'owner' || role === 'admin';
  return (
    <>
      <PageHeader title="Settings" description="Your organization's name and address." />
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
    </>
  );
}
