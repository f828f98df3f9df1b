import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { alertCounts, describeSearch, frequencyWords, listAlerts } from '@/lib/alerts';
import { listAlertsQuerySchema } from '@/lib/alerts/schemas';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { EmptyState } from '../_components/empty-state';
import { FilterField, FilterForm } from '../_components/filter-form';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { Pagination } from '../_components/pagination';

export const metadata: Metadata = { title: 'Job alerts · Boardkit' };

const ALERTS_PATH = '/dashboard/alerts';

const statusBadge = { active: 'success', pending: 'default', unsubscribed: 'muted' } as const;
const statusLabel = { active: 'Active', pending: 'Waiting for confirmation', unsubscribed: 'Unsubscribed' };

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const address = queryFrom(await searchParams);
  const parsed = listAlertsQuerySchema.safeParse({
    email: address.email,
    status: address.status,
    page: address.page,
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
  const filtered = Boolean(address.email || address.status);
  return (
    <ListPage
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
      intro={
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
      }
      filters={
        <FilterForm action={ALERTS_PATH} label="Filter alerts" clearHref={filtered ? ALERTS_PATH : undefined}>
          <FilterField id="alerts-email" label="Email">
            <Input
              id="alerts-email"
              name="email"
              type="search"
              defaultValue={address.email ?? ''}
              className="w-64"
            />
          </FilterField>
          <FilterField id="alerts-status" label="Status">
            <Select id="alerts-status" name="status" defaultValue={address.status ?? ''}>
              <option value="">Any status</option>
              <option value="active">Active</option>
              <option value="pending">Waiting for confirmation</option>
              <option value="unsubscribed">Unsubscribed</option>
            </Select>
          </FilterField>
        </FilterForm>
      }
      ignoredFilters={!parsed.success}
      empty={
        alerts.length === 0 ? (
          <EmptyState title={`No alerts ${filtered ? 'match' : query.page > 1 ? 'on this page' : 'yet'}`}>
            Every jobs list on your board links to its alert form (“Get new jobs by email”).
          </EmptyState>
        ) : undefined
      }
      pager={
        <Pagination
          total={pagination.total_items}
          noun={['alert', 'alerts']}
          page={pagination.current_page}
          perPage={pagination.per_page}
          href={(page) => hrefWith(ALERTS_PATH, address, { page })}
        />
      }
    >
      <ul className="divide-y divide-border">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
            <div>
              <p className="font-medium">
                {alert.email} <Badge variant={statusBadge[alert.status]}>{statusLabel[alert.status]}</Badge>
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
    </ListPage>
  );
}
