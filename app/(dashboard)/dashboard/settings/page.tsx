import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { boardUrl } from '@/lib/organizations';
import { setCorsOriginsAction } from './actions';
import { BoardFeeds } from './board-feeds';
import { localeOptions } from './locale-options';
import { OrganizationForm } from './organization-form';
import { OriginsForm } from './origins-form';

export const metadata: Metadata = { title: 'Settings · Boardkit' };

/** General: the board's addresses, the organization, and the sites that may call the public API. */
export default async function GeneralSettingsPage() {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'settings.manage');
  const board = boardUrl(organization);
  return (
    <>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Your board</CardTitle>
          <CardDescription>
            Live at{' '}
            <a href={board} className="font-medium text-primary underline" target="_blank" rel="noopener">
              {board}
            </a>
            . Search engines, feed readers and job sites read these; a job behind your paywall shows only its
            teaser in the feeds.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BoardFeeds board={board} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Organization</CardTitle>
          <CardDescription>
            Organization id <code className="font-mono">{organization.id}</code>
            {canEdit ? '' : ' · only owners and admins can change these'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <OrganizationForm
            name={organization.name}
            slug={organization.slug}
            locale={organization.locale}
            localeOptions={localeOptions(organization.locale)}
            disabled={!canEdit}
          />
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
          <OriginsForm
            id="cors-origins"
            label="Allowed origins"
            hint={
              <>
                One per line, as <code className="font-mono">https://www.example.com</code> (scheme, host and
                port if any; no path). <code className="font-mono">*</code> allows any site. At most 20.
              </>
            }
            placeholder={'https://www.example.com\nhttp://localhost:3000'}
            submitLabel="Save origins"
            action={setCorsOriginsAction}
            origins={organization.corsOrigins}
            disabled={!canEdit}
          />
        </CardContent>
      </Card>
    </>
  );
}
