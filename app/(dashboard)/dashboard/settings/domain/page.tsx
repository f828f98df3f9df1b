import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { toDomainOut } from '@/lib/organizations';
import { DomainForm } from '../domain-form';

export const metadata: Metadata = { title: 'Domain · Settings · Boardkit' };

export default async function DomainSettingsPage() {
  const { organization, role } = await requireMembership();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom domain</CardTitle>
        <CardDescription>
          Serve your board on a domain of yours, such as jobs.example.com. Until it is verified the board
          stays at its current address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DomainForm domain={toDomainOut(organization)} disabled={!can(role, 'settings.manage')} />
      </CardContent>
    </Card>
  );
}
