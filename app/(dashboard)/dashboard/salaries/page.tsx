import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { jobTypeLabels } from '@/lib/jobs/schemas';
import { salaryPeriods } from '@/lib/salaries/schemas';
import { getSalaryStats } from '@/lib/salaries/service';
import { EmptyState } from '../_components/empty-state';
import { PageHeader } from '../page-header';
import { moneyFormatter } from './format';
import { SalaryChart } from './salary-chart';
import { SalaryTable } from './salary-table';

export const metadata: Metadata = { title: 'Salaries · Boardkit' };

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card className="p-5" data-testid="salary-stat">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      <p className="mt-2 text-2xl font-semibold tabular-nums tracking-tight">{value}</p>
      {detail ? <p className="mt-1 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

const jobTypeLabel = (value: string) => (jobTypeLabels as Record<string, string>)[value] ?? value;

export default async function SalariesPage() {
  const { organization } = await requireMembership();
  const stats = await getSalaryStats(await getDb(), organization);
  const header = (
    <PageHeader
      title="Salaries"
      description="What your live jobs pay, annualized. Only active, unexpired jobs that publish a salary count."
    />
  );
  if (!stats.overall) {
    return (
      <>
        {header}
        <Card>
          <EmptyState title="No salary data yet">
            {stats.total_active_jobs === 0
              ? 'There are no live jobs on the board.'
              : `None of your ${stats.total_active_jobs} live job${stats.total_active_jobs === 1 ? '' : 's'} publishes a salary.`}{' '}
            Add a salary range to a job in{' '}
            <Link href="/dashboard/jobs" className="text-link">
              Jobs
            </Link>{' '}
            to see statistics here.
          </EmptyState>
        </Card>
      </>
    );
  }
  const { overall, currency } = stats;
  const money = moneyFormatter(currency);
  const excluded = stats.excluded_other_currency + stats.excluded_implausible;
  const periods = salaryPeriods
    .filter((period) => stats.periods[period] > 0)
    .map((period) => `${stats.periods[period]} ${period}`)
    .join(', ');
  return (
    <>
      {header}
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Currency"
          value={currency ?? 'Not stated'}
          detail={currency ? 'Named by the most salaried jobs.' : 'No salaried job names a currency.'}
        />
        <Stat label="Live jobs" value={stats.total_active_jobs} detail="Active and not past their expiry." />
        <Stat
          label="Salaried jobs"
          value={stats.salaried_jobs}
          detail={`Counted in these figures · ${periods || 'no periods'}.`}
        />
        <Stat
          label="Median salary"
          value={money.full(overall.median)}
          detail={`Average ${money.full(overall.avg)}.`}
        />
        <Stat
          label="Middle half"
          value={
            <>
              {money.short(overall.p25)} – {money.short(overall.p75)}
            </>
          }
          detail={`25th to 75th percentile · full range ${money.short(overall.min)} – ${money.short(overall.max)}.`}
        />
        <Stat
          label="Left out"
          value={excluded}
          detail={`${stats.excluded_other_currency} in another currency · ${stats.excluded_implausible} implausible (below 10k or above 10M a year).`}
        />
      </div>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Median salary by category</CardTitle>
          <CardDescription>A main category includes its sub-categories’ jobs.</CardDescription>
        </CardHeader>
        <CardContent>
          {stats.by_category.length > 0 ? (
            <SalaryChart rows={stats.by_category} currency={currency} />
          ) : (
            <p className="text-sm text-muted-foreground">No category has 3 or more salaried jobs yet.</p>
          )}
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>By job type</CardTitle>
        </CardHeader>
        <SalaryTable
          rows={stats.by_job_type}
          heading="Job type"
          label={jobTypeLabel}
          currency={currency}
          testId="salaries-by-job-type"
        />
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>By location</CardTitle>
        </CardHeader>
        <SalaryTable
          rows={stats.by_location}
          heading="Location"
          currency={currency}
          testId="salaries-by-location"
        />
      </Card>
    </>
  );
}
