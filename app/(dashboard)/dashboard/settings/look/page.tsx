import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { BoardLookForm } from '../board-look-form';

export const metadata: Metadata = { title: 'Look · Settings · Boardkit' };

export default async function LookSettingsPage() {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'settings.manage');
  const look = organization.board ?? {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>Board look</CardTitle>
        <CardDescription>
          Logo, accent colour, links and footer. Left empty, the board uses a clean default.
          {canEdit ? '' : ' Only owners and admins can change these.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <BoardLookForm
          name={organization.name}
          disabled={!canEdit}
          initial={{
            logo_url: look.logo_url ?? '',
            accent_color: look.accent_color ?? '',
            tagline: look.tagline ?? '',
            footer_text: look.footer_text ?? '',
            nav_links: (look.nav_links ?? []).map((link) => `${link.label} | ${link.url}`).join('\n'),
          }}
        />
      </CardContent>
    </Card>
  );
}
