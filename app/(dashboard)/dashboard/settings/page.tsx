import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { boardUrl, toDomainOut } from '@/lib/organizations';
import { getPaymentSettings } from '@/lib/payments';
import { listSecrets } from '@/lib/secrets/service';
import { PageHeader } from '../page-header';
import { currencyOptions } from '../plans/plan-values';
import { BoardLookForm } from './board-look-form';
import { CorsForm } from './cors-form';
import { DomainForm } from './domain-form';
import { localeOptions } from './locale-options';
import { OrganizationForm } from './organization-form';
import { paymentFormValues } from './payment-settings-values';
import { PaymentsForm } from './payments-form';

export const metadata: Metadata = { title: 'Settings · Boardkit' };

export default async function SettingsPage() {
  const { organization, role } = await requireMembership();
  const canEdit = can(role, 'settings.manage');
  const look = organization.board ?? {};
  const domain = toDomainOut(organization);
  const board = boardUrl(organization);
  const db = await getDb();
  const [payments, secrets] = await Promise.all([
    getPaymentSettings(db, organization.id),
    listSecrets(db, organization.id),
  ]);
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your organization, how its public board looks and where it lives, how it takes payments, and which sites may call its public API."
      />
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
          <CardTitle>Board look</CardTitle>
          <CardDescription>
            Logo, accent colour, links and footer. Left empty, the board uses a clean default.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BoardLookForm
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
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            Custom domain
            {domain.domain && (
              <Badge
                variant={
                  domain.status === 'verified'
                    ? 'success'
                    : domain.status === 'failed'
                      ? 'destructive'
                      : 'muted'
                }
              >
                {domain.status}
              </Badge>
            )}
          </CardTitle>
          <CardDescription>
            Serve your board on a domain of yours, such as jobs.example.com. Until it is verified the board
            stays at its current address.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <DomainForm domain={domain.domain ?? ''} disabled={!canEdit} />
          {domain.records.length > 0 && (
            <div className="space-y-2 text-sm">
              <p className="font-medium">Create these records at your DNS provider:</p>
              <Table label="DNS records" className="text-left text-xs">
                <TableHead rule="none">
                  <th className="py-1 pr-3 font-medium">Type</th>
                  <th className="py-1 pr-3 font-medium">Name</th>
                  <th className="py-1 font-medium">Value</th>
                </TableHead>
                <tbody className="font-mono">
                  {domain.records.map((record) => (
                    <tr key={record.type} className="border-t border-border">
                      <td className="py-1 pr-3">{record.type}</td>
                      <td className="break-all py-1 pr-3">{record.name}</td>
                      <td className="break-all py-1">{record.value}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {domain.error && <p className="text-destructive">Last check: {domain.error}</p>}
            </div>
          )}
        </CardContent>
      </Card>
      <Card className="mt-6" id="payments">
        <CardHeader>
          <CardTitle>Payments</CardTitle>
          <CardDescription>
            How members pay for the plans you sell (set them up in{' '}
            <Link href="/dashboard/plans" className="font-medium text-primary underline">
              Plans
            </Link>
            ), and what the paywall keeps for subscribers.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentsForm
            initial={paymentFormValues(payments)}
            secretNames={secrets.map((secret) => secret.name)}
            webhookUrl={payments.webhook_url}
            currencies={currencyOptions()}
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
