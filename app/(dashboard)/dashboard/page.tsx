import { ArrowRight, ExternalLink } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { jobAnalytics, siteAnalytics, timezoneOf } from '@/lib/analytics';
import { listApiKeys } from '@/lib/auth/api-keys';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { env } from '@/lib/core/env';
import { listJobs } from '@/lib/jobs';
import { listJobsQuerySchema } from '@/lib/jobs/schemas';
import { boardUrl } from '@/lib/organizations';
import { attentionItems } from './overview/attention';
import { AttentionList } from './overview/attention-list';
import { periodFrom } from './overview/numbers';
import { Traffic } from './overview/traffic';
import { PageHeader } from './page-header';

export const metadata: Metadata = { title: 'Overview · Boardkit' };

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { organization, role } = await requireMembership();
  const db = await getDb();
  const period = periodFrom((await searchParams).period);
  const now = new Date();
  const [attention, site, top, timezone, live, keys] = await Promise.all([
    attentionItems(db, organization.id, now),
    siteAnalytics(db, organization.id, { period: period.value, compare: 'previous_period' }, now),
    jobAnalytics(db, organization.id, { period: period.value, perPage: 5 }, now),
    timezoneOf(db, organization.id),
    listJobs(db, organization, listJobsQuerySchema.parse({ status: 'active', per_page: '1' })),
    listApiKeys(db, organization.id),
  ]);
  const board = boardUrl(organization);
  const activeKeys = keys.filter((key) => !key.revokedAt).length;
  const apiUrl = `${env().APP_URL.replace(/\/$/, '')}/api`;
  return (
    <>
      <PageHeader
        title={organization.name}
        description="How your job board is doing: visitors, job views and applications."
        actions={
          <Button asChild size="sm">
            <a href={board} target="_blank" rel="noopener">
              View your board <ExternalLink />
            </a>
          </Button>
        }
      />
      <AttentionList items={attention} canApprove={can(role, 'members.manage')} />
      <Traffic
        period={period}
        site={site}
        topJobs={top.jobs}
        timezone={timezone}
        locale={organization.locale}
        boardUrl={board}
        liveJobs={live.total}
        now={now}
      />

      <div className="mt-10 grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your public board</CardTitle>
            <CardDescription>
              Jobs you publish appear there at once, with search, apply forms, your blog and pages.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <code className="break-all font-mono text-xs text-muted-foreground">{board}</code>
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link href="/dashboard/settings/look">Customize the look</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>API</CardTitle>
            <CardDescription>
              {activeKeys === 0
                ? 'No active key yet.'
                : `${activeKeys} active key${activeKeys === 1 ? '' : 's'}.`}{' '}
              Every endpoint, field and error code is in the reference, with a console to try them.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/api-keys">
                Manage keys <ArrowRight />
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/docs">
                Open the reference <ArrowRight />
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>First call</CardTitle>
          <CardDescription>Create a key, then check it against the API:</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Wraps on a narrow screen rather than scroll: a scrolling block would need keyboard focus. */}
          <pre className="whitespace-pre-wrap rounded-md bg-foreground p-4 font-mono text-xs text-background wrap-anywhere">
            {`curl ${apiUrl}/organization \\\n  -H "x-api-key: <API_KEY>"`}
          </pre>
        </CardContent>
      </Card>
    </>
  );
}
