import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { boardUrl } from '@/lib/organizations';
import { CorsForm } from './cors-form';
import { localeOptions } from './locale-options';
import { OrganizationForm } from './organization-form';

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
            . Search engines and job sites read these:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            {[
              ['Sitemap', `${board}/sitemap.xml`],
              ['RSS feed', `${board}/feed.xml`],
              ['Indeed XML feed', `${board}/jobs.xml`],
              ['robots.txt', `${board}/robots.txt`],
            ].map(([label, url]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd>
                  <a href={url} className="break-all font-mono text-xs text-primary underline">
                    {url}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
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
          <CorsForm origins={organization.corsOrigins} disabled={!canEdit} />
        </CardContent>
      </Card>
    </>
  );
}
