import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { alertCounts, describeSearch, frequencyWords, listAlerts } from '@/lib/alerts';
import { listAlertsQuerySchema } from '@/lib/alerts/schemas';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { PageHeader } from '../page-header';

export const metadata: Metadata = { title: 'Job alerts · Boardkit' };

type Search = Promise<Record<string, string | undefined>>;

const statusBadge = { active: 'success', pending: 'default', unsubscribed: 'muted' } as const;
const statusLabel = { active: 'Active', pending: 'Waiting for confirmation', unsubscribed: 'Unsubscribed' };

export default async function AlertsPage({ searchParams }: { searchParams: Search }) {
  const { organization, role } = await requireMembership();
  const raw = await searchParams;
  const parsed = listAlertsQuerySchema.safeParse({
    email: raw.email || undefined,
    status: raw.status || undefined,
    page: raw.page,
    per_page: '50',
  });
  const query = parsed.success ? parsed.data : listAlertsQuerySchema.parse({ per_page: '50' });
  const db = await getDb();
  const [{ alerts, pagination }, counts] = await Promise.all([
    listAlerts(db, organization.id, query),
    alertCounts(db, organization.id),
  ]);
  const totals = [
    { label: 'Instant', value: counts.active.instant },
    { label: 'Daily', value: counts.active.daily },
    { label: 'Weekly', value: counts.active.weekly },
    { label: 'Waiting for confirmation', value: counts.pending },
  ];
  return (
    <>
      <PageHeader
        title="Job alerts"
        description="Visitors subscribe on your board’s Job alerts page; new matching jobs reach them by email, instantly or as daily and weekly digests."
        actions={
          can(role, 'members.manage') ? (
            <Button asChild variant="outline">
              <a href="/dashboard/alerts/export" download>
                Export CSV
              </a>
            </Button>
          ) : undefined
        }
      />
      <section aria-labelledby="alert-counts-heading" className="mb-6">
        <h2 id="alert-counts-heading" className="mb-2 text-sm font-medium text-muted-foreground">
          Active alerts
        </h2>
        <dl className="grid gap-3 sm:grid-cols-4">
          {totals.map((total) => (
            <Card key={total.label} className="px-5 py-4">
              <dt className="text-sm text-muted-foreground">{total.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{total.value.toLocaleString('en-US')}</dd>
            </Card>
          ))}
        </dl>
      </section>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter alerts">
        <div className="grid gap-1.5">
          <Label htmlFor="alerts-email">Email</Label>
          <Input
            id="alerts-email"
            name="email"
            type="search"
            defaultValue={raw.email ?? ''}
            className="w-64"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="alerts-status">Status</Label>
          <Select id="alerts-status" name="status" defaultValue={raw.status ?? ''}>
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="pending">Waiting for confirmation</option>
            <option value="unsubscribed">Unsubscribed</option>
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      {!parsed.success && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          Some filters were not understood and were ignored.
        </p>
      )}
      <Card>
        {alerts.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <p className="font-medium">No alerts {raw.email || raw.status ? 'match' : 'yet'}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Every jobs list on your board links to its alert form (“Get new jobs by email”).
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {alerts.map((alert) => (
              <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
                <div>
                  <p className="font-medium">
                    {alert.email}{' '}
                    <Badge variant={statusBadge[alert.status]}>{statusLabel[alert.status]}</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground first-letter:uppercase">
                    {describeSearch(alert.search)}, {frequencyWords[alert.frequency]} · since{' '}
                    <DateText value={alert.created_at} /> · last sent{' '}
                    <DateText value={alert.last_sent_at} empty="never" />
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {pagination.total_pages > 1 && (
        <p className="mt-4 text-sm text-muted-foreground">
          Page {pagination.current_page} of {pagination.total_pages} ({pagination.total_items} alerts)
        </p>
      )}
    </>
  );
}
